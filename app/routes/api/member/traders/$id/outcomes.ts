import { requireApiUnlockedMember } from '#app/auth/member.server.ts'
import { traderOutcomesBySlug } from '#app/features/copier-outcomes/outcomes.server.ts'
import { TraderOutcomesSchema } from '#app/features/copier-outcomes/responses.server.ts'
import { MEMBER_LOCKED, UNLOCKED_GUARD } from '#app/features/dashboard/responses.server.ts'
import { UNKNOWN_TRADER } from '#app/features/traders/schemas.ts'
import { ok, refusals, z } from '#app/utils/api-schema.server.ts'
import { apiError, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const route = apiRoute({
	GET: endpoint({
		tags: ['Member dashboard'],
		summary:
			'What members who copied the trader through TradeCircle earned: how many, and per cohort by the month they started (members, median net result since start over net deposits, share in profit); cohorts under 5 members hidden',
		auth: 'member',
		params: z.object({
			id: z.string().openapi({ description: 'The trader’s slug, as in the traders list ("amara-okafor").' }),
		}),
		responses: {
			200: ok('The outcomes, precomputed when broker reports are applied (decision 061).', {
				data: TraderOutcomesSchema,
			}),
			...refusals([...UNLOCKED_GUARD, 404], {
				...MEMBER_LOCKED,
				404: 'No trader has this slug, or the trader is not reviewed yet (applied, in review).',
			}),
		},
		handler({ request, params }) {
			requireApiUnlockedMember(request)
			const outcomes = traderOutcomesBySlug(params.id ?? '')
			if (!outcomes) return apiError(404, UNKNOWN_TRADER)
			return apiSuccess(outcomes)
		},
	}),
})
export const loader = route.loader
export const action = route.action
