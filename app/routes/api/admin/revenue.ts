import { listRevenueEntries, recordRevenue } from '#app/features/revenue/revenue.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { REVENUE_LIMITS, RevenueApiSchema, RevenueListApiQuerySchema } from '#app/features/revenue/schemas.ts'
import { apiFailure, apiRoute, apiSuccess, parseJsonBody, parseQuery } from '#app/utils/api.server.ts'

// GET /api/admin/revenue ?page &limit: every entry (voided ones too), newest
// first, paged (revenue:correct).
// POST /api/admin/revenue { broker, month: "YYYY-MM", amount: USD number }:
// records a partner commission report (with its audit row); 201.
const route = apiRoute({
	GET({ request, url }) {
		requireApiCapability(request, 'revenue:correct')
		const query = parseQuery(url, RevenueListApiQuerySchema)
		const { entries, pagination } = listRevenueEntries(query.page ?? 1, query.limit ?? REVENUE_LIMITS.pageSize)
		const { page, limit, totalPages, totalCount, currentPage } = pagination
		return apiSuccess({ entries, pagination: { page, limit, totalPages, totalCount, currentPage } })
	},
	async POST({ request }) {
		const { admin } = requireApiCapability(request, 'revenue:record')
		const input = await parseJsonBody(request, RevenueApiSchema)
		const { broker, month, amount } = input
		const result = recordRevenue({ id: admin.id, email: admin.email }, { broker, month, amountCents: amount })
		if (!result.ok) return apiFailure(result)
		return apiSuccess(result.value, { message: 'Revenue recorded', status: 201 })
	},
})
export const loader = route.loader
export const action = route.action
