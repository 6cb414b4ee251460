import { authenticateMember } from '#app/models/account.server.ts'
import { createSession } from '#app/models/session.server.ts'
import { toPublicUser } from '#app/models/user.server.ts'
import { apiFailure, apiRoute, apiSuccess, readJsonObject, validationFailed } from '#app/utils/api.server.ts'
import { requestMeta } from '#app/utils/request.server.ts'
import { LoginApiSchema } from '#app/utils/validation.ts'

const route = apiRoute({
	async POST({ request }) {
		const body = await readJsonObject(request)
		if (!body.ok) return body.response
		const parsed = LoginApiSchema.safeParse(body.body)
		if (!parsed.success) return validationFailed(parsed.error)
		const result = await authenticateMember(parsed.data, requestMeta(request))
		if (!result.ok) return apiFailure(result)
		const { token } = createSession(result.value.id, 'api')
		return apiSuccess({ token, user: toPublicUser(result.value) }, { message: 'Signed in' })
	},
})
export const loader = route.loader
export const action = route.action
