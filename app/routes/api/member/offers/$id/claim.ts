import { requireApiUnlockedMember } from '#app/auth/member.server.ts'
import { TERMS_409, UNLOCKED_403, UNLOCKED_GUARD } from '#app/features/dashboard/responses.server.ts'
import { confirmOffer, getOffer, zeroFeeRefusal } from '#app/features/offers/fee-offers.server.ts'
import { FeeOfferSchema } from '#app/features/offers/responses.server.ts'
import { OFFER_MESSAGES } from '#app/features/offers/schemas.ts'
import { BODY_REFUSALS, NoPayload, ok, refusals, z } from '#app/utils/api-schema.server.ts'
import { apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const route = apiRoute({
	POST: endpoint({
		tags: ['Member dashboard'],
		summary: 'Confirm interest in a 0% offer (takes one spot, once)',
		auth: 'member',
		params: z.object({ id: z.string() }),
		body: { schema: NoPayload, required: false, description: 'No payload.' },
		responses: {
			201: ok('Confirmed.', { message: true, data: z.object({ offer: FeeOfferSchema }).strict() }),
			...refusals([...BODY_REFUSALS, ...UNLOCKED_GUARD, 404], {
				403: `${UNLOCKED_403} Or the regular plan ('Upgrade to a premium plan to access this feature').`,
				404: 'No offer has this id (or its trader is no longer shown).',
				409: `Already confirmed by this member, or no spot is left, or the offer has ended or is not published. Or: ${TERMS_409}`,
			}),
		},
		async handler({ request, params, body }) {
			const { user } = requireApiUnlockedMember(request)
			await body()
			const refused = zeroFeeRefusal(user.plan)
			if (refused) return apiFailure(refused)
			const result = confirmOffer(user.id, params.id ?? '')
			if (!result.ok) return apiFailure(result)
			const offer = getOffer(user.id, result.value.offerId)!
			return apiSuccess({ offer }, { message: OFFER_MESSAGES.offerConfirmed(offer.trader), status: 201 })
		},
	}),
})
export const loader = route.loader
export const action = route.action
