import { countDataRows, csvHeader, parseCsvRecords, quoteCell, recordLine } from '#app/utils/csv-read.server.ts'
import { BROKER_REPORT_LIMITS } from '#app/features/broker-reports/schemas.ts'
import { OPTIONAL_REPORT_COLUMNS, REPORT_COLUMNS } from './schemas.ts'

/**
 * A broker's monthly report file (docs/broker-reports.md): the syntax
 * only. The checks that need the database (whose tracking id, applied
 * before) are in app/features/broker-reports/broker-reports.server.ts, which calls this.
 *
 * UTF-8 (a byte-order mark is allowed), comma separated, RFC 4180 quotes,
 * CRLF or LF line ends, empty lines skipped. The header names the six
 * columns below (case and surrounding spaces ignored, any order, no other
 * column). Amounts are US dollars with up to 2 decimals, digits and one
 * dot only (no thousands separators, no currency sign); month is YYYY-MM.
 *
 * An amount or month cell a spreadsheet would run as a formula (starting
 * with =, +, -, @, a tab or a carriage return) is kept as text and its row
 * is bad; an amount like `-12.50` is a negative amount instead. The
 * tracking id is never read as a formula: it is an opaque id the platform
 * issued, matched as it is against the members' ids (ids issued before
 * issue 37 may start with `-`), and one it did not issue is an unknown
 * tracking id. Formula safety belongs to what we write out
 * (app/utils/csv.ts).
 *
 * Two optional columns (issue 40 part 4, decision 061) may follow, either
 * or both: `trader`, the slug of the trader the member copied that month
 * (checked against the registry by the caller), and `net_result`, the
 * member's result for the month after the broker's fees in US dollars,
 * negative allowed (`-40.25`). A row naming a trader needs its net result;
 * a net result without a trader is kept but counts for no trader.
 */
export { OPTIONAL_REPORT_COLUMNS, REPORT_COLUMNS }
export type ReportColumn = (typeof REPORT_COLUMNS)[number] | (typeof OPTIONAL_REPORT_COLUMNS)[number]
const AMOUNT_COLUMNS = ['deposits', 'withdrawals', 'volume', 'commission'] as const
type AmountColumn = (typeof AMOUNT_COLUMNS)[number]

/** What is wrong with a row; the message names the column and the value. */
export type RowProblemKind =
	| 'missing_field'
	| 'extra_field'
	| 'malformed_number'
	| 'negative_amount'
	| 'formula_cell'
	| 'wrong_month'
	| 'duplicate_row'
	| 'unknown_tracking_id'
	| 'other_broker'
	| 'unknown_trader'

export type RowProblem = { line: number; kind: RowProblemKind; message: string }

/** A row whose cells all read: amounts in cents. */
export type ParsedRow = {
	line: number
	trackingId: string
	depositsCents: number
	withdrawalsCents: number
	volumeCents: number
	commissionCents: number
	/** The `trader` cell (a slug, lower case), null when blank or without the column. */
	traderSlug: string | null
	/** The `net_result` cell in cents (negative allowed), null when blank or without the column. */
	netResultCents: number | null
}

export type ParsedReport =
	/** `refuse`: more rows than one report may have (refused before anything is parsed). */
	| { ok: false; fileError: string; refuse?: boolean }
	| {
			ok: true
			/** Data rows in the file (good and bad). */
			rowCount: number
			/** The rows without a syntax problem, in file order (duplicates are still in). */
			rows: ParsedRow[]
			problems: RowProblem[]
	  }

export const REPORT_FILE_MESSAGES = {
	empty: 'The file is empty.',
	noRows: 'The file has a header but no data rows.',
	tooManyRows: (count: number) =>
		`The file has ${count.toLocaleString('en-US')} data rows; at most ${BROKER_REPORT_LIMITS.maxRows.toLocaleString('en-US')} are accepted in one report. Split it by month or ask the broker for a smaller file.`,
	header: (found: string) =>
		`The first line must be the header ${REPORT_COLUMNS.join(',')} (any order, any case), optionally with ${OPTIONAL_REPORT_COLUMNS.join(' and ')}; found "${found.slice(0, 120)}".`,
	syntax: (line: number | undefined, detail: string) =>
		`The file is not valid CSV${line ? ` (line ${line})` : ''}: ${detail}.`,
} as const

const FORMULA_START = /^[=+\-@\t\r]/
const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/
const NEGATIVE_AMOUNT = /^-\s*\d+(\.\d+)?$/
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/
const SIGNED_AMOUNT = /^-?\d{1,12}(\.\d{1,2})?$/
/** A trader's slug as the registry writes them (lower case letters, digits, single hyphens). */
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/
const TRADER_SLUG_MAX = 80

/** "12.50" → 1250; null when malformed. */
function toCents(text: string): number | null {
	if (!AMOUNT.test(text)) return null
	const [whole, fraction = ''] = text.split('.') as [string, string?]
	return Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
}

/**
 * Reads a report file for `month` ("YYYY-MM"): the file-level error (empty,
 * wrong header, not CSV, no data rows, too many rows) or every data row,
 * each either read or listed with its problems (line numbers count the
 * header as line 1; a row spanning lines is named by its first line).
 */
export function parseReportCsv(content: string, month: string): ParsedReport {
	if (content.replace(/^\uFEFF/, '').trim() === '') return { ok: false, fileError: REPORT_FILE_MESSAGES.empty }
	const count = countDataRows(content)
	if (count > BROKER_REPORT_LIMITS.maxRows) {
		return { ok: false, fileError: REPORT_FILE_MESSAGES.tooManyRows(count), refuse: true }
	}
	const parsed = parseCsvRecords(content, REPORT_FILE_MESSAGES.syntax)
	if (!parsed.ok) return parsed
	const [header, ...data] = parsed.records
	if (!header) return { ok: false, fileError: REPORT_FILE_MESSAGES.empty }
	const { index } = csvHeader(header.record)
	const optional = OPTIONAL_REPORT_COLUMNS.filter((column) => index.has(column))
	const columns = [...REPORT_COLUMNS, ...optional]
	const headerOk =
		header.record.length === columns.length &&
		index.size === columns.length &&
		columns.every((column) => index.has(column))
	if (!headerOk) return { ok: false, fileError: REPORT_FILE_MESSAGES.header(header.record.join(',')) }
	if (data.length === 0) return { ok: false, fileError: REPORT_FILE_MESSAGES.noRows }
	const at = (column: ReportColumn) => index.get(column)

	const rows: ParsedRow[] = []
	const problems: RowProblem[] = []
	/** The first line of each tracking id. */
	const seen = new Map<string, number>()
	for (const { record, info } of data) {
		const line = recordLine({ record, info })
		const before = problems.length
		const problem = (kind: RowProblemKind, message: string) => problems.push({ line, kind, message })
		if (record.length > columns.length) {
			problem('extra_field', `The row has ${record.length} fields; the header has ${columns.length}.`)
		}
		const cell = (column: ReportColumn) => {
			const i = at(column)
			return i === undefined ? undefined : record[i]
		}
		const missing = REPORT_COLUMNS.filter((column) => (cell(column) ?? '').trim() === '')
		for (const column of missing) problem('missing_field', `${column} is missing.`)

		const trackingId = (cell('tracking_id') ?? '').trim()
		if (trackingId !== '') {
			if (trackingId.length > BROKER_REPORT_LIMITS.trackingId) {
				problem('unknown_tracking_id', `tracking_id is longer than ${BROKER_REPORT_LIMITS.trackingId} characters.`)
			}
			const first = seen.get(trackingId)
			if (first === undefined) seen.set(trackingId, line)
			else
				problem('duplicate_row', `tracking_id ${quoteCell(trackingId)} is also on line ${first}; one row per member.`)
		}
		const cents = {} as Record<AmountColumn, number>
		for (const column of AMOUNT_COLUMNS) {
			const raw = cell(column) ?? ''
			const text = raw.trim()
			if (text === '') continue
			if (NEGATIVE_AMOUNT.test(text)) {
				problem('negative_amount', `${column} ${quoteCell(text)} is negative; amounts are 0 or more.`)
			} else if (FORMULA_START.test(raw)) {
				problem('formula_cell', `${column} ${quoteCell(raw)} looks like a spreadsheet formula; kept as text.`)
			} else {
				const value = toCents(text)
				if (value === null) {
					problem(
						'malformed_number',
						`${column} ${quoteCell(text)} is not an amount in US dollars (digits with up to 2 decimals, like 1250.50; no thousands separators).`,
					)
				} else if (value > BROKER_REPORT_LIMITS.maxAmountCents) {
					problem('malformed_number', `${column} ${quoteCell(text)} is over $100,000,000.`)
				} else {
					cents[column] = value
				}
			}
		}
		const monthRaw = cell('month') ?? ''
		const rowMonth = monthRaw.trim()
		if (rowMonth !== '') {
			if (FORMULA_START.test(monthRaw)) {
				problem('formula_cell', `month ${quoteCell(monthRaw)} looks like a spreadsheet formula; kept as text.`)
			} else if (!MONTH.test(rowMonth)) {
				problem('wrong_month', `month ${quoteCell(rowMonth)} is not a month like ${month}.`)
			} else if (rowMonth !== month) {
				problem('wrong_month', `month ${rowMonth} is not the report's month (${month}).`)
			}
		}
		const traderText = (cell('trader') ?? '').trim().toLowerCase()
		if (traderText !== '' && (traderText.length > TRADER_SLUG_MAX || !SLUG.test(traderText))) {
			problem('unknown_trader', `trader ${quoteCell(traderText)} is not a trader's slug (like amara-okafor).`)
		}
		const netRaw = cell('net_result') ?? ''
		const netText = netRaw.trim()
		let netResultCents: number | null = null
		if (netText === '') {
			if (traderText !== '') {
				problem('missing_field', "net_result is missing; a row naming a trader needs the member's net result.")
			}
		} else if (SIGNED_AMOUNT.test(netText)) {
			const negative = netText.startsWith('-')
			const value = toCents(negative ? netText.slice(1) : netText)!
			if (value > BROKER_REPORT_LIMITS.maxAmountCents) {
				problem('malformed_number', `net_result ${quoteCell(netText)} is over $100,000,000.`)
			} else {
				netResultCents = negative && value !== 0 ? -value : value
			}
		} else if (FORMULA_START.test(netRaw) && !netText.startsWith('-')) {
			problem('formula_cell', `net_result ${quoteCell(netRaw)} looks like a spreadsheet formula; kept as text.`)
		} else {
			problem(
				'malformed_number',
				`net_result ${quoteCell(netText)} is not a number in US dollars (digits with up to 2 decimals and an optional minus, like 125.50 or -40.25).`,
			)
		}
		if (problems.length === before) {
			rows.push({
				line,
				trackingId,
				depositsCents: cents.deposits,
				withdrawalsCents: cents.withdrawals,
				volumeCents: cents.volume,
				commissionCents: cents.commission,
				traderSlug: traderText === '' ? null : traderText,
				netResultCents,
			})
		}
	}
	return { ok: true, rowCount: data.length, rows, problems }
}
