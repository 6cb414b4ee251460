import crypto from 'node:crypto'
import { Writable } from 'node:stream'
import { renderToPipeableStream } from 'react-dom/server'
import {
	ServerRouter,
	type ActionFunctionArgs,
	type EntryContext,
	type LoaderFunctionArgs,
	type RouterContextProvider,
} from 'react-router'
import { contentSecurityPolicy, inlineScriptHashes } from './utils/csp.server.ts'
import { pageCacheRenderContext } from './utils/load-context.server.ts'
import { log } from './utils/log.server.ts'
import { NonceProvider } from './utils/nonce-provider.ts'

export const streamTimeout = 5_000

export default function handleRequest(
	request: Request,
	responseStatusCode: number,
	responseHeaders: Headers,
	routerContext: EntryContext,
	loadContext: RouterContextProvider,
) {
	// Set only for server/page-cache.ts's renders, never from anything a client sends.
	const shared = loadContext.get(pageCacheRenderContext)
	const nonce = shared ? '' : crypto.randomBytes(16).toString('base64')
	if (!shared) responseHeaders.set('Content-Security-Policy', contentSecurityPolicy({ nonce }))
	responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
	if (!responseHeaders.has('Cache-Control')) responseHeaders.set('Cache-Control', 'private, no-store')

	if (request.method.toUpperCase() === 'HEAD') {
		return new Response(null, { status: responseStatusCode, headers: responseHeaders })
	}

	// Nothing on our pages suspends, so the whole document is rendered before
	// answering: one buffer instead of a stream piped through two adapters.
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = []
		const sink = new Writable({
			write(chunk: Buffer, _encoding, callback) {
				chunks.push(chunk)
				callback()
			},
			final(callback) {
				clearTimeout(timeoutId)
				const body = Buffer.concat(chunks)
				if (shared) {
					const hashes = inlineScriptHashes(body.toString('utf8'))
					responseHeaders.set('Content-Security-Policy', contentSecurityPolicy({ hashes }))
				}
				resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }))
				callback()
			},
		})
		const timeoutId = setTimeout(() => abort(), streamTimeout + 1000)
		const { pipe, abort } = renderToPipeableStream(
			<NonceProvider value={nonce}>
				<ServerRouter context={routerContext} url={request.url} nonce={nonce || undefined} />
			</NonceProvider>,
			{
				nonce: nonce || undefined,
				onAllReady() {
					pipe(sink)
				},
				onShellError(error: unknown) {
					clearTimeout(timeoutId)
					reject(error)
				},
				onError(error: unknown) {
					responseStatusCode = 500
					log('render.error', { error: String((error as Error)?.message ?? error) }, 'error')
				},
			},
		)
	})
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
