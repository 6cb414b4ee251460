import { requireApiAdmin } from '#app/auth/staff.server.ts'
import { regenerateRecoveryCodes } from '#app/features/staff/two-factor.server.ts'
import { TWO_FACTOR_RECOVERY_REGENERATED, TwoFactorCodeApiSchema } from '#app/features/staff/schemas.ts'
import { apiFailure, apiRoute, apiSuccess, parseJsonBody } from '#app/utils/api.server.ts'

// POST /api/admin/two-factor/recovery-codes { code }: ten new recovery codes
// (answered once) in place of the old ones.
const route = apiRoute({
	async POST({ request }) {
		const { admin } = requireApiAdmin(request)
		const { code } = await parseJsonBody(request, TwoFactorCodeApiSchema)
		const result = regenerateRecoveryCodes(admin, code)
		if (!result.ok) return apiFailure(result)
		return apiSuccess({ recoveryCodes: result.value.recoveryCodes }, { message: TWO_FACTOR_RECOVERY_REGENERATED })
	},
})
export const loader = route.loader
export const action = route.action
