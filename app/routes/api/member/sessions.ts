import { memberAuth, requireApiMember } from '#app/auth/member.server.ts'
import { listSessions } from '#app/features/account/account-settings.server.ts'
import { MemberSessionSchema } from '#app/features/account/responses.server.ts'
import { ok, refusals, z } from '#app/utils/api-schema.server.ts'
import { apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const route = apiRoute({
	GET: endpoint({
		tags: ['Member settings'],
		summary: "The member's signed-in sessions, this token's first",
		auth: 'member',
		responses: {
			200: ok('The sessions.', { data: z.object({ sessions: z.array(MemberSessionSchema) }).strict() }),
			...refusals([]),
		},
		handler({ request }) {
			const { user, token } = requireApiMember(request)
			return apiSuccess({ sessions: listSessions(user.id, memberAuth.sessions.idOf(token)) })
		},
	}),
})
export const loader = route.loader
export const action = route.action
