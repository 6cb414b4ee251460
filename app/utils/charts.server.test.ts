import { describe, expect, test } from 'vitest'
import { chartOnce, equityCurve, lastTwelveMonths, monthlyBars, sparkline, trendLine } from './charts.server.ts'
import { pointsOverTime } from '#app/features/referrals/points-chart.server.ts'

describe('chart geometry (d3 on the server)', () => {
	test('a sparkline spans its box, starts and ends at the first and last values, and says so', () => {
		const chart = sparkline([1, -2, 3, 4], 'Ada, weekly returns', 100, 30)
		expect(chart.line.startsWith('M2,')).toBe(true)
		expect(chart.last.x).toBe(98)
		// The highest value is at the top inset, zero is inside the range.
		expect(chart.last.y).toBe(2)
		expect(chart.zeroY).toBeGreaterThan(2)
		expect(chart.zeroY).toBeLessThan(28)
		expect(chart.summary).toBe('Ada, weekly returns: 4 weeks from +1.0% to +4.0%, 3 of 4 positive (sample figures)')
		expect(chart.up).toBe(true)
		expect(sparkline([1, 2], 'x').zeroY).toBeNull()
	})

	test('the equity curve compounds the monthly returns from $1,000', () => {
		const chart = equityCurve([10, -10, 20], ['Jan', 'Feb', 'Mar'])
		expect(chart.points).toEqual([
			{ label: 'Start', value: 1000 },
			{ label: 'Jan', value: 1100 },
			{ label: 'Feb', value: 990 },
			{ label: 'Mar', value: 1188 },
		])
		expect(chart.summary).toBe('$1,000 copied 12 months ago would be $1,188 now (sample figures, before fees)')
		expect(chart.ticks.length).toBeGreaterThanOrEqual(2)
		expect(chart.area).toMatch(/Z$/)
	})

	test('monthly bars go up from the zero line for gains and down for losses', () => {
		const chart = monthlyBars([5, -5, 10], ['Jan', 'Feb', 'Mar'])
		const [up, down, big] = chart.bars
		expect(up!.y + up!.height).toBeCloseTo(chart.zeroY)
		expect(down!.y).toBeCloseTo(chart.zeroY)
		expect(big!.height).toBeCloseTo(2 * up!.height)
		expect([up!.positive, down!.positive]).toEqual([true, false])
		expect(chart.summary).toBe(
			'Monthly returns, last 12 months: 2 of 3 profitable, from -5.0% to +10.0% (sample figures)',
		)
	})

	test('the last twelve months end with the current one', () => {
		expect(lastTwelveMonths(new Date('2026-11-23T10:00:00Z'))).toEqual([
			'Dec',
			'Jan',
			'Feb',
			'Mar',
			'Apr',
			'May',
			'Jun',
			'Jul',
			'Aug',
			'Sep',
			'Oct',
			'Nov',
		])
	})
})

test('chartOnce computes a key once and answers the same geometry after', () => {
	let runs = 0
	const make = () => {
		runs++
		return sparkline([1, 2, 3], 'x')
	}
	const first = chartOnce('test-key', make)
	expect(chartOnce('test-key', make)).toBe(first)
	expect(runs).toBe(1)
})

describe('trend lines (the admin stat cards)', () => {
	const days = (values: Array<number | null>) => values.map((value, i) => ({ label: `Day ${i + 1}`, value }))
	const count = (v: number) => v.toLocaleString('en-US')

	test('a missing day breaks the line: no value is made up, and the summary says how many days were recorded', () => {
		const chart = trendLine(days([10, 12, null, null, 11, null, 14, 15]), {
			title: 'Total Users',
			unit: 'day',
			format: count,
			width: 100,
			height: 20,
		})
		// Three runs of recorded days: [10, 12], [11] alone, [14, 15]; each run starts a new subpath.
		expect(chart.line.match(/M/g)).toHaveLength(3)
		expect(chart.line.startsWith('M3,')).toBe(true)
		// A dot per recorded day (the lone day shows as its dot), the last recorded day marked at the right edge.
		expect(chart.dots).toHaveLength(5)
		expect(chart.last).toEqual({ x: 97, y: 3 })
		expect(chart.window).toBe('Last 8 days')
		expect(chart.coverage).toBe('5 of 8 days recorded')
		expect(chart.summary).toBe('Total Users, last 8 days: 5 of 8 days recorded, from 10 (Day 1) to 15 (Day 8)')
		expect(chart.rows).toEqual([
			['Day 1', '10'],
			['Day 2', '12'],
			['Day 3', 'not recorded'],
			['Day 4', 'not recorded'],
			['Day 5', '11'],
			['Day 6', 'not recorded'],
			['Day 7', '14'],
			['Day 8', '15'],
		])
	})

	test('the lowest recorded value sits at the bottom and the highest at the top (a trend, not a zero baseline)', () => {
		const chart = trendLine(days([1000, 1010]), { title: 'Total Users', unit: 'day', format: count, height: 40 })
		expect(chart.line).toMatch(/^M3,37L237,3$/)
		// A flat series is drawn across the middle.
		expect(trendLine(days([5, 5]), { title: 'x', unit: 'day', format: count, height: 40 }).line).toBe('M3,20L237,20')
	})

	test('one recorded day, no recorded day, and months with entries', () => {
		const one = trendLine(days([null, null, 7]), { title: 'Active Contests', unit: 'day', format: count })
		expect(one.summary).toBe('Active Contests, last 3 days: 1 of 3 days recorded: 7 (Day 3)')
		expect(one.dots).toHaveLength(1)
		expect(one.last).toEqual(one.dots[0])
		const none = trendLine(days([null, null]), { title: 'Active Contests', unit: 'day', format: count })
		expect(none.line).toBe('')
		expect(none.dots).toEqual([])
		expect(none.last).toBeNull()
		expect(none.summary).toBe('Active Contests, last 2 days: no day recorded')
		const months = trendLine(
			[
				{ label: 'October 2026', value: null },
				{ label: 'November 2026', value: 1250.5 },
			],
			{ title: 'Monthly Revenue', unit: 'month', format: (v) => `$${v}` },
		)
		expect(months.coverage).toBe('1 of 2 months with entries')
		expect(months.rows[0]).toEqual(['October 2026', 'no entries'])
		expect(months.summary).toBe('Monthly Revenue, last 2 months: 1 of 2 months with entries: $1250.5 (November 2026)')
	})
})

describe('points over time (the referrals page)', () => {
	test('one bar per period rising with the cumulative points, from the zero line; the summary names the total and the last gain', () => {
		const chart = pointsOverTime(
			[
				{ label: 'Nov 2', total: 1, gained: 1 },
				{ label: 'Nov 9', total: 1, gained: 0 },
				{ label: 'Nov 16', total: 4, gained: 3 },
			],
			'week',
		)
		const [a, b, c] = chart.bars
		expect(a!.y + a!.height).toBeCloseTo(chart.baseY)
		expect(b!.height).toBeCloseTo(a!.height)
		expect(c!.height).toBeCloseTo(4 * a!.height)
		expect(chart.axis.map((t) => [t.label, t.anchor])).toEqual([
			['Nov 2', 'start'],
			['Nov 16', 'end'],
		])
		expect(chart.summary).toBe('Your points by week, Nov 2 to Nov 16: 4 points in total, 3 points gained this week')
		// Whole points only on the scale.
		expect(chart.ticks.map((t) => t.label)).toEqual(['1', '2', '3', '4'])
		expect(chart.ticks.at(-1)!.y).toBeCloseTo(c!.y)
	})

	test('a single period is one centred bar of bounded width', () => {
		const chart = pointsOverTime([{ label: 'Nov 2026', total: 1, gained: 1 }], 'month', 320)
		expect(chart.bars[0]!.width).toBe(32)
		// Centred in the plot, right of the 32 px scale.
		expect(chart.axis).toEqual([{ x: 176, label: 'Nov 2026', anchor: 'middle' }])
		expect(chart.ticks.map((t) => t.label)).toEqual(['1'])
		expect(chart.summary).toBe('Your points by month, Nov 2026: 1 point in total, 1 point gained this month')
	})
})
