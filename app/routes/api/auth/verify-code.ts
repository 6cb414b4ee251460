import { requireApiMember } from '#app/auth/member.server.ts'
import { unlockMember } from '#app/models/account.server.ts'
import { toPublicUser } from '#app/models/user.server.ts'
import { apiFailure, apiRoute, apiSuccess, parseJsonBody } from '#app/utils/api.server.ts'
import { requestMeta } from '#app/utils/request.server.ts'
import { UnlockCodeApiSchema } from '#app/utils/validation.ts'

const route = apiRoute({
	async POST({ request }) {
		const { user } = requireApiMember(request)
		const input = await parseJsonBody(request, UnlockCodeApiSchema)
		const result = unlockMember(user.id, input.code, requestMeta(request))
		if (!result.ok) return apiFailure(result)
		return apiSuccess({ user: toPublicUser(result.value) }, { message: 'Dashboard unlocked' })
	},
})
export const loader = route.loader
export const action = route.action
