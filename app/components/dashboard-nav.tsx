import { NavLink } from 'react-router'
import { cx } from '#app/utils/misc.ts'
import { Icon, type IconName } from './icon.tsx'
import { LogoutButton } from './logout-button.tsx'

export const dashboardNav = [
	{ to: '/dashboard', label: 'Dashboard', icon: 'layout-dashboard', end: true },
	{ to: '/dashboard/watchlist', label: 'Watchlist', icon: 'star' },
	{ to: '/dashboard/academy', label: 'Academy', icon: 'graduation-cap' },
	{ to: '/dashboard/plans', label: 'Plans', icon: 'gem' },
	{ to: '/dashboard/zero-fee', label: '0% Fee Offers', icon: 'badge-percent', premium: true },
	{ to: '/dashboard/referrals', label: 'Referrals & Invite', icon: 'user-plus' },
	{ to: '/dashboard/contests', label: 'Monthly Contest', icon: 'trophy' },
	{ to: '/dashboard/settings', label: 'Settings', icon: 'user-cog' },
	{ to: '/dashboard/notifications', label: 'Notifications', icon: 'bell', count: 'unread' },
] as const satisfies readonly {
	to: string
	label: string
	icon: IconName
	end?: boolean
	premium?: boolean
	count?: 'unread'
}[]

/**
 * The dashboard's navigation. The 0% Fee Offers entry is locked for the
 * regular plan: it is marked Premium and leads to the page's upgrade card
 * (with the spec's message), never prefetched: that page answers 403 to the
 * regular plan (docs/decisions/015-one-coherent-story.md). Notifications
 * carries the unread count (docs/decisions/023-consents-and-notifications.md).
 */
export function DashboardNav({ locked, unread = 0 }: { locked: boolean; unread?: number }) {
	return (
		<nav aria-label="Dashboard">
			<ul className="space-y-1">
				{dashboardNav.map((item) => {
					const isLocked = locked && 'premium' in item && item.premium
					return (
						<li key={item.to}>
							<NavLink
								to={item.to}
								end={'end' in item ? item.end : false}
								prefetch={isLocked ? 'none' : 'intent'}
								className={({ isActive }) =>
									cx(
										'flex items-center justify-between gap-2 rounded-lg px-3 py-2.5 text-sm font-medium',
										isActive ? 'bg-emerald-400 text-slate-950' : 'text-slate-200 hover:bg-slate-800',
									)
								}
							>
								{({ isActive }) => (
									<>
										<span className="flex items-center gap-3">
											<Icon name={item.icon} size="md" className={isActive ? undefined : 'text-slate-400'} />
											{item.label}
										</span>
										{'count' in item && unread > 0 ? (
											<span
												className={cx(
													'rounded-full px-2 py-0.5 text-xs font-semibold',
													isActive ? 'bg-slate-950 text-emerald-200' : 'bg-emerald-400 text-slate-950',
												)}
											>
												{unread > 99 ? '99+' : unread}
												<span className="sr-only"> unread</span>
											</span>
										) : null}
										{isLocked ? (
											// On the current page's light highlight the badge turns dark (contrast).
											<span
												className={cx(
													'rounded-full border px-2 py-0.5 text-xs',
													isActive ? 'border-slate-950/60 text-slate-950' : 'border-amber-300/60 text-amber-200',
												)}
											>
												<Icon name="lock" className="mr-1 align-[-0.125em]" />
												Premium
											</span>
										) : null}
									</>
								)}
							</NavLink>
						</li>
					)
				})}
			</ul>
			<div className="mt-4 border-t border-slate-800 pt-4">
				<LogoutButton label="Logout" className="w-full justify-start" />
			</div>
		</nav>
	)
}
