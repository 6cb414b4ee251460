import { requireApiUnlockedMember } from '#app/auth/member.server.ts'
import { confirmOffer, getOffer, zeroFeeRefusal } from '#app/features/offers/fee-offers.server.ts'
import { apiFailure, apiRoute, apiSuccess, parseJsonBody } from '#app/utils/api.server.ts'
import { offerConfirmed } from '#app/features/offers/schemas.ts'
import { EmptyApiBodySchema } from '#app/utils/validation.ts'

// POST /api/member/offers/:id/claim (no payload): confirms the member's
// interest, taking one spot (201); 403 on the regular plan, 404 unknown
// offer, 409 already confirmed or no spot left.
const route = apiRoute({
	async POST({ request, params }) {
		const { user } = requireApiUnlockedMember(request)
		await parseJsonBody(request, EmptyApiBodySchema)
		const refused = zeroFeeRefusal(user.plan)
		if (refused) return apiFailure(refused)
		const result = confirmOffer(user.id, params.id ?? '')
		if (!result.ok) return apiFailure(result)
		const offer = getOffer(user.id, result.value.offerId)!
		return apiSuccess({ offer }, { message: offerConfirmed(offer.trader), status: 201 })
	},
})
export const loader = route.loader
export const action = route.action
