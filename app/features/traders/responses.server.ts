import { PartnerBrokerSchema } from '#app/features/brokers/responses.server.ts'
import { count, z } from '#app/utils/api-schema.server.ts'

/**
 * What /api/member/traders* answer: the schemas describe the answers in the
 * OpenAPI document and are the models' types (`z.infer`).
 */

export const RISK_LEVELS = ['Low', 'Medium', 'High'] as const

const traderFields = {
	id: z.string(),
	name: z.string(),
	weeklyReturn: z.number().openapi({ description: 'Percent.' }),
	monthlyReturn: z.number().openapi({ description: 'Percent.' }),
	winRate: z.number().openapi({ description: 'Percent.' }),
	followers: count(),
	riskLevel: z.enum(RISK_LEVELS),
	trending: z.boolean(),
	weeklySeries: z.array(z.number()).openapi({ description: 'The last 12 weekly returns, oldest first (percent).' }),
}

export const TraderSummarySchema = z
	.object(traderFields)
	.strict()
	.openapi('TraderSummary', { description: 'Sample figures, not a real track record.' })
/** A trader in the Live Top Traders list; the 12 weekly returns draw the sparkline. */
export type TraderSummary = z.infer<typeof TraderSummarySchema>

export const TraderSchema = z
	.object({
		...traderFields,
		monthlyRecord: z.string(),
		totalTrades: count(),
		strategy: z.string(),
		markets: z.array(z.string()),
		monthlySeries: z.array(z.number()).openapi({ description: 'The last 12 monthly returns, oldest first.' }),
	})
	.strict()
	.openapi('Trader')

export const TraderDetailSchema = z
	.object({
		trader: TraderSchema,
		broker: PartnerBrokerSchema.nullable().openapi({
			description: 'The broker to copy with (the recommended active one, else the first); null when none is active.',
		}),
	})
	.strict()
/** A trader's detail: the trader and the broker to copy them with. */
export type TraderDetail = z.infer<typeof TraderDetailSchema>
