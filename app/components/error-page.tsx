import { isRouteErrorResponse, Link } from 'react-router'
import { site } from '#app/content/site.ts'
import { PublicHeader } from './public-header.tsx'
import { SiteFooter } from './site-footer.tsx'

/** What a 404 of an unknown path carries (routes/$.tsx), so the error page shows the right header. */
export type NotFoundData = { signedIn: boolean }

/** True when the thrown answer says the visitor is signed in (`NotFoundData`). */
export function signedInOf(error: unknown) {
	return (
		isRouteErrorResponse(error) &&
		typeof error.data === 'object' &&
		error.data !== null &&
		(error.data as Partial<NotFoundData>).signedIn === true
	)
}

/**
 * An error page (404, 403, 500...). With `siteChrome` it stands inside the
 * public site's header and footer, so a visitor who followed a dead link is
 * still on the site (the root ErrorBoundary); without, it is the bare
 * message (the admin shell's own boundary). Never a stack trace.
 */
export function ErrorPage({
	status,
	title,
	message,
	siteChrome,
}: {
	status: number
	title: string
	message: string
	/** The public header and footer around the message; `signedIn` picks the header's buttons. */
	siteChrome?: { signedIn: boolean }
}) {
	const content = (
		<main
			className={
				siteChrome
					? 'mx-auto flex w-full max-w-xl flex-1 flex-col justify-center px-4 py-16 text-center'
					: 'mx-auto flex min-h-screen max-w-xl flex-col justify-center px-4 py-16 text-center'
			}
		>
			<ErrorMessage status={status} title={title} message={message}>
				{siteChrome?.signedIn ? (
					<>
						<Link to="/dashboard" className="btn-primary">
							Back to the dashboard
						</Link>
						<Link to="/" className="btn-secondary">
							Go to the home page
						</Link>
					</>
				) : (
					<>
						<Link to="/" className="btn-primary">
							Go to the home page
						</Link>
						{/* With the site's header, its Sign In is right there. */}
						{siteChrome ? null : (
							<Link to="/login" className="btn-secondary">
								Sign In
							</Link>
						)}
					</>
				)}
			</ErrorMessage>
		</main>
	)
	if (!siteChrome) return content
	return (
		<div className="flex min-h-screen flex-col">
			<PublicHeader signedIn={siteChrome.signedIn} sticky={false} />
			{content}
			<SiteFooter />
		</div>
	)
}

/** The words of an error page and its links (`children`), inside whatever page frame holds them. */
export function ErrorMessage({
	status,
	title,
	message,
	children,
}: {
	status: number
	title: string
	message: string
	children: React.ReactNode
}) {
	return (
		<>
			<title>{`${title} | ${site.name}`}</title>
			<p className="text-sm font-semibold tracking-widest text-emerald-300">Error {status}</p>
			<h1 className="mt-3 text-3xl font-bold">{title}</h1>
			<p className="mt-4 text-slate-300">{message}</p>
			<div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div>
		</>
	)
}

/** The title and words for an error answer a route threw (404, 403, 503...), the same on every error page. */
export function errorWords(error: unknown): { status: number; title: string; message: string } {
	if (isRouteErrorResponse(error) && error.status === 404) {
		return {
			status: 404,
			title: 'Page not found',
			message: 'The page you are looking for does not exist or has moved.',
		}
	}
	if (isRouteErrorResponse(error)) {
		return {
			status: error.status,
			title:
				error.status === 400
					? 'Bad request'
					: error.status === 403
						? 'Access denied'
						: error.status === 503
							? 'Temporarily unavailable'
							: 'Something went wrong',
			message:
				typeof error.data === 'object' && error.data && 'error' in error.data
					? String((error.data as { error: unknown }).error)
					: 'We could not complete this request.',
		}
	}
	return {
		status: 500,
		title: 'Something went wrong',
		message: 'An unexpected error occurred on our side. Please try again in a moment.',
	}
}
