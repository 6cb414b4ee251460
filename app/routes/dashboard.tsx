import { Outlet } from 'react-router'
import { LogoutButton } from '#app/components/logout-button.tsx'
import { BrandLink } from '#app/components/brand-link.tsx'
import { site } from '#app/content/site.ts'
import { requireUnlockedMember } from '#app/utils/auth.server.ts'
import type { Route } from './+types/dashboard'

// Each dashboard loader runs its own guard too: loaders run in parallel, so
// this parent guard alone would not protect them.
export async function loader({ request }: Route.LoaderArgs) {
	const user = await requireUnlockedMember(request)
	return { plan: user.plan }
}

export function headers() {
	return { 'Cache-Control': 'private, no-store' }
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
	return (
		<div className="min-h-screen">
			<header className="border-b border-slate-800">
				<div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3">
					<BrandLink to="/dashboard" />
					<div className="flex items-center gap-3">
						<span className="rounded-full border border-emerald-400/60 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-emerald-200">
							{loaderData.plan} plan
						</span>
						<LogoutButton label="Logout" />
					</div>
				</div>
			</header>
			<Outlet />
			<footer className="mx-auto max-w-6xl px-4 py-8 text-xs text-slate-400">
				<p>
					<strong>Risk disclaimer:</strong> {site.riskWarning}
				</p>
			</footer>
		</div>
	)
}
