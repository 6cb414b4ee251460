import { z } from 'zod'
import { MonthSchema } from './admin-validation.ts'

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
