import { formatPoints } from '#app/features/referrals/points.ts'
import { scaleBand, scaleLinear } from 'd3-scale'

export type PointsChart = {
	width: number
	height: number
	baseY: number
	/** Whole-point gridlines with their labels, left of the bars. */
	ticks: Array<{ y: number; label: string }>
	bars: Array<{ x: number; y: number; width: number; height: number; label: string; total: number; gained: number }>
	/** The first and last periods' names under the bars. */
	axis: Array<{ x: number; label: string; anchor: 'start' | 'middle' | 'end' }>
	summary: string
}

/**
 * Cumulative points, one bar per period (oldest first): `total` is the
 * points held at the period's end, `gained` those earned in it.
 */
export function pointsOverTime(
	periods: Array<{ label: string; total: number; gained: number }>,
	unit: 'week' | 'month',
	width = 320,
	height = 120,
): PointsChart {
	const pad = { top: 8, bottom: 18, left: 32 }
	const band = scaleBand<number>()
		.domain(periods.map((_, i) => i))
		.range([pad.left, width])
		.padding(0.25)
	const barWidth = Math.min(band.bandwidth(), 32)
	const y = scaleLinear()
		.domain([0, Math.max(1, ...periods.map((p) => p.total))])
		.nice()
		.range([height - pad.bottom, pad.top])
	const baseY = y(0)
	const ticks = y
		.ticks(3)
		.filter((t) => t > 0 && Number.isInteger(t))
		.map((t) => ({ y: y(t), label: t.toLocaleString('en-US') }))
	const bars = periods.map((p, i) => ({
		x: band(i)! + (band.bandwidth() - barWidth) / 2,
		y: y(p.total),
		width: barWidth,
		height: Math.max(1, baseY - y(p.total)),
		label: p.label,
		total: p.total,
		gained: p.gained,
	}))
	const first = bars[0]!
	const last = bars.at(-1)!
	const axis: PointsChart['axis'] =
		bars.length === 1
			? [{ x: first.x + first.width / 2, label: first.label, anchor: 'middle' }]
			: [
					{ x: first.x, label: first.label, anchor: 'start' },
					{ x: last.x + last.width, label: last.label, anchor: 'end' },
				]
	const span = bars.length === 1 ? first.label : `${first.label} to ${last.label}`
	return {
		width,
		height,
		baseY,
		ticks,
		bars,
		axis,
		summary: `Your points by ${unit}, ${span}: ${formatPoints(last.total)} in total, ${formatPoints(last.gained)} gained this ${unit}`,
	}
}
