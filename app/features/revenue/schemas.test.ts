import { parseWithZod } from '@conform-to/zod'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { REVENUE_LIMITS, REVENUE_MESSAGES as M, REVENUE_QUERY_INVALID } from '#app/features/revenue/schemas.ts'
import {
	parseEntryId,
	RevenueApiSchema,
	RevenueEditApiSchema,
	RevenueEditFormSchema,
	RevenueFormSchema,
	RevenueListApiQuerySchema,
	revenuePageFromUrl,
	RevenueVoidApiSchema,
	utcMonth,
} from './schemas.ts'

afterEach(() => vi.useRealTimers())

function form(values: Record<string, string>) {
	const data = new FormData()
	for (const [k, v] of Object.entries(values)) data.append(k, v)
	return parseWithZod(data, { schema: RevenueFormSchema })
}

function errors(values: Record<string, string>) {
	const result = form(values)
	return result.status === 'error' ? result.error : null
}

describe('RevenueFormSchema (the dashboard form)', () => {
	test('reads broker, month and the amount in cents', () => {
		vi.setSystemTime(new Date('2026-11-21T10:00:00Z'))
		const cases: Array<[string, number]> = [
			['1250', 125_000],
			['1250.5', 125_050],
			['1250.50', 125_050],
			['$1,250.05', 125_005],
			['0.01', 1],
			['007', 700],
			['100000000', 10_000_000_000],
		]
		for (const [amount, cents] of cases) {
			const result = form({ broker: ' Exness ', month: '2026-11', amount })
			expect(result.status, amount).toBe('success')
			if (result.status === 'success')
				expect(result.value).toEqual({ broker: 'Exness', month: '2026-11', amount: cents })
		}
	})

	test('an empty form names every field', () => {
		expect(errors({})).toEqual({ broker: [M.brokerRequired], month: [M.monthRequired], amount: [M.amountRequired] })
		expect(errors({ broker: '   ', month: ' ', amount: ' ' })).toEqual({
			broker: [M.brokerRequired],
			month: [M.monthRequired],
			amount: [M.amountRequired],
		})
	})

	test('bad amounts, months and brokers get their message', () => {
		vi.setSystemTime(new Date('2026-11-21T10:00:00Z'))
		const base = { broker: 'Exness', month: '2026-10', amount: '10' }
		const cases: Array<[Record<string, string>, string, string]> = [
			[{ amount: 'abc' }, 'amount', M.amountFormat],
			[{ amount: '-5' }, 'amount', M.amountFormat],
			[{ amount: '1.234' }, 'amount', M.amountFormat],
			[{ amount: '1e3' }, 'amount', M.amountFormat],
			[{ amount: '0x10' }, 'amount', M.amountFormat],
			[{ amount: 'Infinity' }, 'amount', M.amountFormat],
			[{ amount: '1,2,3' }, 'amount', M.amountFormat],
			[{ amount: '0' }, 'amount', M.amountPositive],
			[{ amount: '0.00' }, 'amount', M.amountPositive],
			[{ amount: '100000000.01' }, 'amount', M.amountTooLarge],
			[{ amount: '9'.repeat(40) }, 'amount', M.amountTooLarge],
			[{ month: '2026-13' }, 'month', M.monthFormat],
			[{ month: '2026-00' }, 'month', M.monthFormat],
			[{ month: '1999-12' }, 'month', M.monthFormat],
			[{ month: '2026-1' }, 'month', M.monthFormat],
			[{ month: '2026-11-01' }, 'month', M.monthFormat],
			[{ month: "2026-10' OR 1=1" }, 'month', M.monthFormat],
			[{ month: '2026-12' }, 'month', M.monthFuture],
			[{ month: '2027-01' }, 'month', M.monthFuture],
			[{ broker: 'x'.repeat(101) }, 'broker', M.brokerTooLong],
			[{ broker: 'Ex\u0000ness' }, 'broker', M.brokerInvalid],
		]
		for (const [override, field, message] of cases) {
			expect(errors({ ...base, ...override }), JSON.stringify(override)).toEqual({ [field]: [message] })
		}
		expect(form({ ...base, month: '2026-11' }).status).toBe('success')
	})
})

describe('RevenueApiSchema (POST /api/admin/revenue)', () => {
	test('takes the amount as a JSON number of dollars', () => {
		vi.setSystemTime(new Date('2026-11-21T10:00:00Z'))
		expect(RevenueApiSchema.parse({ broker: 'XM', month: '2026-11', amount: 1250.5 })).toEqual({
			broker: 'XM',
			month: '2026-11',
			amount: 125_050,
		})
		expect(RevenueApiSchema.parse({ broker: 'XM', month: '2026-11', amount: 0.29 }).amount).toBe(29)
		expect(RevenueApiSchema.parse({ broker: 'XM', month: '2026-11', amount: 1.1 }).amount).toBe(110)
	})

	test('refuses strings, other types, fractions of cents, unknown keys', () => {
		const base = { broker: 'XM', month: '2020-01', amount: 10 }
		const issue = (body: unknown) => {
			const result = RevenueApiSchema.safeParse(body)
			return result.success ? null : result.error.issues.map((i) => `${i.path.join('.') || i.code}: ${i.message}`)
		}
		expect(issue({ ...base, amount: '10' })).toEqual([`amount: ${M.amountFormat}`])
		expect(issue({ ...base, amount: 1.005 })).toEqual([`amount: ${M.amountFormat}`])
		expect(issue({ ...base, amount: -1 })).toEqual([`amount: ${M.amountPositive}`])
		expect(issue({ ...base, amount: 0 })).toEqual([`amount: ${M.amountPositive}`])
		expect(issue({ ...base, amount: 1e300 })).toEqual([`amount: ${M.amountFormat}`])
		expect(issue({ ...base, amount: null })).toEqual([`amount: ${M.amountFormat}`])
		expect(issue({ ...base, broker: ['XM'] })).toEqual([`broker: ${M.brokerRequired}`])
		expect(issue({ ...base, month: 202001 })).toEqual([`month: ${M.monthRequired}`])
		expect(issue({ broker: 'XM', month: '2020-01' })).toEqual([`amount: ${M.amountRequired}`])
		expect(issue({ ...base, adminId: 1 })).toEqual(["unrecognized_keys: Unrecognized key(s) in object: 'adminId'"])
	})
})

test('utcMonth is the UTC month of a moment', () => {
	expect(utcMonth(new Date('2026-11-30T23:59:59Z'))).toBe('2026-11')
	expect(utcMonth(new Date('2026-12-01T00:00:00Z'))).toBe('2026-12')
})

describe('revenue corrections', () => {
	test('the reason is required, at most 500 characters, line breaks allowed, other control characters not', () => {
		const reasonErrors = (reason: unknown) =>
			RevenueVoidApiSchema.safeParse({ reason }).error?.issues.map((i) => i.message) ?? []
		expect(reasonErrors(undefined)).toEqual(['Reason is required'])
		expect(reasonErrors('   ')).toEqual(['Reason is required'])
		expect(reasonErrors('x'.repeat(501))).toEqual(['Reason must be at most 500 characters'])
		expect(reasonErrors('bad\u0007bell')).toEqual(['Reason contains characters that are not allowed'])
		expect(reasonErrors('Line one\nline two')).toEqual([])
		expect(reasonErrors('x'.repeat(500))).toEqual([])
	})

	test('an API edit needs a reason and at least one change; the form reads the amount as cents', () => {
		expect(RevenueEditApiSchema.safeParse({ reason: 'x' }).success).toBe(false)
		expect(RevenueEditApiSchema.parse({ amount: 12.5, reason: ' Re-issued ' })).toEqual({
			amount: 1250,
			reason: 'Re-issued',
		})
		expect(RevenueEditApiSchema.safeParse({ amount: 1, reason: 'x', voided: true }).success).toBe(false)
		expect(
			RevenueEditFormSchema.parse({ broker: 'B', month: '2020-01', amount: '$1,000.10', reason: 'r' }),
		).toMatchObject({ amount: 100_010 })
	})

	test('ids and pages from URLs', () => {
		expect(parseEntryId('42')).toBe(42)
		for (const bad of ['0', '-1', '1.5', 'abc', '', undefined, '99999999999999999999'])
			expect(parseEntryId(bad)).toBeNull()
		expect(revenuePageFromUrl(new URLSearchParams('page=3'))).toBe(3)
		expect(revenuePageFromUrl(new URLSearchParams('page=abc'))).toBe(1)
	})
})

describe('RevenueListApiQuerySchema', () => {
	const parse = (search: string) => RevenueListApiQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(search)))
	test('page and limit default to 1 and the page size', () => {
		expect(parse('').data).toEqual({ page: 1, limit: REVENUE_LIMITS.pageSize })
		expect(parse('page=3&limit=100').data).toEqual({ page: 3, limit: 100 })
	})
	test('an empty, unplain or out-of-range value is its one message', () => {
		for (const [search, path, message] of [
			['page=', 'page', REVENUE_QUERY_INVALID.page],
			['page=0', 'page', REVENUE_QUERY_INVALID.page],
			['page=1.5', 'page', REVENUE_QUERY_INVALID.page],
			['page=1000001', 'page', REVENUE_QUERY_INVALID.page],
			['limit=', 'limit', REVENUE_QUERY_INVALID.limit],
			['limit=101', 'limit', REVENUE_QUERY_INVALID.limit],
			['limit=1e1', 'limit', REVENUE_QUERY_INVALID.limit],
		]) {
			expect(
				parse(search!).error?.issues.map((i) => [i.path.join('.'), i.message]),
				search,
			).toEqual([[path, message]])
		}
	})
})
