import { describe, expect, test } from 'vitest'
import { BROKER_REPORT_LIMITS } from '#app/features/broker-reports/schemas.ts'
import { countDataRows } from '#app/utils/csv-read.server.ts'
import { parseReportCsv, REPORT_FILE_MESSAGES } from './csv.server.ts'

const HEADER = 'tracking_id,deposits,withdrawals,volume,commission,month'
const M = '2026-10'

function kinds(content: string) {
	const parsed = parseReportCsv(content, M)
	if (!parsed.ok) throw new Error(parsed.fileError)
	return parsed.problems.map((p) => [p.line, p.kind])
}

describe('parseReportCsv: good files', () => {
	test('reads amounts as cents, any header order and case, BOM, CRLF/LF and empty lines', () => {
		const content = `\uFEFF Month ,TRACKING_ID,Deposits,withdrawals,VOLUME,commission\r\n${M},abc,1250.5,0,100000,12.34\n\n${M},"d,e",7,0.05,0,0\r\n`
		const parsed = parseReportCsv(content, M)
		expect(parsed).toEqual({
			ok: true,
			rowCount: 2,
			problems: [],
			rows: [
				{
					line: 2,
					trackingId: 'abc',
					depositsCents: 125_050,
					withdrawalsCents: 0,
					volumeCents: 10_000_000,
					commissionCents: 1234,
					traderSlug: null,
					netResultCents: null,
				},
				{
					line: 4,
					trackingId: 'd,e',
					depositsCents: 700,
					withdrawalsCents: 5,
					volumeCents: 0,
					commissionCents: 0,
					traderSlug: null,
					netResultCents: null,
				},
			],
		})
	})

	test('a quoted cell over two lines: the row is named by its first line', () => {
		const parsed = parseReportCsv(`${HEADER}\n"a\nb",1,0,0,0,${M}\nc,1,0,0,0,${M}\n`, M)
		expect(parsed.ok && parsed.rows.map((r) => r.line)).toEqual([2, 4])
	})
})

describe('parseReportCsv: file-level errors', () => {
	test.each([
		['', REPORT_FILE_MESSAGES.empty],
		['\uFEFF  \r\n\n', REPORT_FILE_MESSAGES.empty],
		[`${HEADER}\r\n`, REPORT_FILE_MESSAGES.noRows],
	])('%j', (content, message) => {
		expect(parseReportCsv(content, M)).toEqual({ ok: false, fileError: message })
	})

	test.each([
		['tracking_id,deposits,withdrawals,volume,commission'],
		[`${HEADER},note`],
		['tracking_id,deposits,deposits,volume,commission,month'],
		['id,deposit,withdrawal,volume,commission,month'],
	])('wrong header %j', (header) => {
		const parsed = parseReportCsv(`${header}\nabc,1,0,0,0,${M}\n`, M)
		expect(parsed.ok).toBe(false)
		if (!parsed.ok) expect(parsed.fileError).toMatch(/^The first line must be the header tracking_id,deposits/)
	})

	test('a quote that never closes is not CSV, with its line', () => {
		const parsed = parseReportCsv(`${HEADER}\nabc,1,0,0,0,${M}\n"abc,1,0,0,0,${M}\n`, M)
		expect(parsed.ok).toBe(false)
		if (!parsed.ok) expect(parsed.fileError).toMatch(/^The file is not valid CSV \(line 3\)/)
	})

	test('more than 50,000 data rows is refused before parsing; 50,000 is accepted', () => {
		const row = `abc,1,0,0,0,${M}\n`
		const at = `${HEADER}\n${row.repeat(BROKER_REPORT_LIMITS.maxRows)}`
		expect(countDataRows(at)).toBe(50_000)
		expect(parseReportCsv(at, M).ok).toBe(true)
		const over = at + row
		expect(parseReportCsv(over, M)).toEqual({
			ok: false,
			refuse: true,
			fileError: REPORT_FILE_MESSAGES.tooManyRows(50_001),
		})
		expect(REPORT_FILE_MESSAGES.tooManyRows(50_001)).toContain('50,001 data rows; at most 50,000')
	})

	test('countDataRows skips empty lines and line breaks inside quotes', () => {
		expect(countDataRows(`${HEADER}\r\n\r\n"a\r\nb",1\r\n\nc\n`)).toBe(2)
		expect(countDataRows(`${HEADER}`)).toBe(0)
	})
})

describe('parseReportCsv: each bad row kind, with its line', () => {
	test('missing field and extra field', () => {
		expect(kinds(`${HEADER}\nabc,1,0,0\nabd,,0,0,0,${M}\nabe,1,0,0,0,${M},x\n`)).toEqual([
			[2, 'missing_field'],
			[2, 'missing_field'],
			[3, 'missing_field'],
			[4, 'extra_field'],
		])
	})

	test('malformed numbers: separators, currency signs, 3 decimals, words, over $100,000,000', () => {
		const bad = ['1,250.00', '$12', '1.234', 'ten', '1e3', '100000000.01', '.5']
		const content = `${HEADER}\n${bad.map((b, i) => `t${i},"${b}",0,0,0,${M}`).join('\n')}\n`
		expect(kinds(content)).toEqual(bad.map((_, i) => [i + 2, 'malformed_number']))
		const parsed = parseReportCsv(`${HEADER}\nt,100000000.00,0,0,0,${M}\n`, M)
		expect(parsed.ok && parsed.rows[0]!.depositsCents).toBe(10_000_000_000)
	})

	test('negative amount (a leading minus on a number), not a formula', () => {
		const parsed = parseReportCsv(`${HEADER}\nabc,0,-12.50,0,0,${M}\n`, M)
		expect(parsed.ok && parsed.problems).toEqual([
			{ line: 2, kind: 'negative_amount', message: 'withdrawals "-12.50" is negative; amounts are 0 or more.' },
		])
	})

	test('formula cells are kept as text and flagged, in every amount and month column', () => {
		const content = [
			HEADER,
			`abc,+1,0,0,0,${M}`,
			`abd,1,@SUM(A1),0,0,${M}`,
			`abe,1,0,-1+2,0,${M}`,
			`abf,1,0,0,"\t5",${M}`,
			`abg,1,0,0,0,=${M}`,
		].join('\n')
		const parsed = parseReportCsv(content, M)
		expect(parsed.ok && parsed.problems.map((p) => [p.line, p.kind])).toEqual([
			[2, 'formula_cell'],
			[3, 'formula_cell'],
			[4, 'formula_cell'],
			[5, 'formula_cell'],
			[6, 'formula_cell'],
		])
		expect(parsed.ok && parsed.problems[1]!.message).toContain('"@SUM(A1)"')
		expect(parsed.ok && parsed.rows).toEqual([])
	})

	test('a tracking id is read as it is, whatever its first character (issue 37: 1 id in 64 starts with -)', () => {
		const ids = ['-ZhNGFGnZggujrla8IqGrg', '=ZhNGFGnZggujrla8IqGrg', '+ZhNGFGnZggujrla8IqGrg', '@ZhNGFGnZggujrla8IqGr']
		const content = [HEADER, ...ids.map((id, i) => `${id},1${i},0,10,1,${M}`), `"\t-quoted",1,0,0,0,${M}`].join('\n')
		const parsed = parseReportCsv(content, M)
		expect(parsed.ok && parsed.problems).toEqual([])
		expect(parsed.ok && parsed.rows.map((r) => r.trackingId)).toEqual([...ids, '-quoted'])
	})

	test("a month that is not the report's, or not a month", () => {
		expect(kinds(`${HEADER}\nabc,1,0,0,0,2026-09\nabd,1,0,0,0,Oct 2026\nabe,1,0,0,0,2026-13\n`)).toEqual([
			[2, 'wrong_month'],
			[3, 'wrong_month'],
			[4, 'wrong_month'],
		])
	})

	test('a tracking id twice: the later rows are duplicates of the first line', () => {
		const parsed = parseReportCsv(`${HEADER}\nabc,1,0,0,0,${M}\nabd,1,0,0,0,${M}\n abc ,2,0,0,0,${M}\n`, M)
		expect(parsed.ok && parsed.problems).toEqual([
			{ line: 4, kind: 'duplicate_row', message: 'tracking_id "abc" is also on line 2; one row per member.' },
		])
		expect(parsed.ok && parsed.rows.map((r) => r.trackingId)).toEqual(['abc', 'abd'])
	})
})

describe('parseReportCsv: the optional trader and net_result columns (decision 061)', () => {
	const FULL = `${HEADER},trader,net_result`

	test('read when present, either or both, any order and case; a negative net result; blanks are null', () => {
		const content = `Net_Result,${HEADER},TRADER\n-40.25,abc,100,0,0,0,${M}, Amara-Okafor \n125.5,abd,0,0,0,0,${M},amara-okafor\n,abe,0,0,0,0,${M},\n7,abf,0,0,0,0,${M},\n`
		const parsed = parseReportCsv(content, M)
		expect(parsed.ok && parsed.problems).toEqual([])
		expect(parsed.ok && parsed.rows.map((r) => [r.trackingId, r.traderSlug, r.netResultCents])).toEqual([
			['abc', 'amara-okafor', -4025],
			['abd', 'amara-okafor', 12_550],
			['abe', null, null],
			['abf', null, 700],
		])
		const onlyTrader = parseReportCsv(`${HEADER},trader\nabc,1,0,0,0,${M},\n`, M)
		expect(onlyTrader.ok && onlyTrader.rows[0]).toMatchObject({ traderSlug: null, netResultCents: null })
	})

	test('a file without the columns reads exactly as before', () => {
		const parsed = parseReportCsv(`${HEADER}\nabc,1,0,0,0,${M}\n`, M)
		expect(parsed.ok && parsed.rows[0]).toMatchObject({ traderSlug: null, netResultCents: null })
		expect(parsed.ok && parsed.problems).toEqual([])
	})

	test('a net_result that is not a number, a formula, a trader without its net result, a malformed slug: listed with the line', () => {
		const content = [
			FULL,
			`a1,0,0,0,0,${M},amara-okafor,ten`,
			`a2,0,0,0,0,${M},amara-okafor,"1,250.00"`,
			`a3,0,0,0,0,${M},amara-okafor,=1+2`,
			`a4,0,0,0,0,${M},amara-okafor,`,
			`a5,0,0,0,0,${M},not a slug!,1`,
			`a6,0,0,0,0,${M},amara-okafor,-100000000.01`,
			`a7,0,0,0,0,${M},amara-okafor,-0`,
		].join('\n')
		const parsed = parseReportCsv(content, M)
		if (!parsed.ok) throw new Error(parsed.fileError)
		expect(parsed.problems.map((p) => [p.line, p.kind])).toEqual([
			[2, 'malformed_number'],
			[3, 'malformed_number'],
			[4, 'formula_cell'],
			[5, 'missing_field'],
			[6, 'unknown_trader'],
			[7, 'malformed_number'],
		])
		expect(parsed.problems[0]!.message).toBe(
			'net_result "ten" is not a number in US dollars (digits with up to 2 decimals and an optional minus, like 125.50 or -40.25).',
		)
		expect(parsed.problems[3]!.message).toBe(
			"net_result is missing; a row naming a trader needs the member's net result.",
		)
		expect(parsed.rows.map((r) => [r.trackingId, r.netResultCents])).toEqual([['a7', 0]])
	})

	test('a header with the optional columns twice, or an unknown extra column, is refused', () => {
		for (const header of [`${FULL},trader`, `${HEADER},traders`]) {
			const parsed = parseReportCsv(`${header}\nabc,1,0,0,0,${M},x,1\n`, M)
			expect(parsed.ok).toBe(false)
			if (!parsed.ok) expect(parsed.fileError).toContain('optionally with trader and net_result')
		}
	})

	test('a row longer than a header with the optional columns is an extra field', () => {
		expect(kinds(`${FULL}\nabc,1,0,0,0,${M},amara-okafor,1,extra\n`)).toEqual([[2, 'extra_field']])
	})
})
