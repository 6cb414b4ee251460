import { Form, Link, Outlet, useLocation, useRouteError } from 'react-router'
import { AccessDeniedView, accessDeniedReason } from '#app/components/admin-error.tsx'
import { AdminNav, adminNav } from '#app/components/admin-nav.tsx'
import { currentSection, NavDrawer } from '#app/components/nav-drawer.tsx'
import { Icon } from '#app/components/icon.tsx'
import { ErrorPage } from '#app/components/error-page.tsx'
import { site } from '#app/content/site.ts'
import { requireAdmin } from '#app/auth/staff.server.ts'
import { mustEnrol } from '#app/features/staff/two-factor.server.ts'
import { formatDate } from '#app/utils/admin-format.ts'
import { accessLabel, roleLabel } from '#app/features/staff/roles.ts'
import { useIsPending } from '#app/utils/misc.ts'
import type { Route } from './+types/_layout'

/**
 * The admin shell (spec section 2): header, sidebar, footer box. Each child
 * route runs its own guard too: loaders run in parallel, so this one alone
 * would not protect them.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
	const admin = await requireAdmin({ request, url })
	return {
		admin: {
			name: admin.name,
			email: admin.email,
			role: admin.role,
			roleLabel: roleLabel(admin.role),
			accessLabel: accessLabel(admin.role),
			// The sign-in before this one; on a first sign-in, today.
			lastLogin: formatDate(admin.previousLogin ?? new Date()),
		},
		// Until the second factor is set up, /admin/security is the only page open: no menu.
		enrolling: mustEnrol(admin),
	}
}

export function headers() {
	return { 'Cache-Control': 'private, no-store' }
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
	const { admin, enrolling } = loaderData
	const location = useLocation()
	const loggingOut = useIsPending({ formAction: '/admin/logout' })
	const current = enrolling ? 'Security' : currentSection(adminNav, location.pathname)
	const footerBox = (
		<div className="mt-6 rounded-xl border border-emerald-400/40 bg-emerald-400/10 p-4 text-sm">
			<p className="font-semibold text-emerald-200">{admin.accessLabel}</p>
			<p className="mt-1 text-slate-300">Last login: {admin.lastLogin}</p>
		</div>
	)
	const identity = (
		<>
			<span className="font-semibold">{admin.name}</span>
			<span className="min-w-0 break-all text-slate-300">{admin.email}</span>
			<span>
				<span className="sr-only">Role: </span>
				<span className="rounded-full border border-emerald-400/60 px-2 py-0.5 text-xs font-semibold text-emerald-200">
					{admin.roleLabel}
				</span>
			</span>
		</>
	)
	const actions = (
		<>
			<Link to="/" className="btn-secondary btn-sm">
				Main Site
			</Link>
			{/* A quiet button: leaving is not the page's main action. */}
			<Form method="post" action="/admin/logout">
				<button type="submit" disabled={loggingOut} className="btn-ghost btn-sm">
					<Icon name="log-out" size="sm" />
					{loggingOut ? 'Logging out...' : 'Logout'}
				</button>
			</Form>
		</>
	)
	return (
		<div className="min-h-screen">
			{/* One row on a phone (logo and the menu); Main Site and Logout move into the menu there. */}
			<header className="sticky top-0 z-20 border-b border-slate-800 bg-slate-950/95">
				<div className="mx-auto flex max-w-7xl items-center gap-x-4 px-4 py-2 sm:py-3">
					<Link to="/admin/dashboard" className="mr-auto flex items-center gap-2">
						<img src="/favicon.svg" alt="" width={28} height={28} />
						<span>
							<span className="block font-bold leading-tight">Admin Panel</span>
							<span className="block text-xs text-slate-400 max-sm:sr-only">Administration</span>
						</span>
					</Link>
					<div className="hidden min-w-0 flex-wrap items-center justify-end gap-x-3 gap-y-1 text-sm sm:flex">
						{identity}
					</div>
					<div className="hidden items-center gap-2 sm:flex">{actions}</div>
					<NavDrawer current={current} className="lg:hidden">
						{/* Who is signed in stays in the header alone (from 640 px); the access box below names the role. */}
						<div className="flex flex-wrap gap-2 sm:hidden">{actions}</div>
						{enrolling ? null : <AdminNav role={admin.role} />}
						{footerBox}
					</NavDrawer>
				</div>
			</header>
			<div className="mx-auto max-w-7xl px-4 lg:grid lg:grid-cols-[15rem_1fr] lg:gap-8">
				<aside aria-label="Admin menu" className="hidden lg:block">
					<div className="sticky top-24 py-8">
						{enrolling ? null : <AdminNav role={admin.role} />}
						{footerBox}
					</div>
				</aside>
				<div className="min-w-0">
					<Outlet />
				</div>
			</div>
		</div>
	)
}

export const meta: Route.MetaFunction = () => [
	{ title: `Admin | ${site.name}` },
	{ name: 'robots', content: 'noindex' },
]

export function ErrorBoundary() {
	const error = useRouteError()
	const reason = accessDeniedReason(error)
	if (reason) return <AccessDeniedView reason={reason} />
	return (
		<ErrorPage
			status={500}
			title="Something went wrong"
			message="The admin panel could not be loaded. Please try again in a moment."
		/>
	)
}
