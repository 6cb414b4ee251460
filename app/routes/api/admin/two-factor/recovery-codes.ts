import { requireApiAdmin } from '#app/auth/staff.server.ts'
import { RecoveryCodesSchema } from '#app/features/staff/responses.server.ts'
import { regenerateRecoveryCodes } from '#app/features/staff/two-factor.server.ts'
import { TwoFactorCodeApiSchema, TWO_FACTOR_MESSAGES } from '#app/features/staff/schemas.ts'
import { ADMIN_GUARD, BODY_REFUSALS, ok, refusals } from '#app/utils/api-schema.server.ts'
import { apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const route = apiRoute({
	POST: endpoint({
		tags: ['Admin auth'],
		summary: 'Ten new recovery codes (answered once) in place of the old ones; needs a current code',
		auth: 'admin',
		body: TwoFactorCodeApiSchema.openapi('TwoFactorCodeRequest'),
		responses: {
			200: ok('New codes.', { message: true, data: RecoveryCodesSchema }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 409], {
				400: 'The code is not 6 digits, is not current, or was used already.',
				409: 'The second factor is not on.',
				403: "A member's token, or a staff member who must set up a second factor first (only /api/admin/two-factor/setup and /confirm are open to them).",
			}),
		},
		async handler({ request, body }) {
			const { admin } = requireApiAdmin(request)
			const { code } = await body()
			const result = regenerateRecoveryCodes(admin, code)
			if (!result.ok) return apiFailure(result)
			return apiSuccess(
				{ recoveryCodes: result.value.recoveryCodes },
				{ message: TWO_FACTOR_MESSAGES.recoveryRegenerated },
			)
		},
	}),
})
export const loader = route.loader
export const action = route.action
