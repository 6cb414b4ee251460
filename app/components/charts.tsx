import { useId } from 'react'
import type { EquityChart, MonthlyBarsChart, SparklineChart, TrendChart } from '#app/utils/charts.server.ts'
import type { PointsChart } from '#app/features/referrals/points-chart.server.ts'
import { signedPercent } from '#app/utils/chart-format.ts'
import { cx } from '#app/utils/misc.ts'

/**
 * The charts, drawn from geometry the loaders computed on the server
 * (app/utils/charts.server.ts): plain SVG in the server HTML, the same with
 * JavaScript off. Each is an image with a summary for screen readers; the
 * larger ones also offer their figures as a table.
 */

/** A dashed horizontal rule across a chart (its zero line or its window's extent). */
function DashedRule({ width, y, className, dash }: { width: number; y: number; className: string; dash: string }) {
	return <line x1={0} x2={width} y1={y} y2={y} className={className} strokeDasharray={dash} />
}

export function Sparkline({ chart, className }: { chart: SparklineChart; className?: string }) {
	return (
		<svg
			role="img"
			aria-label={chart.summary}
			data-chart="sparkline"
			viewBox={`0 0 ${chart.width} ${chart.height}`}
			width={chart.width}
			height={chart.height}
			className={cx('overflow-visible', className)}
		>
			{chart.zeroY !== null ? (
				<DashedRule width={chart.width} y={chart.zeroY} className="stroke-slate-600" dash="2 2" />
			) : null}
			<ThinLine d={chart.line} className={chart.up ? 'stroke-emerald-400' : 'stroke-red-400'} />
			<circle cx={chart.last.x} cy={chart.last.y} r={2.5} className={chart.up ? 'fill-emerald-400' : 'fill-red-400'} />
		</svg>
	)
}

/** A table of the chart's figures, folded away (works without JavaScript). */
function FiguresTable({ caption, rows }: { caption: string; rows: Array<[string, string]> }) {
	return (
		<details className="mt-2 text-xs text-slate-300">
			<summary className="cursor-pointer">Show the figures</summary>
			<table className="mt-2 w-full tabular-nums">
				<caption className="sr-only">{caption}</caption>
				<tbody>
					{rows.map(([label, value]) => (
						<tr key={label} className="border-t border-slate-800">
							<th scope="row" className="py-1 pr-3 text-left font-normal text-slate-400">
								{label}
							</th>
							<td className="py-1 text-right">{value}</td>
						</tr>
					))}
				</tbody>
			</table>
		</details>
	)
}

/** A titled chart: its SVG (an image with the summary as its name), a note, and its figures as a table. */
function ChartFigure({
	kind,
	title,
	chart,
	note,
	rows,
	children,
}: {
	kind: string
	title: string
	chart: { summary: string; width: number; height: number }
	note?: React.ReactNode
	rows: Array<[string, string]>
	children: React.ReactNode
}) {
	return (
		<figure data-chart={kind}>
			<figcaption className="text-sm font-semibold">{title}</figcaption>
			<svg
				role="img"
				aria-label={chart.summary}
				viewBox={`0 0 ${chart.width} ${chart.height}`}
				className="mt-2 h-auto w-full"
			>
				{children}
			</svg>
			{note}
			<FiguresTable caption={title} rows={rows} />
		</figure>
	)
}

/** A trend's thin line with rounded joins and ends (sparklines, the admin trends); `className` gives its stroke. */
function ThinLine({ d, className }: { d: string; className: string }) {
	return (
		<path d={d} fill="none" strokeWidth={1.75} strokeLinejoin="round" strokeLinecap="round" className={className} />
	)
}

/** A chart's horizontal grid lines from `left` across, each with its value label just left of it. */
function ValueTicks({
	ticks,
	left,
	width,
}: {
	ticks: ReadonlyArray<{ label: string; y: number }>
	left: number
	width: number
}) {
	return (
		<>
			{ticks.map((tick) => (
				<g key={tick.label}>
					<line x1={left} x2={width} y1={tick.y} y2={tick.y} className="stroke-slate-800" />
					<text
						x={left - 4}
						y={tick.y}
						dy="0.32em"
						textAnchor="end"
						className="fill-slate-400 text-[10px] tabular-nums"
					>
						{tick.label}
					</text>
				</g>
			))}
		</>
	)
}

export function EquityCurve({ chart, title }: { chart: EquityChart; title: string }) {
	const id = useId()
	const gradient = `${id}-fill`
	return (
		<ChartFigure
			kind="equity-curve"
			title={title}
			chart={chart}
			note={<p className="mt-1 text-xs text-slate-400">{chart.summary}.</p>}
			rows={chart.points.map((p) => [p.label, `$${p.value.toLocaleString('en-US')}`])}
		>
			<defs>
				<linearGradient id={gradient} x1="0" x2="0" y1="0" y2="1">
					<stop offset="0%" stopColor="#34d399" stopOpacity={0.35} />
					<stop offset="100%" stopColor="#34d399" stopOpacity={0} />
				</linearGradient>
			</defs>
			<ValueTicks ticks={chart.ticks} left={48} width={chart.width} />
			<path d={chart.area} fill={`url(#${gradient})`} />
			<path d={chart.line} fill="none" strokeWidth={2} strokeLinejoin="round" className="stroke-emerald-400" />
		</ChartFigure>
	)
}

export function MonthlyBars({ chart, title }: { chart: MonthlyBarsChart; title: string }) {
	return (
		<ChartFigure
			kind="monthly-bars"
			title={title}
			chart={chart}
			rows={chart.bars.map((b) => [b.label, signedPercent(b.value)])}
		>
			{chart.bars.map((bar) => (
				<g key={bar.label}>
					<rect
						x={bar.x}
						y={bar.y}
						width={bar.width}
						height={bar.height}
						rx={2}
						className={bar.positive ? 'fill-emerald-400' : 'fill-red-400'}
					/>
					<text
						x={bar.x + bar.width / 2}
						y={chart.height - 4}
						textAnchor="middle"
						className="fill-slate-400 text-[9px]"
					>
						{bar.label.slice(0, 1)}
					</text>
				</g>
			))}
			<line x1={0} x2={chart.width} y1={chart.zeroY} y2={chart.zeroY} className="stroke-slate-500" />
		</ChartFigure>
	)
}

/**
 * A compact trend (the admin stat cards): the line with its gaps, the
 * window and how much of it was recorded, and the figures as a table.
 */
export function TrendLine({ chart, title }: { chart: TrendChart; title: string }) {
	return (
		<figure data-chart="trend" className="mt-3">
			<svg
				role="img"
				aria-label={chart.summary}
				viewBox={`0 0 ${chart.width} ${chart.height}`}
				className="h-auto w-full overflow-visible"
			>
				{/* The window's extent, so that the gaps read as days without a snapshot. */}
				<DashedRule width={chart.width} y={chart.height} className="stroke-slate-700" dash="2 3" />
				<ThinLine d={chart.line} className="stroke-sky-400" />
				{chart.dots.map((dot) => (
					<circle key={`${dot.x}`} cx={dot.x} cy={dot.y} r={1.5} className="fill-sky-400" />
				))}
				{chart.last ? <circle cx={chart.last.x} cy={chart.last.y} r={3} className="fill-sky-300" /> : null}
			</svg>
			<figcaption className="mt-1 text-xs text-slate-400">
				{chart.window}: {chart.coverage}
			</figcaption>
			<FiguresTable caption={`${title}, ${chart.window.toLowerCase()}`} rows={chart.rows} />
		</figure>
	)
}

const points = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'point' : 'points'}`

/** Cumulative points, one bar per period, with the figures as a table. */
export function PointsOverTime({ chart, title, note }: { chart: PointsChart; title: string; note: string }) {
	return (
		<ChartFigure
			kind="points-over-time"
			title={title}
			chart={chart}
			note={<p className="mt-1 text-xs text-slate-400">{note}</p>}
			rows={chart.bars.map((b) => [b.label, `${points(b.total)} (+${b.gained.toLocaleString('en-US')})`])}
		>
			<ValueTicks ticks={chart.ticks} left={32} width={chart.width} />
			{chart.bars.map((bar) => (
				<rect
					key={bar.label}
					x={bar.x}
					y={bar.y}
					width={bar.width}
					height={bar.height}
					rx={2}
					className="fill-emerald-400"
				/>
			))}
			<line x1={32} x2={chart.width} y1={chart.baseY} y2={chart.baseY} className="stroke-slate-500" />
			{chart.axis.map((tick) => (
				<text
					key={tick.label}
					x={tick.x}
					y={chart.height - 4}
					textAnchor={tick.anchor}
					className="fill-slate-400 text-[10px]"
				>
					{tick.label}
				</text>
			))}
		</ChartFigure>
	)
}
