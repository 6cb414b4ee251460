import { requireApiUnlockedMember } from '#app/auth/member.server.ts'
import { activatePlan, planName } from '#app/features/plans/plan.server.ts'
import { apiFailure, apiRoute, apiSuccess, parseJsonBody } from '#app/utils/api.server.ts'
import { ActivationCodeApiSchema, planActivated } from '#app/features/plans/schemas.ts'
import { requestMeta } from '#app/utils/request.server.ts'

// POST /api/member/plans/activate { code }: the activation dialog's rule
// (activatePlan: 400 unknown, 409 used by you / already active / lower
// than yours, 429 after too many tries per address and per member).
const route = apiRoute({
	async POST({ request }) {
		const { user } = requireApiUnlockedMember(request)
		const input = await parseJsonBody(request, ActivationCodeApiSchema)
		const result = activatePlan(user.id, input.code, requestMeta(request))
		if (!result.ok) return apiFailure(result)
		const { plan, previousPlan } = result.value
		return apiSuccess({ plan, previousPlan, planName: planName(plan) }, { message: planActivated(planName(plan)) })
	},
})
export const loader = route.loader
export const action = route.action
