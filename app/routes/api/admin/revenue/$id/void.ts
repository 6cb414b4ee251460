import { voidRevenue } from '#app/features/revenue/revenue.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import {
	REVENUE_ENTRY_NOT_FOUND,
	REVENUE_VOIDED,
	parseEntryId,
	RevenueVoidApiSchema,
} from '#app/features/revenue/schemas.ts'
import { apiError, apiFailure, apiRoute, apiSuccess, parseJsonBody } from '#app/utils/api.server.ts'

// POST /api/admin/revenue/:id/void { reason }: the entry stays listed and no
// longer counts (revenue:correct); 404 unknown, 409 already voided.
const route = apiRoute({
	async POST({ request, params }) {
		const { admin } = requireApiCapability(request, 'revenue:correct')
		const id = parseEntryId(params.id)
		if (id === null) return apiError(404, REVENUE_ENTRY_NOT_FOUND)
		const { reason } = await parseJsonBody(request, RevenueVoidApiSchema)
		const result = voidRevenue({ id: admin.id, email: admin.email }, id, reason)
		if (!result.ok) return apiFailure(result)
		return apiSuccess(result.value, { message: REVENUE_VOIDED })
	},
})
export const loader = route.loader
export const action = route.action
