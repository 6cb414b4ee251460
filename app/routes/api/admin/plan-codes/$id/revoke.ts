import { revokePlanCode } from '#app/features/codes/plan-codes.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { PLAN_CODE_MESSAGES } from '#app/features/codes/schemas.ts'
import { apiFailure, apiRoute, apiSuccess, parseJsonBody } from '#app/utils/api.server.ts'
import { IgnoredApiBodySchema } from '#app/utils/validation.ts'
import { requireCodesPathId } from '../../+codes.server.ts'

// POST /api/admin/plan-codes/:id/revoke (no payload) → data { id, batchId,
// status: 'revoked' }. 404 unknown; 409 used up or already revoked.
const route = apiRoute({
	async POST({ request, params }) {
		const { admin } = requireApiCapability(request, 'codes:manage')
		const id = requireCodesPathId(params.id, PLAN_CODE_MESSAGES.codeNotFound)
		await parseJsonBody(request, IgnoredApiBodySchema)
		const result = revokePlanCode({ id: admin.id, email: admin.email }, id)
		if (!result.ok) return apiFailure(result)
		return apiSuccess(result.value, { message: 'Code revoked' })
	},
})
export const loader = route.loader
export const action = route.action
