import type { EquityPoint, StoredTrade } from './metrics.ts'
import { STATEMENT_KINDS, type StatementKind } from '#app/domain/enums.ts'
import {
	countDataRows,
	csvHeader,
	parseCsvRecords,
	quoteCell,
	recordLine,
	type CsvRecords,
} from '#app/utils/csv-read.server.ts'
import { BROKER_REPORT_LIMITS } from '#app/features/broker-reports/schemas.ts'

/**
 * A trader's two statement files (docs/trader-statements.md): the daily
 * equity and the closed trades. The syntax and the rules inside one file
 * only; what needs the stored statements (the equity dates a trade must
 * close in, the dates or tickets an upload overlaps) is decided by the
 * caller with checkTradesWithinEquity and equityOverlap/tradesOverlap.
 *
 * As broker reports (app/features/broker-reports/csv.server.ts): UTF-8
 * (a byte-order mark is allowed), comma separated, RFC 4180 quotes, CRLF
 * or LF line ends, empty lines skipped; the header names the kind's
 * columns (case and surrounding spaces ignored, any order, no other
 * column). Line numbers count the header as line 1; a row spanning lines
 * is named by its first line. The rows are counted before anything is
 * parsed, so a huge file is refused cheaply.
 *
 * Numbers are plain decimals with a dot (`-?\d+(\.\d+)?`, at most 10
 * decimals and 15 digits): no thousands separators, no exponent, no
 * currency sign. A cell starting with =, +, @, a tab or a carriage return
 * is a formula cell (kept as text, its row is bad) in every column; a
 * leading `-` on a number is a negative number, an error where negatives
 * are not allowed.
 */

export { STATEMENT_KINDS, type StatementKind }

/** The equity file's header, in the documented order (any order and case is read). */
export const EQUITY_COLUMNS = ['date', 'equity', 'deposits', 'withdrawals'] as const
/** The trades file's header, in the documented order (any order and case is read). */
export const TRADE_COLUMNS = [
	'ticket',
	'opened_at',
	'closed_at',
	'symbol',
	'side',
	'volume',
	'open_price',
	'close_price',
	'stop_loss',
	'profit',
] as const
export type EquityColumn = (typeof EQUITY_COLUMNS)[number]
export type TradeColumn = (typeof TRADE_COLUMNS)[number]

const COLUMNS: Record<StatementKind, readonly string[]> = { equity: EQUITY_COLUMNS, trades: TRADE_COLUMNS }

export const STATEMENT_LIMITS = {
	/** Data rows in one file; 500,001 is refused before anything is parsed. */
	maxRows: 500_000,
	/** The largest file: 10,000,000 bytes is accepted, one more is refused (413). */
	maxBytes: 10_000_000,
	/** Consecutive equity rows may be at most this many days apart. */
	maxGapDays: 4,
	/** Bad rows listed on the page and in the API's answer (the count covers all of them), as for broker reports. */
	listedErrors: BROKER_REPORT_LIMITS.listedErrors,
} as const

/** A ticket longer than this is malformed. */
export const TICKET_MAX_CHARS = 64

export function isStatementKind(value: unknown): value is StatementKind {
	return typeof value === 'string' && (STATEMENT_KINDS as readonly string[]).includes(value)
}

/** What is wrong with a row; the reason names the column and the value. */
export type StatementRowErrorKind =
	| 'missing_field'
	| 'extra_field'
	| 'malformed_number'
	| 'negative_amount'
	/** 0 where more than 0 is needed (volume, prices, a stop loss that is given). */
	| 'not_positive'
	| 'formula_cell'
	/** A date or a timestamp that is not one, or not a real calendar day. */
	| 'malformed_date'
	| 'date_order'
	| 'date_gap'
	| 'negative_equity'
	/** Empty equity, or equity 0 on a row with deposits. */
	| 'no_equity'
	| 'unknown_side'
	| 'close_before_open'
	| 'duplicate_ticket'
	/** Longer than TICKET_MAX_CHARS or with a control character (a line break). */
	| 'malformed_ticket'
	| 'malformed_symbol'
	| 'outside_equity_dates'

export type StatementRowError = { line: number; kind: StatementRowErrorKind; reason: string }

/** A good equity row: `date` YYYY-MM-DD (UTC), amounts in the account currency. */
export type EquityRow = EquityPoint & { line: number }

/** A good closed trade: times as `YYYY-MM-DDTHH:MM:SS.sssZ`, side lowercase, symbol uppercase. */
export type TradeRow = StoredTrade & { line: number }

export type ParsedStatement<Row> =
	/**
	 * Nothing was read. `tooLarge`: over maxBytes (413); `refuse`: more
	 * rows than one file may have (refused before anything is parsed).
	 */
	| { ok: false; fileError: string; tooLarge?: boolean; refuse?: boolean }
	| {
			ok: true
			/** Data rows in the file (good and bad). */
			rowCount: number
			/** The rows without an error, in file order. */
			rows: Row[]
			/** Every error, in line order (a row may have several). */
			errors: StatementRowError[]
			/** Data rows with at least one error. */
			badRows: number
	  }

const count = (n: number) => n.toLocaleString('en-US')

export const STATEMENT_FILE_MESSAGES = {
	empty: 'The file is empty.',
	noRows: 'The file has a header but no data rows.',
	tooLarge: `The file is larger than 10 MB (${count(STATEMENT_LIMITS.maxBytes)} bytes). Split it by date and upload the parts in order.`,
	notUtf8: 'The file is not UTF-8 text.',
	tooManyRows: (rows: number) =>
		`The file has ${count(rows)} data rows; at most ${count(STATEMENT_LIMITS.maxRows)} are accepted in one file. Split it by date and upload the parts in order.`,
	delimiter: (separator: 'semicolons' | 'tabs') =>
		`The file must be comma-separated; the header looks separated by ${separator}.`,
	header: (kind: StatementKind, found: string, looksLike?: StatementKind) =>
		`The first line must be the ${kind} header ${COLUMNS[kind].join(',')} (any order, any case, no other column); found "${found.slice(0, 120)}".${
			looksLike ? ` That is the header of a ${looksLike} statement (kind=${looksLike}).` : ''
		}`,
	syntax: (line: number | undefined, detail: string) =>
		`The file is not valid CSV${line ? ` (line ${line})` : ''}: ${detail}.`,
} as const

const FORMULA_START = /^[=+@\t\r]/
const NUMBER = /^-?(\d+)(?:\.(\d+))?$/
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:Z|\+00:00)$/
const SYMBOL = /^[A-Z0-9./_#-]{1,20}$/
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/
const DAY_MS = 24 * 60 * 60 * 1000
const MAX_DECIMALS = 10
const MAX_DIGITS = 15

/**
 * An uploaded file's bytes as text: refused when larger than maxBytes
 * (`tooLarge`, 413) or when not UTF-8 text (invalid UTF-8, a UTF-16
 * byte-order mark, a NUL byte). A UTF-8 byte-order mark is dropped.
 */
export function decodeStatement(
	bytes: Uint8Array,
): { ok: true; text: string } | { ok: false; fileError: string; tooLarge?: boolean } {
	if (bytes.byteLength > STATEMENT_LIMITS.maxBytes) {
		return { ok: false, fileError: STATEMENT_FILE_MESSAGES.tooLarge, tooLarge: true }
	}
	const utf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)
	if (utf16 || bytes.includes(0)) return { ok: false, fileError: STATEMENT_FILE_MESSAGES.notUtf8 }
	try {
		return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) }
	} catch {
		return { ok: false, fileError: STATEMENT_FILE_MESSAGES.notUtf8 }
	}
}

function isLeap(year: number) {
	return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
}

/** Days since 1970-01-01 of a real calendar day (years 0001-9999), else null. */
function dayNumber(year: number, month: number, day: number): number | null {
	if (year < 1 || month < 1 || month > 12 || day < 1) return null
	const days = [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!
	if (day > days) return null
	// setUTCFullYear, unlike Date.UTC, reads years 0-99 as they are.
	return new Date(0).setUTCFullYear(year, month - 1, day) / DAY_MS
}

/** "2026-03-01" → its day number; null when not YYYY-MM-DD or not a real day. */
function readDate(text: string): number | null {
	const m = DATE.exec(text)
	return m ? dayNumber(Number(m[1]), Number(m[2]), Number(m[3])) : null
}

/** An ISO 8601 UTC time → `YYYY-MM-DDTHH:MM:SS.sssZ` (fractions beyond milliseconds cut); null when not one. */
function readTimestamp(text: string): string | null {
	const m = TIMESTAMP.exec(text)
	if (!m) return null
	const [, year, month, day, hours, minutes, seconds, fraction = ''] = m
	if (dayNumber(Number(year), Number(month), Number(day)) === null) return null
	if (Number(hours) > 23 || Number(minutes) > 59 || Number(seconds) > 59) return null
	return `${year}-${month}-${day}T${hours}:${minutes}:${seconds}.${fraction.padEnd(3, '0').slice(0, 3)}Z`
}

type Table = { ok: true; data: CsvRecords; index: Map<string, number> }

/** The file-level checks and the parse, for either kind. */
function readTable(text: string, kind: StatementKind): Table | { ok: false; fileError: string; refuse?: boolean } {
	const content = text.replace(/^\uFEFF/, '')
	if (content.trim() === '') return { ok: false, fileError: STATEMENT_FILE_MESSAGES.empty }
	const firstLine = /^[\r\n]*([^\r\n]*)/.exec(content)![1]!
	if (!firstLine.includes(',')) {
		if (firstLine.includes(';')) return { ok: false, fileError: STATEMENT_FILE_MESSAGES.delimiter('semicolons') }
		if (firstLine.includes('\t')) return { ok: false, fileError: STATEMENT_FILE_MESSAGES.delimiter('tabs') }
	}
	const rowCount = countDataRows(content)
	if (rowCount > STATEMENT_LIMITS.maxRows) {
		return { ok: false, fileError: STATEMENT_FILE_MESSAGES.tooManyRows(rowCount), refuse: true }
	}
	const parsed = parseCsvRecords(content, STATEMENT_FILE_MESSAGES.syntax)
	if (!parsed.ok) return parsed
	const [header, ...data] = parsed.records
	if (!header) return { ok: false, fileError: STATEMENT_FILE_MESSAGES.empty }
	const { index, matches } = csvHeader(header.record)
	if (!matches(COLUMNS[kind])) {
		const other = STATEMENT_KINDS.find((k) => k !== kind && matches(COLUMNS[k]))
		return { ok: false, fileError: STATEMENT_FILE_MESSAGES.header(kind, header.record.join(','), other) }
	}
	if (data.length === 0) return { ok: false, fileError: STATEMENT_FILE_MESSAGES.noRows }
	// countDataRows reads quotes more simply than the parser; the parsed count is the one that holds.
	if (data.length > STATEMENT_LIMITS.maxRows) {
		return { ok: false, fileError: STATEMENT_FILE_MESSAGES.tooManyRows(data.length), refuse: true }
	}
	return { ok: true, data, index }
}

type Sign = 'signed' | 'zeroOrMore' | 'moreThanZero'

/** One data row's cells and the errors found in them (pushed to `errors` with the row's line). */
function rowReader<Column extends string>(
	columns: readonly Column[],
	table: Table,
	entry: CsvRecords[number],
	errors: StatementRowError[],
) {
	const { record, info } = entry
	const line = recordLine({ record, info })
	const before = errors.length
	const problem = (kind: StatementRowErrorKind, reason: string) => {
		errors.push({ line, kind, reason })
	}
	if (record.length > columns.length) {
		problem('extra_field', `The row has ${record.length} fields; the header has ${columns.length}.`)
	} else if (record.length < columns.length) {
		const fields = `${record.length} ${record.length === 1 ? 'field' : 'fields'}`
		problem('missing_field', `The row has ${fields}; the header has ${columns.length}.`)
	}

	/** The cell trimmed ('' when empty); null when the row is too short or the cell is a formula (both reported). */
	const text = (column: Column): string | null => {
		const raw = record[table.index.get(column)!]
		if (raw === undefined) return null
		if (FORMULA_START.test(raw)) {
			problem('formula_cell', `${column} ${quoteCell(raw)} looks like a spreadsheet formula; kept as text.`)
			return null
		}
		return raw.trim()
	}

	/** As text, with an empty cell reported missing (null). */
	const required = (column: Column): string | null => {
		const value = text(column)
		if (value === '') {
			problem('missing_field', `${column} is missing.`)
			return null
		}
		return value
	}

	/** A number cell's value (not empty); null when it is not one or breaks `sign` (reported). */
	const number = (
		column: Column,
		value: string,
		sign: Sign,
		negativeKind: StatementRowErrorKind = 'negative_amount',
	): number | null => {
		const m = NUMBER.exec(value)
		if (!m) {
			problem(
				'malformed_number',
				`${column} ${quoteCell(value)} is not a number: digits with a dot for decimals, like 1250.50 (no thousands separators, no currency sign, no exponent).`,
			)
			return null
		}
		const whole = m[1]!.replace(/^0+/, '')
		const fraction = m[2] ?? ''
		if (fraction.length > MAX_DECIMALS || whole.length + fraction.replace(/0+$/, '').length > MAX_DIGITS) {
			problem(
				'malformed_number',
				`${column} ${quoteCell(value)} has too many digits (at most ${MAX_DIGITS} digits, ${MAX_DECIMALS} of them decimals).`,
			)
			return null
		}
		const n = Number(value) + 0 // -0 is 0
		if (n < 0 && sign !== 'signed') {
			const rule = sign === 'moreThanZero' ? 'more than 0' : '0 or more'
			problem(negativeKind, `${column} ${quoteCell(value)} is negative; ${column} is ${rule}.`)
			return null
		}
		if (n === 0 && sign === 'moreThanZero') {
			problem(
				'not_positive',
				column === 'stop_loss'
					? `${column} ${quoteCell(value)} is 0; leave ${column} empty when the trade had none.`
					: `${column} ${quoteCell(value)} is 0; ${column} is more than 0.`,
			)
			return null
		}
		return n
	}

	return { line, problem, text, required, number, isGood: () => errors.length === before }
}

/**
 * Reads a daily equity file: the file-level error (empty, header only,
 * wrong header or delimiter, not CSV, too many rows) or every data row,
 * each either read or listed with its errors. Date order and gaps are
 * checked between consecutive rows whose date reads and is in order: a row
 * with a malformed date, or one out of order, is not the previous row of
 * the next.
 */
export function parseEquityCsv(text: string): ParsedStatement<EquityRow> {
	const table = readTable(text, 'equity')
	if (!table.ok) return table
	const rows: EquityRow[] = []
	const errors: StatementRowError[] = []
	let previous: { line: number; date: string; day: number } | null = null
	for (const entry of table.data) {
		const r = rowReader(EQUITY_COLUMNS, table, entry, errors)

		const date = r.required('date')
		let day: number | null = null
		if (date !== null) {
			day = readDate(date)
			if (day === null) {
				r.problem(
					'malformed_date',
					`date ${quoteCell(date)} is not a date like 2026-03-02 (YYYY-MM-DD, a real calendar day).`,
				)
			}
		}

		const equityText = r.text('equity')
		let equity: number | null = null
		if (equityText === '') r.problem('no_equity', 'equity is empty; every row needs the end-of-day equity.')
		else if (equityText !== null) equity = r.number('equity', equityText, 'zeroOrMore', 'negative_equity')

		const flow = (column: 'deposits' | 'withdrawals') => {
			const value = r.text(column)
			if (value === null) return { value, amount: null }
			return { value, amount: value === '' ? 0 : r.number(column, value, 'zeroOrMore') }
		}
		const deposits = flow('deposits')
		const withdrawals = flow('withdrawals')
		if (equity === 0 && deposits.amount !== null && deposits.amount > 0) {
			r.problem(
				'no_equity',
				`deposits ${quoteCell(deposits.value!)} on a row whose equity is 0; the day's deposits are in its end-of-day equity.`,
			)
		}

		if (date !== null && day !== null) {
			if (previous === null) {
				previous = { line: r.line, date, day }
			} else {
				const apart = day - previous.day
				if (apart <= 0) {
					r.problem(
						'date_order',
						apart === 0
							? `date ${date} is the same as the previous row's (line ${previous.line}); one row per day.`
							: `date ${date} is before the previous row's ${previous.date} (line ${previous.line}); dates must be in ascending order.`,
					)
				} else {
					if (apart > STATEMENT_LIMITS.maxGapDays) {
						r.problem(
							'date_gap',
							`date ${date} is ${apart} days after the previous row's ${previous.date} (line ${previous.line}); consecutive rows may be at most ${STATEMENT_LIMITS.maxGapDays} days apart.`,
						)
					}
					previous = { line: r.line, date, day }
				}
			}
		}

		if (r.isGood()) {
			rows.push({
				line: r.line,
				date: date!,
				equity: equity!,
				deposits: deposits.amount!,
				withdrawals: withdrawals.amount!,
			})
		}
	}
	const rowCount = table.data.length
	return { ok: true, rowCount, rows, errors, badRows: rowCount - rows.length }
}

/**
 * Reads a closed trades file: the file-level error or every data row, each
 * either read (times normalised to `YYYY-MM-DDTHH:MM:SS.sssZ`, side
 * lowercase, symbol uppercase) or listed with its errors. A ticket seen
 * before is a duplicate of its first line.
 */
export function parseTradesCsv(text: string): ParsedStatement<TradeRow> {
	const table = readTable(text, 'trades')
	if (!table.ok) return table
	const rows: TradeRow[] = []
	const errors: StatementRowError[] = []
	/** The first line of each ticket. */
	const seen = new Map<string, number>()
	for (const entry of table.data) {
		const r = rowReader(TRADE_COLUMNS, table, entry, errors)

		const ticket = r.required('ticket')
		if (ticket !== null) {
			if (ticket.length > TICKET_MAX_CHARS) {
				r.problem('malformed_ticket', `ticket ${quoteCell(ticket)} is longer than ${TICKET_MAX_CHARS} characters.`)
			} else if (CONTROL.test(ticket)) {
				r.problem('malformed_ticket', `ticket ${quoteCell(ticket)} has a line break or another control character.`)
			}
			const first = seen.get(ticket)
			if (first === undefined) seen.set(ticket, r.line)
			else r.problem('duplicate_ticket', `ticket ${quoteCell(ticket)} is also on line ${first}; each trade once.`)
		}

		const time = (column: 'opened_at' | 'closed_at') => {
			const value = r.required(column)
			if (value === null) return null
			const at = readTimestamp(value)
			if (at === null) {
				r.problem(
					'malformed_date',
					`${column} ${quoteCell(value)} is not a UTC time like 2026-03-02T14:05:09Z (ISO 8601, Z or +00:00, a real calendar day).`,
				)
			}
			return at
		}
		const openedAt = time('opened_at')
		const closedAt = time('closed_at')
		if (openedAt !== null && closedAt !== null && closedAt < openedAt) {
			r.problem('close_before_open', `closed_at ${closedAt} is before opened_at ${openedAt}.`)
		}

		const symbolText = r.required('symbol')
		const symbol = symbolText?.toUpperCase() ?? null
		if (symbol !== null && !SYMBOL.test(symbol)) {
			r.problem(
				'malformed_symbol',
				`symbol ${quoteCell(symbolText!)} is not a symbol: 1 to 20 letters, digits and . / _ - #.`,
			)
		}

		const sideText = r.required('side')
		const side = sideText?.toLowerCase() ?? null
		if (side !== null && side !== 'buy' && side !== 'sell') {
			r.problem('unknown_side', `side ${quoteCell(sideText!)} is neither buy nor sell.`)
		}

		const amount = (column: 'volume' | 'open_price' | 'close_price' | 'profit', sign: Sign) => {
			const value = r.required(column)
			return value === null ? null : r.number(column, value, sign)
		}
		const volume = amount('volume', 'moreThanZero')
		const openPrice = amount('open_price', 'moreThanZero')
		const closePrice = amount('close_price', 'moreThanZero')
		const stopLossText = r.text('stop_loss')
		const stopLoss =
			stopLossText === null || stopLossText === '' ? null : r.number('stop_loss', stopLossText, 'moreThanZero')
		const profit = amount('profit', 'signed')

		if (r.isGood()) {
			rows.push({
				line: r.line,
				ticket: ticket!,
				openedAt: openedAt!,
				closedAt: closedAt!,
				symbol: symbol!,
				side: side as 'buy' | 'sell',
				volume: volume!,
				openPrice: openPrice!,
				closePrice: closePrice!,
				stopLoss,
				profit: profit!,
			})
		}
	}
	const rowCount = table.data.length
	return { ok: true, rowCount, rows, errors, badRows: rowCount - rows.length }
}

/** Either kind's parser. */
export function parseStatementCsv(kind: 'equity', text: string): ParsedStatement<EquityRow>
export function parseStatementCsv(kind: 'trades', text: string): ParsedStatement<TradeRow>
export function parseStatementCsv(kind: StatementKind, text: string): ParsedStatement<EquityRow | TradeRow>
export function parseStatementCsv(kind: StatementKind, text: string): ParsedStatement<EquityRow | TradeRow> {
	return kind === 'equity' ? parseEquityCsv(text) : parseTradesCsv(text)
}

/**
 * Trades must close within the equity statement's dates (from..to
 * inclusive, by the UTC date of closedAt); the stored equity range is
 * passed in by the caller (null: no equity is stored, so every trade is
 * outside). One error per trade outside, in the rows' order.
 */
export function checkTradesWithinEquity(
	rows: TradeRow[],
	range: { from: string; to: string } | null,
): StatementRowError[] {
	const errors: StatementRowError[] = []
	for (const row of rows) {
		const day = row.closedAt.slice(0, 10)
		if (range === null) {
			errors.push({
				line: row.line,
				kind: 'outside_equity_dates',
				reason: `closed_at ${row.closedAt} is outside the equity statement's dates: no equity is stored for this trader yet. Upload the equity statement first.`,
			})
		} else if (day < range.from || day > range.to) {
			errors.push({
				line: row.line,
				kind: 'outside_equity_dates',
				reason: `closed_at ${row.closedAt} is on ${day}, outside the equity statement's dates (${range.from} to ${range.to}). Upload the equity for that day first.`,
			})
		}
	}
	return errors
}

/**
 * Overlap with what is stored: `overlaps` when the file's dates (its first
 * to its last) meet the stored range, `shared` being the dates both cover;
 * `appends` when something is stored and the file starts after its last
 * date. The caller refuses an overlapping upload with 409 unless replace.
 */
export function equityOverlap(
	rows: EquityRow[],
	stored: { from: string; to: string } | null,
): { overlaps: boolean; appends: boolean; shared: { from: string; to: string } | null } {
	if (rows.length === 0 || stored === null) return { overlaps: false, appends: false, shared: null }
	let first = rows[0]!.date
	let last = first
	for (const row of rows) {
		if (row.date < first) first = row.date
		if (row.date > last) last = row.date
	}
	const from = first > stored.from ? first : stored.from
	const to = last < stored.to ? last : stored.to
	const overlaps = from <= to
	return { overlaps, appends: first > stored.to, shared: overlaps ? { from, to } : null }
}

/** The file's tickets that are stored already (in file order); the caller refuses with 409 unless replace. */
export function tradesOverlap(rows: TradeRow[], stored: ReadonlySet<string>): { overlaps: boolean; tickets: string[] } {
	const tickets = rows.filter((row) => stored.has(row.ticket)).map((row) => row.ticket)
	return { overlaps: tickets.length > 0, tickets }
}
