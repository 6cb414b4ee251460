import { requestPasswordReset } from '#app/models/account.server.ts'
import { FORGOT_PASSWORD_SENT } from '#app/utils/messages.ts'
import { apiFailure, apiRoute, apiSuccess, parseJsonBody } from '#app/utils/api.server.ts'
import { requestMeta } from '#app/utils/request.server.ts'
import { ForgotPasswordApiSchema } from '#app/utils/validation.ts'

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
