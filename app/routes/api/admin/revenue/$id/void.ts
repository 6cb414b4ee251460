import { voidRevenue } from '#app/features/revenue/revenue.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { RevenueEntrySchema } from '#app/features/revenue/responses.server.ts'
import {
	REVENUE_ENTRY_NOT_FOUND,
	REVENUE_VOIDED,
	parseEntryId,
	RevenueVoidApiSchema,
} from '#app/features/revenue/schemas.ts'
import { ADMIN_403, ADMIN_GUARD, BODY_REFUSALS, IdParams, ok, refusals } from '#app/utils/api-schema.server.ts'
import { apiError, apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const route = apiRoute({
	POST: endpoint({
		tags: ['Admin revenue'],
		summary: 'Void an entry with a required reason (it stays listed, it no longer counts)',
		auth: 'admin',
		params: IdParams,
		body: RevenueVoidApiSchema.openapi('RevenueVoidRequest'),
		responses: {
			200: ok('Voided.', { message: true, data: RevenueEntrySchema }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 404, 409], {
				409: 'The entry is already voided.',
				...ADMIN_403,
			}),
		},
		async handler({ request, params, body }) {
			const { admin } = requireApiCapability(request, 'revenue:correct')
			const id = parseEntryId(params.id)
			if (id === null) return apiError(404, REVENUE_ENTRY_NOT_FOUND)
			const { reason } = await body()
			const result = voidRevenue({ id: admin.id, email: admin.email }, id, reason)
			if (!result.ok) return apiFailure(result)
			return apiSuccess(result.value, { message: REVENUE_VOIDED })
		},
	}),
})
export const loader = route.loader
export const action = route.action
