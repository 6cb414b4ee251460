import { formatMonth } from '#app/utils/admin-format.ts'
import { z } from 'zod'
import { MonthSchema } from '#app/features/revenue/schemas.ts'

/** Broker report import (/admin/brokers/:slug/reports and its API; docs/broker-reports.md). */
export const BROKER_REPORT_LIMITS = {
	/** The largest report file accepted: 5 MiB (5,242,880 bytes); larger is a 413. */
	fileBytes: 5 * 1024 * 1024,
	/** Room for the multipart envelope and the month field around the file. */
	multipartOverheadBytes: 64 * 1024,
	/** Data rows in one report; more is refused with a message. */
	maxRows: 50_000,
	/** The largest single amount: $100,000,000 (as a revenue entry). */
	maxAmountCents: 100_000_000 * 100,
	/** Bad rows listed on the page and in the API's answer (the count covers all of them). */
	listedErrors: 200,
	/** A tracking id longer than this is malformed. */
	trackingId: 100,
	/** Uploads waiting for their confirmation are discarded after a day. */
	uploadTtlMs: 24 * 60 * 60 * 1000,
	/** File names are kept to this many characters. */
	fileName: 200,
} as const

/**
 * The broker report import's words and CSV columns (no server code: the
 * page's component shows them; docs/broker-reports.md).
 */

/** The header of a report file, in the documented order (any order and case is read). */
export const REPORT_COLUMNS = ['tracking_id', 'deposits', 'withdrawals', 'volume', 'commission', 'month'] as const

/**
 * The optional columns (issue 40 part 4, decision 061): the trader the
 * member copies (the trader's public slug) and the member's result for the
 * month after the broker's fees (US dollars, may be negative).
 */
export const OPTIONAL_REPORT_COLUMNS = ['trader', 'net_result'] as const

export const BROKER_REPORT_MESSAGES = {
	brokerNotFound: 'Broker not found',
	uploadNotFound: 'This upload is no longer available (uploads are kept for a day). Upload the file again.',
	hasErrors: (count: number) =>
		`The report has ${count.toLocaleString('en-US')} bad ${count === 1 ? 'row' : 'rows'}; nothing was applied. Fix the file and upload it again.`,
	alreadyApplied: (month: string) =>
		`A report for ${formatMonth(month)} was already applied for this broker. Confirm the replace to reverse it and apply this one.`,
	sameFileApplied: (month: string) =>
		`This file was already applied (the report for ${formatMonth(month)}). Applying it again would change nothing; upload the corrected file to replace it.`,
	sameFileKept: (month: string) =>
		`This file was already applied (the report for ${formatMonth(month)}); nothing was changed.`,
	applied: (month: string, rows: number) =>
		`Report for ${formatMonth(month)} applied: ${rows.toLocaleString('en-US')} ${rows === 1 ? 'row' : 'rows'}.`,
	replaced: (month: string, rows: number) =>
		`Report for ${formatMonth(month)} replaced: the earlier one was reversed and ${rows.toLocaleString('en-US')} ${rows === 1 ? 'row' : 'rows'} applied.`,
} as const

/**
 * The broker report import's inputs (no server code): the page's forms and
 * POST /api/admin/brokers/:slug/reports read them, the OpenAPI document
 * describes them. The month is a report month "YYYY-MM", 2000-01 up to the
 * current month (UTC), as for revenue entries.
 */
export { MonthSchema as ReportMonthSchema }

const Flag = z
	.enum(['1', '0', 'true', 'false'], { message: 'Use 1 or 0' })
	.optional()
	.transform((value) => value === '1' || value === 'true')

/** `?month` (a raw text/csv body's month), `?dryRun=1` (preview only), `?replace=1` (reverse the applied one). */
export const BrokerReportQuerySchema = z
	.object({
		month: MonthSchema.optional(),
		dryRun: Flag,
		replace: Flag,
	})
	.strict()

/** A positive integer id from a form or the query string, or null. */
export function parseUploadId(value: unknown): number | null {
	if (typeof value !== 'string' || !/^[1-9]\d{0,15}$/.test(value)) return null
	const id = Number(value)
	return Number.isSafeInteger(id) ? id : null
}
