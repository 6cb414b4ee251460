import { resetPassword } from '#app/features/auth/member-auth.server.ts'
import { PASSWORD_RESET_DONE, ResetPasswordApiSchema } from '#app/features/auth/schemas.ts'
import { apiFailure, apiRoute, apiSuccess, parseJsonBody } from '#app/utils/api.server.ts'
import { requestMeta } from '#app/utils/request.server.ts'

const route = apiRoute({
	async POST({ request }) {
		const input = await parseJsonBody(request, ResetPasswordApiSchema)
		const result = await resetPassword(input, requestMeta(request))
		if (!result.ok) return apiFailure(result)
		return apiSuccess(undefined, { message: PASSWORD_RESET_DONE })
	},
})
export const loader = route.loader
export const action = route.action
