import { scaleLinear } from 'd3-scale'
import { line } from 'd3-shape'

/**
 * The comparison's chart (decision 059): every trader's index on one set
 * of axes, computed on the server with d3 like app/utils/charts.server.ts;
 * app/components/compare-chart.tsx draws it as SVG. The figures go with it
 * as a table on the page.
 */

export type IndexLinesChart = {
	width: number
	height: number
	/** The plot's left edge (the value labels sit left of it). */
	left: number
	/** One path per trader, in the comparison's order. */
	lines: Array<{ name: string; path: string; end: { x: number; y: number } }>
	ticks: Array<{ y: number; label: string }>
	/** The first and last dates' labels under the plot. */
	axis: Array<{ x: number; label: string; anchor: 'start' | 'end' }>
	/** The chart's description for screen readers. */
	summary: string
}

const indexFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })

/**
 * Lines through `points` (oldest first; `values[i]` is trader `names[i]`'s
 * index), scaled to the lowest and highest value of any of them.
 */
export function indexLines(
	names: readonly string[],
	points: ReadonlyArray<{ label: string; values: readonly number[] }>,
	options: { base: number; width?: number; height?: number },
): IndexLinesChart {
	const { base, width = 640, height = 260 } = options
	const pad = { top: 10, right: 12, bottom: 22, left: 44 }
	const all = points.flatMap((p) => p.values)
	const min = Math.min(base, ...all)
	const max = Math.max(base, ...all)
	const x = scaleLinear()
		.domain([0, Math.max(1, points.length - 1)])
		.range([pad.left, width - pad.right])
	const y = scaleLinear()
		.domain(min === max ? [min - 1, max + 1] : [min, max])
		.nice(4)
		.range([height - pad.bottom, pad.top])
	const lines = names.map((name, i) => {
		const values = points.map((p) => p.values[i]!)
		const path =
			line<number>()
				.x((_, k) => x(k))
				.y((v) => y(v))(values) ?? ''
		return { name, path, end: { x: x(values.length - 1), y: y(values.at(-1)!) } }
	})
	const first = points[0]
	const last = points.at(-1)
	const endings = names.map((name, i) => `${name} ${indexFormat.format(last?.values[i] ?? base)}`).join(', ')
	return {
		width,
		height,
		left: pad.left,
		lines,
		ticks: y.ticks(4).map((t) => ({ y: y(t), label: String(t) })),
		axis:
			first && last
				? [
						{ x: pad.left, label: first.label, anchor: 'start' },
						{ x: width - pad.right, label: last.label, anchor: 'end' },
					]
				: [],
		summary:
			first && last
				? `Each trader’s index from ${first.label} (${base}) to ${last.label}: ${endings}.`
				: 'No month in common: nothing to draw.',
	}
}
