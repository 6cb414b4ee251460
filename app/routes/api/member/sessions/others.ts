import { memberAuth, requireApiMember } from '#app/auth/member.server.ts'
import { endOtherSessions } from '#app/features/account/account-settings.server.ts'
import { apiRoute, apiSuccess } from '#app/utils/api.server.ts'
import { OTHER_SESSIONS_ENDED } from '#app/features/account/schemas.ts'

// DELETE /api/member/sessions/others: every session but this token's ends.
const route = apiRoute({
	DELETE({ request }) {
		const { user, token } = requireApiMember(request)
		const ended = endOtherSessions(user.id, memberAuth.sessions.idOf(token))
		return apiSuccess({ ended }, { message: OTHER_SESSIONS_ENDED })
	},
})
export const loader = route.loader
export const action = route.action
