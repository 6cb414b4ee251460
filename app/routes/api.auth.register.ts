import { userAgentOf } from '#app/auth/kit.server.ts'
import { memberAuth } from '#app/auth/member.server.ts'
import { registerMember } from '#app/models/account.server.ts'
import { toPublicUser } from '#app/models/user.server.ts'
import { apiFailure, apiRoute, apiSuccess, parseJsonBody } from '#app/utils/api.server.ts'
import { requestMeta } from '#app/utils/request.server.ts'
import { RegisterApiSchema } from '#app/utils/validation.ts'

const route = apiRoute({
	async POST({ request }) {
		const input = await parseJsonBody(request, RegisterApiSchema)
		const result = await registerMember(input, requestMeta(request))
		if (!result.ok) return apiFailure(result)
		const { token } = memberAuth.sessions.create(result.value.id, 'api', new Date(), userAgentOf(request))
		return apiSuccess({ token, user: toPublicUser(result.value) }, { message: 'Account created', status: 201 })
	},
})
export const loader = route.loader
export const action = route.action
