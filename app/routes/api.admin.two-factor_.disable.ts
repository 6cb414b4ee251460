import { requireApiAdmin } from '#app/auth/staff.server.ts'
import { disableOwnTwoFactor } from '#app/models/staff-two-factor.server.ts'
import { TWO_FACTOR_DISABLED } from '#app/utils/admin-two-factor-messages.ts'
import { TwoFactorCodeApiSchema } from '#app/utils/admin-two-factor-validation.ts'
import { apiFailure, apiRoute, apiSuccess, parseJsonBody } from '#app/utils/api.server.ts'

// POST /api/admin/two-factor/disable { code }: turns the caller's second
// factor off; 409 when their role requires one.
const route = apiRoute({
	async POST({ request }) {
		const { admin } = requireApiAdmin(request)
		const { code } = await parseJsonBody(request, TwoFactorCodeApiSchema)
		const result = disableOwnTwoFactor(admin, code)
		return result.ok ? apiSuccess(undefined, { message: TWO_FACTOR_DISABLED }) : apiFailure(result)
	},
})
export const loader = route.loader
export const action = route.action
