import { requestPasswordReset } from '#app/models/account.server.ts'
import { FORGOT_PASSWORD_SENT } from '#app/utils/messages.ts'
import { apiFailure, apiRoute, apiSuccess, readJsonObject, validationFailed } from '#app/utils/api.server.ts'
import { requestMeta } from '#app/utils/request.server.ts'
import { ForgotPasswordApiSchema } from '#app/utils/validation.ts'

const route = apiRoute({
	async POST({ request }) {
		const body = await readJsonObject(request)
		if (!body.ok) return body.response
		const parsed = ForgotPasswordApiSchema.safeParse(body.body)
		if (!parsed.success) return validationFailed(parsed.error)
		const result = await requestPasswordReset(parsed.data.email, requestMeta(request))
		if (!result.ok) return apiFailure(result)
		return apiSuccess(undefined, { message: FORGOT_PASSWORD_SENT })
	},
})
export const loader = route.loader
export const action = route.action
