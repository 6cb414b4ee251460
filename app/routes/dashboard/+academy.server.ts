import { parseWithZod } from '@conform-to/zod'
import { redirect } from 'react-router'
import type { LessonTab } from '#app/content/academy.ts'
import { completeLesson } from '#app/features/academy/academy.server.ts'
import { requireUnlockedMember } from '#app/auth/member.server.ts'
import { readFormData, replyInvalid, replyWithFailure } from '#app/utils/forms.server.ts'
import type { RequestArgs } from '#app/utils/request.server.ts'
import { CompleteLessonSchema } from '#app/features/academy/schemas.ts'

/**
 * The "Mark as complete" action of the academy list and of each lesson page
 * (one rule: CompleteLessonSchema, completeLesson). Post/redirect/get to
 * `redirectTo`: a reload does not post again.
 * routes.ts ignores `*.server.*` files, so this is no route.
 */
export async function completeLessonAction(
	{ request, url }: RequestArgs,
	redirectTo: (completed: { lessonId: string; tab: LessonTab | undefined }) => string,
) {
	const user = await requireUnlockedMember({ request, url })
	const formData = await readFormData(request)
	const submission = parseWithZod(formData, { schema: CompleteLessonSchema })
	if (submission.status !== 'success') return replyInvalid(submission)
	const result = completeLesson(user.id, submission.value.lessonId)
	if (!result.ok) return replyWithFailure(submission, result)
	throw redirect(redirectTo({ lessonId: result.value.lessonId, tab: submission.value.tab }))
}
