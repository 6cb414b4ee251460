import { PLANS } from '#app/domain/enums.ts'
import { z } from '#app/utils/api-schema.server.ts'

/**
 * What /api/member/plans* answer: the schemas describe the answers in the
 * OpenAPI document and are the models' types (`z.infer`).
 */

export const PlanCardSchema = z
	.object({
		id: z.enum(PLANS),
		name: z.string(),
		minCapital: z.string(),
		capitalRange: z.string(),
		accessLevel: z.string(),
		features: z.array(z.string()),
		popular: z.boolean(),
		state: z.enum(['current', 'included', 'available']),
	})
	.strict()
	.openapi('PlanCard')
/** A card of the plan ladder, its state against the member's plan. */
export type PlanCardView = z.infer<typeof PlanCardSchema>

export const PlanActivatedSchema = z
	.object({ plan: z.enum(PLANS), previousPlan: z.enum(PLANS), planName: z.string() })
	.strict()
