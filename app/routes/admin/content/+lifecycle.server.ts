import { parseWithZod } from '@conform-to/zod'
import { data } from 'react-router'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import { redirectWithFlash } from '#app/utils/flash.server.ts'
import { replyWithFailure } from '#app/utils/forms.server.ts'
import type { Result } from '#app/utils/result.ts'
import { ConfirmFormSchema } from '#app/utils/validation.ts'

type Args = { request: Request; url: URL }
type Change = (id: number) => Result<{ status: string }>

/**
 * The Publish, Unpublish and Delete buttons of an item's staff page
 * (/admin/content/<kind>/:id), the same for every kind: Delete asks for
 * content:delete too; a refusal is answered at the Publishing section
 * (`intent: 'status'`) with its status; a change redirects with its flash
 * message (the list after a delete). Null when the form is not one of them.
 */
export async function contentLifecycleAction(
	args: Args,
	formData: FormData,
	item: {
		id: number
		/** The item's page, and its kind's list. */
		here: string
		list: string
		messages: { published: string; scheduled: string; unpublished: string; deleted: string }
		publish: Change
		unpublish: Change
		remove: Change
	},
) {
	const intent = formData.get('intent')
	if (intent !== 'publish' && intent !== 'unpublish' && intent !== 'delete') return null
	if (intent === 'delete') await requireAdminCapability(args, 'content:delete')
	const submission = parseWithZod(formData, { schema: ConfirmFormSchema })
	const result =
		intent === 'publish'
			? item.publish(item.id)
			: intent === 'unpublish'
				? item.unpublish(item.id)
				: item.remove(item.id)
	if (!result.ok)
		return data(
			{ intent: 'status' as const, preview: null, ...replyWithFailure(submission, result).data },
			{ status: result.status },
		)
	if (intent === 'delete') throw await redirectWithFlash(item.list, item.messages.deleted)
	throw await redirectWithFlash(
		item.here,
		intent === 'unpublish'
			? item.messages.unpublished
			: result.value.status === 'scheduled'
				? item.messages.scheduled
				: item.messages.published,
	)
}
