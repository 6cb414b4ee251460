import cluster from 'node:cluster'
import { createRequestHandler } from 'react-router'
import { memberAuth } from '#app/auth/member.server.ts'
import { staffAuth } from '#app/auth/staff.server.ts'
import { watchMailFailures } from '#app/features/alerts/alerts.server.ts'
import { drainNotificationMails } from '#app/features/notifications/notifications.server.ts'
import { createLease } from '#app/utils/lease.server.ts'
import { promptSchedulers, relayJobPrompts, SCHEDULER_RUNNER_LEASE_MS } from '#app/utils/scheduler.server.ts'
import { getCurrentUnlockCode } from '#app/features/codes/unlock-code.server.ts'
import { BROKER_REPORT_LIMITS } from '#app/features/broker-reports/schemas.ts'
import { REPORT_UPLOAD_MESSAGES, REPORT_UPLOAD_PATH } from '#app/features/broker-reports/upload.server.ts'
import {
	STATEMENT_MULTIPART_OVERHEAD_BYTES,
	STATEMENT_UPLOAD_MESSAGES,
	STATEMENT_UPLOAD_PATH,
} from '#app/features/traders/upload.server.ts'
import { STATEMENT_LIMITS } from '#app/features/traders/statements-csv.server.ts'
import { getEnv, initEnv } from '#app/utils/env.server.ts'
import { getLoadContext } from '#app/utils/load-context.server.ts'
import { dataVersion } from '#app/utils/data-version.server.ts'
import { log } from '#app/utils/log.server.ts'
import { stopPasswordPool } from '#app/utils/password.server.ts'
import {
	BUSY_RETRY_AFTER_SECONDS,
	REQUEST_BUSY_TIMEOUT_MS,
	closeDb,
	getDb,
	leaveCheckpointsToCheckpointer,
	migrateDatabase,
	pendingMigrations,
	setBusyTimeout,
	sqliteVersion,
	writeAttempts,
} from '#db/client.server.ts'
import { seed } from '#db/seed.ts'
import { startBackupSchedule } from './backup-schedule.ts'
import { createPlatformScheduler } from './scheduled-jobs.ts'
import { clientIpFrom } from './client-ip.ts'
import { createNodeListener, type ClientInfo } from './node-listener.ts'
import { createPageCache } from './page-cache.ts'
import { createRoutePartitions } from './route-partitions.ts'
import { plainPage } from '#app/utils/plain-page.server.ts'
import { serverErrorAnswer } from '#app/utils/durable-writes.server.ts'
import { shareRequestSignals } from './shared-signal-request.ts'
import { checkFieldNames, checkFormBody } from './request-shape.ts'
import { SCHEDULER_PROMPT } from './cluster-messages.js'

/**
 * The server half of the production build (vite.config.ts makes this the
 * SSR entry): start-up, the fetch handler with our request guards, and
 * shutdown. server.js owns the HTTP server itself.
 */

// Before any request is made: React Router's derived requests share their
// signal instead of following it (server/shared-signal-request.ts).
shareRequestSignals()

/** The React Router server build (the bench serves it bare as a baseline). */
export const serverBuild = await import('virtual:react-router/server-build')

// Given the build object, not a function: React Router re-derives its route
// tables on every request when handed a function (meant for dev reloads).
const mode = process.env.NODE_ENV === 'development' ? 'development' : 'production'
const handleRequest = createRequestHandler(serverBuild, mode)

/**
 * A handler that matches among the routes a pathname can reach, or null for
 * the whole tree's (server/route-partitions.ts, decision 054: React Router
 * flattens and matches every branch several times a request).
 */
const handlerFor = createRoutePartitions(
	serverBuild.routes,
	(routes) => {
		const assetRoutes: typeof serverBuild.assets.routes = {}
		for (const id of Object.keys(routes)) assetRoutes[id] = serverBuild.assets.routes[id]
		return createRequestHandler(
			{ ...serverBuild, routes, assets: { ...serverBuild.assets, routes: assetRoutes } },
			mode,
		)
	},
	{ manifestPath: serverBuild.routeDiscovery.mode === 'lazy' ? serverBuild.routeDiscovery.manifestPath : undefined },
)

/**
 * The landing, terms and sign-in pages for visitors without a session,
 * rendered once per process (server/page-cache.ts). server.js answers from
 * it before anything else.
 */
const pageCache = createPageCache(
	(path) => handleRequest(new Request(new URL(path, getEnv().appOrigin)), getLoadContext({ pageCacheRender: true })),
	(path, error) => log('page_cache.error', { path, error: String((error as Error)?.message ?? error) }, 'error'),
	// Staff publishing, editing or deleting what these pages show, or the scheduler, moves it (issue 41 part 6).
	() => dataVersion('content'),
)

/** The cached answer for a request (GET/HEAD of a CACHED_PAGES path, no session), or null. */
export const cachedPage = pageCache.answer
/** The render a turned-down cacheable request can wait for (server/page-cache.ts `whenFresh`). */
export const cachedPageRefresh = pageCache.whenFresh

let stopBackups: (() => void) | undefined
let stopScheduler: (() => void) | undefined

/**
 * What must happen once per start, before any process serves
 * (docs/decisions/026-every-core.md): validates the configuration,
 * migrates, seeds, removes expired sessions. server.js runs it in a process
 * of its own before it forks the serving processes; returns what to print.
 */
export async function prepare() {
	const config = initEnv()
	if (config.databaseReadOnly) return prepareReplica(config)
	migrateDatabase(getDb())
	const version = sqliteVersion()
	const seeded = await seed()
	const expired = memberAuth.sessions.deleteExpired() + staffAuth.sessions.deleteExpired()
	log('startup', { sqlite: version, database: config.databasePath, expiredSessionsRemoved: expired })
	return {
		config: startupSummary(config),
		unlockCode: getCurrentUnlockCode() ?? seeded.unlockCode,
		admin: seeded.admin,
		planCodes: seeded.planCodes,
	}
}

/** What the start-up banner prints of the configuration (no secrets). */
function startupSummary(config: ReturnType<typeof initEnv>) {
	return {
		appOrigin: config.appOrigin,
		host: config.host,
		port: config.port,
		dataDir: config.dataDir,
		databasePath: config.databasePath,
		mailOutbox: config.mailOutbox,
		smtp: Boolean(config.smtpUrl),
		webConcurrency: config.webConcurrency,
	}
}

/**
 * A read replica's start (docs/decisions/065-read-replicas.md): nothing is written. The schema must
 * be the one this build expects, migrated by the primary (its journal table
 * `__drizzle_migrations`); a replica behind it refuses to start rather than
 * migrate. No seed, no first admin, no expired sessions removed.
 */
function prepareReplica(config: ReturnType<typeof initEnv>) {
	const pending = pendingMigrations(getDb())
	if (pending.length > 0) {
		throw new Error(
			`Read replica (${config.readOnlyBecause}): the database at ${config.databasePath} is not migrated to this build ` +
				`(${pending.length} migration${pending.length === 1 ? '' : 's'} missing: ${pending.slice(0, 3).join(', ')}${pending.length > 3 ? ', ...' : ''}). ` +
				'Migrations run on the primary only: start or upgrade the primary first, then this replica.',
		)
	}
	const version = sqliteVersion()
	log('startup', {
		sqlite: version,
		database: config.databasePath,
		readOnly: true,
		readOnlyBecause: config.readOnlyBecause,
		primaryOrigin: config.primaryOrigin,
	})
	return {
		config: {
			...startupSummary(config),
			readOnly: { because: config.readOnlyBecause, primaryOrigin: config.primaryOrigin },
		},
		unlockCode: getCurrentUnlockCode(),
		admin: { created: false as const, twoFactorFromEnv: false },
		planCodes: {} as Record<string, string>,
	}
}

/**
 * Readies one serving process (the database is migrated already): the page
 * cache rendered, the request lock bound, the scheduler and the backups
 * (which only the holder of the scheduler's lease runs, whatever the
 * number of processes).
 */
export async function startServing(options: { walCheckpointer?: boolean } = {}) {
	const config = initEnv()
	if (config.databaseReadOnly) {
		// A replica (docs/decisions/065-read-replicas.md): the cached pages, and nothing that writes:
		// no scheduler, no lease, no backups, no mail-failure alerts (rows).
		await pageCache.warm()
		return config
	}
	// A mail that fails raises an alert (the figures and contest alerts are
	// scheduled jobs: the scheduler's first tick runs what is due).
	watchMailFailures()
	await pageCache.warm()
	// From here on requests are served: a lock held elsewhere is waited for
	// briefly, then answered 503 (db/client.server.ts).
	setBusyTimeout(REQUEST_BUSY_TIMEOUT_MS)
	// Another thread checkpoints the WAL (server.js's primary runs
	// server/wal-checkpointer.js): this process's commits no longer copy and
	// sync it on the event loop (docs/decisions/069).
	if (options.walCheckpointer) leaveCheckpointsToCheckpointer()
	// Scheduled work (server/scheduled-jobs.ts): the month's contest roll-over,
	// alerts, clean-ups, daily figures; the first tick runs now in the process
	// that takes the lease, the others stand by.
	const runner = createLease({ name: 'scheduler', ttlMs: SCHEDULER_RUNNER_LEASE_MS })
	stopScheduler = createPlatformScheduler(undefined, runner).start()
	if (cluster.isWorker) relayPromptsThroughPrimary()
	if (config.backupIntervalMs > 0) {
		stopBackups = startBackupSchedule({
			intervalMs: config.backupIntervalMs,
			keep: config.backupKeep,
			dir: config.backupDir,
			runner,
		})
	}
	return config
}

/**
 * A job made due at once here (`runJobSoon`: a contest completed, an
 * announcement published) is told to the other serving processes through
 * the primary (server.js), and theirs to this one: the process that holds
 * the scheduler's lease runs it within a moment, whichever process served
 * the request.
 */
function relayPromptsThroughPrimary() {
	relayJobPrompts(() => process.send?.({ type: SCHEDULER_PROMPT }))
	process.on('message', (message: { type?: unknown } | null) => {
		if (message?.type === SCHEDULER_PROMPT) promptSchedulers()
	})
}

/** Both in this one process (the bench's bare baseline); returns what to print. */
export async function startup() {
	const info = await prepare()
	await startServing()
	return info
}

/**
 * Stops the scheduler (giving its lease up), lets queued notification mails
 * go out (a few seconds at most), closes the database (checkpointing the
 * WAL) and the hashing workers.
 */
export async function shutdown() {
	stopScheduler?.()
	stopBackups?.()
	await drainNotificationMails()
	// The writes this process attempted on a read-only replica (always 0 on a
	// primary): the replica test reads this line (docs/decisions/065-read-replicas.md).
	if (getEnv().databaseReadOnly) log('replica.writes', { attempted: writeAttempts() })
	closeDb()
	await stopPasswordPool()
}

const PAGE_BODY_LIMIT = 64 * 1024
const API_BODY_LIMIT = 1024 * 1024
/** The broker report upload (page and API) only: a 5 MiB file and its multipart envelope. */
const REPORT_UPLOAD_BODY_LIMIT = BROKER_REPORT_LIMITS.fileBytes + BROKER_REPORT_LIMITS.multipartOverheadBytes
/** A trader's statement upload (page and API) only: a 10 MB file and its multipart envelope. */
const STATEMENT_UPLOAD_BODY_LIMIT = STATEMENT_LIMITS.maxBytes + STATEMENT_MULTIPART_OVERHEAD_BYTES
const BODYLESS = new Set(['GET', 'HEAD', 'OPTIONS'])
// Pages take GET and POST (forms); /api routes answer 405 with their own
// Allow header for the methods they do not define.
const PAGE_METHODS = new Set(['GET', 'HEAD', 'POST'])
const API_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

/** What a read replica serves itself; every other method goes to the primary (docs/decisions/065-read-replicas.md). */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * The GET requests whose whole point is a write, sent to the primary like a
 * form post: `/go/:brokerSlug` records the member's broker click before it
 * redirects to the broker (the affiliate attribution must not be lost).
 */
const WRITING_GET = /^\/go\//

/**
 * A non-GET request on a read replica: `307 Temporary Redirect` to the same
 * path and query on PRIMARY_ORIGIN (a 307 keeps the method and the body),
 * answered before any other check (server.js logs it as a 307).
 */
function toPrimary(url: URL, primaryOrigin: string) {
	return new Response(null, {
		status: 307,
		headers: { Location: `${primaryOrigin}${url.pathname}${url.search}`, 'Cache-Control': 'no-store' },
	})
}

const isApiPath = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/')

function apiAnswer(status: number, message: string, headers: Record<string, string> = {}) {
	return new Response(JSON.stringify({ success: false, message }), {
		status,
		headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
	})
}

function bodyLimit(url: URL) {
	if (REPORT_UPLOAD_PATH.test(url.pathname)) return REPORT_UPLOAD_BODY_LIMIT
	if (STATEMENT_UPLOAD_PATH.test(url.pathname)) return STATEMENT_UPLOAD_BODY_LIMIT
	return isApiPath(url.pathname) ? API_BODY_LIMIT : PAGE_BODY_LIMIT
}

function tooLarge(url: URL) {
	const upload = REPORT_UPLOAD_PATH.test(url.pathname)
		? REPORT_UPLOAD_MESSAGES
		: STATEMENT_UPLOAD_PATH.test(url.pathname)
			? STATEMENT_UPLOAD_MESSAGES
			: null
	if (upload) {
		return isApiPath(url.pathname)
			? apiAnswer(413, upload.tooLarge)
			: plainPage(413, 'File too large', `${upload.tooLarge} Go back and choose a smaller file.`)
	}
	return isApiPath(url.pathname)
		? apiAnswer(413, 'Request body is too large')
		: plainPage(
				413,
				'Request too large',
				'Request body is too large. Forms here are small: please go back and try again.',
			)
}

function serverError(error: unknown, url: URL) {
	log('server.error', { path: url.pathname, error: String((error as Error)?.message ?? error) }, 'error')
	return serverErrorAnswer(url.pathname)
}

/**
 * The browser's Origin must name this site on a form post (React Router
 * makes the same check and would answer 400 too; doing it here first
 * keeps refused posts out of the error log: they are a client's doing).
 */
function crossOrigin(request: Request, url: URL) {
	const origin = request.headers.get('origin')
	if (origin === null) return false
	try {
		return origin === 'null' || new URL(origin).origin !== url.origin
	} catch {
		return true
	}
}

/**
 * Every dynamic request passes here (after server/node-listener.ts read its
 * body under the size limit): methods (405), the shape of the query string
 * and form body (400), a cross-site check for page form posts (403/400), the
 * client IP for rate limits, then the React Router handler. A 503 (a
 * database that stayed locked) always carries Retry-After.
 */
export async function handle(request: Request, client: ClientInfo): Promise<Response> {
	const url = new URL(request.url)
	const isApi = isApiPath(url.pathname)
	const method = request.method.toUpperCase()
	const primaryOrigin = getEnv().primaryOrigin
	if (primaryOrigin && (!READ_METHODS.has(method) || WRITING_GET.test(url.pathname)))
		return toPrimary(url, primaryOrigin)
	if (!(isApi ? API_METHODS : PAGE_METHODS).has(method)) {
		const allow = isApi ? 'GET, HEAD, POST, PUT, PATCH, DELETE' : 'GET, HEAD, POST'
		return isApi
			? apiAnswer(405, 'Method not allowed', { Allow: allow })
			: new Response('Method Not Allowed', {
					status: 405,
					headers: { 'Content-Type': 'text/plain; charset=utf-8', Allow: allow },
				})
	}
	const queryProblem = url.search ? checkFieldNames(url.searchParams.keys()) : null
	if (queryProblem) {
		log('request.rejected', { path: url.pathname, reason: 'query_shape' }, 'warn')
		return isApi ? apiAnswer(400, queryProblem.message) : plainPage(400, 'Bad request', queryProblem.message)
	}
	// Any copy the client sent is replaced: rate limits trust this header.
	request.headers.set(
		'x-client-ip',
		clientIpFrom(request.headers.get('x-forwarded-for'), client.address, getEnv().trustProxy),
	)
	if (!isApi && !BODYLESS.has(method)) {
		if (request.headers.get('sec-fetch-site') === 'cross-site') {
			log('csrf.rejected', { path: url.pathname, reason: 'sec-fetch-site' }, 'warn')
			return plainPage(403, 'Access denied', 'Cross-site form posts are not accepted')
		}
		if (crossOrigin(request, url)) {
			log('csrf.rejected', { path: url.pathname, reason: 'origin' }, 'warn')
			return plainPage(400, 'Bad request', 'This form was sent from another site and was not accepted.')
		}
		if (client.body) {
			const formProblem = await checkFormBody(request.headers.get('content-type'), client.body)
			if (formProblem) {
				log('request.rejected', { path: url.pathname, reason: 'form_shape' }, 'warn')
				return plainPage(400, 'Bad request', `This form could not be read. ${formProblem.message}`)
			}
		}
	}
	const response = await (handlerFor(url.pathname) ?? handleRequest)(request, getLoadContext())
	if (response.status === 503 && !response.headers.has('Retry-After')) {
		response.headers.set('Retry-After', String(BUSY_RETRY_AFTER_SECONDS))
	}
	return response
}

/**
 * The node:http request listener for server.js: bodies read under their
 * limits (64 KB on pages, 1 MB on /api, 5 MiB + 64 KiB for a broker report
 * upload), then `handle`.
 */
export function createListener() {
	return createNodeListener(handle, {
		bodyLimit,
		tooLarge,
		onError: serverError,
		protocol: getEnv().secureCookies ? 'https:' : 'http:',
	})
}

export { runCli } from './cli.ts'
export { createRenderTurns, takesTurn } from './render-turns.ts'
