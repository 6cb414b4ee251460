import { requireApiUnlockedMember } from '#app/auth/member.server.ts'
import { listOffers, zeroFeeRefusal } from '#app/features/offers/fee-offers.server.ts'
import { apiFailure, apiRoute, apiSuccess } from '#app/utils/api.server.ts'

// GET /api/member/offers: the 0% fee offers with the spots left and the
// member's own claim; 403 with the upgrade message on the regular plan.
const route = apiRoute({
	GET({ request }) {
		const { user } = requireApiUnlockedMember(request)
		const refused = zeroFeeRefusal(user.plan)
		if (refused) return apiFailure(refused)
		return apiSuccess({ offers: listOffers(user.id) })
	},
})
export const loader = route.loader
export const action = route.action
