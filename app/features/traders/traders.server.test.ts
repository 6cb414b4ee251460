import { expect, test } from 'vitest'
import { traders } from '#app/content/dashboard.ts'
import { getTrader, parseTraderSort, sortTraders } from './traders.server.ts'

test.each(['weeklyReturn', 'monthlyReturn', 'winRate', 'followers'] as const)(
	'sorting by %s puts the highest first',
	(sort) => {
		const sorted = sortTraders(sort)
		expect(sorted).toHaveLength(traders.length)
		for (let i = 1; i < sorted.length; i++) expect(sorted[i - 1]![sort]).toBeGreaterThanOrEqual(sorted[i]![sort])
	},
)

test('the four sorts give different leaders (the selector visibly changes the table)', () => {
	const leaders = new Set(
		(['weeklyReturn', 'monthlyReturn', 'winRate', 'followers'] as const).map((s) => sortTraders(s)[0]!.id),
	)
	expect(leaders.size).toBeGreaterThan(1)
})

test('an unknown or missing sort falls back to Weekly Return', () => {
	for (const value of [null, '', 'name', 'constructor', '__proto__', 'WINRATE'])
		expect(parseTraderSort(value)).toBe('weeklyReturn')
	expect(parseTraderSort('followers')).toBe('followers')
})

test('sorting does not change the content', () => {
	const before = traders.map((t) => t.id)
	sortTraders('followers')
	expect(traders.map((t) => t.id)).toEqual(before)
	expect(getTrader('amara-okafor')?.name).toBe('Amara Okafor')
	expect(getTrader('nobody')).toBeNull()
	expect(getTrader('__proto__')).toBeNull()
})

test.each(traders.map((t) => [t.name, t] as const))(
	"%s: the sample series agree with the trader's figures",
	(_, trader) => {
		expect(trader.weeklySeries).toHaveLength(12)
		expect(trader.monthlySeries).toHaveLength(12)
		expect(trader.weeklySeries.at(-1)).toBe(trader.weeklyReturn)
		expect(trader.monthlySeries.at(-1)).toBe(trader.monthlyReturn)
		const profitable = trader.monthlySeries.filter((r) => r > 0).length
		expect(trader.monthlyRecord).toBe(`${profitable} of the last 12 months profitable`)
	},
)
