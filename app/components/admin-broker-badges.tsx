import { Pill } from '#app/components/admin-badges.tsx'

/** A broker's state for staff: 'Active' (members see it) or 'Inactive'. */
export function BrokerActiveBadge({ active }: { active: boolean }) {
	return (
		<Pill
			className={
				active ? 'border-emerald-400/60 bg-emerald-400/10 text-emerald-200' : 'border-slate-500 text-slate-200'
			}
		>
			{active ? 'Active' : 'Inactive'}
		</Pill>
	)
}
