import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteError } from 'react-router'
import { useEffect } from 'react'
import type { Route } from './+types/root'
import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url'
import appCss from './app.css?url'
import { ErrorPage, errorWords, signedInOf } from './components/error-page.tsx'
import { FlashNotice } from './components/flash-notice.tsx'
import publicPagesScript from './enhance/public-pages.js?script'
import { createDurableWrites } from './utils/durable-writes.server.ts'
import { readFlash } from './utils/flash.server.ts'
import { useNonce } from './utils/nonce-provider.ts'

export const links: Route.LinksFunction = () => [
	// The one font file every page uses (app/app.css): fetched with the stylesheet, not after it.
	{ rel: 'preload', href: interLatin, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
	// `precedence`: React places the stylesheet before the module preloads of
	// `<Scripts />` (which it moves into the head), so a slow connection
	// fetches the one render-blocking file first.
	{ rel: 'stylesheet', href: appCss, precedence: 'default' },
	{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

/**
 * A route that exports `handle = { hydrate: false }` is served as a plain
 * document: no React, no router, no hydration data. Its HTML is complete on
 * its own and one small script adds its enhancements (the public pages:
 * `/` and `/terms`, whose JavaScript budget is tight). Such a route also
 * exports `clientLoader = documentOnly`, so that the client router of a
 * hydrated page reaches it by a full document load.
 */
export type RouteHandle = {
	hydrate?: boolean
	/** The route's page is a RouteDialog: the flash message shows inside it. */
	dialog?: boolean
}

/**
 * Every page and /api request, on its way out: an answer that acknowledges a
 * write waits until the write is on disk (app/utils/durable-writes.server.ts).
 */
export const middleware: Route.MiddlewareFunction[] = [createDurableWrites()]

/** The flash message of the previous action's redirect, read once (app/utils/flash.server.ts). */
export async function loader({ request }: Route.LoaderArgs) {
	const { flash, headers } = await readFlash(request)
	return data({ flash }, { headers })
}

// A flash belongs to the page it was shown on: read again on every
// navigation (the cookie is gone by then), so it does not follow the member
// around. The loader only reads a cookie.
export function shouldRevalidate() {
	return true
}

function useHydrate() {
	const leaf = useMatches().at(-1)
	return (leaf?.handle as RouteHandle | undefined)?.hydrate !== false
}

export function Layout({ children }: { children: React.ReactNode }) {
	const nonce = useNonce()
	const hydrate = useHydrate()
	// `data-hydrated` on <html> once React has hydrated the page and run
	// every effect (the layout's run last), as `data-enhanced` marks the
	// pages served without hydration. The end-to-end tests wait for it: a
	// form submitted while React is still hydrating can lose its client
	// validation to a root React switches to client rendering.
	useEffect(() => {
		document.documentElement.setAttribute('data-hydrated', '')
	}, [])
	return (
		<html lang="en">
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				<meta name="theme-color" content="#020617" />
				<Meta />
				<Links />
			</head>
			<body className="min-h-screen">
				{children}
				{hydrate ? (
					<>
						<ScrollRestoration nonce={nonce} />
						<Scripts nonce={nonce} />
					</>
				) : (
					// A module script is deferred; the cached pages (no nonce) allow it by 'self'.
					<script type="module" src={publicPagesScript} nonce={nonce || undefined} />
				)}
			</body>
		</html>
	)
}

export default function App() {
	return (
		<>
			<FlashNotice placement="page" />
			<Outlet />
		</>
	)
}

export function ErrorBoundary() {
	const error = useRouteError()
	// The public header and footer around every error page here; a 404 of an
	// unknown path says whether the visitor is signed in (routes/$.tsx). The
	// member area's errors have their own boundary (routes/dashboard/_layout.tsx).
	return <ErrorPage {...errorWords(error)} siteChrome={{ signedIn: signedInOf(error) }} />
}
