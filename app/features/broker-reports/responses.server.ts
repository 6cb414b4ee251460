import { id, isoDateTime, z } from '#app/utils/api-schema.server.ts'
import { BROKER_REPORT_LIMITS } from './schemas.ts'

/**
 * What the broker reports' /api routes answer: the schemas describe the
 * answers in the OpenAPI document and are the models' types (`z.infer`).
 */

export const BrokerReportSchema = z
	.object({
		id: id(),
		brokerSlug: z.string(),
		month: z.string().regex(/^\d{4}-\d{2}$/),
		fileName: z.string(),
		rowCount: z.number().int().min(0),
		deposits: z.number().openapi({ description: 'US dollars, the sum of the rows.' }),
		withdrawals: z.number(),
		volume: z.number().openapi({ description: 'Traded volume, US dollars.' }),
		commission: z.number().openapi({ description: 'US dollars; recorded as a revenue entry.' }),
		revenueEntryId: z.number().int().nullable().openapi({ description: 'Null when the commission was 0.' }),
		appliedAt: isoDateTime(),
		appliedBy: z
			.string()
			.nullable()
			.openapi({ description: "The staff member's email; null once the account is gone." }),
		reversedAt: isoDateTime().nullable(),
		replacedById: z.number().int().nullable(),
		state: z.enum(['applied', 'replaced', 'reversed']),
	})
	.strict()
	.openapi('BrokerReport')
export type PublicBrokerReport = z.infer<typeof BrokerReportSchema>
export type BrokerReportState = PublicBrokerReport['state']

const ReportRowErrorSchema = z
	.object({
		line: z.number().int().min(1).openapi({ description: 'The line in the file (the header is line 1).' }),
		kind: z.enum([
			'missing_field',
			'extra_field',
			'malformed_number',
			'negative_amount',
			'formula_cell',
			'wrong_month',
			'duplicate_row',
			'unknown_tracking_id',
			'other_broker',
			'unknown_trader',
		]),
		message: z.string(),
	})
	.strict()
export type ReportRowError = z.infer<typeof ReportRowErrorSchema>

const ReportTotalsSchema = z
	.object({
		rows: z.number().int().min(0),
		members: z.number().int().min(0),
		deposits: z.number(),
		withdrawals: z.number(),
		volume: z.number(),
		commission: z.number(),
	})
	.strict()
/** Amounts in US dollars (cents / 100). */
export type ReportTotals = z.infer<typeof ReportTotalsSchema>

export const ReportPreviewSchema = z
	.object({
		broker: z.object({ slug: z.string(), name: z.string() }).strict(),
		month: z.string().regex(/^\d{4}-\d{2}$/),
		fileName: z.string(),
		// SHA-256 of the file's text, hex.
		contentSha256: z.string().regex(/^[0-9a-f]{64}$/),
		rowCount: z.number().int().min(0).openapi({ description: 'Data rows in the file, good and bad.' }),
		totals: ReportTotalsSchema.openapi({ description: 'The good rows only; amounts in US dollars.' }),
		// A problem with the whole file; then there are no rows.
		fileError: z.string().nullable().openapi({ description: 'Empty file, wrong header, not CSV, no data rows.' }),
		errors: z
			.array(ReportRowErrorSchema)
			.openapi({ description: `The bad rows' problems by line, the first ${BROKER_REPORT_LIMITS.listedErrors}.` }),
		errorCount: z.number().int().min(0).openapi({ description: 'Problems in all (a row may have several).' }),
		badRows: z.number().int().min(0).openapi({ description: 'Rows with at least one problem.' }),
		// The applied report this one would replace (same broker and month, or the same file).
		applied: z.union([BrokerReportSchema, z.null()]),
		// True when `applied` is this very file.
		sameFile: z.boolean(),
		canApply: z
			.boolean()
			.openapi({ description: 'Every row is good (a replace is still needed when `applied` is set).' }),
	})
	.strict()
	.openapi('BrokerReportPreview')
export type ReportPreview = z.infer<typeof ReportPreviewSchema>

/** An apply that wrote (201). */
export const ReportAppliedSchema = z
	.object({ report: BrokerReportSchema, replaced: z.array(BrokerReportSchema), alreadyApplied: z.literal(false) })
	.strict()
/** A replace by the very file applied for that broker and month (200): nothing changed. */
export const ReportKeptSchema = z
	.object({ report: BrokerReportSchema, replaced: z.array(BrokerReportSchema).max(0), alreadyApplied: z.literal(true) })
	.strict()
