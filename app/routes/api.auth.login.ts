import { authenticateMember } from '#app/models/account.server.ts'
import { createSession } from '#app/models/session.server.ts'
import { toPublicUser } from '#app/models/user.server.ts'
import { apiFailure, apiRoute, apiSuccess, parseJsonBody } from '#app/utils/api.server.ts'
import { requestMeta } from '#app/utils/request.server.ts'
import { LoginApiSchema } from '#app/utils/validation.ts'

const route = apiRoute({
	async POST({ request }) {
		const input = await parseJsonBody(request, LoginApiSchema)
		const result = await authenticateMember(input, requestMeta(request))
		if (!result.ok) return apiFailure(result)
		const { token } = createSession(result.value.id, 'api')
		return apiSuccess({ token, user: toPublicUser(result.value) }, { message: 'Signed in' })
	},
})
export const loader = route.loader
export const action = route.action
