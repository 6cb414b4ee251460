import { requireApiUnlockedMember } from '#app/auth/member.server.ts'
import { MEMBER_LOCKED, UNLOCKED_GUARD } from '#app/features/dashboard/responses.server.ts'
import { getLeaderboardRank, getReferralLeaderboard } from '#app/features/referrals/referral.server.ts'
import { ReferralLeaderboardSchema } from '#app/features/referrals/responses.server.ts'
import { ok, refusals } from '#app/utils/api-schema.server.ts'
import { apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const route = apiRoute({
	GET: endpoint({
		tags: ['Member dashboard'],
		summary: 'The referral leaderboard and the member’s rank',
		auth: 'member',
		responses: {
			200: ok('The data.', { data: ReferralLeaderboardSchema }),
			...refusals(UNLOCKED_GUARD, MEMBER_LOCKED),
		},
		handler({ request }) {
			const { user } = requireApiUnlockedMember(request)
			// Other members' ids stay on the server.
			return apiSuccess({
				leaderboard: getReferralLeaderboard().map(({ userId, ...entry }) => ({ ...entry, me: userId === user.id })),
				myRank: getLeaderboardRank(user),
			})
		},
	}),
})
export const loader = route.loader
export const action = route.action
