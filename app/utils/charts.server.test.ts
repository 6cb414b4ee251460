import { describe, expect, test } from 'vitest'
import { chartOnce, equityCurve, lastTwelveMonths, monthlyBars, sparkline } from './charts.server.ts'

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
