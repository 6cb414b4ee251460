import { requireApiUnlockedMember } from '#app/auth/member.server.ts'
import { getMemberOverview } from '#app/features/dashboard/overview.server.ts'
import { MEMBER_LOCKED, MemberOverviewSchema, UNLOCKED_GUARD } from '#app/features/dashboard/responses.server.ts'
import { ok, refusals } from '#app/utils/api-schema.server.ts'
import { apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const route = apiRoute({
	GET: endpoint({
		tags: ['Member dashboard'],
		summary: "The dashboard home: tiles, plan, setup and academy progress, the member's brokers",
		auth: 'member',
		responses: { 200: ok('The data.', { data: MemberOverviewSchema }), ...refusals(UNLOCKED_GUARD, MEMBER_LOCKED) },
		handler({ request }) {
			const { user } = requireApiUnlockedMember(request)
			// The tiles' icons are the page's own (the rule: app/features/dashboard/overview.server.ts).
			const { tiles, ...overview } = getMemberOverview(user)
			return apiSuccess({ ...overview, tiles: tiles.map(({ label, value }) => ({ label, value })) })
		},
	}),
})
export const loader = route.loader
export const action = route.action
