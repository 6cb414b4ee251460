import { memberAuth, requireApiMember } from '#app/auth/member.server.ts'
import { endOtherSessions } from '#app/features/account/account-settings.server.ts'
import { ACCOUNT_MESSAGES } from '#app/features/account/schemas.ts'
import { count, ok, refusals, z } from '#app/utils/api-schema.server.ts'
import { apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const route = apiRoute({
	DELETE: endpoint({
		tags: ['Member settings'],
		summary: "Sign out everywhere else: every session but this token's ends",
		auth: 'member',
		responses: { 200: ok('Ended.', { message: true, data: z.object({ ended: count() }).strict() }), ...refusals([]) },
		handler({ request }) {
			const { user, token } = requireApiMember(request)
			const ended = endOtherSessions(user.id, memberAuth.sessions.idOf(token))
			return apiSuccess({ ended }, { message: ACCOUNT_MESSAGES.otherSessionsEnded })
		},
	}),
})
export const loader = route.loader
export const action = route.action
