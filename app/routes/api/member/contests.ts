import { requireApiUnlockedMember } from '#app/auth/member.server.ts'
import { getMemberContests } from '#app/features/contests/member-contests.server.ts'
import { MemberContestsSchema } from '#app/features/contests/responses.server.ts'
import { MEMBER_LOCKED, UNLOCKED_GUARD } from '#app/features/dashboard/responses.server.ts'
import { ok, refusals } from '#app/utils/api-schema.server.ts'
import { apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const route = apiRoute({
	GET: endpoint({
		tags: ['Member dashboard'],
		summary: 'The running contests with the member’s standing, and the recent winners',
		auth: 'member',
		responses: { 200: ok('The data.', { data: MemberContestsSchema }), ...refusals(UNLOCKED_GUARD, MEMBER_LOCKED) },
		handler({ request }) {
			const { user } = requireApiUnlockedMember(request)
			return apiSuccess(getMemberContests(user.id, new Date()))
		},
	}),
})
export const loader = route.loader
export const action = route.action
