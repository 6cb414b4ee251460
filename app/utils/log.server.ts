import { log as write } from '../../server/logger.js'

/**
 * Structured logs: one JSON object per line on stdout, through the
 * process's one pino logger (server/logger.js). Callers pass only safe
 * fields; `redact` drops any key that could carry a secret anyway.
 */
const SECRET_KEYS = /pass(word)?|token|cookie|secret|code|authorization/i

type Fields = Record<string, unknown>

function redact(fields: Fields, depth = 0): Fields {
	const out: Fields = {}
	for (const [key, value] of Object.entries(fields)) {
		if (SECRET_KEYS.test(key) && key !== 'status') continue
		out[key] = redactValue(value, depth + 1)
	}
	return out
}

/** Nested objects and arrays are redacted too (a secret key at any depth). */
function redactValue(value: unknown, depth: number): unknown {
	if (value === null || typeof value !== 'object') return value
	if (depth > 8) return '[nested]'
	if (Array.isArray(value)) return value.map((v) => redactValue(v, depth + 1))
	if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) return value
	return redact(value as Fields, depth)
}

// Read LOG_SILENT at each call, not at import: an importer may set it after
// its imports were evaluated (ES imports are hoisted).
let silentOverride: boolean | undefined

export function setLogSilent(value: boolean) {
	silentOverride = value
}

export function log(event: string, fields: Fields = {}, level: 'info' | 'warn' | 'error' = 'info') {
	if (silentOverride ?? process.env.LOG_SILENT === 'true') return
	write(event, redact(fields), level)
}
