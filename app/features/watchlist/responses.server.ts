import { MemberTraderSchema } from '#app/features/traders/responses.server.ts'
import { isoDateTime, z } from '#app/utils/api-schema.server.ts'
import type { WatchedTrader } from './watchlist.server.ts'

/** What /api/member/watchlist* answer (issue 40 part 2, decision 058). */

export const WatchChangeSchema = z
	.object({
		field: z.enum(['status', 'riskScore', 'flag', 'currentDrawdown', 'maxDrawdown', 'return1m', 'statementsUntil']),
		text: z.string().openapi({ description: 'The change in words, as the page shows it ("Risk score: 3 → 5").' }),
	})
	.strict()
	.openapi('WatchChange')

export const WatchedTraderSchema = z
	.object({
		trader: MemberTraderSchema,
		drawdownAlert: z
			.number()
			.int()
			.min(1)
			.max(90)
			.openapi({ description: 'Percent: a current drawdown at or beyond it raises an alert.' }),
		watchedAt: isoDateTime(),
		seenAt: isoDateTime().openapi({
			description: 'When the member last marked the list as seen (or started watching).',
		}),
		changes: z.array(WatchChangeSchema).openapi({ description: 'What changed since `seenAt`.' }),
	})
	.strict()
	.openapi('WatchedTrader')

// The model's type and the document's schema are one shape.
export type WatchedTraderAnswer = z.infer<typeof WatchedTraderSchema>
const _same: WatchedTraderAnswer[] = [] as WatchedTrader[]
void _same
