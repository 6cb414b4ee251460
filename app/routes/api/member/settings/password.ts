import { userAgentOf } from '#app/auth/kit.server.ts'
import { memberAuth, requireApiMember } from '#app/auth/member.server.ts'
import { changePassword } from '#app/features/account/account-settings.server.ts'
import { apiFailure, apiRoute, apiSuccess, parseJsonBody } from '#app/utils/api.server.ts'
import { requestMeta } from '#app/utils/request.server.ts'
import { PASSWORD_CHANGED, PasswordChangeApiSchema } from '#app/features/account/schemas.ts'

// POST /api/member/settings/password { currentPassword, newPassword }: every
// session ends (this token too); the answer carries the new token this client goes on with.
const route = apiRoute({
	async POST({ request }) {
		const { user } = requireApiMember(request)
		const input = await parseJsonBody(request, PasswordChangeApiSchema)
		const now = new Date()
		const result = await changePassword(user, input, requestMeta(request), now)
		if (!result.ok) return apiFailure(result)
		const { token } = memberAuth.sessions.create(user.id, 'api', now, userAgentOf(request))
		return apiSuccess({ token }, { message: PASSWORD_CHANGED })
	},
})
export const loader = route.loader
export const action = route.action
