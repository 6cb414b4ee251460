import { requireApiUnlockedMember } from '#app/auth/member.server.ts'
import { DEFAULT_TRADER_SORT, sortTraders, traderSummary } from '#app/features/traders/traders.server.ts'
import { apiRoute, apiSuccess, parseQuery } from '#app/utils/api.server.ts'
import { TraderListQuerySchema } from '#app/features/traders/schemas.ts'

// GET /api/member/traders ?sort=weeklyReturn|monthlyReturn|winRate|followers:
// Live Top Traders, sorted as on the dashboard (highest first).
const route = apiRoute({
	GET({ request, url }) {
		requireApiUnlockedMember(request)
		const sort = parseQuery(url, TraderListQuerySchema).sort ?? DEFAULT_TRADER_SORT
		return apiSuccess({ sort, traders: sortTraders(sort).map(traderSummary) })
	},
})
export const loader = route.loader
export const action = route.action
