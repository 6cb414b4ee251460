import { Link, Outlet, useLocation } from 'react-router'
import { BrandLink } from '#app/components/brand-link.tsx'
import { ErrorMessage, ErrorPage, errorWords } from '#app/components/error-page.tsx'
import { DashboardNav, dashboardNav } from '#app/components/dashboard-nav.tsx'
import { currentSection, NavDrawer } from '#app/components/nav-drawer.tsx'
import { site } from '#app/content/site.ts'
import { unreadCount } from '#app/features/notifications/notifications.server.ts'
import { planName } from '#app/features/plans/plan.server.ts'
import { requireUnlockedMember } from '#app/auth/member.server.ts'
import type { Route } from './+types/_layout'

// Each dashboard loader runs its own guard too: loaders run in parallel, so
// this parent guard alone would not protect them.
export async function loader({ request, url }: Route.LoaderArgs) {
	const user = await requireUnlockedMember({ request, url })
	return { plan: user.plan, planName: planName(user.plan), unread: unreadCount(user.id) }
}

export function headers() {
	return { 'Cache-Control': 'private, no-store' }
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
	return (
		<DashboardShell plan={loaderData.plan} planName={loaderData.planName} unread={loaderData.unread}>
			<Outlet />
		</DashboardShell>
	)
}

/**
 * An error inside the member area (an unknown trader, lesson, offer or
 * certificate; a refused action) stays in the member's own header and
 * navigation, with a way back to the dashboard (issue 37 part 7). When the
 * layout's own loader failed there is no member to show: the site's error
 * page, signed in.
 */
export function ErrorBoundary({ error, loaderData: member }: Route.ErrorBoundaryProps) {
	const words = errorWords(error)
	if (!member) return <ErrorPage {...words} siteChrome={{ signedIn: true }} />
	return (
		<DashboardShell plan={member.plan} planName={member.planName} unread={member.unread}>
			<main className="mx-auto flex max-w-xl flex-col justify-center py-16 text-center">
				<ErrorMessage {...words}>
					<Link to="/dashboard" className="btn-primary">
						Back to the dashboard
					</Link>
				</ErrorMessage>
			</main>
		</DashboardShell>
	)
}

function DashboardShell({
	plan,
	planName,
	unread,
	children,
}: {
	plan: string
	planName: string
	unread: number
	children: React.ReactNode
}) {
	const locked = plan === 'regular'
	const location = useLocation()
	return (
		<div className="min-h-screen">
			<header className="sticky top-0 z-20 border-b border-slate-800 bg-slate-950/95">
				<div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-2 lg:py-3">
					{/* On a phone the logo alone: the plan badge and the menu share the one row. */}
					<BrandLink to="/dashboard" compact />
					<p className="ml-auto shrink-0 rounded-full border border-emerald-400/60 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-emerald-200">
						<span className="sr-only">Your plan: </span>
						{planName}
					</p>
					<NavDrawer current={currentSection(dashboardNav, location.pathname)} className="lg:hidden">
						<DashboardNav locked={locked} unread={unread} />
					</NavDrawer>
				</div>
			</header>
			<div className="mx-auto max-w-7xl px-4 lg:grid lg:grid-cols-[15rem_1fr] lg:gap-8">
				<aside className="hidden lg:block">
					<div className="sticky top-20 py-8">
						<DashboardNav locked={locked} unread={unread} />
					</div>
				</aside>
				<div className="min-w-0">
					{children}
					<footer className="border-t border-slate-800 py-8 text-xs text-slate-400">
						<p>
							<strong className="text-slate-300">Risk disclaimer:</strong> {site.riskWarning} {site.name} is not a
							broker or a financial adviser and never holds your funds. Figures for traders and offers are sample
							content, not live results.
						</p>
					</footer>
				</div>
			</div>
		</div>
	)
}
