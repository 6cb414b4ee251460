// The production server: a primary process and one serving process per core
// (node:cluster, docs/decisions/026-every-core.md).
// - The primary stays small: it never loads the app. It runs the start-up
//   work once in a process of its own (migrations, first-start seeding:
//   `prepare` in server/app.ts), prints the URL and first credentials, forks
//   WEB_CONCURRENCY serving processes, restarts one that dies (with a
//   back-off), and on SIGTERM/SIGINT has every one of them drain and exits
//   when all have.
// - Each serving process: static assets come from build/client
//   (precompressed, cached for a year when hashed); everything else goes to
//   the React Router build through build/server/index.js (server/app.ts:
//   body limits, request checks, the Node-to-Fetch bridge in
//   server/node-listener.ts).
import asyncHooks from 'node:async_hooks'
import cluster from 'node:cluster'
import fs from 'node:fs'
import http from 'node:http'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import zlib from 'node:zlib'
import { SCHEDULER_PROMPT } from './server/cluster-messages.js'
import { log } from './server/logger.js'
import { startWalCheckpointer } from './server/wal-checkpointer.js'

process.env.NODE_ENV ??= 'production'

/** How long the serving processes have to finish in-flight requests after SIGTERM. */
const DRAIN_MS = 8_000
/** A request handed to the app whose connection has nothing read or written for this long is cut (docs/decisions/033-no-async-hooks.md). */
const SILENT_SOCKET_MS = 120_000

/** One request's log line (the process's pino logger, server/logger.js): `requestId` is the answer's X-Request-Id. */
function logHttp(method, path, status, ms, requestId) {
	log('http', { method, path, status, ms, requestId })
}

// React's renderer without async hooks (docs/decisions/033-no-async-hooks.md)

/**
 * What React's Node renderer gets instead of an `AsyncLocalStorage`: the
 * request being rendered, for the synchronous extent of `run` only. React
 * runs each step of a render in `run` and also sets its own current request
 * there, so every lookup during a render finds the same request either way;
 * only a lookup from a callback outside any render step would find none,
 * and no code of ours makes one (no `ReactDOM.preload` or `preinit` outside
 * components). A real `AsyncLocalStorage` turns Node's async hooks on for
 * every promise and callback of every request.
 */
class RenderStepStorage {
	#store = undefined
	run(store, callback, ...args) {
		const outer = this.#store
		this.#store = store
		try {
			return callback(...args)
		} finally {
			this.#store = outer
		}
	}
	getStore() {
		return this.#store
	}
}

/**
 * Loads `react-dom/server` (the build imports the same module from the
 * module cache) while `AsyncLocalStorage` reads as RenderStepStorage: React
 * makes its one storage when the module is evaluated. Restored at once, so
 * nothing else sees the swap.
 */
function loadReactRenderer() {
	const AsyncLocalStorage = asyncHooks.AsyncLocalStorage
	asyncHooks.AsyncLocalStorage = RenderStepStorage
	try {
		createRequire(import.meta.url)('react-dom/server')
	} finally {
		asyncHooks.AsyncLocalStorage = AsyncLocalStorage
	}
}

if (cluster.isPrimary) await runPrimary()
else if (process.env.SERVER_ROLE === 'prepare') await runPrepare()
else await runWorker()

// ---------------------------------------------------------------------------
// The primary

/** A worker that dies within this long of its start counts towards the back-off. */
const STABLE_MS = 60_000
const RESTART_MIN_MS = 500
const RESTART_MAX_MS = 30_000

async function runPrimary() {
	const info = await prepareOnce()
	const { config } = info
	const pidFile = path.join(config.dataDir, 'server.pid')
	let shuttingDown = false
	let exitCode = 0
	let everListened = false
	let quickDeaths = 0
	const started = new Map()
	const pendingRestarts = new Set()
	// The WAL's checkpoints on a thread of this process: the serving
	// processes' commits then never copy and sync the WAL on their event
	// loops (docs/decisions/069). A replica's file is the primary's to checkpoint.
	const checkpointer = config.readOnly
		? null
		: startWalCheckpointer(config.databasePath, { onEvent: (event, fields) => log(event, fields, 'error') })
	if (checkpointer) log('wal.checkpointer', { threadId: checkpointer.threadId })

	function fork() {
		const worker = cluster.fork({ SERVER_ROLE: 'serve', WAL_CHECKPOINTER: checkpointer ? 'primary' : '' })
		started.set(worker.id, Date.now())
		return worker
	}

	// The banner once every first worker listens (a restarted one does not print it again).
	let waiting = config.webConcurrency
	cluster.on('listening', (worker) => {
		everListened = true
		log('worker.ready', { pid: worker.process.pid })
		if (--waiting === 0) printBanner(info)
	})

	// A job made due at once in one serving process (runJobSoon) is told to
	// the others: the one holding the scheduler's lease runs it (server/app.ts).
	cluster.on('message', (from, message) => {
		if (message?.type !== SCHEDULER_PROMPT) return
		for (const worker of Object.values(cluster.workers ?? {})) {
			if (worker && worker !== from && worker.isConnected()) worker.send(message)
		}
	})

	cluster.on('exit', (worker, code, signal) => {
		const lived = Date.now() - (started.get(worker.id) ?? Date.now())
		started.delete(worker.id)
		if (shuttingDown) {
			// SIGTERM before its handler was installed: a worker still starting, with nothing in flight.
			if (code !== 0 && signal !== 'SIGTERM') exitCode = 1
			if (Object.keys(cluster.workers ?? {}).length === 0) finish()
			return
		}
		log('worker.exit', { pid: worker.process.pid, code, signal, livedMs: lived }, 'error')
		if (!everListened) {
			// Not one process came up: a start-up failure ends the server, as it did with one process.
			exitCode = 1
			shutdown('startup-failure')
			return
		}
		quickDeaths = lived < STABLE_MS ? quickDeaths + 1 : 0
		const delay = Math.min(RESTART_MAX_MS, RESTART_MIN_MS * 2 ** Math.max(0, quickDeaths - 1))
		log('worker.restart', { inMs: delay })
		const timer = setTimeout(() => {
			pendingRestarts.delete(timer)
			if (!shuttingDown) fork()
		}, delay)
		pendingRestarts.add(timer)
	})

	function shutdown(signal) {
		if (shuttingDown) return
		shuttingDown = true
		log('shutdown', { signal, workers: Object.keys(cluster.workers ?? {}).length })
		for (const timer of pendingRestarts) clearTimeout(timer)
		// Every worker stops accepting and finishes what it has (its own bound is DRAIN_MS).
		for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM')
		if (Object.keys(cluster.workers ?? {}).length === 0) finish()
		setTimeout(() => {
			log('shutdown.timeout', { workers: Object.keys(cluster.workers ?? {}).length }, 'error')
			for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL')
			exitCode = 1
			finish()
		}, DRAIN_MS + 1_500).unref()
	}

	let finished = false
	function finish() {
		if (finished) return
		finished = true
		removePidFile()
		if (!checkpointer) {
			process.exit(exitCode)
			return
		}
		// The last checkpoint, once every serving process has closed its connection.
		checkpointer.stop().then(
			(counts) => {
				log('wal.checkpointer_stopped', counts ?? {})
				process.exit(exitCode)
			},
			() => process.exit(exitCode),
		)
	}

	function removePidFile() {
		try {
			if (JSON.parse(fs.readFileSync(pidFile, 'utf8')).pid === process.pid) fs.rmSync(pidFile, { force: true })
		} catch {
			// none, or not ours
		}
	}

	process.on('SIGTERM', () => shutdown('SIGTERM'))
	process.on('SIGINT', () => shutdown('SIGINT'))
	// The restore command refuses to run while this file names a live process (server/pid-file.ts).
	fs.writeFileSync(pidFile, JSON.stringify({ pid: process.pid, host: os.hostname() }))
	// A serving process on every core: V8's garbage collector works on the
	// process's own thread alone, not on helper threads that would take
	// turns with the other processes' JavaScript (docs/decisions/034).
	const singleThreadedGc = config.webConcurrency >= os.availableParallelism()
	if (singleThreadedGc) cluster.setupPrimary({ execArgv: [...process.execArgv, '--single-threaded-gc'] })
	log('cluster.start', { workers: config.webConcurrency, singleThreadedGc })
	for (let i = 0; i < config.webConcurrency; i++) fork()
}

/**
 * Runs `prepare` (migrations, seeding) in a process of its own and returns
 * what it reports; a failure there ends the server with its exit code.
 */
function prepareOnce() {
	return new Promise((resolve) => {
		const child = cluster.fork({ SERVER_ROLE: 'prepare' })
		let info = null
		child.on('message', (message) => {
			if (message?.type === 'prepared') info = message.info
		})
		child.on('exit', (code) => {
			if (info && code === 0) resolve(info)
			else process.exit(code || 1)
		})
	})
}

function printBanner(info) {
	const { config } = info
	const lines = [
		'',
		`  App ready on ${config.appOrigin} (listening on ${config.host}:${config.port}, ${config.webConcurrency} process${config.webConcurrency === 1 ? '' : 'es'})`,
		`  Database: ${config.databasePath}${config.readOnly ? ' (read-only: a replica)' : ''}`,
		...(config.readOnly
			? [
					`  Read replica (${config.readOnly.because}): no migrations, seed or scheduler here; non-GET requests answered 307 to ${config.readOnly.primaryOrigin}`,
				]
			: []),
		`  Current unlock code: ${info.unlockCode}`,
	]
	// A replica seeds nothing: no plan codes to show.
	if (!config.readOnly)
		lines.push(
			`  Plan activation codes (single use): ${Object.entries(info.planCodes)
				.map(([plan, code]) => `${plan} ${code}`)
				.join(', ')}`,
		)
	if (info.admin.created) {
		lines.push(`  First super admin created: ${info.admin.email} / ${info.admin.password}`)
		lines.push('  (shown once: keep it safe, or set ADMIN_EMAIL and ADMIN_PASSWORD)')
		if (!info.admin.twoFactorFromEnv) {
			lines.push(`  At the first sign-in (${config.appOrigin}/admin/login) it sets up two-factor authentication`)
			lines.push('  with an authenticator app before any other admin page.')
		}
	}
	if (info.admin.twoFactorFromEnv) lines.push(`  ${info.admin.email} enrolled in two-factor with ADMIN_TOTP_SECRET`)
	if (!config.smtp) lines.push(`  Mail is written to ${config.mailOutbox} (SMTP_URL is not set)`)
	process.stdout.write(`${lines.join('\n')}\n\n`)
}

// ---------------------------------------------------------------------------
// The start-up process: migrations and seeding, once

async function runPrepare() {
	loadReactRenderer()
	const build = await import('./build/server/index.js')
	const info = await build.prepare()
	await build.shutdown()
	process.send({ type: 'prepared', info }, () => process.exit(0))
}

// ---------------------------------------------------------------------------
// A serving process

async function runWorker() {
	const { default: compression } = await import('compression')
	const { default: sirv } = await import('sirv')
	loadReactRenderer()
	const build = await import('./build/server/index.js')
	// The primary's thread checkpoints the WAL (WAL_CHECKPOINTER=primary, docs/decisions/069).
	const config = await build.startServing({ walCheckpointer: process.env.WAL_CHECKPOINTER === 'primary' })

	const https = config.appOrigin.startsWith('https:')
	let shuttingDown = false

	const listener = build.createListener()

	const serveStatic = sirv(path.resolve('build/client'), {
		gzip: true,
		brotli: true,
		etag: true,
		dotfiles: false,
		setHeaders(res, pathname) {
			res.setHeader(
				'Cache-Control',
				pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
			)
		},
	})

	// Dynamic answers are gzipped at a low level (cheap); precompressed static
	// files already carry Content-Encoding and pass through untouched.
	const compress = compression({
		level: 4,
		threshold: 1024,
		brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
	})

	// The security headers as a flat list (name, value, ...): set one by one
	// on every dynamic answer, written whole before a cached answer's own list
	// (its page CSP included).
	const securityHeaderList = [
		'X-Content-Type-Options',
		'nosniff',
		'Referrer-Policy',
		'strict-origin-when-cross-origin',
		'X-Frame-Options',
		'DENY',
		'Cross-Origin-Opener-Policy',
		'same-origin',
		'Cross-Origin-Resource-Policy',
		'same-origin',
		...(https ? ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] : []),
	]
	function setSecurityHeaders(res) {
		for (let i = 0; i < securityHeaderList.length; i += 2)
			res.setHeader(securityHeaderList[i], securityHeaderList[i + 1])
		// Static files and plain-text answers get a locked-down policy; HTML
		// pages replace it with their nonce policy (app/entry.server.tsx).
		res.setHeader('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'")
	}

	/**
	 * A cached answer's full header list (security headers, its own, then
	 * X-Request-Id), made once per answer. The request id's value is the
	 * last entry, written just before each writeHead: Node reads the list
	 * there and keeps nothing of it.
	 */
	const cachedHeaderLists = new WeakMap()
	function cachedHeaderList(cached) {
		let list = cachedHeaderLists.get(cached)
		if (!list) {
			list = [...securityHeaderList, ...cached.rawHeaders, 'X-Request-Id', '']
			cachedHeaderLists.set(cached, list)
		}
		return list
	}

	const server = http.createServer((req, res) => {
		// The landing, terms and sign-in pages for visitors without a session:
		// rendered once, served from memory (precompressed) like a static
		// file, their headers written as one ready list (no header map built
		// per request). Nothing here can throw past the request.
		const cached = shuttingDown ? null : build.cachedPage(req.method, req.url, req.headers)
		if (cached) return answerCached(req, res, cached, performance.now())
		// Its entry is being rendered again (staff changed what it shows): the
		// request waits for it, so it gets the cached page every visitor gets.
		const refresh = shuttingDown ? null : build.cachedPageRefresh(req.method, req.url, req.headers)
		if (refresh) {
			const started = performance.now()
			refresh.then((fresh) => {
				if (fresh && !shuttingDown) answerCached(req, res, fresh, started)
				else serveOrFail(req, res)
			})
			return
		}
		serveOrFail(req, res)
	})

	function serveOrFail(req, res) {
		try {
			serve(req, res)
		} catch (error) {
			failRequest(error, { req, res })
		}
	}

	function answerCached(req, res, cached, started) {
		const requestId = randomUUID()
		const headers = cachedHeaderList(cached)
		headers[headers.length - 1] = requestId
		res.writeHead(cached.status, headers)
		res.end(cached.body ?? undefined)
		// Logged at once: the answer is whole and its status known.
		logHttp(req.method, req.url, cached.status, Math.round(performance.now() - started), requestId)
	}

	/** One log line per answer once it is sent (only the path: query strings can carry reset tokens). */
	function logRequest(req, res, started, requestId) {
		res.on('finish', () => {
			const pathname = (req.url ?? '/').split('?')[0]
			if (pathname === '/healthz' && res.statusCode === 200) return
			logHttp(req.method, pathname.slice(0, 300), res.statusCode, Math.round(performance.now() - started), requestId)
		})
	}

	function serve(req, res) {
		const started = performance.now()
		const requestId = randomUUID()
		// A connection silent this long is cut: the bound on an answer whose
		// handling was lost to an exception nothing could pin on it (the
		// end). Only here: a cached answer is whole before its handler returns.
		res.setTimeout(SILENT_SOCKET_MS)
		res.setHeader('X-Request-Id', requestId)
		setSecurityHeaders(res)
		if (shuttingDown) res.setHeader('Connection', 'close')
		logRequest(req, res, started, requestId)
		// The Fetch API cannot even represent these methods: refuse them here.
		if (req.method === 'TRACE' || req.method === 'TRACK' || req.method === 'CONNECT') {
			const api = (req.url ?? '').startsWith('/api')
			res.writeHead(405, {
				'Content-Type': api ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
				Allow: 'GET, HEAD, POST',
			})
			res.end(api ? JSON.stringify({ success: false, message: 'Method not allowed' }) : 'Method Not Allowed')
			return
		}
		compress(req, res, () => {
			serveStatic(req, res, () => {
				const run = () => listener(req, res).catch((error) => failRequest(error, { req, res }))
				if (build.takesTurn(req)) turns.inTurn(res, run)
				else run()
			})
		})
	}

	// Page loads take turns in arrival order, a few at once (server/render-turns.ts).
	const turns = build.createRenderTurns()

	server.headersTimeout = 15_000
	server.requestTimeout = 30_000
	server.keepAliveTimeout = 5_000

	// The primary holds the listening socket and hands connections out (the
	// banner is its to print). A worker that cannot listen has nothing to do.
	const listenFailed = (error) => {
		log('listen.failed', { error: String(error?.message ?? error) }, 'error')
		process.exit(1)
	}
	server.once('error', listenFailed)
	// CPU placement is the deployment's (`docker run --cpuset-cpus`, systemd
	// `CPUAffinity=`): docs/decisions/045-cpu-placement-is-the-deployments.md.
	server.listen(config.port, config.host, () => server.off('error', listenFailed))

	// SIGTERM/SIGINT: stop accepting, let in-flight requests finish (at most
	// DRAIN_MS), close the database, exit 0. No library: close-with-grace
	// exits 1 on a second signal, and a worker gets two when the signal
	// reaches the whole group (Ctrl-C, systemd's control-group kill) besides
	// the primary's SIGTERM (docs/architecture.md, "Runtime dependencies").
	function shutdown(signal, code = 0) {
		// A second signal changes nothing: the drain goes on.
		if (shuttingDown) return
		shuttingDown = true
		log('shutdown', { signal })
		const deadline = setTimeout(() => {
			server.closeAllConnections()
			finish(code)
		}, DRAIN_MS)
		deadline.unref()
		// Stop accepting; in-flight requests finish, idle keep-alive sockets close.
		server.close(() => finish(code))
		// Sockets of requests still in flight turn idle when their answer is
		// sent: close them then instead of waiting for the keep-alive timeout.
		server.closeIdleConnections()
		setInterval(() => server.closeIdleConnections(), 50).unref()
	}

	let finished = false
	async function finish(code) {
		if (finished) return
		finished = true
		try {
			await build.shutdown()
		} catch (error) {
			log('shutdown.error', { error: String(error?.message ?? error) }, 'error')
		}
		process.exit(code)
	}

	process.on('SIGTERM', () => shutdown('SIGTERM'))
	process.on('SIGINT', () => shutdown('SIGINT'))
	process.on('unhandledRejection', (error) =>
		log('unhandledRejection', { error: String(error?.message ?? error) }, 'error'),
	)
	/**
	 * A request whose handling failed outside its own error handling: it gets a
	 * 500 if nothing was sent yet, otherwise its connection is cut. The
	 * process goes on serving everyone else.
	 */
	function failRequest(error, context) {
		log(
			'request.failed',
			{
				path: (context?.req?.url ?? '').split('?')[0].slice(0, 300),
				error: String(error?.message ?? error),
				stack: error?.stack,
			},
			'error',
		)
		const res = context?.res
		if (!res || res.writableEnded) return
		if (res.headersSent) {
			res.destroy()
			return
		}
		res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' })
		res.end('Internal Server Error')
	}

	// No single request may end the process (docs/decisions/009-no-request-ends-the-process.md):
	// an exception that escapes is logged and the server keeps serving. One
	// thrown while a request is handed in fails that request (above); one
	// rejected from its handling too (serve). One that escapes later from a
	// callback cannot be told apart without async hooks, which cost every
	// request (docs/decisions/033-no-async-hooks.md): its request is cut
	// once its connection has been silent for SILENT_SOCKET_MS. A failure
	// at start-up (above, before listen) still ends the process, as it should.
	process.on('uncaughtException', (error) => {
		// A static file removed while it was being sent (a rebuild under a live
		// server) surfaces here from the file stream; the answer is already lost.
		if (error?.code === 'ENOENT' || error?.code === 'EISDIR') {
			log('static.file_vanished', { error: String(error.message) }, 'warn')
			return
		}
		log('uncaughtException', { error: String(error?.message ?? error), stack: error?.stack }, 'error')
	})
}
