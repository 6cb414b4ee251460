import crypto from 'node:crypto'
import { renderToReadableStream } from 'react-dom/server.edge'
import {
	ServerRouter,
	type ActionFunctionArgs,
	type AppLoadContext,
	type EntryContext,
	type LoaderFunctionArgs,
} from 'react-router'
import { contentSecurityPolicy, inlineScriptHashes } from './utils/csp.server.ts'
import { log } from './utils/log.server.ts'
import { NonceProvider } from './utils/nonce-provider.ts'

export const streamTimeout = 5_000

declare module 'react-router' {
	interface AppLoadContext {
		/** This render is for the shared page cache: no per-request nonce. */
		pageCacheRender?: boolean
	}
}

export default function handleRequest(
	request: Request,
	responseStatusCode: number,
	responseHeaders: Headers,
	routerContext: EntryContext,
	loadContext: AppLoadContext,
) {
	// Set only by server/page-cache.ts, never from anything a client sends.
	const shared = loadContext?.pageCacheRender === true
	const nonce = shared ? '' : crypto.randomBytes(16).toString('base64')
	if (!shared) responseHeaders.set('Content-Security-Policy', contentSecurityPolicy({ nonce }))
	responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
	if (!responseHeaders.has('Cache-Control')) responseHeaders.set('Cache-Control', 'private, no-store')

	if (request.method.toUpperCase() === 'HEAD') {
		return new Response(null, { status: responseStatusCode, headers: responseHeaders })
	}

	// Nothing on our pages suspends, so the whole document is rendered before
	// answering, as one buffer. React's web-stream renderer, not the Node one:
	// the Node renderer runs every render inside an AsyncLocalStorage, which
	// turns Node's async hooks on for every promise and callback of every
	// request (docs/decisions/033-no-async-hooks.md).
	const controller = new AbortController()
	const timeoutId = setTimeout(() => controller.abort(), streamTimeout + 1000)
	return renderToReadableStream(
		<NonceProvider value={nonce}>
			<ServerRouter context={routerContext} url={request.url} nonce={nonce || undefined} />
		</NonceProvider>,
		{
			nonce: nonce || undefined,
			signal: controller.signal,
			onError(error: unknown) {
				responseStatusCode = 500
				log('render.error', { error: String((error as Error)?.message ?? error) }, 'error')
			},
		},
	)
		.then(async (stream) => {
			await stream.allReady
			const body = Buffer.from(await new Response(stream).arrayBuffer())
			if (shared) {
				const hashes = inlineScriptHashes(body.toString('utf8'))
				responseHeaders.set('Content-Security-Policy', contentSecurityPolicy({ hashes }))
			}
			return new Response(body, { headers: responseHeaders, status: responseStatusCode })
		})
		.finally(() => clearTimeout(timeoutId))
}

/** Server errors are logged here (with the stack, server-side only). */
export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
	if (request.signal.aborted) return
	log(
		'server.error',
		{
			path: new URL(request.url).pathname,
			error: String((error as Error)?.message ?? error),
			stack: (error as Error)?.stack,
		},
		'error',
	)
}
