import { recordRevenue } from '#app/models/revenue.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { RevenueApiSchema } from '#app/utils/admin-validation.ts'
import { apiFailure, apiRoute, apiSuccess, parseJsonBody } from '#app/utils/api.server.ts'

// POST /api/admin/revenue { broker, month: "YYYY-MM", amount: USD number }:
// records a partner commission report (with its audit row); 201.
const route = apiRoute({
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
