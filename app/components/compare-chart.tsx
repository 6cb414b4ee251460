import { useId } from 'react'
import type { IndexLinesChart } from '#app/features/compare/chart.server.ts'

/**
 * The comparison's index curves (decision 059), drawn from the geometry
 * the loader computed (app/features/compare/chart.server.ts): one SVG in
 * the server HTML, an image with a title and a description. Each trader's
 * line has its colour, its dash and its end marker, and the legend shows
 * the same, so the lines are told apart without colour too. The page puts
 * the figures in a table under it.
 */

export const LINE_STYLES = [
	{ stroke: 'stroke-emerald-400', fill: 'fill-emerald-400', dash: undefined, marker: 'circle' },
	{ stroke: 'stroke-sky-400', fill: 'fill-sky-400', dash: '7 4', marker: 'square' },
	{ stroke: 'stroke-amber-300', fill: 'fill-amber-300', dash: '2 3', marker: 'triangle' },
	{ stroke: 'stroke-fuchsia-400', fill: 'fill-fuchsia-400', dash: '9 3 2 3', marker: 'diamond' },
] as const

type LineStyle = (typeof LINE_STYLES)[number]

function Marker({ style, x, y }: { style: LineStyle; x: number; y: number }) {
	const r = 4
	switch (style.marker) {
		case 'circle':
			return <circle cx={x} cy={y} r={r} className={style.fill} />
		case 'square':
			return <rect x={x - r} y={y - r} width={2 * r} height={2 * r} className={style.fill} />
		case 'triangle':
			return <path d={`M${x} ${y - r - 1}L${x + r + 1} ${y + r}L${x - r - 1} ${y + r}Z`} className={style.fill} />
		case 'diamond':
			return (
				<path d={`M${x} ${y - r - 1}L${x + r + 1} ${y}L${x} ${y + r + 1}L${x - r - 1} ${y}Z`} className={style.fill} />
			)
	}
}

/** A trader's line style as a small sample (the legend's). */
export function LineSample({ index }: { index: number }) {
	const style = LINE_STYLES[index % LINE_STYLES.length]!
	return (
		<svg viewBox="0 0 36 12" width={36} height={12} aria-hidden="true" className="shrink-0">
			<line x1={2} x2={30} y1={6} y2={6} strokeWidth={2.5} strokeDasharray={style.dash} className={style.stroke} />
			<Marker style={style} x={30} y={6} />
		</svg>
	)
}

export function IndexLines({ chart, title }: { chart: IndexLinesChart; title: string }) {
	const id = useId()
	return (
		<figure data-chart="index-lines">
			<figcaption className="text-sm font-semibold">{title}</figcaption>
			<ul className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm" aria-label="Legend">
				{chart.lines.map((l, i) => (
					<li key={l.name} className="flex items-center gap-2">
						<LineSample index={i} />
						{l.name}
					</li>
				))}
			</ul>
			<svg
				role="img"
				aria-labelledby={`${id}-title`}
				aria-describedby={`${id}-desc`}
				viewBox={`0 0 ${chart.width} ${chart.height}`}
				className="mt-2 h-auto w-full"
			>
				<title id={`${id}-title`}>{title}</title>
				<desc id={`${id}-desc`}>{chart.summary}</desc>
				{chart.ticks.map((tick) => (
					<g key={tick.label}>
						<line x1={chart.left} x2={chart.width} y1={tick.y} y2={tick.y} className="stroke-slate-800" />
						<text
							x={chart.left - 4}
							y={tick.y}
							dy="0.32em"
							textAnchor="end"
							className="fill-slate-400 text-[11px] tabular-nums"
						>
							{tick.label}
						</text>
					</g>
				))}
				{chart.lines.map((l, i) => {
					const style = LINE_STYLES[i % LINE_STYLES.length]!
					return (
						<g key={l.name} data-line={i}>
							<path
								d={l.path}
								fill="none"
								strokeWidth={2.5}
								strokeLinejoin="round"
								strokeDasharray={style.dash}
								className={style.stroke}
							/>
							<Marker style={style} x={l.end.x} y={l.end.y} />
						</g>
					)
				})}
				{chart.axis.map((tick) => (
					<text
						key={tick.anchor}
						x={tick.x}
						y={chart.height - 4}
						textAnchor={tick.anchor}
						className="fill-slate-400 text-[11px]"
					>
						{tick.label}
					</text>
				))}
			</svg>
			<p className="mt-1 text-xs text-slate-400">{chart.summary}</p>
		</figure>
	)
}
