import { requireApiUnlockedMember } from '#app/auth/member.server.ts'
import { MEMBER_LOCKED, UNLOCKED_GUARD } from '#app/features/dashboard/responses.server.ts'
import { MemberTraderDetailSchema } from '#app/features/traders/responses.server.ts'
import { UNKNOWN_TRADER } from '#app/features/traders/schemas.ts'
import { getMemberTraderDetail } from '#app/features/traders/traders.server.ts'
import { ok, refusals, z } from '#app/utils/api-schema.server.ts'
import { apiError, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const route = apiRoute({
	GET: endpoint({
		tags: ['Member dashboard'],
		summary:
			"A trader's record (figures, monthly returns, 12-month periods, drawdowns, flags, review) and the broker to copy them with",
		auth: 'member',
		params: z.object({
			id: z.string().openapi({ description: 'The trader’s slug, as in the traders list ("amara-okafor").' }),
		}),
		responses: {
			200: ok('The data.', { data: MemberTraderDetailSchema }),
			...refusals([...UNLOCKED_GUARD, 404], {
				...MEMBER_LOCKED,
				404: 'No trader has this slug, or the trader is not reviewed yet (applied, in review).',
			}),
		},
		handler({ request, params }) {
			requireApiUnlockedMember(request)
			const detail = getMemberTraderDetail(params.id ?? '')
			if (!detail) return apiError(404, UNKNOWN_TRADER)
			return apiSuccess(detail)
		},
	}),
})
export const loader = route.loader
export const action = route.action
