import { NavLink } from 'react-router'
import type { AdminRole } from '#app/domain/enums.ts'
import { can, type Capability } from '#app/features/staff/roles.ts'
import { cx } from '#app/utils/misc.ts'
import { Icon, type IconName } from './icon.tsx'

/** The admin sidebar's entries (spec section 2). */
export const adminNav = [
	{ to: '/admin/dashboard', label: 'Dashboard', icon: 'layout-dashboard' },
	{ to: '/admin/users', label: 'Users', icon: 'users' },
	{ to: '/admin/contests', label: 'Contests', icon: 'trophy' },
	{ to: '/admin/codes', label: 'Codes', icon: 'key-round', capability: 'codes:view' },
	{ to: '/admin/offers', label: 'Offer claims', icon: 'inbox', capability: 'offers:view' },
	{ to: '/admin/alerts', label: 'Alerts', icon: 'bell', capability: 'alerts:view' },
	{ to: '/admin/referrals', label: 'Referrals', icon: 'list-checks', capability: 'referrals:review' },
	{ to: '/admin/revenue', label: 'Revenue', icon: 'banknote', capability: 'revenue:correct' },
	{ to: '/admin/brokers', label: 'Brokers', icon: 'handshake', capability: 'brokers:view' },
	{ to: '/admin/traders', label: 'Traders', icon: 'activity', capability: 'traders:review' },
	{ to: '/admin/content', label: 'Content', icon: 'badge-percent', capability: 'content:manage' },
	{ to: '/admin/audit', label: 'Audit log', icon: 'scroll-text', capability: 'audit:view' },
	{ to: '/admin/staff', label: 'Staff', icon: 'user-cog', capability: 'staff:manage' },
	/** Everyone's own second factor (docs/decisions/014-staff-second-factor.md). */
	{ to: '/admin/security', label: 'Security', icon: 'shield-check' },
] as const satisfies readonly { to: string; label: string; icon: IconName; capability?: Capability }[]

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
									'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium',
									isActive ? 'bg-emerald-400 text-slate-950' : 'text-slate-200 hover:bg-slate-800',
								)
							}
						>
							{({ isActive }) => (
								<>
									<Icon name={item.icon} size="md" className={isActive ? undefined : 'text-slate-400'} />
									{item.label}
								</>
							)}
						</NavLink>
					</li>
				))}
			</ul>
		</nav>
	)
}
