import { requireApiUnlockedMember } from '#app/auth/member.server.ts'
import { getLeaderboardRank, getReferralLeaderboard } from '#app/features/referrals/referral.server.ts'
import { apiRoute, apiSuccess } from '#app/utils/api.server.ts'

// GET /api/member/referrals/leaderboard: the top members by points (the
// page's leaderboard tab, names shortened) and the member's own rank (null
// without points). Other members' ids stay on the server.
const route = apiRoute({
	GET({ request }) {
		const { user } = requireApiUnlockedMember(request)
		return apiSuccess({
			leaderboard: getReferralLeaderboard().map(({ userId, ...entry }) => ({ ...entry, me: userId === user.id })),
			myRank: getLeaderboardRank(user),
		})
	},
})
export const loader = route.loader
export const action = route.action
