import { correctRevenue } from '#app/features/revenue/revenue.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { RevenueEntrySchema } from '#app/features/revenue/responses.server.ts'
import {
	REVENUE_ENTRY_NOT_FOUND,
	REVENUE_UPDATED,
	parseEntryId,
	RevenueEditApiSchema,
} from '#app/features/revenue/schemas.ts'
import { ADMIN_403, ADMIN_GUARD, BODY_REFUSALS, IdParams, ok, refusals } from '#app/utils/api-schema.server.ts'
import { apiError, apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const route = apiRoute({
	PATCH: endpoint({
		tags: ['Admin revenue'],
		summary: 'Correct an entry (broker, month, amount) with a required reason',
		auth: 'admin',
		params: IdParams,
		body: RevenueEditApiSchema.openapi('RevenueEditRequest'),
		responses: {
			200: ok('Corrected.', { message: true, data: RevenueEntrySchema }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 404, 409], {
				409: 'The entry is voided.',
				...ADMIN_403,
			}),
		},
		async handler({ request, params, body }) {
			const { admin } = requireApiCapability(request, 'revenue:correct')
			const id = parseEntryId(params.id)
			if (id === null) return apiError(404, REVENUE_ENTRY_NOT_FOUND)
			const { amount, ...rest } = await body()
			const result = correctRevenue({ id: admin.id, email: admin.email }, id, { ...rest, amountCents: amount })
			if (!result.ok) return apiFailure(result)
			return apiSuccess(result.value, { message: REVENUE_UPDATED })
		},
	}),
})
export const loader = route.loader
export const action = route.action
