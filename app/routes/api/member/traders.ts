import { requireApiUnlockedMember } from '#app/auth/member.server.ts'
import { MEMBER_LOCKED, UNLOCKED_GUARD } from '#app/features/dashboard/responses.server.ts'
import { MemberTraderSchema } from '#app/features/traders/responses.server.ts'
import {
	MEMBER_TRADER_STATUSES,
	TRADER_ORDERS,
	TRADER_SORT_VALUES,
	TraderListQuerySchema,
} from '#app/features/traders/schemas.ts'
import { listMemberTraders } from '#app/features/traders/traders.server.ts'
import { apiPagination, ok, PaginationSchema, refusals, z } from '#app/utils/api-schema.server.ts'
import { apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const route = apiRoute({
	GET: endpoint({
		tags: ['Member dashboard'],
		summary: 'The traders registry as members see it: listed and watch traders (or past traders), sorted and paged',
		auth: 'member',
		query: TraderListQuerySchema,
		responses: {
			200: ok('The data.', {
				data: z
					.object({
						sort: z.enum(TRADER_SORT_VALUES),
						order: z.enum(TRADER_ORDERS),
						status: z.enum(MEMBER_TRADER_STATUSES),
						traders: z.array(MemberTraderSchema),
						pagination: PaginationSchema,
					})
					.strict(),
			}),
			...refusals([...UNLOCKED_GUARD, 400], {
				...MEMBER_LOCKED,
				400: 'An unknown, bad or repeated query parameter (`sort`, `order`, `status` are one of the listed values).',
			}),
		},
		handler({ request, query }) {
			requireApiUnlockedMember(request)
			const q = query()
			const page = listMemberTraders(q)
			return apiSuccess({
				sort: q.sort,
				order: q.order,
				status: q.status,
				traders: page.traders,
				pagination: apiPagination(page),
			})
		},
	}),
})
export const loader = route.loader
export const action = route.action
