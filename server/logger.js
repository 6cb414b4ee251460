// The one logger of a process: pino, writing one JSON line per record to
// stdout ({ level as a label, time as an ISO string, event, ...fields };
// request lines gathered, see gatheredStdout).
// server.js (the primary and each serving process) and
// app/utils/log.server.ts (the app, in the server build) both write through
// it: plain JavaScript so the primary, which never loads the build, can
// import it; kept on globalThis so the copy bundled into the build and the
// one server.js imports are the same instance. pino's string escaping (as
// JSON.stringify's) keeps a crafted value from forging a line
// (docs/security.md E5).
import pino from 'pino'

const INSTANCE = Symbol.for('tradecircle.logger')

/** @typedef {'info' | 'warn' | 'error'} LogLevel */

let isoAt = 0
let isoField = ''
/**
 * pino's `isoTime` (the same `,"time":"…"` text), made once per
 * millisecond: every request writes a line, and a new Date with its ISO
 * string per line was a measurable share of a cached page's CPU.
 */
export function isoTimeField() {
	const now = Date.now()
	if (now !== isoAt) {
		isoAt = now
		isoField = `,"time":"${new Date(now).toISOString()}"`
	}
	return isoField
}

/**
 * Request lines (`http`) are gathered up to this many bytes (about 25
 * lines) and written together; every other record is written at once.
 */
export const REQUEST_LINES_BUFFER = 4096
/** Gathered request lines are written at least this often (ms). */
export const REQUEST_LINES_FLUSH_MS = 250

/**
 * stdout with request lines gathered: one write system call per record was
 * the larger part of a cached page's cost (decision 054), so `http` lines
 * wait here and go out together, at the latest after
 * REQUEST_LINES_FLUSH_MS, on the next other record (log() flushes after
 * it) or when the process exits. Written through `process.stdout.write`
 * (synchronous for files and pipes on Linux), so the order holds.
 */
function gatheredStdout() {
	let pending = ''
	// A line that cannot be written (the log's disk full: ENOSPC, a closed
	// pipe) is dropped: logging never fails a request or ends the process.
	// With stdout a file on a full disk, a write threw in the middle of a
	// request, which then never answered.
	process.stdout.on('error', () => {})
	const flush = () => {
		if (pending === '') return
		const out = pending
		pending = ''
		try {
			process.stdout.write(out)
		} catch {
			// dropped (see above)
		}
	}
	setInterval(flush, REQUEST_LINES_FLUSH_MS).unref()
	process.on('exit', flush)
	return {
		/** @param {string} line */
		write(line) {
			pending += line
			if (pending.length >= REQUEST_LINES_BUFFER) flush()
		},
		flush,
	}
}

function createLogger() {
	const destination = gatheredStdout()
	const logger = pino(
		{
			base: undefined,
			timestamp: isoTimeField,
			formatters: { level: (label) => ({ level: label }) },
		},
		destination,
	)
	return { logger, destination }
}

/** @type {Record<symbol, ReturnType<typeof createLogger> | undefined>} */
const store = /** @type {any} */ (globalThis)
const instance = (store[INSTANCE] ??= createLogger())

/** The process's pino logger. */
export const logger = instance.logger

/**
 * One log record: `event` names what happened, `fields` say the rest.
 * @param {string} event
 * @param {Record<string, unknown>} [fields]
 * @param {LogLevel} [level]
 */
export function log(event, fields = {}, level = 'info') {
	logger[level]({ event, ...fields })
	// Only request lines wait: anything else (and the lines before it) is out now, in order.
	if (event !== 'http') instance.destination.flush()
}
