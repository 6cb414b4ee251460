import { requireApiAdmin } from '#app/auth/staff.server.ts'
import { RecoveryCodesSchema } from '#app/features/staff/responses.server.ts'
import { confirmEnrolment } from '#app/features/staff/two-factor.server.ts'
import { TwoFactorCodeApiSchema, TWO_FACTOR_MESSAGES } from '#app/features/staff/schemas.ts'
import { ADMIN_403, ADMIN_GUARD, BODY_REFUSALS, ok, refusals } from '#app/utils/api-schema.server.ts'
import { apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'
import { sha256 } from '#app/utils/crypto.server.ts'

const route = apiRoute({
	POST: endpoint({
		tags: ['Admin auth'],
		summary:
			"Turn the second factor on with a current code of the set-up's secret; answers ten recovery codes once and ends every other session of the account",
		auth: 'admin',
		body: TwoFactorCodeApiSchema.openapi('TwoFactorCodeRequest'),
		responses: {
			200: ok('On.', { message: true, data: RecoveryCodesSchema }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 409], {
				400: 'The code is not 6 digits, or does not match the secret now (`errors` names `code`).',
				409: 'Already on, no set-up started, or the set-up expired (start it again).',
				...ADMIN_403,
			}),
		},
		async handler({ request, body }) {
			const { admin, token } = requireApiAdmin(request, { enrolment: true })
			const { code } = await body()
			// This token stays signed in.
			const result = confirmEnrolment(admin, code, sha256(token))
			if (!result.ok) return apiFailure(result)
			return apiSuccess({ recoveryCodes: result.value.recoveryCodes }, { message: TWO_FACTOR_MESSAGES.enabled })
		},
	}),
})
export const loader = route.loader
export const action = route.action
