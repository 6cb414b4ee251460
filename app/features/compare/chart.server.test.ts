import { expect, test } from 'vitest'
import { indexLines } from './chart.server.ts'

test('one line per trader on shared axes, the first and last dates named, the endings described', () => {
	const chart = indexLines(
		['Alpha', 'Beta'],
		[
			{ label: 'start of Jan 2026', values: [100, 100] },
			{ label: 'Jan 2026', values: [110, 95] },
			{ label: 'Feb 2026', values: [121, 90.25] },
		],
		{ base: 100, width: 600, height: 200 },
	)
	expect(chart.lines.map((l) => l.name)).toEqual(['Alpha', 'Beta'])
	expect(chart.lines.every((l) => l.path.startsWith('M'))).toBe(true)
	// Both start at 100: the same point; Alpha ends higher (a smaller y).
	expect(chart.lines[0]!.path.split('L')[0]).toBe(chart.lines[1]!.path.split('L')[0])
	expect(chart.lines[0]!.end.y).toBeLessThan(chart.lines[1]!.end.y)
	expect(chart.lines[0]!.end.x).toBe(600 - 12)
	expect(chart.axis.map((a) => a.label)).toEqual(['start of Jan 2026', 'Feb 2026'])
	expect(chart.ticks.length).toBeGreaterThanOrEqual(2)
	expect(chart.summary).toBe('Each trader’s index from start of Jan 2026 (100) to Feb 2026: Alpha 121.0, Beta 90.3.')
})
