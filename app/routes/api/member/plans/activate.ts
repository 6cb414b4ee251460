import { requireApiUnlockedMember } from '#app/auth/member.server.ts'
import { MEMBER_LOCKED, TERMS_409, UNLOCKED_GUARD } from '#app/features/dashboard/responses.server.ts'
import { activatePlan, planName } from '#app/features/plans/plan.server.ts'
import { PlanActivatedSchema } from '#app/features/plans/responses.server.ts'
import { ActivationCodeApiSchema, planActivated } from '#app/features/plans/schemas.ts'
import { BODY_REFUSALS, ok, refusals } from '#app/utils/api-schema.server.ts'
import { apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'
import { requestMeta } from '#app/utils/request.server.ts'

// The activation dialog's rule (activatePlan).
const route = apiRoute({
	POST: endpoint({
		tags: ['Member dashboard'],
		summary: 'Enter an activation code: the stored plan moves to the code’s plan',
		auth: 'member',
		body: ActivationCodeApiSchema.openapi('ActivationCodeRequest'),
		responses: {
			200: ok('Activated.', { message: true, data: PlanActivatedSchema }),
			...refusals([...BODY_REFUSALS, ...UNLOCKED_GUARD, 429], {
				...MEMBER_LOCKED,
				400: 'Validation failed, or an unknown, expired, revoked or used-up code (`errors` has `code`).',
				409: `The member used this code already, the plan is already theirs, or it is below their plan. Or: ${TERMS_409}`,
				429: 'Too many codes tried from this address or by this member.',
			}),
		},
		async handler({ request, body }) {
			const { user } = requireApiUnlockedMember(request)
			const input = await body()
			const result = activatePlan(user.id, input.code, requestMeta(request))
			if (!result.ok) return apiFailure(result)
			const { plan, previousPlan } = result.value
			return apiSuccess({ plan, previousPlan, planName: planName(plan) }, { message: planActivated(planName(plan)) })
		},
	}),
})
export const loader = route.loader
export const action = route.action
