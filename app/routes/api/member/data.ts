import { memberAuth, requireApiMember } from '#app/auth/member.server.ts'
import { exportMemberData } from '#app/features/account/account-settings.server.ts'
import { apiRoute, apiSuccess } from '#app/utils/api.server.ts'
import { log } from '#app/utils/log.server.ts'

// GET /api/member/data: the data download (the same document as the page's JSON file) in the envelope.
const route = apiRoute({
	GET({ request }) {
		const { user, token } = requireApiMember(request)
		const data = exportMemberData(user.id, memberAuth.sessions.idOf(token))
		log('account.data_export', { userId: user.id, via: 'api' })
		return apiSuccess(data)
	},
})
export const loader = route.loader
export const action = route.action
