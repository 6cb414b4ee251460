import { NavLink } from 'react-router'
import { cx } from '#app/utils/misc.ts'

/** The admin sidebar's entries (spec section 2). */
export const adminNav = [
	{ to: '/admin/dashboard', label: 'Dashboard' },
	{ to: '/admin/users', label: 'Users' },
	{ to: '/admin/contests', label: 'Contests' },
] as const

/** The sidebar navigation; the current path (and its children) is highlighted. */
export function AdminNav() {
	return (
		<nav aria-label="Administration">
			<ul className="space-y-1">
				{adminNav.map((item) => (
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
