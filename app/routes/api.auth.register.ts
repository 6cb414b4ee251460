import { memberAuth } from '#app/auth/member.server.ts'
import { registerMember } from '#app/models/account.server.ts'
import { toPublicUser } from '#app/models/user.server.ts'
import { apiFailure, apiRoute, apiSuccess, readJsonObject, validationFailed } from '#app/utils/api.server.ts'
import { requestMeta } from '#app/utils/request.server.ts'
import { RegisterApiSchema } from '#app/utils/validation.ts'

const route = apiRoute({
	async POST({ request }) {
		const body = await readJsonObject(request)
		if (!body.ok) return body.response
		const parsed = RegisterApiSchema.safeParse(body.body)
		if (!parsed.success) return validationFailed(parsed.error)
		const result = await registerMember(parsed.data, requestMeta(request))
		if (!result.ok) return apiFailure(result)
		const { token } = memberAuth.sessions.create(result.value.id, 'api')
		return apiSuccess(
			{ token, user: toPublicUser(result.value) },
			{ message: 'Account created', status: 201 },
		)
	},
})
export const loader = route.loader
export const action = route.action
