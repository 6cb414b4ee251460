/**
 * Structured logs: one JSON object per line on stdout. Callers pass only
 * safe fields; `redact` drops any key that could carry a secret anyway.
 */
const SECRET_KEYS = /pass(word)?|token|cookie|secret|code|authorization/i

type Fields = Record<string, unknown>

function redact(fields: Fields): Fields {
	const out: Fields = {}
	for (const [key, value] of Object.entries(fields)) {
		if (SECRET_KEYS.test(key) && key !== 'status') continue
		out[key] = value
	}
	return out
}

let silent = process.env.LOG_SILENT === 'true'

export function setLogSilent(value: boolean) {
	silent = value
}

export function log(event: string, fields: Fields = {}, level: 'info' | 'warn' | 'error' = 'info') {
	if (silent) return
	// JSON.stringify escapes control characters, so a crafted value cannot
	// forge a log line (security checklist E5).
	process.stdout.write(
		`${JSON.stringify({ time: new Date().toISOString(), level, event, ...redact(fields) })}\n`,
	)
}
