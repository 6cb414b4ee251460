import { requireApiMember } from '#app/auth/member.server.ts'
import { unlockMember } from '#app/features/auth/member-auth.server.ts'
import { toPublicUser } from '#app/features/users/user.server.ts'
import { apiFailure, apiRoute, apiSuccess, parseJsonBody } from '#app/utils/api.server.ts'
import { requestMeta } from '#app/utils/request.server.ts'
import { UnlockCodeApiSchema } from '#app/features/auth/schemas.ts'

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
