import { isRouteErrorResponse, Link, useLocation, useRouteError } from 'react-router'
import { site } from '#app/content/site.ts'
import { AUTH_MESSAGES } from '#app/auth/messages.ts'

/**
 * Error views of the admin portal. The guards throw a 403 with
 * `{ accessDenied: true, reason }` for a member session or a missing role;
 * every admin ErrorBoundary shows it as 'Access Denied' first.
 */
export function accessDeniedReason(error: unknown) {
	if (!isRouteErrorResponse(error) || error.status !== 403) return null
	const value = error.data as { accessDenied?: unknown; reason?: unknown } | null
	return value && value.accessDenied === true && typeof value.reason === 'string' ? value.reason : null
}

/** 'Access Denied', the reason, and 'Back to Login' (spec section 2, /admin shell). */
export function AccessDeniedView({ reason }: { reason: string }) {
	return (
		<main className="mx-auto flex min-h-screen max-w-md flex-col justify-center px-4 py-16 text-center">
			<title>{`${AUTH_MESSAGES.accessDeniedTitle} | ${site.name}`}</title>
			<div className="card">
				<h1 className="text-2xl font-bold text-red-200">{AUTH_MESSAGES.accessDeniedTitle}</h1>
				<p className="mt-3 text-slate-300">{reason}</p>
				<Link to="/admin/login" className="btn-primary mt-6 w-full">
					{AUTH_MESSAGES.backToLogin}
				</Link>
			</div>
		</main>
	)
}

/** The server's message of a route error, when it sent one. */
export function routeErrorMessage(error: unknown) {
	if (!isRouteErrorResponse(error)) return null
	if (typeof error.data === 'string' && error.data.trim()) return error.data
	const value = error.data as { message?: unknown; error?: unknown } | null
	if (value && typeof value.message === 'string') return value.message
	if (value && typeof value.error === 'string') return value.error
	return null
}

/**
 * A page's load failure inside the admin shell (spec: 'Error Loading
 * Dashboard', 'Error Loading Users', ...): the title, the server's message
 * or `fallback`, and a Retry link that reloads the page (works without JS).
 * Unexpected errors never show their text (production sanitises them).
 */
export function AdminLoadError({ title, fallback }: { title: string; fallback: string }) {
	const error = useRouteError()
	const location = useLocation()
	const reason = accessDeniedReason(error)
	if (reason) return <AccessDeniedView reason={reason} />
	const message = routeErrorMessage(error) ?? fallback
	return (
		<main className="py-8">
			<title>{`${title} | ${site.name}`}</title>
			<div role="alert" className="rounded-2xl border border-red-400/60 bg-red-950/40 p-6">
				<h1 className="text-xl font-bold text-red-100">{title}</h1>
				<p className="mt-2 text-red-100">{message}</p>
				<a href={`${location.pathname}${location.search}`} className="btn-secondary mt-5">
					Retry
				</a>
			</div>
		</main>
	)
}
