import { requireApiAdmin } from '#app/auth/staff.server.ts'
import { confirmEnrolment } from '#app/features/staff/two-factor.server.ts'
import { TWO_FACTOR_ENABLED, TwoFactorCodeApiSchema } from '#app/features/staff/schemas.ts'
import { apiFailure, apiRoute, apiSuccess, parseJsonBody } from '#app/utils/api.server.ts'
import { sha256 } from '#app/utils/crypto.server.ts'

// POST /api/admin/two-factor/confirm { code }: turns the second factor on
// with the set-up's secret; answers the ten recovery codes once. Every other
// session of the account ends; this token stays.
const route = apiRoute({
	async POST({ request }) {
		const { admin, token } = requireApiAdmin(request, { enrolment: true })
		const { code } = await parseJsonBody(request, TwoFactorCodeApiSchema)
		const result = confirmEnrolment(admin, code, sha256(token))
		if (!result.ok) return apiFailure(result)
		return apiSuccess({ recoveryCodes: result.value.recoveryCodes }, { message: TWO_FACTOR_ENABLED })
	},
})
export const loader = route.loader
export const action = route.action
