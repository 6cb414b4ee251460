import { requireApiMember } from '#app/auth/member.server.ts'
import { endSession } from '#app/features/account/account-settings.server.ts'
import { apiFailure, apiRoute, apiSuccess } from '#app/utils/api.server.ts'
import { parseSessionId, SESSION_ENDED } from '#app/features/account/schemas.ts'

// DELETE /api/member/sessions/:id: ends one of the member's sessions (this
// token's too, like signing out). Another member's, or an unknown id: 404.
const route = apiRoute({
	DELETE({ request, params }) {
		const { user } = requireApiMember(request)
		const result = endSession(user.id, parseSessionId(params.id))
		if (!result.ok) return apiFailure(result)
		return apiSuccess(undefined, { message: SESSION_ENDED })
	},
})
export const loader = route.loader
export const action = route.action
