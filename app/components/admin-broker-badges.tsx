import { cx } from '#app/utils/misc.ts'

/** A broker's state for staff: 'Active' (members see it) or 'Inactive'. */
export function BrokerActiveBadge({ active }: { active: boolean }) {
	return (
		<span
			className={cx(
				'inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-semibold',
				active ? 'border-emerald-400/60 bg-emerald-400/10 text-emerald-200' : 'border-slate-500 text-slate-200',
			)}
		>
			{active ? 'Active' : 'Inactive'}
		</span>
	)
}
