import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { traders as tradersTable } from '#db/schema.ts'
import { getDb } from '#db/client.server.ts'
import { makeTrader } from '#tests/trader-factories.ts'
import { commonMonths, compareChoices, compareTraders, nextMonth } from './compare.server.ts'
import { COMPARE_MESSAGES, COMPARE_PICKER_MESSAGES, readCompareIds, readComparePicker } from './schemas.ts'

/**
 * Three listed traders with statements over different dates:
 * A 2025-01-01 to 2026-02-04 (complete months 2025-01 to 2026-01),
 * B 2025-06-15 to 2026-04-10 (June starts too late: 2025-07 to 2026-03),
 * C 2025-03-01 to 2025-09-17 (2025-03 to 2025-08).
 */
function traders() {
	makeTrader({ slug: 'alpha', name: 'Alpha', start: '2025-01-01', days: 400, daily: () => 0.001 })
	makeTrader({
		slug: 'beta',
		name: 'Beta',
		start: '2025-06-15',
		days: 300,
		daily: (i) => (i % 3 === 0 ? -0.004 : 0.002),
	})
	makeTrader({ slug: 'gamma', name: 'Gamma', start: '2025-03-01', days: 200, daily: () => -0.0005 })
}

function compared(ids: string[]) {
	const result = compareTraders(ids)
	if (!result.ok) throw new Error(result.message)
	return result.value
}

describe('compareTraders', () => {
	test('keeps the order asked, with every figure, and the complete months all of them have', () => {
		traders()
		const ab = compared(['beta', 'alpha'])
		expect(ab.traders.map((t) => t.slug)).toEqual(['beta', 'alpha'])
		expect(ab.traders[1]!.metrics.return12m).not.toBeNull()
		expect(ab.months).toEqual(['2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01'])
		expect(ab.monthlyReturns.map((r) => r.month)).toEqual(ab.months)
		// Alpha grows 0.1% a day: July's return is 31 days of it; Beta's come first (the order asked).
		const july = ab.monthlyReturns[0]!
		expect(july.returns[1]).toBeCloseTo(1.001 ** 31 - 1, 6)
		expect(july.returns[0]).not.toBeCloseTo(july.returns[1]!, 4)

		const abc = compared(['alpha', 'beta', 'gamma'])
		expect(abc.months).toEqual(['2025-07', '2025-08'])
		expect(abc.monthlyReturns.every((r) => r.returns.length === 3)).toBe(true)
	})

	test('the index: 100 on the first month’s first day, compounded to each month’s last day', () => {
		traders()
		const { index, monthlyReturns } = compared(['alpha', 'gamma'])
		expect(index.base).toBe(100)
		expect(index.points.map((p) => p.date)).toEqual([
			'2025-03-01',
			'2025-03-31',
			'2025-04-30',
			'2025-05-31',
			'2025-06-30',
			'2025-07-31',
			'2025-08-31',
		])
		expect(index.points[0]!.values).toEqual([100, 100])
		const alpha = monthlyReturns.reduce((level, r) => level * (1 + r.returns[0]!), 100)
		const gamma = monthlyReturns.reduce((level, r) => level * (1 + r.returns[1]!), 100)
		expect(index.points.at(-1)!.values[0]).toBeCloseTo(alpha, 2)
		expect(index.points.at(-1)!.values[1]).toBeCloseTo(gamma, 2)
		expect(alpha).toBeGreaterThan(100)
		expect(gamma).toBeLessThan(100)
	})

	test('a trader on watch can be compared; no month in common gives empty months and index', () => {
		makeTrader({ slug: 'old', name: 'Old', start: '2024-01-01', days: 100, status: 'watch', note: 'Checking.' })
		makeTrader({ slug: 'new', name: 'New', start: '2025-06-01', days: 100 })
		const result = compared(['old', 'new'])
		expect(result.traders.map((t) => [t.slug, t.status])).toEqual([
			['old', 'watch'],
			['new', 'listed'],
		])
		expect(result.months).toEqual([])
		expect(result.monthlyReturns).toEqual([])
		expect(result.index.points).toEqual([])
	})

	test('bad selections are refused with a message naming the problem (400, at `ids`)', () => {
		traders()
		makeTrader({ slug: 'delta', name: 'Delta' })
		makeTrader({ slug: 'eps', name: 'Eps' })
		makeTrader({ slug: 'checking', name: 'Checking', status: 'in_review' })
		makeTrader({ slug: 'gone', name: 'Gone Trader', status: 'retired', note: 'Closed the account.' })
		makeTrader({ slug: 'paused', name: 'Paused Trader', status: 'suspended', note: 'Statements missing.' })
		const refused = (ids: string[]) => {
			const result = compareTraders(ids)
			if (result.ok) throw new Error(`compared ${ids.join()}`)
			expect(result.status).toBe(400)
			expect(result.fieldErrors).toEqual({ ids: [result.message] })
			return result.message
		}
		expect(refused(['alpha', 'beta', 'gamma', 'delta', 'eps'])).toBe(
			'You can compare at most 4 traders at once; you chose 5. Leave some out',
		)
		expect(refused(['alpha', 'beta', 'alpha'])).toBe('“alpha” is chosen more than once; choose each trader once')
		expect(refused(['alpha', 'no-such-trader'])).toBe('No trader has the slug “no-such-trader”')
		// Not reviewed yet: members do not know of it.
		expect(refused(['checking', 'alpha'])).toBe(COMPARE_MESSAGES.unknown('checking'))
		expect(refused(['alpha', 'gone'])).toBe(
			'Gone Trader is retired: only listed traders and traders on watch can be compared',
		)
		expect(refused(['paused', 'alpha'])).toBe(
			'Paused Trader is suspended: only listed traders and traders on watch can be compared',
		)
		expect(refused(['alpha'])).toBe('Choose at least 2 traders to compare')
		expect(refused([])).toBe('Choose at least 2 traders to compare')
		// A long input is quoted cut.
		expect(refused(['alpha', 'x'.repeat(500)])).toBe(`No trader has the slug “${'x'.repeat(60)}…”`)
	})
})

describe('commonMonths', () => {
	const series = (months: string[], nulls: string[] = []) =>
		months.map((month) => ({ month, return: nulls.includes(month) ? null : 0.01 }))

	test('the months every series has, their last unbroken run', () => {
		expect(
			commonMonths([
				series(['2025-01', '2025-02', '2025-03', '2025-04']),
				series(['2025-02', '2025-03', '2025-04', '2025-05']),
			]),
		).toEqual(['2025-02', '2025-03', '2025-04'])
		// A month one of them has no return for breaks the run: only the months after it count.
		expect(
			commonMonths([
				series(['2025-01', '2025-02', '2025-03', '2025-04'], ['2025-02']),
				series(['2025-01', '2025-02', '2025-03', '2025-04']),
			]),
		).toEqual(['2025-03', '2025-04'])
		expect(commonMonths([series(['2025-11', '2025-12', '2026-01']), series(['2025-12', '2026-01'])])).toEqual([
			'2025-12',
			'2026-01',
		])
		expect(commonMonths([series(['2025-01']), series(['2025-02'])])).toEqual([])
		expect(commonMonths([])).toEqual([])
		expect(nextMonth('2025-12')).toBe('2026-01')
		expect(nextMonth('2025-09')).toBe('2025-10')
	})
})

describe('readCompareIds and the choices', () => {
	test('comma separated and repeated, in order; spaces and empty entries dropped', () => {
		expect(readCompareIds(['a,b', 'c', '', ' d , ,e '])).toEqual(['a', 'b', 'c', 'd', 'e'])
		expect(readCompareIds([])).toEqual([])
	})

	test('the picker offers listed traders and traders on watch, by ranking score (the dashboard’s order)', () => {
		makeTrader({ slug: 'zed', name: 'Zed', days: 20 })
		makeTrader({ slug: 'amy', name: 'Amy', status: 'watch', note: 'Checking.', days: 20 })
		makeTrader({ slug: 'kim', name: 'Kim', days: 20 })
		makeTrader({ slug: 'gone', name: 'Bob', status: 'retired', note: 'Closed.', days: 20 })
		makeTrader({ slug: 'new', name: 'Cid', status: 'in_review', days: 20 })
		score('zed', 80)
		score('kim', 20)
		// Amy has no score: last, as on /dashboard.
		const all = compareChoices({ ids: [], q: null, page: 1 })
		expect(all.choices.map((c) => c.slug)).toEqual(['zed', 'kim', 'amy'])
		expect(all).toMatchObject({ chosen: [], page: 1, totalPages: 1, totalCount: 3 })
	})

	test('at most 20 a page, paged in the same order; a page past the end is the last', () => {
		for (let i = 1; i <= 23; i++) {
			const slug = `t${String(i).padStart(2, '0')}`
			makeTrader({ slug, name: `Trader ${slug}`, days: 20 })
			score(slug, 100 - i)
		}
		const first = compareChoices({ ids: [], q: null, page: 1 })
		expect(first.choices).toHaveLength(20)
		expect(first.choices[0]!.slug).toBe('t01')
		expect(first).toMatchObject({ page: 1, totalPages: 2, totalCount: 23 })
		const second = compareChoices({ ids: [], q: null, page: 2 })
		expect(second.choices.map((c) => c.slug)).toEqual(['t21', 't22', 't23'])
		expect(compareChoices({ ids: [], q: null, page: 9 })).toMatchObject({ page: 2, choices: second.choices })
	})

	test('the traders chosen come first, in their order, whatever the page or search, and not again in the page', () => {
		for (let i = 1; i <= 23; i++) {
			const slug = `t${String(i).padStart(2, '0')}`
			makeTrader({ slug, name: `Trader ${slug}`, days: 20 })
			score(slug, 100 - i)
		}
		makeTrader({ slug: 'past', name: 'Past', status: 'suspended', note: 'Paused.', days: 20 })
		const ids = ['t22', 't02', 'nobody', 'past', 't22']
		const page1 = compareChoices({ ids, q: null, page: 1 })
		// Unknown and past traders are not offered; a slug twice is shown once.
		expect(page1.chosen.map((c) => c.slug)).toEqual(['t22', 't02'])
		expect(page1.totalCount).toBe(21)
		expect(page1.choices.map((c) => c.slug)).not.toContain('t02')
		const page2 = compareChoices({ ids, q: null, page: 2 })
		expect(page2.chosen.map((c) => c.slug)).toEqual(['t22', 't02'])
		expect(page2.choices.map((c) => c.slug)).toEqual(['t23'])
		const searched = compareChoices({ ids, q: 't1', page: 1 })
		expect(searched.chosen.map((c) => c.slug)).toEqual(['t22', 't02'])
		expect(searched.choices.map((c) => c.slug)).toEqual(Array.from({ length: 10 }, (_, i) => `t${10 + i}`))
	})

	test('the search: in the name and the strategy, its LIKE wildcards taken as text', () => {
		makeTrader({ slug: 'gold', name: 'Goldie', days: 20 })
		makeTrader({ slug: 'scalp', name: 'Sam', strategy: 'Scalping gold at 100%', days: 20 })
		makeTrader({ slug: 'other', name: 'Olga', strategy: 'Swing trading', days: 20 })
		const slugs = (q: string) =>
			compareChoices({ ids: [], q, page: 1 })
				.choices.map((c) => c.slug)
				.sort()
		expect(slugs('gold')).toEqual(['gold', 'scalp'])
		expect(slugs('100%')).toEqual(['scalp'])
		expect(slugs('%')).toEqual(['scalp'])
		expect(slugs('_')).toEqual([])
	})

	test('the picker’s query: a search too long or with control characters is named, a bad page is the first', () => {
		expect(readComparePicker(new URLSearchParams('q=%20gold%20&page=3'))).toEqual({
			query: { q: 'gold', page: 3 },
			errors: {},
		})
		expect(readComparePicker(new URLSearchParams(`q=${'x'.repeat(101)}&page=0`))).toEqual({
			query: { q: null, page: 1 },
			errors: { q: COMPARE_PICKER_MESSAGES.searchTooLong },
		})
		expect(readComparePicker(new URLSearchParams('q=a%00b&page=1.5')).errors.q).toBe(
			COMPARE_PICKER_MESSAGES.searchInvalid,
		)
		expect(readComparePicker(new URLSearchParams('page=x')).query).toEqual({ q: null, page: 1 })
	})
})

function score(slug: string, value: number) {
	getDb().update(tradersTable).set({ score: value }).where(eq(tradersTable.slug, slug)).run()
}
