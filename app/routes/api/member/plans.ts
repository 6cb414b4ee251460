import { requireApiUnlockedMember } from '#app/auth/member.server.ts'
import { planCardsFor } from '#app/features/plans/plan.server.ts'
import { apiRoute, apiSuccess } from '#app/utils/api.server.ts'

// GET /api/member/plans: the member's plan and the plan ladder, each card's state against it.
const route = apiRoute({
	GET({ request }) {
		const { user } = requireApiUnlockedMember(request)
		return apiSuccess({ current: user.plan, plans: planCardsFor(user.plan) })
	},
})
export const loader = route.loader
export const action = route.action
