import crypto from 'node:crypto'
import { promisify } from 'node:util'
import zlib from 'node:zlib'

/**
 * The public pages and the sign-in pages as visitors without a session see
 * them, rendered once and kept in memory with gzip and brotli copies, so
 * serving them costs about as much as a static file
 * (docs/decisions/002-in-memory-page-cache.md; the sign-in pages:
 * docs/decisions/026-every-core.md). Each server process keeps its own copy.
 *
 * - Only GET and HEAD of the exact paths, without a query string (so no
 *   `?redirectTo=`, `?ref=` or error parameter), and only for requests that
 *   carry none of the cookies that change these pages: a member or staff
 *   session (a signed-in member gets a page rendered for them, or the
 *   redirect those pages give), a staff sign-in waiting for its second
 *   factor, or a flash message. One member's page never reaches anyone else.
 * - The sign-in pages hydrate: their inline scripts (React Router's context
 *   and module script) are the same for every visitor and allowed by hash.
 *   A form post is never answered from here.
 * - The cached render has no per-request nonce (one page for everyone);
 *   app/entry.server.tsx gives it a CSP that allows its inline scripts by
 *   their SHA-256 hashes instead.
 * - The pages depend on the build, the start-up configuration (APP_ORIGIN)
 *   and the staff-run content they show (the landing's testimonials, issue
 *   41 part 6). That content can change while the processes run, so an entry
 *   keeps the `content` data-version counter it was rendered at
 *   (app/utils/data-version.server.ts; SQLite triggers bump it on every write
 *   to those tables, whichever process or the scheduler wrote it): each
 *   request reads the counter (one cached prepared statement, one row by its
 *   key) and, when it moved, waits for the entry's new render (`whenFresh`,
 *   one render shared by the requests that arrive meanwhile) and is answered
 *   from it. No process serves a page older than the last write it can see.
 */

export const CACHED_PAGES = ['/', '/terms', '/login', '/signup', '/forgot-password', '/admin/login'] as const

/**
 * Cookies that change what these pages show (`__Host-` over https): the
 * member and staff sessions (app/auth/member.server.ts, staff.server.ts),
 * the staff sign-in waiting for its second factor, the flash message
 * (app/utils/flash.server.ts).
 */
const PAGE_COOKIES = new Set(
	['session', 'admin_session', 'admin_pending', 'flash'].flatMap((name) => [name, `__Host-${name}`]),
)

const gzip = promisify(zlib.gzip)
const brotli = promisify(zlib.brotliCompress)

export type CachedAnswer = {
	status: number
	headers: Readonly<Record<string, string>>
	/**
	 * The same headers as one flat list (name, value, name, value, ...), the
	 * form `res.writeHead` takes without building a header map: the server
	 * answers a cache hit with it (server.js). Shared by every request: never
	 * change it, copy it.
	 */
	rawHeaders: readonly string[]
	body: Buffer | null
}

type Encoding = 'br' | 'gzip' | 'identity'

/** Every answer an entry can give, built once when it is rendered: nothing is assembled per request. */
type Entry = {
	/** The content counter when its render started. */
	version: number
	etag: string
	notModified: CachedAnswer
	ok: Record<Encoding, CachedAnswer>
	head: Record<Encoding, CachedAnswer>
}

function ready(status: number, headers: Record<string, string>, body: Buffer | null): CachedAnswer {
	return Object.freeze({
		status,
		headers: Object.freeze(headers),
		rawHeaders: Object.freeze(Object.entries(headers).flat()),
		body,
	})
}

type RequestHeaders = {
	cookie?: string | undefined
	'accept-encoding'?: string | undefined
	'if-none-match'?: string | undefined
}

/** True when the Cookie header holds a session, a pending staff sign-in or a flash message (PAGE_COOKIES). */
export function hasPageCookie(cookieHeader: string | undefined) {
	if (!cookieHeader) return false
	for (const part of cookieHeader.split(';')) {
		const eq = part.indexOf('=')
		const name = (eq === -1 ? part : part.slice(0, eq)).trim()
		if (PAGE_COOKIES.has(name)) return true
	}
	return false
}

const COMMON_ACCEPT_ENCODINGS = new Map<string, Encoding>([
	['gzip, deflate, br, zstd', 'br'],
	['gzip, deflate, br', 'br'],
	['br, gzip, deflate', 'br'],
	['gzip, deflate', 'gzip'],
	['gzip', 'gzip'],
	['br', 'br'],
])

/** The best encoding we hold for an Accept-Encoding header: br, gzip or identity. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
	if (!acceptEncoding) return 'identity'
	// What browsers send, answered without parsing.
	const known = COMMON_ACCEPT_ENCODINGS.get(acceptEncoding)
	if (known) return known
	let best: Encoding = 'identity'
	let bestQ = 0
	for (const item of acceptEncoding.split(',')) {
		const [rawName, ...params] = item.trim().split(';')
		const name = rawName!.trim().toLowerCase()
		if (name !== 'br' && name !== 'gzip') continue
		const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/i.exec(p)).find(Boolean)
		const weight = q ? Number(q[1]) : 1
		if (!(weight > 0)) continue
		// Equal weights: brotli is smaller.
		if (weight > bestQ || (weight === bestQ && name === 'br')) {
			best = name
			bestQ = weight
		}
	}
	return best
}

function etagMatches(ifNoneMatch: string | undefined, etag: string) {
	if (!ifNoneMatch) return false
	return ifNoneMatch.split(',').some((t) => {
		const tag = t.trim()
		return tag === '*' || tag === etag || tag === `W/${etag}`
	})
}

/**
 * `render(path)` renders one page for the cache (a visitor without a
 * session); only a 200 HTML answer is kept.
 */
export function createPageCache(
	render: (path: string) => Promise<Response>,
	onError: (path: string, error: unknown) => void = () => {},
	/** The content counter the pages depend on (read on each request); an entry of another value is rendered again. */
	contentVersion: () => number = () => 0,
) {
	const entries = new Map<string, Entry>()
	const filling = new Map<string, Promise<void>>()
	const cacheable = new Set<string>(CACHED_PAGES)

	async function build(path: string) {
		// Read before rendering: a write during the render leaves the entry behind, so it is rendered again.
		const version = contentVersion()
		const response = await render(path)
		const type = response.headers.get('Content-Type') ?? ''
		const csp = response.headers.get('Content-Security-Policy')
		if (response.status !== 200 || !type.startsWith('text/html') || !csp) {
			throw new Error(`not cacheable: status ${response.status}`)
		}
		const identity = Buffer.from(await response.arrayBuffer())
		const [gz, br] = await Promise.all([
			gzip(identity, { level: 9 }),
			brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
		])
		const etag = `"${crypto.createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`
		const common = {
			'Content-Security-Policy': csp,
			// Revalidate every time (ETag makes that a 304); shared caches
			// must key on the cookie, as this answer is for visitors only.
			'Cache-Control': 'no-cache',
			Vary: 'Accept-Encoding, Cookie',
			ETag: etag,
		}
		const bodies: Record<Encoding, Buffer> = { identity, gzip: gz, br }
		const answers = (head: boolean) =>
			Object.fromEntries(
				(['identity', 'gzip', 'br'] as const).map((encoding) => {
					const body = bodies[encoding]
					const headers: Record<string, string> = {
						'Content-Type': type,
						...common,
						'Content-Length': String(body.byteLength),
					}
					if (encoding !== 'identity') headers['Content-Encoding'] = encoding
					return [encoding, ready(200, headers, head ? null : body)]
				}),
			) as Record<Encoding, CachedAnswer>
		entries.set(path, { version, etag, notModified: ready(304, common, null), ok: answers(false), head: answers(true) })
	}

	/** Renders `path` into the cache (once at a time); failures are reported, not thrown. */
	function fill(path: string) {
		let pending = filling.get(path)
		if (!pending) {
			pending = build(path)
				.catch((error) => onError(path, error))
				.finally(() => filling.delete(path))
			filling.set(path, pending)
		}
		return pending
	}

	/** The entry's answer for this request: 304 on its ETag, else the body in the encoding it prefers. */
	function pick(entry: Entry, method: string | undefined, headers: RequestHeaders) {
		if (etagMatches(headers['if-none-match'], entry.etag)) return entry.notModified
		const encoding = preferredEncoding(headers['accept-encoding'])
		return (method === 'HEAD' ? entry.head : entry.ok)[encoding]
	}

	/** GET or HEAD of a cached path without a query string, and none of the cookies that change these pages. */
	function ours(method: string | undefined, url: string | undefined, headers: RequestHeaders): url is string {
		if (method !== 'GET' && method !== 'HEAD') return false
		if (!url || !cacheable.has(url)) return false
		return !hasPageCookie(headers.cookie)
	}

	return {
		/** Renders every cached page (at start-up). */
		warm() {
			return Promise.all(CACHED_PAGES.map(fill)).then(() => undefined)
		},
		/** Drops every entry (tests). */
		clear() {
			entries.clear()
		},
		/**
		 * The answer for a request, or null when it is not ours to answer
		 * (another path, a query string, a page cookie, another method, or
		 * an entry not rendered yet or rendered before the content counter
		 * moved: that starts a render for the next one).
		 */
		answer(method: string | undefined, url: string | undefined, headers: RequestHeaders): CachedAnswer | null {
			if (!ours(method, url, headers)) return null
			const entry = entries.get(url)
			if (!entry || entry.version !== contentVersion()) {
				// Not rendered yet, or the content it shows has changed since: the
				// entry is rendered again (`whenFresh` lets the request wait for it).
				void fill(url)
				return null
			}
			return pick(entry, method, headers)
		},
		/**
		 * For a request `answer` turned down because its entry is not rendered
		 * yet or out of date (the content counter moved): the render under way,
		 * after which `answer` has the new entry, so every visitor gets the same
		 * cached page (its hashed CSP, its ETag) rather than a render of their
		 * own. Null when the request is not the cache's, or its entry is current.
		 */
		whenFresh(
			method: string | undefined,
			url: string | undefined,
			headers: RequestHeaders,
		): Promise<CachedAnswer | null> | null {
			if (!ours(method, url, headers)) return null
			const seen = contentVersion()
			const current = entries.get(url)
			if (current && current.version === seen) return null
			return (async () => {
				// A render at least as new as what this request saw (the counter only
				// grows): writes during a render may need another, at most three.
				for (let tries = 0; tries < 3; tries++) {
					await fill(url)
					const entry = entries.get(url)
					if (entry && entry.version >= seen) return pick(entry, method, headers)
				}
				return null
			})()
		},
	}
}
