import { z } from 'zod'
import { CONTROL_CHARS, CONTROL_CHARS_EXCEPT_LINE_BREAKS, stringField } from '#app/utils/validation.ts'

/** Revenue corrections: the reason given for an edit or a void. */
export const REVENUE_LIMITS = {
	reason: 500,
	/** Rows per page of /admin/revenue, and the API's largest `limit`. */
	pageSize: 20,
	apiMaxLimit: 100,
	maxPage: 1_000_000,
} as const

export const REVENUE_RECORDED = 'Revenue entry recorded.'

/** The dashboard's revenue form and POST /api/admin/revenue. */
export const REVENUE_MESSAGES = {
	brokerRequired: 'Broker is required',
	brokerTooLong: 'Broker must be at most 100 characters',
	brokerInvalid: 'Broker contains characters that are not allowed',
	monthRequired: 'Month is required',
	monthFormat: 'Enter the month as YYYY-MM',
	monthFuture: 'Month cannot be in the future',
	amountRequired: 'Amount is required',
	amountFormat: 'Enter an amount in USD, like 1250 or 1250.50',
	amountPositive: 'Amount must be greater than 0',
	amountTooLarge: 'Amount must be at most $100,000,000',
	reasonRequired: 'Reason is required',
	reasonTooLong: `Reason must be at most ${REVENUE_LIMITS.reason} characters`,
	reasonInvalid: 'Reason contains characters that are not allowed',
	nothingToChange: 'Give broker, month or amount to change',
} as const

/** Revenue corrections (/admin/revenue, /api/admin/revenue/:id). */
export const REVENUE_ENTRY_NOT_FOUND = 'Revenue entry not found'

export const REVENUE_ALREADY_VOIDED = 'This revenue entry is already voided.'

export const REVENUE_VOIDED_NO_EDIT = 'A voided revenue entry cannot be edited.'

export const REVENUE_UPDATED = 'Revenue entry updated.'

export const REVENUE_VOIDED = 'Revenue entry voided.'

export const REVENUE_EDIT_TITLE = 'Edit Revenue Entry'

export const REVENUE_VOID_TITLE = 'Void Revenue Entry'

export const REVENUE_VOID_WARNING = 'A voided entry stays listed but no longer counts towards Monthly Revenue.'

export const REVENUE_LOAD_FAILED = 'Failed to load revenue entries'

export const REVENUE_PAGE_TITLE = 'Revenue'

export const REVENUE_QUERY_INVALID = {
	page: 'page must be a whole number from 1',
	limit: `limit must be a whole number from 1 to ${REVENUE_LIMITS.apiMaxLimit}`,
}

/**
 * The revenue form's and corrections' zod schemas, shared by the page
 * actions (through Conform), the browser and /api/admin/revenue*.
 * Each field reports one message at a time.
 */

/** The largest revenue entry accepted: $100,000,000. */
export const MAX_REVENUE_CENTS = 100_000_000 * 100

/** "2026-11" for a moment (UTC). */
export function utcMonth(moment: Date) {
	return moment.toISOString().slice(0, 7)
}

const BrokerSchema = stringField(REVENUE_MESSAGES.brokerRequired, [
	[(v) => v.length <= 100, REVENUE_MESSAGES.brokerTooLong],
	[(v) => !CONTROL_CHARS.test(v), REVENUE_MESSAGES.brokerInvalid],
])

/** A report month "YYYY-MM" from 2000-01 up to the current month (UTC). */
export const MonthSchema = z
	.string({ required_error: REVENUE_MESSAGES.monthRequired, invalid_type_error: REVENUE_MESSAGES.monthRequired })
	.trim()
	.superRefine((value, ctx) => {
		const match = /^(\d{4})-(\d{2})$/.exec(value)
		const message =
			value.length === 0
				? REVENUE_MESSAGES.monthRequired
				: !match || Number(match[1]) < 2000 || Number(match[2]) < 1 || Number(match[2]) > 12
					? REVENUE_MESSAGES.monthFormat
					: value > utcMonth(new Date())
						? REVENUE_MESSAGES.monthFuture
						: null
		if (message) ctx.addIssue({ code: z.ZodIssueCode.custom, message })
	})

function checkCents(cents: number, ctx: z.RefinementCtx) {
	if (cents <= 0) ctx.addIssue({ code: z.ZodIssueCode.custom, message: REVENUE_MESSAGES.amountPositive })
	else if (cents > MAX_REVENUE_CENTS)
		ctx.addIssue({ code: z.ZodIssueCode.custom, message: REVENUE_MESSAGES.amountTooLarge })
}

/**
 * The form's amount: digits with up to 2 decimals, an optional leading $ and
 * thousands commas ("$1,250.50"); read as whole cents without float maths.
 */
const AmountTextSchema = z
	.string({ required_error: REVENUE_MESSAGES.amountRequired, invalid_type_error: REVENUE_MESSAGES.amountRequired })
	.trim()
	.transform((value, ctx) => {
		if (value.length === 0) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, message: REVENUE_MESSAGES.amountRequired })
			return z.NEVER
		}
		const plain = value.replace(/^\$/, '')
		const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(plain)
		if (!match) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, message: REVENUE_MESSAGES.amountFormat })
			return z.NEVER
		}
		const dollars = match[1]!.replace(/,/g, '').replace(/^0+(?=\d)/, '')
		if (dollars.length > 12) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, message: REVENUE_MESSAGES.amountTooLarge })
			return z.NEVER
		}
		const cents = Number(dollars) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
		checkCents(cents, ctx)
		return cents
	})

/** The API's amount: a JSON number of US dollars with at most 2 decimals. */
const AmountNumberSchema = z
	.number({ required_error: REVENUE_MESSAGES.amountRequired, invalid_type_error: REVENUE_MESSAGES.amountFormat })
	.transform((value, ctx) => {
		const cents = Math.round(value * 100)
		if (!Number.isFinite(value) || Math.abs(value * 100 - cents) > 1e-6 || !Number.isSafeInteger(cents)) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, message: REVENUE_MESSAGES.amountFormat })
			return z.NEVER
		}
		checkCents(cents, ctx)
		return cents
	})

/** The dashboard's revenue form; `amount` comes out in cents. */
export const RevenueFormSchema = z.object({
	broker: BrokerSchema,
	month: MonthSchema,
	amount: AmountTextSchema,
})

/** POST /api/admin/revenue: { broker, month, amount } with amount in dollars. */
export const RevenueApiSchema = z
	.object({
		broker: BrokerSchema,
		month: MonthSchema,
		amount: AmountNumberSchema,
	})
	.strict()

/** What the revenue rule takes. */
export type RevenueInput = { broker: string; month: string; amountCents: number }

/**
 * The reason for a correction (edit or void): required, at most
 * REVENUE_LIMITS.reason characters, line breaks allowed but no other control
 * character. The audit log keeps it.
 */
const ReasonSchema = stringField(REVENUE_MESSAGES.reasonRequired, [
	[(v) => v.length <= REVENUE_LIMITS.reason, REVENUE_MESSAGES.reasonTooLong],
	[(v) => !CONTROL_CHARS_EXCEPT_LINE_BREAKS.test(v), REVENUE_MESSAGES.reasonInvalid],
])

/** /admin/revenue/:entryId/edit: every field sent (the form shows the current values); `amount` in cents. */
export const RevenueEditFormSchema = z.object({
	broker: BrokerSchema,
	month: MonthSchema,
	amount: AmountTextSchema,
	reason: ReasonSchema,
})

/** PATCH /api/admin/revenue/:id { broker?, month?, amount? (USD), reason }: at least one change. */
export const RevenueEditApiSchema = z
	.object({
		broker: BrokerSchema.optional(),
		month: MonthSchema.optional(),
		amount: AmountNumberSchema.optional(),
		reason: ReasonSchema,
	})
	.strict()
	.superRefine((value, ctx) => {
		if (value.broker === undefined && value.month === undefined && value.amount === undefined)
			ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['broker'], message: REVENUE_MESSAGES.nothingToChange })
	})

/** What the correction rule takes (amount in cents). */
export type RevenueCorrection = { broker?: string; month?: string; amountCents?: number; reason: string }

/** /admin/revenue/:entryId/void and POST /api/admin/revenue/:id/void { reason }. */
export const RevenueVoidFormSchema = z.object({ reason: ReasonSchema })
export const RevenueVoidApiSchema = RevenueVoidFormSchema.strict()

/**
 * A whole number from 1 to `max`, written plainly ("" is refused too);
 * `fallback` when not given. The number schema inside is what the API's
 * document shows.
 */
const wholeNumber = (max: number, message: string, fallback: number) =>
	z.preprocess(
		(v) => (typeof v === 'string' && /^[1-9]\d{0,15}$/.test(v) ? Number(v) : v),
		z.number({ message }).int({ message }).min(1, { message }).max(max, { message }).default(fallback),
	)

/** GET /api/admin/revenue ?page=1.. &limit=1..100 (default 20); unknown parameters are ignored. */
export const RevenueListApiQuerySchema = z.object({
	page: wholeNumber(REVENUE_LIMITS.maxPage, REVENUE_QUERY_INVALID.page, 1),
	limit: wholeNumber(REVENUE_LIMITS.apiMaxLimit, REVENUE_QUERY_INVALID.limit, REVENUE_LIMITS.pageSize),
})

/** The /admin/revenue page number from its URL: a bad value reads as page 1 (a hand-edited link never fails). */
export function revenuePageFromUrl(searchParams: URLSearchParams) {
	const value = searchParams.get('page') ?? ''
	return /^[1-9]\d{0,6}$/.test(value) ? Math.min(Number(value), REVENUE_LIMITS.maxPage) : 1
}

/** An id in a URL ("/admin/revenue/42/edit"): a plain positive whole number, else null. */
export function parseEntryId(value: string | undefined) {
	return value !== undefined && /^[1-9]\d{0,15}$/.test(value) && Number.isSafeInteger(Number(value))
		? Number(value)
		: null
}

/**
 * GET /api/admin/dashboard/alerts ?limit=1..50 (default 10); anything else
 * is a 400, never a 500.
 */
export const AlertsQuerySchema = z
	.object({
		limit: z
			.string()
			.regex(/^[1-9][0-9]?$/, 'limit must be a whole number from 1 to 50')
			.transform(Number)
			.refine((n) => n <= 50, 'limit must be a whole number from 1 to 50')
			.optional(),
	})
	.strict()
