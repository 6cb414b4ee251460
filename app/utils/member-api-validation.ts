import { z } from 'zod'
import { TRADER_SORTS } from '#app/content/dashboard.ts'
import { ActivationCodeSchema } from './validation.ts'

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

/** GET /api/member/traders ?sort= one of the page's sorts (default weeklyReturn). */
export const TraderListQuerySchema = z
	.object({
		sort: z
			.enum(TRADER_SORT_VALUES, {
				errorMap: () => ({ message: `sort must be one of ${TRADER_SORT_VALUES.join(', ')}` }),
			})
			.optional(),
	})
	.strict()

export const STATEMENT_PAGE_SIZE = 20
export const STATEMENT_MAX_LIMIT = 100
export const STATEMENT_MAX_PAGE = 100_000

const wholeNumber = (max: number, message: string) =>
	z
		.string()
		.refine((v) => /^[1-9]\d{0,15}$/.test(v) && Number(v) <= max, message)
		.transform(Number)
		.optional()

/** GET /api/member/referrals ?page=1.. &limit=1..100 (default 20): the points statement's page. */
export const StatementQuerySchema = z
	.object({
		page: wholeNumber(STATEMENT_MAX_PAGE, `page must be a whole number from 1 to ${STATEMENT_MAX_PAGE}`),
		limit: wholeNumber(STATEMENT_MAX_LIMIT, `limit must be a whole number from 1 to ${STATEMENT_MAX_LIMIT}`),
	})
	.strict()

/** POST /api/member/plans/activate { code }: the activation dialog's field and messages. */
export const ActivationCodeApiSchema = ActivationCodeSchema.strict()
