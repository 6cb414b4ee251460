import { z } from 'zod'
import { TRADER_SORTS, type TraderSort } from '#app/content/dashboard.ts'

export const UNKNOWN_TRADER = 'This trader does not exist'

/**
 * The member API's inputs (/api/member/*): query strings and bodies, the
 * same fields and messages as the dashboard's forms. The pages read a bad
 * `sort` or `tab` in a hand-edited link as the default; the API refuses it
 * (400) so a client learns of its mistake.
 */

export const TRADER_SORT_VALUES = TRADER_SORTS.map((s) => s.value) as [
	(typeof TRADER_SORTS)[number]['value'],
	...(typeof TRADER_SORTS)[number]['value'][],
]

/** The list's order when none is asked for (page and API). */
export const DEFAULT_TRADER_SORT: TraderSort = 'weeklyReturn'

/** GET /api/member/traders ?sort= one of the page's sorts (default weeklyReturn). */
export const TraderListQuerySchema = z
	.object({
		sort: z
			.enum(TRADER_SORT_VALUES, {
				errorMap: () => ({ message: `sort must be one of ${TRADER_SORT_VALUES.join(', ')}` }),
			})
			.default(DEFAULT_TRADER_SORT)
			.describe('Highest first; equal values keep the list order.'),
	})
	.strict()
