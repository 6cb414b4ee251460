import { resetPassword } from '#app/features/auth/member-auth.server.ts'
import { ResetPasswordApiSchema, AUTH_FLOW_MESSAGES } from '#app/features/auth/schemas.ts'
import { BODY_REFUSALS, ok, refusals } from '#app/utils/api-schema.server.ts'
import { apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'
import { requestMeta } from '#app/utils/request.server.ts'

const route = apiRoute({
	POST: endpoint({
		tags: ['Member auth'],
		summary: 'Set a new password with a reset link token (ends every session)',
		body: ResetPasswordApiSchema.openapi('ResetPasswordRequest'),
		responses: {
			200: ok('Password changed.', { message: true }),
			...refusals([...BODY_REFUSALS, 429], {
				400: 'Validation failed, or an unknown, used or expired token (`errors` has `token`).',
			}),
		},
		async handler({ request, body }) {
			const result = await resetPassword(await body(), requestMeta(request))
			if (!result.ok) return apiFailure(result)
			return apiSuccess(undefined, { message: AUTH_FLOW_MESSAGES.passwordResetDone })
		},
	}),
})
export const loader = route.loader
export const action = route.action
