import { revokePlanCodeBatch } from '#app/features/codes/plan-codes.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { PLAN_CODE_MESSAGES } from '#app/features/codes/schemas.ts'
import { apiFailure, apiRoute, apiSuccess, parseJsonBody } from '#app/utils/api.server.ts'
import { IgnoredApiBodySchema } from '#app/utils/validation.ts'
import { requireCodesPathId } from '../../+codes.server.ts'

// POST /api/admin/plan-code-batches/:id/revoke (no payload): every code not
// used up is revoked → data { batch, revoked }. 404 unknown; 409 nothing left.
const route = apiRoute({
	async POST({ request, params }) {
		const { admin } = requireApiCapability(request, 'codes:manage')
		const id = requireCodesPathId(params.id, PLAN_CODE_MESSAGES.batchNotFound)
		await parseJsonBody(request, IgnoredApiBodySchema)
		const result = revokePlanCodeBatch({ id: admin.id, email: admin.email }, id)
		if (!result.ok) return apiFailure(result)
		return apiSuccess(result.value, { message: 'Batch revoked' })
	},
})
export const loader = route.loader
export const action = route.action
