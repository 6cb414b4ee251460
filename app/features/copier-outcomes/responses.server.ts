import { count, isoDateTime, z } from '#app/utils/api-schema.server.ts'
import { MIN_COHORT_MEMBERS } from './figures.ts'

/**
 * What GET /api/member/traders/:id/outcomes answers (decision 061): the
 * schema describes it in the OpenAPI document and is the model's type.
 */

const month = () => z.string().regex(/^\d{4}-\d{2}$/)

export const CopierCohortSchema = z
	.object({
		month: month().openapi({ description: 'The cohort: the month its members first copied the trader ("YYYY-MM").' }),
		members: count().openapi({
			description: `Members in the cohort (${MIN_COHORT_MEMBERS} or more: smaller cohorts are not shown).`,
		}),
		medianReturn: z
			.number()
			.nullable()
			.openapi({
				description: `Median net result since start as a fraction of net deposits since start (0.052 is 5.2%), over \`measured\` members; null when fewer than ${MIN_COHORT_MEMBERS} members had net deposits above 0.`,
			}),
		measured: count().openapi({
			description: 'Members behind the median: those with net deposits since start above 0.',
		}),
		profitShare: z
			.number()
			.min(0)
			.max(1)
			.openapi({ description: 'The share of the cohort’s members in profit since start (a fraction).' }),
		inProfit: count().openapi({ description: 'Members in profit since start (net result above 0).' }),
	})
	.strict()
	.openapi('CopierCohort')

export const TraderOutcomesSchema = z
	.object({
		slug: z.string(),
		members: count().openapi({
			description: 'Members who copied the trader through TradeCircle (in the applied broker reports).',
		}),
		firstMonth: month()
			.nullable()
			.openapi({ description: 'The first report month behind the figures; null when no member copied yet.' }),
		lastMonth: month().nullable(),
		computedAt: isoDateTime().nullable().openapi({ description: 'When a broker report last changed the figures.' }),
		minCohortMembers: z.literal(MIN_COHORT_MEMBERS),
		cohorts: z
			.array(CopierCohortSchema)
			.openapi({ description: 'Newest cohort first; only cohorts of 5 or more members.' }),
		hiddenCohorts: count().openapi({ description: 'Cohorts with fewer than 5 members, not shown (privacy).' }),
		hiddenText: z
			.string()
			.nullable()
			.openapi({ description: 'The words for the hidden cohorts, null when none is hidden.' }),
	})
	.strict()
	.openapi('TraderOutcomes')
export type TraderOutcomes = z.infer<typeof TraderOutcomesSchema>
export type CopierCohort = z.infer<typeof CopierCohortSchema>
