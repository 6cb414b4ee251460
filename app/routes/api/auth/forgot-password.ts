import { requestPasswordReset } from '#app/features/auth/member-auth.server.ts'
import { ForgotPasswordApiSchema, AUTH_FLOW_MESSAGES } from '#app/features/auth/schemas.ts'
import { BODY_REFUSALS, ok, refusals } from '#app/utils/api-schema.server.ts'
import { apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'
import { requestMeta } from '#app/utils/request.server.ts'

const route = apiRoute({
	POST: endpoint({
		tags: ['Member auth'],
		summary: 'Mail a reset link (the same answer whether or not the email has an account)',
		body: ForgotPasswordApiSchema.openapi('ForgotPasswordRequest'),
		responses: { 200: ok('Accepted.', { message: true }), ...refusals([...BODY_REFUSALS, 429]) },
		async handler({ request, body }) {
			const input = await body()
			const result = await requestPasswordReset(input.email, requestMeta(request))
			if (!result.ok) return apiFailure(result)
			return apiSuccess(undefined, { message: AUTH_FLOW_MESSAGES.forgotPasswordSent })
		},
	}),
})
export const loader = route.loader
export const action = route.action
