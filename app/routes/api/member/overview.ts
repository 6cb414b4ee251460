import { requireApiUnlockedMember } from '#app/auth/member.server.ts'
import { getMemberOverview } from '#app/features/dashboard/overview.server.ts'
import { apiRoute, apiSuccess } from '#app/utils/api.server.ts'

// GET /api/member/overview: the dashboard home's tiles, plan, setup
// progress, academy progress, connected brokers, partner brokers and
// account (the page's rule: app/features/dashboard/overview.server.ts).
const route = apiRoute({
	GET({ request }) {
		const { user } = requireApiUnlockedMember(request)
		const { tiles, ...overview } = getMemberOverview(user)
		return apiSuccess({ ...overview, tiles: tiles.map(({ label, value }) => ({ label, value })) })
	},
})
export const loader = route.loader
export const action = route.action
