import type { RiskLevel } from '#app/content/dashboard.ts'
import { cx } from '#app/utils/misc.ts'

/** Risk colours of spec section 4: Low green, Medium yellow, High red. */
export function RiskBadge({ risk }: { risk: RiskLevel }) {
	return (
		<span
			className={cx(
				'inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold',
				risk === 'Low' && 'bg-emerald-400/15 text-emerald-300',
				risk === 'Medium' && 'bg-yellow-300/15 text-yellow-200',
				risk === 'High' && 'bg-red-400/15 text-red-300',
			)}
		>
			{risk} risk
		</span>
	)
}
