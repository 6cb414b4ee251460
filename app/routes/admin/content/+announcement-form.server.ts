import { parseWithZod } from '@conform-to/zod'
import { data } from 'react-router'
import { previewAnnouncement, type StaffAnnouncement } from '#app/features/content/announcements.server.ts'
import { AnnouncementFormSchema, type AnnouncementInput } from '#app/features/content/schemas.ts'
import { replyInvalid, replyWithFailure } from '#app/utils/forms.server.ts'
import type { Result } from '#app/utils/result.ts'

/**
 * The announcement form's POST on /admin/content/announcements/new and /:id:
 * invalid → 400 with the messages at their fields; Preview → the item as
 * members will see it (nothing stored); Save → the model's answer, its
 * refusal at the field, or the redirect `done` makes.
 */
export async function announcementFormAction(
	formData: FormData,
	save: (input: AnnouncementInput) => Result<StaffAnnouncement>,
	done: (announcement: StaffAnnouncement) => Promise<Response>,
) {
	const submission = parseWithZod(formData, { schema: AnnouncementFormSchema })
	if (submission.status !== 'success')
		return data({ intent: 'save' as const, preview: null, ...replyInvalid(submission).data }, { status: 400 })
	const { intent, input } = submission.value
	if (intent === 'preview')
		return data({ intent: 'preview' as const, preview: previewAnnouncement(input), result: submission.reply() })
	const result = save(input)
	if (!result.ok)
		return data(
			{ intent: 'save' as const, preview: null, ...replyWithFailure(submission, result).data },
			{ status: result.status },
		)
	throw await done(result.value)
}
