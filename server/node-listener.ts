import type { IncomingMessage, ServerResponse } from 'node:http'
import { createRequest, sendResponse } from '@remix-run/node-fetch-server'

/**
 * The bridge between node:http and the Fetch API handler (server/app.ts):
 * the kept adapter, `@remix-run/node-fetch-server` (its `createRequest`
 * makes the Request, abort signal and body stream; its `sendResponse`
 * writes the answer with back-pressure), and around it the one thing it
 * has no option for: body limits
 * (docs/decisions/049-the-transport-on-the-kept-adapter.md).
 *
 * A body over the limit (declared by Content-Length, or found while
 * reading a chunked one) is answered 413 with `Connection: close` before
 * the handler runs; the rest of it is discarded unread and the connection
 * is closed. The handler gets the body read whole (a Request over a
 * buffer, and the buffer itself for the form-shape check), so no handler
 * ever reads a body past its limit.
 *
 * A client that goes away mid-body gets nothing and costs nothing more; a
 * slow one is cut by the server's requestTimeout (server.js).
 */
export type ClientInfo = {
	/** The TCP peer's address. */
	address: string | undefined
	/** The request body as read (null for GET/HEAD and empty bodies). */
	body: Buffer | null
}

export type NodeListenerOptions = {
	/** The largest body accepted for this URL, in bytes. */
	bodyLimit: (url: URL) => number
	/** The answer to a body over the limit (413). */
	tooLarge: (url: URL) => Response
	/** The answer when the handler itself throws (logged by the caller). */
	onError: (error: unknown, url: URL) => Response
	/**
	 * The scheme requests arrived with: `https:` when the app is served
	 * through a TLS-terminating proxy (APP_ORIGIN is https), so that the
	 * request URL's origin matches the browser's Origin header.
	 */
	protocol: 'http:' | 'https:'
}

const BODYLESS = new Set(['GET', 'HEAD'])
/** How long a refused upload may keep its connection before it is cut. */
const DISCARD_GRACE_MS = 1_000

type BodyResult = { kind: 'ok'; body: Buffer | null } | { kind: 'too-large' } | { kind: 'aborted' }

/**
 * Reads a request body stream up to `limit` bytes. Past the limit it stops
 * at once (the stream is cancelled, nothing more is kept) and reports
 * too-large; a stream that fails (the client went away) reports aborted.
 */
export async function readLimited(body: ReadableStream<Uint8Array>, limit: number): Promise<BodyResult> {
	const reader = body.getReader()
	const chunks: Uint8Array[] = []
	let size = 0
	try {
		for (;;) {
			const { done, value } = await reader.read()
			if (done) break
			size += value.byteLength
			if (size > limit) {
				chunks.length = 0
				await reader.cancel().catch(() => undefined)
				return { kind: 'too-large' }
			}
			chunks.push(value)
		}
	} catch {
		return { kind: 'aborted' }
	}
	return { kind: 'ok', body: size === 0 ? null : Buffer.concat(chunks, size) }
}

/** The URL the limits are chosen by (the adapter builds the Request's own). */
function limitUrl(req: IncomingMessage, protocol: string) {
	const path = req.url?.startsWith('/') ? req.url : '/'
	try {
		return new URL(path, `${protocol}//${req.headers.host ?? 'localhost'}`)
	} catch {
		// A Host header that is not a host name.
		return new URL(path, `${protocol}//localhost`)
	}
}

/**
 * Answers a refused upload and closes the connection. The whole answer is
 * written at once (with its length), but the connection is closed only
 * once the client has finished sending, or after a short grace: closing a
 * socket that still receives data makes the kernel reset it, and a reset
 * can throw away the answer before the client reads it ("lingering
 * close"). What arrives meanwhile is dropped as it comes, never buffered.
 */
async function refuseBody(req: IncomingMessage, res: ServerResponse, response: Response) {
	const body = Buffer.from(await response.arrayBuffer())
	const raw: string[] = []
	for (const [key, value] of response.headers) raw.push(key, value)
	raw.push('Connection', 'close', 'Content-Length', String(body.byteLength))
	req.removeAllListeners('data')
	req.resume()
	res.writeHead(response.status, raw)
	res.write(body)
	await new Promise<void>((resolve) => {
		const done = () => {
			clearTimeout(grace)
			resolve()
		}
		const grace = setTimeout(done, DISCARD_GRACE_MS)
		grace.unref()
		if (req.complete) done()
		req.once('end', done)
		req.once('close', done)
		req.once('error', done)
	})
	res.end()
	// Still sending after the grace: cut it.
	if (!req.complete) req.socket.destroy()
}

export function createNodeListener(
	handler: (request: Request, client: ClientInfo) => Promise<Response>,
	options: NodeListenerOptions,
) {
	return async function listener(req: IncomingMessage, res: ServerResponse) {
		const method = (req.method ?? 'GET').toUpperCase()
		const url = limitUrl(req, options.protocol)
		const limit = BODYLESS.has(method) ? 0 : options.bodyLimit(url)
		const declared = req.headers['content-length']
		if (limit > 0 && declared !== undefined && Number(declared) > limit) {
			await refuseBody(req, res, options.tooLarge(url))
			return
		}
		let request: Request
		try {
			request = createRequest(req, res, { protocol: options.protocol })
		} catch {
			// A Host header the URL parser refuses: the request is read as one for localhost.
			request = createRequest(req, res, { protocol: options.protocol, host: 'localhost' })
		}
		let body: Buffer | null = null
		if (request.body) {
			const read = await readLimited(request.body, limit)
			if (read.kind === 'aborted') {
				res.destroy()
				return
			}
			if (read.kind === 'too-large') {
				await refuseBody(req, res, options.tooLarge(url))
				return
			}
			body = read.body
			const headers = new Headers(request.headers)
			if (body !== null) {
				headers.delete('transfer-encoding')
				headers.set('content-length', String(body.byteLength))
			}
			request = new Request(request.url, {
				method,
				headers,
				body: body === null ? null : (body as Uint8Array<ArrayBuffer>),
				signal: request.signal,
			})
		}
		let response: Response
		try {
			response = await handler(request, { address: req.socket.remoteAddress, body })
		} catch (error) {
			response = options.onError(error, url)
		}
		try {
			await sendResponse(res, response)
		} catch {
			// The body stream failed midway: the status line is already sent, so
			// the only honest signal left is a cut connection.
			res.destroy()
		}
	}
}
