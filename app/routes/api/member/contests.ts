import { requireApiUnlockedMember } from '#app/auth/member.server.ts'
import { getMemberContests } from '#app/features/contests/member-contests.server.ts'
import { apiRoute, apiSuccess } from '#app/utils/api.server.ts'

// GET /api/member/contests: the running referral contest (or null) with
// the member's standing and the top 10, the running deposit, trading and
// activity contests, and the recent winners (the contests page's data).
const route = apiRoute({
	GET({ request }) {
		const { user } = requireApiUnlockedMember(request)
		return apiSuccess(getMemberContests(user.id, new Date()))
	},
})
export const loader = route.loader
export const action = route.action
