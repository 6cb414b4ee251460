import { resetPassword } from '#app/models/account.server.ts'
import { PASSWORD_RESET_DONE } from '#app/utils/messages.ts'
import { apiFailure, apiRoute, apiSuccess, readJsonObject, validationFailed } from '#app/utils/api.server.ts'
import { requestMeta } from '#app/utils/request.server.ts'
import { ResetPasswordApiSchema } from '#app/utils/validation.ts'

const route = apiRoute({
	async POST({ request }) {
		const body = await readJsonObject(request)
		if (!body.ok) return body.response
		const parsed = ResetPasswordApiSchema.safeParse(body.body)
		if (!parsed.success) return validationFailed(parsed.error)
		const result = await resetPassword(parsed.data, requestMeta(request))
		if (!result.ok) return apiFailure(result)
		return apiSuccess(undefined, { message: PASSWORD_RESET_DONE })
	},
})
export const loader = route.loader
export const action = route.action
