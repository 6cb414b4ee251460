// The production server: one Node process serving the built app.
// Static assets come from build/client (precompressed, cached for a year when
// hashed); everything else goes to the React Router build through
// build/server/index.js (server/app.ts: body limits, request checks, the
// Node-to-Fetch bridge in server/node-listener.ts).
import { AsyncLocalStorage } from 'node:async_hooks'
import http from 'node:http'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import zlib from 'node:zlib'
import compression from 'compression'
import sirv from 'sirv'

process.env.NODE_ENV ??= 'production'

const build = await import('./build/server/index.js')
const info = await build.startup()
const { config } = info

const https = config.appOrigin.startsWith('https:')
let shuttingDown = false

const listener = build.createListener()
// The request each callback belongs to, so an exception that escapes a
// request's own handling can be pinned on that request (see the end).
const currentRequest = new AsyncLocalStorage()

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

function log(event, fields = {}, level = 'info') {
	process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), level, event, ...fields })}\n`)
}

function setSecurityHeaders(res) {
	res.setHeader('X-Content-Type-Options', 'nosniff')
	res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin')
	res.setHeader('X-Frame-Options', 'DENY')
	res.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
	res.setHeader('Cross-Origin-Resource-Policy', 'same-origin')
	if (https) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
	// Static files and plain-text answers get a locked-down policy; HTML
	// pages replace it with their nonce policy (app/entry.server.tsx).
	res.setHeader('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'")
}

const server = http.createServer((req, res) => currentRequest.run({ req, res }, () => serve(req, res)))

function serve(req, res) {
	const started = performance.now()
	const requestId = randomUUID()
	res.setHeader('X-Request-Id', requestId)
	setSecurityHeaders(res)
	if (shuttingDown) res.setHeader('Connection', 'close')
	res.on('finish', () => {
		const pathname = (req.url ?? '/').split('?')[0]
		if (pathname === '/healthz' && res.statusCode === 200) return
		// Only the path is logged: query strings can carry reset tokens.
		log('http', {
			method: req.method,
			path: pathname.slice(0, 300),
			status: res.statusCode,
			ms: Math.round(performance.now() - started),
			requestId,
		})
	})
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
	// The landing and terms pages for visitors without a session: rendered
	// once, served from memory (precompressed), like a static file.
	const cached = build.cachedPage(req.method, req.url, req.headers)
	if (cached) {
		res.writeHead(cached.status, cached.headers)
		res.end(cached.body ?? undefined)
		return
	}
	compress(req, res, () => {
		serveStatic(req, res, () => {
			listener(req, res).catch((error) => failRequest(error, { req, res }))
		})
	})
}

server.headersTimeout = 15_000
server.requestTimeout = 30_000
server.keepAliveTimeout = 5_000

server.listen(config.port, config.host, () => {
	const lines = [
		'',
		`  App ready on ${config.appOrigin} (listening on ${config.host}:${config.port})`,
		`  Database: ${config.databasePath}`,
		`  Current unlock code: ${info.unlockCode}`,
		`  Plan activation codes (single use): ${Object.entries(info.planCodes)
			.map(([plan, code]) => `${plan} ${code}`)
			.join(', ')}`,
	]
	if (info.admin.created) {
		lines.push(`  First super admin created: ${info.admin.email} / ${info.admin.password}`)
		lines.push('  (shown once: keep it safe, or set ADMIN_EMAIL and ADMIN_PASSWORD)')
		if (!info.admin.twoFactorFromEnv) {
			lines.push(`  At the first sign-in (${config.appOrigin}/admin/login) it sets up two-factor authentication`)
			lines.push('  with an authenticator app before any other admin page.')
		}
	}
	if (info.admin.twoFactorFromEnv) lines.push(`  ${info.admin.email} enrolled in two-factor with ADMIN_TOTP_SECRET`)
	if (!config.smtpUrl) lines.push(`  Mail is written to ${config.mailOutbox} (SMTP_URL is not set)`)
	process.stdout.write(`${lines.join('\n')}\n\n`)
})

function shutdown(signal, code = 0) {
	if (shuttingDown) return
	shuttingDown = true
	log('shutdown', { signal })
	const deadline = setTimeout(() => {
		server.closeAllConnections()
		finish(code)
	}, 8_000)
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

// No single request may end the process (docs/decisions/009-no-request-ends-the-process.md): an exception
// that escapes is logged and fails only the request it came from (when it
// can be told); the server keeps serving. A failure at start-up (above,
// before listen) still ends the process, as it should.
process.on('uncaughtException', (error) => {
	// A static file removed while it was being sent (a rebuild under a live
	// server) surfaces here from the file stream; the answer is already lost.
	if (error?.code === 'ENOENT' || error?.code === 'EISDIR') {
		log('static.file_vanished', { error: String(error.message) }, 'warn')
		return
	}
	const context = currentRequest.getStore()
	if (context) failRequest(error, context)
	else log('uncaughtException', { error: String(error?.message ?? error), stack: error?.stack }, 'error')
})
