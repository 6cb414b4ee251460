import { FLAG_LABELS } from '#app/features/traders/format.ts'
import { cx } from '#app/utils/misc.ts'

export { FLAG_LABELS }

/** The registry's risk score 1-10 with its meaning (issue 39: members see it with its meaning). */
export function RiskScore({
	score,
	meaning,
	className,
	compact = false,
}: {
	score: number | null
	meaning: string
	className?: string
	/** In the table: on a phone's card the meaning is read out, not shown (the detail shows it). */
	compact?: boolean
}) {
	const band = score === null ? 'none' : score <= 4 ? 'low' : score <= 6 ? 'medium' : 'high'
	return (
		<span className={cx('inline-flex flex-col', className)}>
			<span
				className={cx(
					'inline-block w-fit whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold',
					band === 'none' && 'bg-slate-700/60 text-slate-200',
					band === 'low' && 'bg-emerald-400/15 text-emerald-300',
					band === 'medium' && 'bg-yellow-300/15 text-yellow-200',
					band === 'high' && 'bg-red-400/15 text-red-300',
				)}
			>
				{score === null ? 'Risk not rated' : `Risk ${score}/10`}
			</span>
			<span className={cx('mt-0.5 text-xs text-slate-400', compact && 'max-sm:sr-only')}>{meaning}</span>
		</span>
	)
}

/** Marks a fresh install's sample trader. */
export function SampleMarker() {
	return (
		<span className="ml-2 rounded border border-slate-500 px-1.5 py-0.5 text-xs font-medium text-slate-200">
			Sample
		</span>
	)
}

/** A watch trader's warning: the reason staff gave. */
export function WatchWarning({ note }: { note: string | null }) {
	return <span className="mt-1 block text-xs text-amber-200">On watch{note ? `: ${note}` : ''}</span>
}

/** Red flags with their evidence. */
export function FlagList({ flags }: { flags: Array<{ code: string; detail: string }> }) {
	if (flags.length === 0) return <p className="text-sm text-slate-300">No red flags.</p>
	return (
		<ul className="space-y-1 text-sm">
			{flags.map((flag) => (
				<li key={flag.code}>
					<span className="font-semibold text-amber-200">{FLAG_LABELS[flag.code] ?? flag.code}:</span>{' '}
					<span className="text-slate-200">{flag.detail}</span>
				</li>
			))}
		</ul>
	)
}
