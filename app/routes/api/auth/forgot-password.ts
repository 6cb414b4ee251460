import { requestPasswordReset } from '#app/features/auth/member-auth.server.ts'
import { FORGOT_PASSWORD_SENT, ForgotPasswordApiSchema } from '#app/features/auth/schemas.ts'
import { apiFailure, apiRoute, apiSuccess, parseJsonBody } from '#app/utils/api.server.ts'
import { requestMeta } from '#app/utils/request.server.ts'

const route = apiRoute({
	async POST({ request }) {
		const input = await parseJsonBody(request, ForgotPasswordApiSchema)
		const result = await requestPasswordReset(input.email, requestMeta(request))
		if (!result.ok) return apiFailure(result)
		return apiSuccess(undefined, { message: FORGOT_PASSWORD_SENT })
	},
})
export const loader = route.loader
export const action = route.action
