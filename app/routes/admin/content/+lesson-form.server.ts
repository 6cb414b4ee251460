import { parseWithZod } from '@conform-to/zod'
import { data } from 'react-router'
import { previewLesson, type StaffLessonDetail } from '#app/features/content/lessons.server.ts'
import { LessonFormSchema, type LessonInput } from '#app/features/content/schemas.ts'
import { replyInvalid, replyWithFailure } from '#app/utils/forms.server.ts'
import type { Result } from '#app/utils/result.ts'

/**
 * The lesson form's POST on /admin/content/lessons/new and /:id: invalid →
 * 400 with the messages at their fields; Preview → the lesson rendered on
 * the server as members will see it (nothing stored); Save → the model's
 * answer, its refusal at the field, or the redirect `done` makes.
 */
export async function lessonFormAction(
	formData: FormData,
	save: (input: LessonInput) => Result<StaffLessonDetail>,
	done: (lesson: StaffLessonDetail) => Promise<Response>,
) {
	const submission = parseWithZod(formData, { schema: LessonFormSchema })
	if (submission.status !== 'success')
		return data({ intent: 'save' as const, preview: null, ...replyInvalid(submission).data }, { status: 400 })
	const { intent, input } = submission.value
	if (intent === 'preview')
		return data({ intent: 'preview' as const, preview: previewLesson(input), result: submission.reply() })
	const result = save(input)
	if (!result.ok)
		return data(
			{ intent: 'save' as const, preview: null, ...replyWithFailure(submission, result).data },
			{ status: result.status },
		)
	throw await done(result.value)
}
