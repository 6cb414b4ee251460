import { requireApiAdmin } from '#app/auth/staff.server.ts'
import { EnrolmentSchema } from '#app/features/staff/responses.server.ts'
import { beginEnrolment } from '#app/features/staff/two-factor.server.ts'
import { TwoFactorSetupApiSchema } from '#app/features/staff/schemas.ts'
import { ADMIN_403, ADMIN_GUARD, BODY_REFUSALS, ok, refusals } from '#app/utils/api-schema.server.ts'
import { apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const route = apiRoute({
	POST: endpoint({
		tags: ['Admin auth'],
		summary:
			'Start enrolment: the TOTP secret (base32) and its otpauth:// URI for an authenticator app; the same one for 30 minutes unless `fresh`',
		auth: 'admin',
		body: { schema: TwoFactorSetupApiSchema.openapi('TwoFactorSetupRequest'), required: false },
		responses: {
			200: ok('The secret to enrol.', { data: EnrolmentSchema }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 409], {
				409: 'The second factor is already on.',
				...ADMIN_403,
			}),
		},
		async handler({ request, body }) {
			const { admin } = requireApiAdmin(request, { enrolment: true })
			const { fresh } = await body()
			const result = beginEnrolment(admin.id, { fresh })
			return result.ok ? apiSuccess(result.value) : apiFailure(result)
		},
	}),
})
export const loader = route.loader
export const action = route.action
