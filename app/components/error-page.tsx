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
			<title>{`${title} | ${site.name}`}</title>
			<p className="text-sm font-semibold tracking-widest text-emerald-300">Error {status}</p>
			<h1 className="mt-3 text-3xl font-bold">{title}</h1>
			<p className="mt-4 text-slate-300">{message}</p>
			<div className="mt-8 flex flex-wrap justify-center gap-3">
				<Link to="/" className="btn-primary">
					Go to the home page
				</Link>
				{/* With the site's header, its Sign In (or Dashboard) is right there. */}
				{siteChrome ? null : (
					<Link to="/login" className="btn-secondary">
						Sign In
					</Link>
				)}
			</div>
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
