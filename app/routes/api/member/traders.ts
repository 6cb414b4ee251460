import { requireApiUnlockedMember } from '#app/auth/member.server.ts'
import { MEMBER_LOCKED, UNLOCKED_GUARD } from '#app/features/dashboard/responses.server.ts'
import { MemberTraderSchema } from '#app/features/traders/responses.server.ts'
import {
	MEMBER_TRADER_STATUSES,
	readTraderFilters,
	sortWarning,
	TRADER_ORDERS,
	TRADER_SORT_VALUES,
	TraderListQuerySchema,
} from '#app/features/traders/schemas.ts'
import { listMemberTraders, unknownFilterValues } from '#app/features/traders/traders.server.ts'
import { apiPagination, ok, PaginationSchema, refusals, z } from '#app/utils/api-schema.server.ts'
import { apiError, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const route = apiRoute({
	GET: endpoint({
		tags: ['Member dashboard'],
		summary:
			'The traders registry as members see it: listed and watch traders (or past traders), filtered, sorted and paged',
		description:
			'The filters (`riskMin`, `riskMax`, `maxDrawdown`, `minMonths`, `markets`, `broker`, `noFlags`, `q`) narrow the current list; past traders are not filtered. A sort by a week’s or a month’s return answers `warning`: such short results mostly reflect luck.',
		auth: 'member',
		query: TraderListQuerySchema,
		responses: {
			200: ok('The data.', {
				data: z
					.object({
						sort: z.enum(TRADER_SORT_VALUES),
						order: z.enum(TRADER_ORDERS),
						status: z.enum(MEMBER_TRADER_STATUSES),
						warning: z
							.string()
							.nullable()
							.openapi({ description: 'Beside a sort by short returns: they mostly reflect luck; else null.' }),
						traders: z.array(MemberTraderSchema),
						pagination: PaginationSchema,
					})
					.strict(),
			}),
			...refusals([...UNLOCKED_GUARD, 400], {
				...MEMBER_LOCKED,
				400: 'An unknown, bad or repeated query parameter (`sort`, `order`, `status` are one of the listed values), a filter out of range, or a market or broker that does not exist (`errors`: the parameter and the reason).',
			}),
		},
		handler({ request, url, query }) {
			requireApiUnlockedMember(request)
			const q = query()
			const { filters, errors } = readTraderFilters(url.searchParams)
			const refused = { ...errors, ...unknownFilterValues(filters) }
			if (Object.keys(refused).length > 0) {
				return apiError(
					400,
					'Validation failed',
					Object.entries(refused).map(([path, message]) => ({ path, message })),
				)
			}
			const page = listMemberTraders({ ...q, filters })
			return apiSuccess({
				sort: q.sort,
				order: q.order,
				status: q.status,
				warning: sortWarning(q.sort),
				traders: page.traders,
				pagination: apiPagination(page),
			})
		},
	}),
})
export const loader = route.loader
export const action = route.action
