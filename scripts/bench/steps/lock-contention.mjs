// Step `lock-contention`: two processes writing to one database file at once
// (scripts/lock-contention.ts, `npm run bench:locks`): what one commit holds
// its thread for with the guard's lock wait and with SQLite's busy handler
// (docs/decisions/036-lock-wait-in-microseconds.md). No server is measured
// here: it runs on every core.
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { onEveryCore } from '../cpus.mjs'

export function lockContention(ctx) {
	const [command, args] = onEveryCore(ctx.layout, path.resolve('node_modules/.bin/tsx'), [
		'scripts/lock-contention.ts',
		'--json',
	])
	const out = execFileSync(command, args, { encoding: 'utf8' })
	const { seconds, processes, rows } = JSON.parse(out.trim().split('\n').at(-1))
	for (const r of rows)
		console.log(`${r.label}: ${r.commitsPerSecond} commits/s, p99 ${r.p99.toFixed(2)} ms, max ${r.max.toFixed(2)} ms`)
	const round = (x) => Number(x.toFixed(3))
	return {
		seconds,
		processes,
		rows: rows.map((r) => ({ ...r, p50: round(r.p50), p90: round(r.p90), p99: round(r.p99), max: round(r.max) })),
	}
}
