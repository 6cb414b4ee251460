import type { Plan, UserStatus } from '#app/domain/enums.ts'
import { cx } from '#app/utils/misc.ts'

const STATUS_STYLES: Record<UserStatus, string> = {
	active: 'border-emerald-400/60 bg-emerald-400/10 text-emerald-200',
	pending: 'border-amber-300/60 bg-amber-300/10 text-amber-100',
	suspended: 'border-orange-400/60 bg-orange-400/10 text-orange-100',
	banned: 'border-red-400/60 bg-red-400/10 text-red-200',
}

const PLAN_STYLES: Record<Plan, string> = {
	regular: 'border-slate-500 text-slate-200',
	gold: 'border-amber-300/70 text-amber-100',
	titanium: 'border-sky-300/70 text-sky-100',
	platinum: 'border-violet-300/70 text-violet-100',
}

/** A staff badge: the small rounded pill every admin badge is drawn as; `className` gives its colours. */
export function Pill({ className, children }: { className?: string; children: React.ReactNode }) {
	return (
		<span className={cx('inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-semibold', className)}>
			{children}
		</span>
	)
}

/**
 * A member's status (active, pending, suspended, banned), coloured by value;
 * "closed" instead when the member closed the account (decision 022).
 */
export function UserStatusBadge({ status, closedAt }: { status: UserStatus; closedAt?: string | Date | null }) {
	if (closedAt) return <Pill className="capitalize border-slate-500 bg-slate-500/10 text-slate-200">closed</Pill>
	return <Pill className={cx('capitalize', STATUS_STYLES[status])}>{status}</Pill>
}

/** A member's plan; `label` is the plan's display name (planName on the server). */
export function PlanBadge({ plan, label }: { plan: Plan; label?: string }) {
	return <Pill className={cx('capitalize normal-case', PLAN_STYLES[plan])}>{label ?? plan}</Pill>
}
