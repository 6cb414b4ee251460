import { requireApiUnlockedMember } from '#app/auth/member.server.ts'
import { TERMS_409, UNLOCKED_403, UNLOCKED_GUARD } from '#app/features/dashboard/responses.server.ts'
import { listOffers, zeroFeeRefusal } from '#app/features/offers/fee-offers.server.ts'
import { FeeOfferSchema } from '#app/features/offers/responses.server.ts'
import { ok, refusals, z } from '#app/utils/api-schema.server.ts'
import { apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const route = apiRoute({
	GET: endpoint({
		tags: ['Member dashboard'],
		summary: 'The 0% fee offers with the spots left and the member’s claim',
		auth: 'member',
		responses: {
			200: ok('The data.', { data: z.object({ offers: z.array(FeeOfferSchema) }).strict() }),
			...refusals(UNLOCKED_GUARD, {
				403: `${UNLOCKED_403} Or the regular plan ('Upgrade to a premium plan to access this feature').`,
				409: TERMS_409,
			}),
		},
		handler({ request }) {
			const { user } = requireApiUnlockedMember(request)
			const refused = zeroFeeRefusal(user.plan)
			if (refused) return apiFailure(refused)
			return apiSuccess({ offers: listOffers(user.id) })
		},
	}),
})
export const loader = route.loader
export const action = route.action
