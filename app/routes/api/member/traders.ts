import { requireApiUnlockedMember } from '#app/auth/member.server.ts'
import { MEMBER_LOCKED, UNLOCKED_GUARD } from '#app/features/dashboard/responses.server.ts'
import { TraderSummarySchema } from '#app/features/traders/responses.server.ts'
import { TRADER_SORT_VALUES, TraderListQuerySchema } from '#app/features/traders/schemas.ts'
import { sortTraders, traderSummary } from '#app/features/traders/traders.server.ts'
import { ok, refusals, z } from '#app/utils/api-schema.server.ts'
import { apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const route = apiRoute({
	GET: endpoint({
		tags: ['Member dashboard'],
		summary: 'Live Top Traders, sorted as on the dashboard',
		auth: 'member',
		query: TraderListQuerySchema,
		responses: {
			200: ok('The data.', {
				data: z.object({ sort: z.enum(TRADER_SORT_VALUES), traders: z.array(TraderSummarySchema) }).strict(),
			}),
			...refusals([...UNLOCKED_GUARD, 400], {
				...MEMBER_LOCKED,
				400: 'An unknown, bad or repeated query parameter (`sort` is one of the listed values).',
			}),
		},
		handler({ request, query }) {
			requireApiUnlockedMember(request)
			const { sort } = query()
			return apiSuccess({ sort, traders: sortTraders(sort).map(traderSummary) })
		},
	}),
})
export const loader = route.loader
export const action = route.action
