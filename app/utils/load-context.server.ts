import { createContext, RouterContextProvider } from 'react-router'

/**
 * What the server hands React Router with each request (the load context,
 * a `RouterContextProvider` since `future.v8_middleware`): typed entries,
 * read with `context.get(…)`.
 */

/**
 * This render is for the shared page cache (server/page-cache.ts): no
 * per-request nonce (app/entry.server.tsx). Set only by server/app.ts,
 * never from anything a client sends.
 */
export const pageCacheRenderContext = createContext<boolean>(false)

/** The load context of one request; `pageCacheRender` only for the page cache's own renders. */
export function getLoadContext({ pageCacheRender = false }: { pageCacheRender?: boolean } = {}) {
	const context = new RouterContextProvider()
	if (pageCacheRender) context.set(pageCacheRenderContext, true)
	return context
}
