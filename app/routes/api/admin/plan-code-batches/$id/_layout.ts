import { listBatchCodes } from '#app/features/codes/plan-codes.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { PLAN_CODE_MESSAGES, BatchCodesApiQuerySchema } from '#app/features/codes/schemas.ts'
import { apiError, apiRoute, apiSuccess, parseQuery } from '#app/utils/api.server.ts'
import { apiPagination, requireCodesPathId } from '../../+codes.server.ts'

// GET /api/admin/plan-code-batches/:id ?status=unused|used|expired|revoked&page
//   → data { batch, codes: [{ id, code (masked), plan, uses, maxUses,
//   expiresAt, revokedAt, status, usedBy: [{ userId, name, email, at }] }],
//   pagination }, 50 a page in issue order.
const route = apiRoute({
	GET({ request, url, params }) {
		requireApiCapability(request, 'codes:view')
		const id = requireCodesPathId(params.id, PLAN_CODE_MESSAGES.batchNotFound)
		const query = parseQuery(url, BatchCodesApiQuerySchema)
		const found = listBatchCodes(id, query)
		if (!found) return apiError(404, PLAN_CODE_MESSAGES.batchNotFound)
		return apiSuccess({ batch: found.batch, codes: found.codes, pagination: apiPagination(found.pagination) })
	},
})
export const loader = route.loader
export const action = route.action
