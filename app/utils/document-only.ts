import { redirectDocument, type ClientLoaderFunctionArgs } from 'react-router'
import type { RouteHandle } from '#app/root.tsx'

/** The handle of a route served as a plain document, never hydrated (app/root.tsx). */
export const documentOnlyHandle = { hydrate: false } as const satisfies RouteHandle

/**
 * The clientLoader of a route that is never hydrated. Its document ships
 * without React, so the client router of a hydrated page must not render it
 * in place: a link or a redirect to it (sign-out, sign-in with redirectTo)
 * becomes a full document load, which brings the page's own script. The
 * server loader is not called; the document request runs it.
 */
export function documentOnly({ request }: ClientLoaderFunctionArgs) {
	const url = new URL(request.url)
	return redirectDocument(url.pathname + url.search)
}
