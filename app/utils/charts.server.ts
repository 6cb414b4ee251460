import { scaleBand, scaleLinear } from 'd3-scale'
import { area, line } from 'd3-shape'
import { signedPercent } from './chart-format.ts'

/**
 * Chart geometry, computed on the server with d3-scale and d3-shape: the
 * loaders send paths and rectangles, the components (app/components/charts.tsx)
 * draw them as SVG. Nothing of d3 reaches the browser, no chart waits for
 * hydration, and each chart comes with its figures for a text alternative.
 */

const computed = new Map<string, unknown>()

/**
 * The geometry of `key`, computed once: the charts draw fixed sample series
 * (they change with a deploy, and the month labels with the month, which
 * belongs in the key), so a page view reads it instead of running d3 again.
 */
export function chartOnce<T>(key: string, make: () => T): T {
	if (!computed.has(key)) {
		if (computed.size >= 500) computed.clear()
		computed.set(key, make())
	}
	return computed.get(key) as T
}

export type SparklineChart = {
	width: number
	height: number
	line: string
	/** The zero line's y, when zero is within the range. */
	zeroY: number | null
	last: { x: number; y: number }
	/** Screen-reader summary. */
	summary: string
	up: boolean
}

const signed = signedPercent

/** A small line of `values` (oldest first), `width` × `height` px with a 2 px inset. */
/** How a chart's screen-reader summary names its data (the sample charts' by default). */
export type ChartWording = { unit: string; note: string; since: string; period: string }
const SAMPLE_WORDING: ChartWording = {
	unit: 'weeks',
	note: 'sample figures',
	since: '12 months ago',
	period: 'last 12 months',
}

export function sparkline(
	values: number[],
	label: string,
	width = 96,
	height = 28,
	wording: ChartWording = SAMPLE_WORDING,
): SparklineChart {
	const inset = 2
	const min = Math.min(0, ...values)
	const max = Math.max(0, ...values)
	const x = scaleLinear()
		.domain([0, values.length - 1])
		.range([inset, width - inset])
	const y = scaleLinear()
		.domain([min, max === min ? min + 1 : max])
		.range([height - inset, inset])
	const path = line<number>()
		.x((_, i) => x(i))
		.y((v) => y(v))(values)!
	const positive = values.filter((v) => v > 0).length
	const lastValue = values.at(-1)!
	return {
		width,
		height,
		line: path,
		zeroY: min < 0 ? y(0) : null,
		last: { x: x(values.length - 1), y: y(lastValue) },
		summary: `${label}: ${values.length} ${wording.unit} from ${signed(values[0]!)} to ${signed(lastValue)}, ${positive} of ${values.length} positive (${wording.note})`,
		up: lastValue >= 0,
	}
}

export type EquityChart = {
	width: number
	height: number
	line: string
	area: string
	ticks: Array<{ y: number; label: string }>
	points: Array<{ label: string; value: number }>
	summary: string
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })

/**
 * The growth of `start` dollars compounded over the monthly returns
 * (percent, oldest first): one point before the first month and one after
 * each; `labels` name the months.
 */
export function equityCurve(
	monthly: number[],
	labels: string[],
	start = 1000,
	width = 320,
	height = 140,
	wording: ChartWording = SAMPLE_WORDING,
): EquityChart {
	const values = monthly.reduce<number[]>((acc, r) => [...acc, acc.at(-1)! * (1 + r / 100)], [start])
	const pad = { top: 8, right: 8, bottom: 8, left: 48 }
	const x = scaleLinear()
		.domain([0, values.length - 1])
		.range([pad.left, width - pad.right])
	const y = scaleLinear()
		.domain([Math.min(...values), Math.max(...values)])
		.nice(3)
		.range([height - pad.bottom, pad.top])
	const path = line<number>()
		.x((_, i) => x(i))
		.y((v) => y(v))(values)!
	const fill = area<number>()
		.x((_, i) => x(i))
		.y0(height - pad.bottom)
		.y1((v) => y(v))(values)!
	const end = values.at(-1)!
	return {
		width,
		height,
		line: path,
		area: fill,
		ticks: y.ticks(3).map((t) => ({ y: y(t), label: usd.format(t) })),
		points: values.map((value, i) => ({ label: i === 0 ? 'Start' : labels[i - 1]!, value: Math.round(value) })),
		summary: `${usd.format(start)} copied ${wording.since} would be ${usd.format(end)} now (${wording.note}, before fees)`,
	}
}

export type MonthlyBarsChart = {
	width: number
	height: number
	zeroY: number
	bars: Array<{ x: number; y: number; width: number; height: number; value: number; label: string; positive: boolean }>
	summary: string
}

/** One bar per month (percent, oldest first), above or below the zero line. */
export function monthlyBars(
	monthly: number[],
	labels: string[],
	width = 320,
	height = 120,
	wording: ChartWording = SAMPLE_WORDING,
): MonthlyBarsChart {
	const pad = { top: 6, bottom: 18 }
	const x = scaleBand<number>()
		.domain(monthly.map((_, i) => i))
		.range([0, width])
		.padding(0.25)
	const y = scaleLinear()
		.domain([Math.min(0, ...monthly), Math.max(0, ...monthly)])
		.nice()
		.range([height - pad.bottom, pad.top])
	const zeroY = y(0)
	const positive = monthly.filter((v) => v > 0).length
	return {
		width,
		height,
		zeroY,
		bars: monthly.map((value, i) => ({
			x: x(i)!,
			y: Math.min(y(value), zeroY),
			width: x.bandwidth(),
			height: Math.max(1, Math.abs(y(value) - zeroY)),
			value,
			label: labels[i]!,
			positive: value >= 0,
		})),
		summary: `Monthly returns, ${wording.period}: ${positive} of ${monthly.length} profitable, from ${signed(Math.min(...monthly))} to ${signed(Math.max(...monthly))} (${wording.note})`,
	}
}

/** The short names of the 12 months up to and including `now`'s (UTC), oldest first. */
export function lastTwelveMonths(now: Date) {
	const format = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' })
	return Array.from({ length: 12 }, (_, i) =>
		format.format(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + i, 1))),
	)
}

export type TrendChart = {
	width: number
	height: number
	/** The line through the recorded points; a missing point breaks it (a gap). */
	line: string
	/** Every recorded point (a lone one between gaps shows only as its dot). */
	dots: Array<{ x: number; y: number }>
	/** The last recorded point, marked. */
	last: { x: number; y: number } | null
	/** "Last 30 days". */
	window: string
	/** "12 of 30 days recorded". */
	coverage: string
	/** Screen-reader summary. */
	summary: string
	/** The figures table: label and formatted value (or why there is none), oldest first. */
	rows: Array<[string, string]>
}

const TREND_WORDS = {
	day: { many: 'days', recorded: 'recorded', none: 'no day recorded', missing: 'not recorded' },
	month: { many: 'months', recorded: 'with entries', none: 'no month with entries', missing: 'no entries' },
} as const

/**
 * A trend over `points` (oldest first; a null value is a period without
 * data): a line broken at the gaps, scaled to the recorded values, with a
 * summary that says how many periods were recorded. Nothing is filled in.
 */
export function trendLine(
	points: Array<{ label: string; value: number | null }>,
	options: { title: string; unit: 'day' | 'month'; format: (value: number) => string; width?: number; height?: number },
): TrendChart {
	const { title, unit, format, width = 240, height = 48 } = options
	const words = TREND_WORDS[unit]
	const inset = 3
	const values = points.map((p) => p.value)
	const recorded = points.filter((p): p is { label: string; value: number } => p.value !== null)
	const min = Math.min(...recorded.map((p) => p.value))
	const max = Math.max(...recorded.map((p) => p.value))
	const x = scaleLinear()
		.domain([0, Math.max(1, points.length - 1)])
		.range([inset, width - inset])
	const y = scaleLinear()
		.domain(recorded.length === 0 ? [0, 1] : min === max ? [min - 1, max + 1] : [min, max])
		.range([height - inset, inset])
	const path =
		line<number | null>()
			.defined((v) => v !== null)
			.x((_, i) => x(i))
			.y((v) => y(v!))(values) ?? ''
	const dots = values.flatMap((v, i) => (v === null ? [] : [{ x: x(i), y: y(v) }]))
	const window = `Last ${points.length} ${words.many}`
	const coverage = `${recorded.length} of ${points.length} ${words.many} ${words.recorded}`
	const first = recorded[0]
	const last = recorded.at(-1)
	const figures =
		!first || !last
			? words.none
			: first === last
				? `${coverage}: ${format(last.value)} (${last.label})`
				: `${coverage}, from ${format(first.value)} (${first.label}) to ${format(last.value)} (${last.label})`
	return {
		width,
		height,
		line: path,
		dots,
		last: dots.at(-1) ?? null,
		window,
		coverage,
		summary: `${title}, ${window.toLowerCase()}: ${figures}`,
		rows: points.map((p) => [p.label, p.value === null ? words.missing : format(p.value)]),
	}
}
