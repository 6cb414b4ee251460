import { memberAuth, requireApiMember } from '#app/auth/member.server.ts'
import { exportMemberData } from '#app/features/account/account-settings.server.ts'
import { MemberDataSchema } from '#app/features/account/responses.server.ts'
import { ok, refusals } from '#app/utils/api-schema.server.ts'
import { apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'
import { log } from '#app/utils/log.server.ts'

// The same document as the page's JSON file, in the envelope.
const route = apiRoute({
	GET: endpoint({
		tags: ['Member settings'],
		summary: 'Download my data: everything stored about the member',
		auth: 'member',
		responses: { 200: ok('The data.', { data: MemberDataSchema }), ...refusals([]) },
		handler({ request }) {
			const { user, token } = requireApiMember(request)
			const data = exportMemberData(user.id, memberAuth.sessions.idOf(token))
			log('account.data_export', { userId: user.id, via: 'api' })
			return apiSuccess(data)
		},
	}),
})
export const loader = route.loader
export const action = route.action
