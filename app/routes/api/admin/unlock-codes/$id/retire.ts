import { retireUnlockCode } from '#app/features/codes/unlock-code.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { UNLOCK_CODE_MESSAGES } from '#app/features/codes/schemas.ts'
import { apiFailure, apiRoute, apiSuccess, parseJsonBody } from '#app/utils/api.server.ts'
import { IgnoredApiBodySchema } from '#app/utils/validation.ts'
import { requireCodesPathId } from '../../+codes.server.ts'

// POST /api/admin/unlock-codes/:id/retire (no payload) → data { code }.
// 404 unknown; 409 already retired or expired, or the last active code.
const route = apiRoute({
	async POST({ request, params }) {
		const { admin } = requireApiCapability(request, 'codes:manage')
		const id = requireCodesPathId(params.id, UNLOCK_CODE_MESSAGES.notFound)
		await parseJsonBody(request, IgnoredApiBodySchema)
		const result = retireUnlockCode({ id: admin.id, email: admin.email }, id)
		if (!result.ok) return apiFailure(result)
		return apiSuccess({ code: result.value }, { message: 'Unlock code retired' })
	},
})
export const loader = route.loader
export const action = route.action
