import { memberAuth, requireApiMember } from '#app/auth/member.server.ts'
import { listSessions } from '#app/features/account/account-settings.server.ts'
import { apiRoute, apiSuccess } from '#app/utils/api.server.ts'

// GET /api/member/sessions: the member's live sessions (device, first and
// last seen; `current` marks this token's), never a secret.
const route = apiRoute({
	GET({ request }) {
		const { user, token } = requireApiMember(request)
		return apiSuccess({ sessions: listSessions(user.id, memberAuth.sessions.idOf(token)) })
	},
})
export const loader = route.loader
export const action = route.action
