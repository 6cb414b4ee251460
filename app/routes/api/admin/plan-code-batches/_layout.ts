import { issuePlanCodeBatch, listBatches } from '#app/features/codes/plan-codes.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { BatchListApiQuerySchema, PlanBatchApiSchema } from '#app/features/codes/schemas.ts'
import { apiFailure, apiRoute, apiSuccess, parseJsonBody, parseQuery } from '#app/utils/api.server.ts'
import { apiPagination } from '../+codes.server.ts'

// GET /api/admin/plan-code-batches ?page → data { batches: [{ id, plan,
//   count, usesPerCode, expiresAt, note, createdByEmail, createdAt,
//   revokedAt, counts { unused, used, expired, revoked } }], pagination },
//   newest first, 20 a page.
// POST /api/admin/plan-code-batches { plan, count, usesPerCode, expiresAt?,
//   note } → 201 data { batch, codes: [the codes in full] }: the only
//   answer that holds them (the CSV export aside).
const route = apiRoute({
	GET({ request, url }) {
		requireApiCapability(request, 'codes:view')
		const { page } = parseQuery(url, BatchListApiQuerySchema)
		const { batches, pagination } = listBatches({ page })
		return apiSuccess({ batches, pagination: apiPagination(pagination) })
	},
	async POST({ request }) {
		const { admin } = requireApiCapability(request, 'codes:manage')
		const input = await parseJsonBody(request, PlanBatchApiSchema)
		const result = issuePlanCodeBatch({ id: admin.id, email: admin.email }, input)
		if (!result.ok) return apiFailure(result)
		return apiSuccess(result.value, { message: 'Codes issued', status: 201 })
	},
})
export const loader = route.loader
export const action = route.action
