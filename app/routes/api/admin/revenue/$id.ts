import { correctRevenue } from '#app/features/revenue/revenue.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import {
	REVENUE_ENTRY_NOT_FOUND,
	REVENUE_UPDATED,
	parseEntryId,
	RevenueEditApiSchema,
} from '#app/features/revenue/schemas.ts'
import { apiError, apiFailure, apiRoute, apiSuccess, parseJsonBody } from '#app/utils/api.server.ts'

// PATCH /api/admin/revenue/:id { broker?, month?, amount? (USD), reason }:
// corrects an entry (revenue:correct); 404 unknown, 409 voided.
const route = apiRoute({
	async PATCH({ request, params }) {
		const { admin } = requireApiCapability(request, 'revenue:correct')
		const id = parseEntryId(params.id)
		if (id === null) return apiError(404, REVENUE_ENTRY_NOT_FOUND)
		const { amount, ...rest } = await parseJsonBody(request, RevenueEditApiSchema)
		const result = correctRevenue({ id: admin.id, email: admin.email }, id, { ...rest, amountCents: amount })
		if (!result.ok) return apiFailure(result)
		return apiSuccess(result.value, { message: REVENUE_UPDATED })
	},
})
export const loader = route.loader
export const action = route.action
