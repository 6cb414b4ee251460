import type { IncomingMessage, ServerResponse } from 'node:http'

/**
 * The bridge between node:http and the Fetch API handler (server/app.ts).
 *
 * It reads the request body itself, under a size limit, before anything
 * else sees it: a body over the limit (declared by Content-Length or found
 * while reading a chunked one) is answered 413 with `Connection: close`,
 * the rest of it is discarded unread and the connection is closed. The
 * handler gets the body as one buffer, so nothing downstream can be left
 * writing into a stream that was cancelled (the crash of issue 9: the old
 * adapter kept enqueueing into a body stream the limit check had cancelled,
 * and the uncaught "Controller is already closed" ended the process).
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
	/**
	 * The database's writes (docs/decisions/037-durable-writes-off-the-event-loop.md):
	 * `mark()` before the handler runs; `settle(mark)` after it, a promise
	 * when something was written since, resolved once it is on disk. The
	 * answer is sent only then, so no write is acknowledged before it
	 * would survive a power cut; a failed flush answers as a server error.
	 */
	writes?: { mark: () => number; settle: (mark: number) => Promise<void> | undefined }
}

const BODYLESS = new Set(['GET', 'HEAD'])
/** How long a refused upload may keep its connection before it is cut. */
const DISCARD_GRACE_MS = 1_000

type BodyResult = { kind: 'ok'; body: Buffer | null } | { kind: 'too-large' } | { kind: 'aborted' }

/**
 * Reads the body up to `limit` bytes. Past the limit it stops keeping
 * chunks at once and reports too-large; the caller answers and the stream
 * keeps flowing into nothing until the connection closes.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<BodyResult> {
	const declared = req.headers['content-length']
	if (declared !== undefined && Number(declared) > limit) return Promise.resolve({ kind: 'too-large' })
	return new Promise((resolve) => {
		const chunks: Buffer[] = []
		let size = 0
		let settled = false
		const settle = (result: BodyResult) => {
			if (settled) return
			settled = true
			resolve(result)
		}
		req.on('data', (chunk: Buffer) => {
			if (settled) return
			size += chunk.byteLength
			if (size > limit) {
				chunks.length = 0
				settle({ kind: 'too-large' })
				return
			}
			chunks.push(chunk)
		})
		req.on('end', () => settle({ kind: 'ok', body: size === 0 ? null : Buffer.concat(chunks, size) }))
		// A client that aborts mid-body: 'error' (ECONNRESET) and/or 'close'
		// before 'end'. Listening to 'error' keeps it from being uncaught.
		req.on('error', () => settle({ kind: 'aborted' }))
		req.on('close', () =>
			settle(req.complete ? { kind: 'ok', body: Buffer.concat(chunks, size) } : { kind: 'aborted' }),
		)
	})
}

function headerPairs(req: IncomingMessage) {
	const headers = new Headers()
	const raw = req.rawHeaders
	for (let i = 0; i + 1 < raw.length; i += 2) {
		try {
			headers.append(raw[i]!, raw[i + 1]!)
		} catch {
			// A header value the Fetch API refuses (Node's parser is more
			// lenient): it is dropped rather than failing the request.
		}
	}
	return headers
}

/** Writes a Fetch Response to the Node response, honouring back-pressure. */
async function send(req: IncomingMessage, res: ServerResponse, response: Response) {
	const raw: string[] = []
	for (const [key, value] of response.headers) raw.push(key, value)
	// Two arguments unless there is a reason phrase: the compression
	// middleware wraps writeHead and reads the headers from the second one.
	if (response.statusText) res.writeHead(response.status, response.statusText, raw)
	else res.writeHead(response.status, raw)
	if (!response.body || req.method === 'HEAD') {
		res.end()
		return
	}
	const reader = response.body.getReader()
	try {
		for (;;) {
			const { done, value } = await reader.read()
			if (done) break
			if (res.destroyed) {
				await reader.cancel()
				return
			}
			if (!res.write(value)) {
				await new Promise<void>((resolve) => {
					const go = () => {
						res.off('drain', go)
						res.off('close', go)
						resolve()
					}
					res.on('drain', go)
					res.on('close', go)
				})
			}
		}
		res.end()
	} catch {
		// The body stream failed midway: the status line is already sent, so
		// the only honest signal left is a cut connection.
		res.destroy()
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
		const controller = new AbortController()
		res.on('close', () => {
			if (!res.writableFinished) controller.abort()
		})
		const method = (req.method ?? 'GET').toUpperCase()
		const path = req.url?.startsWith('/') ? req.url : '/'
		let url: URL
		try {
			url = new URL(path, `${options.protocol}//${req.headers.host ?? 'localhost'}`)
		} catch {
			// A Host header that is not a host name.
			url = new URL(path, `${options.protocol}//localhost`)
		}
		let body: Buffer | null = null
		if (!BODYLESS.has(method)) {
			const read = await readBody(req, options.bodyLimit(url))
			if (read.kind === 'aborted') {
				res.destroy()
				return
			}
			if (read.kind === 'too-large') {
				await refuseBody(req, res, options.tooLarge(url))
				return
			}
			body = read.body
		}
		let response: Response
		const mark = options.writes?.mark()
		try {
			const headers = headerPairs(req)
			if (body !== null) {
				headers.delete('transfer-encoding')
				headers.set('content-length', String(body.byteLength))
			}
			const request = new Request(url, {
				method,
				headers,
				body: body === null ? null : (body as Uint8Array<ArrayBuffer>),
				signal: controller.signal,
			})
			response = await handler(request, { address: req.socket.remoteAddress, body })
		} catch (error) {
			response = options.onError(error, url)
		}
		const settling = mark === undefined ? undefined : options.writes?.settle(mark)
		if (settling) {
			try {
				await settling
			} catch (error) {
				await response.body?.cancel()
				response = options.onError(error, url)
			}
		}
		await send(req, res, response)
	}
}
