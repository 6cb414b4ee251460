import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import {
	checkTradesWithinEquity,
	decodeStatement,
	EQUITY_COLUMNS,
	equityOverlap,
	parseEquityCsv,
	parseStatementCsv,
	parseTradesCsv,
	STATEMENT_FILE_MESSAGES,
	STATEMENT_LIMITS,
	TRADE_COLUMNS,
	tradesOverlap,
	type StatementRowError,
	type TradeColumn,
} from '#app/features/traders/statements-csv.server.ts'

const EQ = EQUITY_COLUMNS.join(',')
const TR = TRADE_COLUMNS.join(',')
const DAY_MS = 24 * 60 * 60 * 1000

const GOOD_TRADE: Record<TradeColumn, string> = {
	ticket: '1001',
	opened_at: '2026-03-02T08:00:00Z',
	closed_at: '2026-03-02T09:00:00Z',
	symbol: 'EURUSD',
	side: 'buy',
	volume: '1',
	open_price: '1.1',
	close_price: '1.2',
	stop_loss: '',
	profit: '10',
}

/** A trades row: the good one with some cells changed (none may hold a comma or a quote). */
function trade(cells: Partial<Record<TradeColumn, string>> = {}) {
	const row = { ...GOOD_TRADE, ...cells }
	return TRADE_COLUMNS.map((column) => row[column]).join(',')
}

function equity(text: string) {
	const parsed = parseEquityCsv(text)
	if (!parsed.ok) throw new Error(parsed.fileError)
	return parsed
}

function trades(text: string) {
	const parsed = parseTradesCsv(text)
	if (!parsed.ok) throw new Error(parsed.fileError)
	return parsed
}

const kinds = (errors: StatementRowError[]) => errors.map((e) => [e.line, e.kind])

/** Consecutive days from `start` ("YYYY-MM-DD"). */
function days(start: string, n: number) {
	const t = Date.parse(`${start}T00:00:00Z`)
	return Array.from({ length: n }, (_, i) => new Date(t + i * DAY_MS).toISOString().slice(0, 10))
}

describe('parseEquityCsv: good files', () => {
	test('BOM, CRLF and LF, an empty line, the header in another order and case, empty deposits and withdrawals', () => {
		const text = `\uFEFF Withdrawals ,DATE,Equity,deposits\r\n,2026-03-02,10000,10000\r\n\r\n0,2026-03-03,10125.4,\n12.5,2026-03-06,10112.90,0\r\n`
		expect(parseEquityCsv(text)).toEqual({
			ok: true,
			rowCount: 3,
			errors: [],
			badRows: 0,
			rows: [
				{ line: 2, date: '2026-03-02', equity: 10000, deposits: 10000, withdrawals: 0 },
				{ line: 4, date: '2026-03-03', equity: 10125.4, deposits: 0, withdrawals: 0 },
				{ line: 5, date: '2026-03-06', equity: 10112.9, deposits: 0, withdrawals: 12.5 },
			],
		})
		expect(parseStatementCsv('equity', text)).toEqual(parseEquityCsv(text))
	})

	test('a quoted cell over two lines: the row is named by its first line', () => {
		const parsed = equity(`${EQ}\n"2026-03-02\nx",100,,\n2026-03-03,100,,\r\n"2026-03-04",100,"",""\n`)
		expect(kinds(parsed.errors)).toEqual([[2, 'malformed_date']])
		expect(parsed.rows.map((r) => r.line)).toEqual([4, 5])
	})

	test('numbers: up to 15 digits and 10 decimals, leading zeros', () => {
		const good = ['123456789012345', '0.0000000001', '12345.1234567890', '007.50', '0']
		const dates = days('2026-03-01', good.length)
		const parsed = equity(`${EQ}\n${good.map((g, i) => `${dates[i]},${g},,`).join('\n')}\n`)
		expect(parsed.errors).toEqual([])
		expect(parsed.rows.map((r) => r.equity)).toEqual([123456789012345, 0.0000000001, 12345.123456789, 7.5, 0])
	})
})

describe('parseTradesCsv: good files', () => {
	test('times, sides and symbols are normalised; an empty stop loss is null; profit may be negative', () => {
		const text = [
			` Profit ,SYMBOL,Ticket,opened_at,CLOSED_AT,side,volume,open_price,close_price,stop_loss`,
			`125.4,eurusd,1001,2026-03-02T08:00:00Z,2026-03-02T09:30:15.5Z,BUY,1,1.08412,1.0854,1.082`,
			`-52.1,xauusd.m,1002,2026-03-02T10:00:00.123456+00:00,2026-03-03T10:00:00+00:00,Sell,0.05,2911.4,2921.65,`,
			`0,#us30-x_y,A-1003,2026-03-03T00:00:00Z,2026-03-03T00:00:00Z,buy,0.01,84210.5,84210.5,`,
			`3.75,btc/usd,1004,2026-03-03T12:00:00.9Z,2026-03-04T12:00:00.000Z,sell,0.1,84210.5,84100,85000`,
		].join('\r\n')
		expect(parseTradesCsv(text)).toEqual({
			ok: true,
			rowCount: 4,
			errors: [],
			badRows: 0,
			rows: [
				{
					line: 2,
					ticket: '1001',
					openedAt: '2026-03-02T08:00:00.000Z',
					closedAt: '2026-03-02T09:30:15.500Z',
					symbol: 'EURUSD',
					side: 'buy',
					volume: 1,
					openPrice: 1.08412,
					closePrice: 1.0854,
					stopLoss: 1.082,
					profit: 125.4,
				},
				{
					line: 3,
					ticket: '1002',
					openedAt: '2026-03-02T10:00:00.123Z',
					closedAt: '2026-03-03T10:00:00.000Z',
					symbol: 'XAUUSD.M',
					side: 'sell',
					volume: 0.05,
					openPrice: 2911.4,
					closePrice: 2921.65,
					stopLoss: null,
					profit: -52.1,
				},
				{
					line: 4,
					ticket: 'A-1003',
					openedAt: '2026-03-03T00:00:00.000Z',
					closedAt: '2026-03-03T00:00:00.000Z',
					symbol: '#US30-X_Y',
					side: 'buy',
					volume: 0.01,
					openPrice: 84210.5,
					closePrice: 84210.5,
					stopLoss: null,
					profit: 0,
				},
				{
					line: 5,
					ticket: '1004',
					openedAt: '2026-03-03T12:00:00.900Z',
					closedAt: '2026-03-04T12:00:00.000Z',
					symbol: 'BTC/USD',
					side: 'sell',
					volume: 0.1,
					openPrice: 84210.5,
					closePrice: 84100,
					stopLoss: 85000,
					profit: 3.75,
				},
			],
		})
	})

	test('a quoted multi-line ticket: named by its first line, and the next row keeps its own line', () => {
		const parsed = trades(`${TR}\n${trade({ ticket: '"12\n3"' })}\n${trade({ ticket: '"1,2"' })}\n`)
		expect(kinds(parsed.errors)).toEqual([[2, 'malformed_ticket']])
		expect(parsed.rows.map((r) => [r.line, r.ticket])).toEqual([[4, '1,2']])
	})
})

describe('file-level errors', () => {
	test.each([
		['', STATEMENT_FILE_MESSAGES.empty],
		['\uFEFF  \r\n\n', STATEMENT_FILE_MESSAGES.empty],
		[`${EQ}\r\n`, STATEMENT_FILE_MESSAGES.noRows],
		[`${EQ}\n\n\r\n`, STATEMENT_FILE_MESSAGES.noRows],
	])('equity %j', (text, fileError) => {
		expect(parseEquityCsv(text)).toEqual({ ok: false, fileError })
	})

	test('trades: empty and header only', () => {
		expect(parseTradesCsv('')).toEqual({ ok: false, fileError: STATEMENT_FILE_MESSAGES.empty })
		expect(parseTradesCsv(`\uFEFF${TR}\n`)).toEqual({ ok: false, fileError: STATEMENT_FILE_MESSAGES.noRows })
	})

	test.each([
		['date,equity,deposits'],
		[`${EQ},note`],
		['date,equity,deposits,deposits'],
		['day,equity,deposit,withdrawal'],
	])('wrong equity header %j: the expected header and what was found', (header) => {
		expect(parseEquityCsv(`${header}\n2026-03-02,1,,\n`)).toEqual({
			ok: false,
			fileError: `The first line must be the equity header date,equity,deposits,withdrawals (any order, any case, no other column); found "${header}".`,
		})
	})

	test("the other kind's header says so", () => {
		const asEquity = parseEquityCsv(`${TR}\n${trade()}\n`)
		expect(asEquity.ok === false && asEquity.fileError).toMatch(
			/^The first line must be the equity header .* That is the header of a trades statement \(kind=trades\)\.$/,
		)
		const asTrades = parseTradesCsv(`${EQ}\n2026-03-02,1,,\n`)
		expect(asTrades.ok === false && asTrades.fileError).toMatch(
			/^The first line must be the trades header ticket,opened_at,closed_at,symbol,side,volume,open_price,close_price,stop_loss,profit .*\(kind=equity\)\.$/,
		)
	})

	test('a quote that never closes is not CSV, with its line', () => {
		const parsed = parseEquityCsv(`${EQ}\n2026-03-02,1,,\n"2026-03-03,1,,\n`)
		expect(parsed.ok === false && parsed.fileError).toMatch(/^The file is not valid CSV \(line 3\): /)
	})

	test('a semicolon-separated file, a tab-separated file', () => {
		const semicolons = 'The file must be comma-separated; the header looks separated by semicolons.'
		const tabs = 'The file must be comma-separated; the header looks separated by tabs.'
		expect(parseEquityCsv('\uFEFFdate;equity;deposits;withdrawals\r\n2026-03-02;100,5;;\r\n')).toEqual({
			ok: false,
			fileError: semicolons,
		})
		expect(parseEquityCsv('\n\ndate\tequity\tdeposits\twithdrawals\n2026-03-02\t100\t\t\n')).toEqual({
			ok: false,
			fileError: tabs,
		})
		expect(parseTradesCsv(`${TRADE_COLUMNS.join(';')}\n`)).toEqual({ ok: false, fileError: semicolons })
		expect(parseTradesCsv(`${TRADE_COLUMNS.join('\t')}\n`)).toEqual({ ok: false, fileError: tabs })
	})

	test('500,000 data rows are read; 500,001 are refused before parsing', () => {
		expect(STATEMENT_LIMITS.maxRows).toBe(500_000)
		const dates = days('1900-01-01', STATEMENT_LIMITS.maxRows)
		const at = `${EQ}\n${dates.map((d) => `${d},1000,,`).join('\n')}\n`
		const parsed = equity(at)
		expect([parsed.rowCount, parsed.rows.length, parsed.errors.length, parsed.badRows]).toEqual([
			500_000, 500_000, 0, 0,
		])

		const tooMany = STATEMENT_FILE_MESSAGES.tooManyRows(500_001)
		expect(tooMany).toContain('500,001 data rows; at most 500,000')
		expect(parseEquityCsv(`${at}x\n`)).toEqual({ ok: false, refuse: true, fileError: tooMany })
		expect(parseTradesCsv(`${TR}\n${'x\n'.repeat(500_001)}`)).toEqual({ ok: false, refuse: true, fileError: tooMany })
	})
})

describe('decodeStatement', () => {
	test('10,000,000 bytes are accepted, 10,000,001 refused with tooLarge', () => {
		const at = decodeStatement(new Uint8Array(10_000_000).fill(0x61))
		expect(at.ok && at.text.length).toBe(10_000_000)
		expect(decodeStatement(new Uint8Array(10_000_001).fill(0x61))).toEqual({
			ok: false,
			tooLarge: true,
			fileError: STATEMENT_FILE_MESSAGES.tooLarge,
		})
		expect(STATEMENT_FILE_MESSAGES.tooLarge).toContain('10,000,000 bytes')
	})

	test.each([
		['invalid UTF-8 bytes', new Uint8Array([0x64, 0x61, 0x74, 0x65, 0xc3, 0x28])],
		['Latin-1 text', new Uint8Array([...new TextEncoder().encode('date,equity\nSoci'), 0xe9, 0x74, 0xe9])],
		['a UTF-16 LE byte-order mark', new Uint8Array(Buffer.from(`\uFEFF${EQ}\n`, 'utf16le'))],
		['a UTF-16 BE byte-order mark', new Uint8Array([0xfe, 0xff, 0x00, 0x64, 0x00, 0x61])],
		['a NUL byte', new Uint8Array([0x64, 0x00, 0x61])],
	])('%s: not UTF-8 text', (_, bytes) => {
		expect(decodeStatement(bytes)).toEqual({ ok: false, fileError: 'The file is not UTF-8 text.' })
	})

	test('UTF-8 with and without a byte-order mark', () => {
		const body = `${EQ}\n2026-03-02,1250.5,,\n`
		const withBom = decodeStatement(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(body)]))
		expect(withBom).toEqual({ ok: true, text: body })
		expect(decodeStatement(new TextEncoder().encode('Société'))).toEqual({ ok: true, text: 'Société' })
		expect(decodeStatement(new Uint8Array())).toEqual({ ok: true, text: '' })
	})
})

describe('parseEquityCsv: bad rows, with their line and reason', () => {
	test('dates out of order and gaps: exactly 4 days apart is allowed, 5 is a gap', () => {
		const parsed = equity(
			[
				EQ,
				'2026-03-02,100,,',
				'2026-03-06,100,,', // 4 days apart
				'2026-03-11,100,,', // 5 days apart: a gap, and the previous row of the next
				'2026-03-10,100,,', // before 03-11: out of order, not the previous row of the next
				'2026-03-12,100,,', // a day after 03-11
				'2026-03-12,100,,', // the same day again
				'2026-02-30,100,,', // not a day: skipped for ordering
				'2026-03-13,100,,', // a day after 03-12 (line 6)
			].join('\n'),
		)
		expect(parsed.errors).toEqual([
			{
				line: 4,
				kind: 'date_gap',
				reason:
					"date 2026-03-11 is 5 days after the previous row's 2026-03-06 (line 3); consecutive rows may be at most 4 days apart.",
			},
			{
				line: 5,
				kind: 'date_order',
				reason: "date 2026-03-10 is before the previous row's 2026-03-11 (line 4); dates must be in ascending order.",
			},
			{
				line: 7,
				kind: 'date_order',
				reason: "date 2026-03-12 is the same as the previous row's (line 6); one row per day.",
			},
			{
				line: 8,
				kind: 'malformed_date',
				reason: 'date "2026-02-30" is not a date like 2026-03-02 (YYYY-MM-DD, a real calendar day).',
			},
		])
		expect(parsed.rows.map((r) => r.line)).toEqual([2, 3, 6, 9])
		expect([parsed.rowCount, parsed.badRows]).toEqual([8, 4])
	})

	test('a gap of 6 days', () => {
		const parsed = equity(`${EQ}\n2026-02-27,1,,\n2026-03-01,1,,\n2026-03-02,1,,\n2026-03-03,1,,\n2026-03-09,1,,\n`)
		expect(parsed.errors.map((e) => e.reason)).toEqual([
			"date 2026-03-09 is 6 days after the previous row's 2026-03-03 (line 5); consecutive rows may be at most 4 days apart.",
		])
	})

	test('real calendar dates only', () => {
		const bad = [
			'2025-02-29',
			'2026-04-31',
			'2026-13-01',
			'2026-00-10',
			'2026-03-00',
			'0000-01-01',
			'2026-3-1',
			'03/01/2026',
			'2026-03-01T00:00:00Z',
			'20260301',
		]
		const parsed = equity(`${EQ}\n2024-02-29,1,,\n${bad.map((d) => `${d},1,,`).join('\n')}\n2024-03-01,1,,\n`)
		expect(kinds(parsed.errors)).toEqual(bad.map((_, i) => [i + 3, 'malformed_date']))
		expect(parsed.rows.map((r) => r.date)).toEqual(['2024-02-29', '2024-03-01'])
	})

	test('a negative equity; deposits on a row with no equity (empty, or 0 with deposits); a negative deposit', () => {
		const parsed = equity(
			[
				EQ,
				'2026-03-02,-5,,',
				'2026-03-03,,,',
				'2026-03-04,0,250,',
				'2026-03-05,0,,', // 0 without deposits is read
				'2026-03-06,0,0,100', // everything withdrawn
				'2026-03-07,10,-250,',
			].join('\n'),
		)
		expect(parsed.errors).toEqual([
			{ line: 2, kind: 'negative_equity', reason: 'equity "-5" is negative; equity is 0 or more.' },
			{ line: 3, kind: 'no_equity', reason: 'equity is empty; every row needs the end-of-day equity.' },
			{
				line: 4,
				kind: 'no_equity',
				reason: `deposits "250" on a row whose equity is 0; the day's deposits are in its end-of-day equity.`,
			},
			{ line: 7, kind: 'negative_amount', reason: 'deposits "-250" is negative; deposits is 0 or more.' },
		])
		expect(parsed.rows.map((r) => r.line)).toEqual([5, 6])
	})

	test('malformed numbers: separators, currency signs, exponents, too many digits or decimals', () => {
		const bad = ['1,250.00', '$12', '1e3', '.5', '5.', '12.12345678901', '1234567890123456', '- 5', 'ten', '12 500']
		const dates = days('2026-03-01', bad.length)
		const parsed = equity(`${EQ}\n${bad.map((b, i) => `${dates[i]},"${b}",,`).join('\n')}\n`)
		expect(kinds(parsed.errors)).toEqual(bad.map((_, i) => [i + 2, 'malformed_number']))
		expect(parsed.errors[0]!.reason).toBe(
			'equity "1,250.00" is not a number: digits with a dot for decimals, like 1250.50 (no thousands separators, no currency sign, no exponent).',
		)
		expect(parsed.errors[5]!.reason).toBe(
			'equity "12.12345678901" has too many digits (at most 15 digits, 10 of them decimals).',
		)
	})

	test('formula cells are kept as text and flagged, in every column', () => {
		const parsed = equity(
			[
				EQ,
				'2026-03-02,=1+1,,',
				'2026-03-03,1,+5,',
				'2026-03-04,1,,@SUM(A1)',
				'2026-03-05,"\t5",,',
				'=TODAY(),1,,',
			].join('\n'),
		)
		expect(kinds(parsed.errors)).toEqual([
			[2, 'formula_cell'],
			[3, 'formula_cell'],
			[4, 'formula_cell'],
			[5, 'formula_cell'],
			[6, 'formula_cell'],
		])
		expect(parsed.errors[2]!.reason).toBe('withdrawals "@SUM(A1)" looks like a spreadsheet formula; kept as text.')
		expect(parsed.rows).toEqual([])
	})

	test('missing and extra fields', () => {
		const parsed = equity(`${EQ}\n2026-03-02,1\n,1,,\n2026-03-03,1,,,x\n`)
		expect(parsed.errors).toEqual([
			{ line: 2, kind: 'missing_field', reason: 'The row has 2 fields; the header has 4.' },
			{ line: 3, kind: 'missing_field', reason: 'date is missing.' },
			{ line: 4, kind: 'extra_field', reason: 'The row has 5 fields; the header has 4.' },
		])
	})

	test('a long value is quoted and cut to 40 characters', () => {
		const parsed = equity(`${EQ}\n2026-03-02,${'9'.repeat(50)}x,,\n`)
		expect(parsed.errors[0]!.reason).toMatch(new RegExp(`^equity "${'9'.repeat(39)}…" is not a number`))
	})
})

describe('parseTradesCsv: bad rows, with their line and reason', () => {
	test('an unknown side', () => {
		const parsed = trades(`${TR}\n${trade({ side: 'long' })}\n${trade({ ticket: '2', side: 'SELL ' })}\n`)
		expect(parsed.errors).toEqual([{ line: 2, kind: 'unknown_side', reason: 'side "long" is neither buy nor sell.' }])
		expect(parsed.rows.map((r) => r.side)).toEqual(['sell'])
	})

	test('a close before its open (a close at its open is read)', () => {
		const parsed = trades(
			[
				TR,
				trade({ closed_at: '2026-03-02T07:59:59.999Z' }),
				trade({ ticket: '2', closed_at: '2026-03-02T08:00:00.000+00:00' }),
			].join('\n'),
		)
		expect(parsed.errors).toEqual([
			{
				line: 2,
				kind: 'close_before_open',
				reason: 'closed_at 2026-03-02T07:59:59.999Z is before opened_at 2026-03-02T08:00:00.000Z.',
			},
		])
		expect(parsed.rows.map((r) => r.ticket)).toEqual(['2'])
	})

	test('duplicate tickets name the first line; the first is read', () => {
		const parsed = trades(
			[TR, trade({ ticket: '1' }), trade({ ticket: '2' }), trade({ ticket: ' 1 ' }), trade({ ticket: '1' })].join('\n'),
		)
		expect(parsed.errors).toEqual([
			{ line: 4, kind: 'duplicate_ticket', reason: 'ticket "1" is also on line 2; each trade once.' },
			{ line: 5, kind: 'duplicate_ticket', reason: 'ticket "1" is also on line 2; each trade once.' },
		])
		expect(parsed.rows.map((r) => r.ticket)).toEqual(['1', '2'])
	})

	test('malformed timestamps', () => {
		const bad = [
			'2026-03-02 08:00:00Z',
			'2026-03-02T08:00:00',
			'2026-03-02T08:00:00+01:00',
			'2026-03-02T08:00Z',
			'2026-02-30T08:00:00Z',
			'2026-03-02T24:00:00Z',
			'2026-03-02T08:60:00Z',
			'2026-03-02T08:00:60Z',
			'2026-03-02T08:00:00.Z',
			'2026-03-02T08:00:00.1234567890Z',
			'1772438400',
		]
		const parsed = trades(`${TR}\n${bad.map((b, i) => trade({ ticket: `t${i}`, opened_at: b })).join('\n')}\n`)
		expect(kinds(parsed.errors)).toEqual(bad.map((_, i) => [i + 2, 'malformed_date']))
		expect(parsed.errors[0]!.reason).toBe(
			'opened_at "2026-03-02 08:00:00Z" is not a UTC time like 2026-03-02T14:05:09Z (ISO 8601, Z or +00:00, a real calendar day).',
		)
	})

	test('malformed symbols and tickets', () => {
		const parsed = trades(
			[
				TR,
				trade({ ticket: '1', symbol: 'EUR USD' }),
				trade({ ticket: '2', symbol: 'ABCDEFGHIJKLMNOPQRSTU' }),
				trade({ ticket: '3', symbol: 'EUR$' }),
				trade({ ticket: '4', symbol: 'ABCDEFGHIJKLMNOPQRST' }),
				trade({ ticket: 'x'.repeat(65) }),
			].join('\n'),
		)
		expect(kinds(parsed.errors)).toEqual([
			[2, 'malformed_symbol'],
			[3, 'malformed_symbol'],
			[4, 'malformed_symbol'],
			[6, 'malformed_ticket'],
		])
		expect(parsed.errors[0]!.reason).toBe('symbol "EUR USD" is not a symbol: 1 to 20 letters, digits and . / _ - #.')
		expect(parsed.rows.map((r) => r.symbol)).toEqual(['ABCDEFGHIJKLMNOPQRST'])
	})

	test('volume and prices more than 0; a stop loss empty or more than 0; profit any sign', () => {
		const parsed = trades(
			[
				TR,
				trade({ ticket: '1', volume: '0' }),
				trade({ ticket: '2', volume: '-1' }),
				trade({ ticket: '3', open_price: '0' }),
				trade({ ticket: '4', close_price: '-1.2' }),
				trade({ ticket: '5', stop_loss: '0' }),
				trade({ ticket: '6', stop_loss: '-1' }),
				trade({ ticket: '7', profit: '-12.5' }),
				trade({ ticket: '8', profit: '1,5' }),
			].join('\n'),
		)
		expect(parsed.errors).toEqual([
			{ line: 2, kind: 'not_positive', reason: 'volume "0" is 0; volume is more than 0.' },
			{ line: 3, kind: 'negative_amount', reason: 'volume "-1" is negative; volume is more than 0.' },
			{ line: 4, kind: 'not_positive', reason: 'open_price "0" is 0; open_price is more than 0.' },
			{ line: 5, kind: 'negative_amount', reason: 'close_price "-1.2" is negative; close_price is more than 0.' },
			{ line: 6, kind: 'not_positive', reason: 'stop_loss "0" is 0; leave stop_loss empty when the trade had none.' },
			{ line: 7, kind: 'negative_amount', reason: 'stop_loss "-1" is negative; stop_loss is more than 0.' },
			{ line: 9, kind: 'extra_field', reason: 'The row has 11 fields; the header has 10.' },
		])
		expect(parsed.rows.map((r) => r.profit)).toEqual([-12.5])
	})

	test('missing fields, formula cells', () => {
		const parsed = trades(
			[
				TR,
				trade({ ticket: '', profit: '' }),
				trade({ ticket: '=1' }),
				trade({ ticket: '2', symbol: '@EURUSD' }),
				trade({ ticket: '3', side: '+buy' }),
			].join('\n'),
		)
		expect(parsed.errors).toEqual([
			{ line: 2, kind: 'missing_field', reason: 'ticket is missing.' },
			{ line: 2, kind: 'missing_field', reason: 'profit is missing.' },
			{ line: 3, kind: 'formula_cell', reason: 'ticket "=1" looks like a spreadsheet formula; kept as text.' },
			{ line: 4, kind: 'formula_cell', reason: 'symbol "@EURUSD" looks like a spreadsheet formula; kept as text.' },
			{ line: 5, kind: 'formula_cell', reason: 'side "+buy" looks like a spreadsheet formula; kept as text.' },
		])
		expect([parsed.rowCount, parsed.badRows, parsed.rows.length]).toEqual([4, 4, 0])
	})
})

describe('checkTradesWithinEquity', () => {
	const closes = ['2026-03-01T00:00:00Z', '2026-03-31T23:59:59.999Z', '2026-02-28T23:59:59Z', '2026-04-01T00:00:00Z']
	const rows = trades(
		`${TR}\n${closes.map((c, i) => trade({ ticket: `${i}`, opened_at: '2026-02-01T00:00:00Z', closed_at: c })).join('\n')}\n`,
	).rows

	test('trades close within from..to inclusive, by the UTC date of closedAt', () => {
		expect(checkTradesWithinEquity(rows, { from: '2026-03-01', to: '2026-03-31' })).toEqual([
			{
				line: 4,
				kind: 'outside_equity_dates',
				reason:
					"closed_at 2026-02-28T23:59:59.000Z is on 2026-02-28, outside the equity statement's dates (2026-03-01 to 2026-03-31). Upload the equity for that day first.",
			},
			{
				line: 5,
				kind: 'outside_equity_dates',
				reason:
					"closed_at 2026-04-01T00:00:00.000Z is on 2026-04-01, outside the equity statement's dates (2026-03-01 to 2026-03-31). Upload the equity for that day first.",
			},
		])
		expect(checkTradesWithinEquity(rows, { from: '2026-02-28', to: '2026-04-01' })).toEqual([])
	})

	test('no equity stored: every trade is outside', () => {
		const errors = checkTradesWithinEquity(rows, null)
		expect(kinds(errors)).toEqual([2, 3, 4, 5].map((line) => [line, 'outside_equity_dates']))
		expect(errors[0]!.reason).toBe(
			"closed_at 2026-03-01T00:00:00.000Z is outside the equity statement's dates: no equity is stored for this trader yet. Upload the equity statement first.",
		)
	})
})

describe('equityOverlap and tradesOverlap', () => {
	const rows = equity(
		`${EQ}\n${days('2026-03-02', 4)
			.map((d) => `${d},1,,`)
			.join('\n')}\n`,
	).rows

	test.each([
		['nothing stored', null, { overlaps: false, appends: false, shared: null }],
		[
			'starts after the last stored date',
			{ from: '2026-01-01', to: '2026-03-01' },
			{ overlaps: false, appends: true, shared: null },
		],
		[
			'shares its first days',
			{ from: '2026-01-01', to: '2026-03-03' },
			{ overlaps: true, appends: false, shared: { from: '2026-03-02', to: '2026-03-03' } },
		],
		[
			'covers the stored range',
			{ from: '2026-03-03', to: '2026-03-04' },
			{ overlaps: true, appends: false, shared: { from: '2026-03-03', to: '2026-03-04' } },
		],
		[
			'shares its last day',
			{ from: '2026-03-05', to: '2026-04-30' },
			{ overlaps: true, appends: false, shared: { from: '2026-03-05', to: '2026-03-05' } },
		],
		[
			'ends before the stored range',
			{ from: '2026-03-06', to: '2026-04-30' },
			{ overlaps: false, appends: false, shared: null },
		],
	])('%s', (_, stored, expected) => {
		expect(equityOverlap(rows, stored)).toEqual(expected)
	})

	test('no rows overlap nothing', () => {
		expect(equityOverlap([], { from: '2026-01-01', to: '2026-12-31' })).toEqual({
			overlaps: false,
			appends: false,
			shared: null,
		})
	})

	test('tradesOverlap: the tickets stored already', () => {
		const parsed = trades(`${TR}\n${trade({ ticket: '1001' })}\n${trade({ ticket: '1002' })}\n`)
		expect(tradesOverlap(parsed.rows, new Set(['1002', '9999']))).toEqual({ overlaps: true, tickets: ['1002'] })
		expect(tradesOverlap(parsed.rows, new Set())).toEqual({ overlaps: false, tickets: [] })
	})
})

describe('the sample files in docs/', () => {
	const read = (name: string) => {
		const decoded = decodeStatement(readFileSync(new URL(`../../../docs/${name}`, import.meta.url)))
		if (!decoded.ok) throw new Error(decoded.fileError)
		return decoded.text
	}

	test('are good, and the trades close within the equity dates', () => {
		const eq = equity(read('sample-trader-equity.csv'))
		const tr = trades(read('sample-trader-trades.csv'))
		expect([eq.errors, tr.errors]).toEqual([[], []])
		expect([eq.rows.length, tr.rows.length]).toEqual([8, 7])
		const range = { from: eq.rows[0]!.date, to: eq.rows.at(-1)!.date }
		expect(checkTradesWithinEquity(tr.rows, range)).toEqual([])
	})
})
