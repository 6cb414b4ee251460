import { parseWithZod } from '@conform-to/zod'
import { data } from 'react-router'
import type { StaffFeeOffer } from '#app/features/content/offers.server.ts'
import { FeeOfferFormSchema, type FeeOfferInput } from '#app/features/content/schemas.ts'
import { previewOffer } from '#app/features/offers/fee-offers.server.ts'
import { replyInvalid, replyWithFailure } from '#app/utils/forms.server.ts'
import type { Result } from '#app/utils/result.ts'

/**
 * The offer form's POST on /admin/content/offers/new and /:id: invalid →
 * 400 with the messages at their fields; Preview → the offer as members
 * will see it with the claims it has (`claims`; nothing stored); Save → the
 * model's answer, its refusal at the field, or the redirect `done` makes.
 */
export async function offerFormAction(
	formData: FormData,
	claims: number,
	save: (input: FeeOfferInput) => Result<StaffFeeOffer>,
	done: (offer: StaffFeeOffer) => Promise<Response>,
) {
	const submission = parseWithZod(formData, { schema: FeeOfferFormSchema })
	if (submission.status !== 'success')
		return data({ intent: 'save' as const, preview: null, ...replyInvalid(submission).data }, { status: 400 })
	const { intent, input } = submission.value
	if (intent === 'preview')
		return data({ intent: 'preview' as const, preview: previewOffer(input, claims), result: submission.reply() })
	const result = save(input)
	if (!result.ok)
		return data(
			{ intent: 'save' as const, preview: null, ...replyWithFailure(submission, result).data },
			{ status: result.status },
		)
	throw await done(result.value)
}
