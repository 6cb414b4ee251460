import { createRequestHandler } from 'react-router'
import { memberAuth } from '#app/auth/member.server.ts'
import { staffAuth } from '#app/auth/staff.server.ts'
import { recordDailySnapshot } from '#app/models/admin-stats.server.ts'
import { checkContestAlerts, watchMailFailures } from '#app/models/alerts.server.ts'
import { getCurrentUnlockCode } from '#app/models/unlock-code.server.ts'
import { getEnv, initEnv } from '#app/utils/env.server.ts'
import { log } from '#app/utils/log.server.ts'
import { stopPasswordPool } from '#app/utils/password.server.ts'
import { closeDb, getDb, migrateDatabase, sqliteVersion } from '#db/client.server.ts'
import { seed } from '#db/seed.ts'
import { createPageCache } from './page-cache.ts'

/**
 * The server half of the production build (vite.config.ts makes this the
 * SSR entry): start-up, the fetch handler with our request guards, and
 * shutdown. server.js owns the HTTP server itself.
 */

/** The React Router server build (the bench serves it bare as a baseline). */
export const serverBuild = await import('virtual:react-router/server-build')

// Given the build object, not a function: React Router re-derives its route
// tables on every request when handed a function (meant for dev reloads).
const handleRequest = createRequestHandler(
	serverBuild,
	process.env.NODE_ENV === 'development' ? 'development' : 'production',
)

/**
 * The landing and terms pages for visitors without a session, rendered once
 * (server/page-cache.ts). server.js answers from it before anything else.
 */
const pageCache = createPageCache(
	(path) => handleRequest(new Request(new URL(path, getEnv().appOrigin)), { pageCacheRender: true }),
	(path, error) => log('page_cache.error', { path, error: String((error as Error)?.message ?? error) }, 'error'),
)

/** The cached answer for a request (GET/HEAD of /, /terms, no session), or null. */
export const cachedPage = pageCache.answer

/** Validates the configuration, migrates, seeds; returns what to print. */
export async function startup() {
	const config = initEnv()
	migrateDatabase(getDb())
	const version = sqliteVersion()
	const seeded = await seed()
	const expired = memberAuth.sessions.deleteExpired() + staffAuth.sessions.deleteExpired()
	// Admin dashboard upkeep: a mail that fails raises an alert; today's
	// figures and contests about to end are looked at once at start too.
	watchMailFailures()
	recordDailySnapshot()
	checkContestAlerts()
	await pageCache.warm()
	log('startup', { sqlite: version, database: config.databasePath, expiredSessionsRemoved: expired })
	return {
		config,
		unlockCode: getCurrentUnlockCode() ?? seeded.unlockCode,
		admin: seeded.admin,
		planCodes: seeded.planCodes,
	}
}

/** Closes the database (checkpointing the WAL) and the hashing workers. */
export async function shutdown() {
	closeDb()
	await stopPasswordPool()
}

const PAGE_BODY_LIMIT = 64 * 1024
const API_BODY_LIMIT = 1024 * 1024
const BODYLESS = new Set(['GET', 'HEAD', 'OPTIONS'])
// Pages take GET and POST (forms); /api routes answer 405 with their own
// Allow header for the methods they do not define.
const PAGE_METHODS = new Set(['GET', 'HEAD', 'POST'])
const API_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

function tooLarge(isApi: boolean) {
	return isApi
		? new Response(JSON.stringify({ success: false, message: 'Request body is too large' }), {
				status: 413,
				headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
			})
		: new Response('Request body is too large', {
				status: 413,
				headers: { 'Content-Type': 'text/plain; charset=utf-8' },
			})
}

/** Reads a body of unknown length, giving up past `limit` bytes. */
async function readLimited(body: ReadableStream<Uint8Array>, limit: number) {
	const chunks: Uint8Array[] = []
	let size = 0
	const reader = body.getReader()
	for (;;) {
		const { done, value } = await reader.read()
		if (done) break
		size += value.byteLength
		if (size > limit) {
			await reader.cancel()
			return null
		}
		chunks.push(value)
	}
	return Buffer.concat(chunks)
}

/**
 * Every dynamic request passes here: body size limits (413), a cross-site
 * check for page form posts (403), the client IP for rate limits, then the
 * React Router handler.
 */
export async function handle(request: Request, clientIp: string): Promise<Response> {
	const url = new URL(request.url)
	const isApi = url.pathname === '/api' || url.pathname.startsWith('/api/')
	const method = request.method.toUpperCase()
	if (!(isApi ? API_METHODS : PAGE_METHODS).has(method)) {
		const allow = isApi ? 'GET, HEAD, POST, PUT, PATCH, DELETE' : 'GET, HEAD, POST'
		return isApi
			? new Response(JSON.stringify({ success: false, message: 'Method not allowed' }), {
					status: 405,
					headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', Allow: allow },
				})
			: new Response('Method Not Allowed', { status: 405, headers: { 'Content-Type': 'text/plain; charset=utf-8', Allow: allow } })
	}
	// Any copy the client sent is replaced: rate limits trust this header.
	request.headers.set('x-client-ip', clientIp)
	if (BODYLESS.has(method) || !request.body) return handleRequest(request, {})

	const limit = isApi ? API_BODY_LIMIT : PAGE_BODY_LIMIT
	const declared = request.headers.get('content-length')
	if (declared !== null && Number(declared) > limit) return tooLarge(isApi)
	if (!isApi && request.headers.get('sec-fetch-site') === 'cross-site') {
		log('csrf.rejected', { path: url.pathname }, 'warn')
		return new Response('Cross-site form posts are not accepted', {
			status: 403,
			headers: { 'Content-Type': 'text/plain; charset=utf-8' },
		})
	}
	// Node's parser holds a body to its declared length; only a body of
	// unknown length (chunked) needs reading here to enforce the limit.
	if (declared !== null) return handleRequest(request, {})
	const buffer = await readLimited(request.body, limit)
	if (!buffer) return tooLarge(isApi)
	const headers = new Headers(request.headers)
	headers.delete('transfer-encoding')
	headers.set('content-length', String(buffer.byteLength))
	return handleRequest(new Request(url, { method, headers, body: buffer, signal: request.signal }), {})
}
