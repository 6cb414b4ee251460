import { NavLink } from 'react-router'
import { cx } from '#app/utils/misc.ts'
import { LogoutButton } from './logout-button.tsx'

export const dashboardNav = [
	{ to: '/dashboard', label: 'Dashboard', end: true },
	{ to: '/dashboard/academy', label: 'Academy' },
	{ to: '/dashboard/plans', label: 'Plans' },
	{ to: '/dashboard/zero-fee', label: '0% Fee Offers', premium: true },
	{ to: '/dashboard/referrals', label: 'Referrals & Invite' },
	{ to: '/dashboard/contests', label: 'Monthly Contest' },
] as const

/**
 * The dashboard's navigation. The 0% Fee Offers entry is locked for the
 * regular plan: it is marked Premium and leads to the page's upgrade card
 * (with the spec's message), never prefetched: that page answers 403 to the
 * regular plan (docs/decisions/015-one-coherent-story.md).
 */
export function DashboardNav({ locked }: { locked: boolean }) {
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
										<span>{item.label}</span>
										{isLocked ? (
											// On the current page's light highlight the badge turns dark (contrast).
											<span
												className={cx(
													'rounded-full border px-2 py-0.5 text-xs',
													isActive ? 'border-slate-950/60 text-slate-950' : 'border-amber-300/60 text-amber-200',
												)}
											>
												<svg
													aria-hidden="true"
													viewBox="0 0 16 16"
													className="mr-1 inline size-3 fill-current align-[-1px]"
												>
													<path d="M5 7V5a3 3 0 1 1 6 0v2h1a1 1 0 0 1 1 1v6a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1h1Zm1.5 0h3V5a1.5 1.5 0 1 0-3 0v2Z" />
												</svg>
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
				<LogoutButton label="Logout" className="w-full" />
			</div>
		</nav>
	)
}
