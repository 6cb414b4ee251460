import { NavLink } from 'react-router'
import type { AdminRole } from '#app/domain/enums.ts'
import { can, type Capability } from '#app/utils/admin-roles.ts'
import { cx } from '#app/utils/misc.ts'

/** The admin sidebar's entries (spec section 2). */
export const adminNav = [
	{ to: '/admin/dashboard', label: 'Dashboard' },
	{ to: '/admin/users', label: 'Users' },
	{ to: '/admin/contests', label: 'Contests' },
	{ to: '/admin/codes', label: 'Codes', capability: 'codes:view' },
	{ to: '/admin/offers', label: 'Offer claims', capability: 'offers:view' },
	{ to: '/admin/alerts', label: 'Alerts', capability: 'alerts:view' },
	{ to: '/admin/revenue', label: 'Revenue', capability: 'revenue:correct' },
	{ to: '/admin/audit', label: 'Audit log', capability: 'audit:view' },
	{ to: '/admin/staff', label: 'Staff', capability: 'staff:manage' },
	/** Everyone's own second factor (docs/decisions/014-staff-second-factor.md). */
	{ to: '/admin/security', label: 'Security' },
] as const satisfies readonly { to: string; label: string; capability?: Capability }[]

/**
 * The sidebar navigation: the spec's three entries, then the staff tools the
 * role may use (the pages check again on the server). The current path (and
 * its children) is highlighted.
 */
export function AdminNav({ role }: { role: AdminRole }) {
	const items = adminNav.filter((item) => !('capability' in item) || can({ role }, item.capability))
	return (
		<nav aria-label="Administration">
			<ul className="space-y-1">
				{items.map((item) => (
					<li key={item.to}>
						<NavLink
							to={item.to}
							className={({ isActive }) =>
								cx(
									'block rounded-lg px-3 py-2.5 text-sm font-medium',
									isActive ? 'bg-emerald-400 text-slate-950' : 'text-slate-200 hover:bg-slate-800',
								)
							}
						>
							{item.label}
						</NavLink>
					</li>
				))}
			</ul>
		</nav>
	)
}
