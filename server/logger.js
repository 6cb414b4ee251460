// The one logger of a process: pino, writing one JSON line per record to
// stdout ({ level as a label, time as an ISO string, event, ...fields }).
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

function createLogger() {
	return pino(
		{
			base: undefined,
			timestamp: isoTimeField,
			formatters: { level: (label) => ({ level: label }) },
		},
		// Written at once (synchronous for files and pipes on Linux): a line is
		// out before the process exits, in the order it was logged.
		process.stdout,
	)
}

/** @type {Record<symbol, import('pino').Logger | undefined>} */
const store = /** @type {any} */ (globalThis)

/** The process's pino logger. */
export const logger = (store[INSTANCE] ??= createLogger())

/**
 * One log record: `event` names what happened, `fields` say the rest.
 * @param {string} event
 * @param {Record<string, unknown>} [fields]
 * @param {LogLevel} [level]
 */
export function log(event, fields = {}, level = 'info') {
	logger[level]({ event, ...fields })
}
