import { requireApiUnlockedMember } from '#app/auth/member.server.ts'
import { MEMBER_LOCKED, UNLOCKED_GUARD } from '#app/features/dashboard/responses.server.ts'
import { planCardsFor } from '#app/features/plans/plan.server.ts'
import { PlanCardSchema } from '#app/features/plans/responses.server.ts'
import { PLANS } from '#app/domain/enums.ts'
import { ok, refusals, z } from '#app/utils/api-schema.server.ts'
import { apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const route = apiRoute({
	GET: endpoint({
		tags: ['Member dashboard'],
		summary: "The member's plan and the plan ladder",
		auth: 'member',
		responses: {
			200: ok('The data.', { data: z.object({ current: z.enum(PLANS), plans: z.array(PlanCardSchema) }).strict() }),
			...refusals(UNLOCKED_GUARD, MEMBER_LOCKED),
		},
		handler({ request }) {
			const { user } = requireApiUnlockedMember(request)
			return apiSuccess({ current: user.plan, plans: planCardsFor(user.plan) })
		},
	}),
})
export const loader = route.loader
export const action = route.action
