// `npm run bench:locks`: what a write costs the event loop when other
// serving processes write to the same database file at the same time
// (docs/decisions/036-lock-wait-in-microseconds.md).
//
// PROCESSES writers (default 2, as the serving processes on a 2-core
// machine) open one throwaway database through db/client.server.ts (the
// app's pragmas and its write helper, write(), with the request bound of 1 s) and each, for
// SECONDS, commits a transaction of two 200-byte rows (synchronous=NORMAL as
// the app opens it: the fdatasync an answer waits for runs off the thread,
// docs/decisions/037) and then keeps its thread busy for 0 to 2 ms (a page being
// rendered), again and again. It runs twice: with the guard's own wait
// (what the server does) and with SQLite's busy handler instead (how it was:
// `busy_timeout`, sleeping 1, 2, 5, 10, 15... ms between tries). Printed
// per way: commits per second of all writers together and the time one
// commit call held its thread (p50, p90, p99, max), which every request of
// that process waited through.
//
// `-- --seconds=N`, `-- --processes=N`; `-- --json` prints one JSON line.
import { fork } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { openDatabase, REQUEST_BUSY_TIMEOUT_MS, setBusyTimeout, write } from '../db/client.server.ts'

type Way = 'guard' | 'sqlite'
type WriterResult = { times: number[] }

const LABELS: Record<Way, string> = {
	guard: "the lock guard's wait (50 µs, doubling to 250 µs)",
	sqlite: "SQLite's busy handler (1, 2, 5, 10... ms)",
}

const option = (name: string, fallback: number) => {
	const found = process.argv.find((a) => a.startsWith(`--${name}=`))
	const value = found ? Number(found.split('=')[1]) : fallback
	if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} takes a positive number`)
	return value
}

async function writer(file: string, way: Way, seconds: number): Promise<WriterResult> {
	const { db, sqlite } = openDatabase(file)
	setBusyTimeout(REQUEST_BUSY_TIMEOUT_MS, db)
	if (way === 'sqlite') sqlite.pragma(`busy_timeout = ${REQUEST_BUSY_TIMEOUT_MS}`)
	const insert = sqlite.prepare('INSERT INTO rows (body) VALUES (?)')
	const rows = () => {
		insert.run('x'.repeat(200))
		insert.run('y'.repeat(200))
	}
	// The app's way is its write helper (BEGIN IMMEDIATE, then the guard's wait at BEGIN);
	// SQLite's own is the same BEGIN IMMEDIATE with its busy handler.
	const immediate = sqlite.transaction(rows)
	const commit = way === 'guard' ? () => write(rows, db) : () => immediate.immediate()
	const times: number[] = []
	const until = performance.now() + seconds * 1000
	while (performance.now() < until) {
		const started = performance.now()
		commit()
		times.push(performance.now() - started)
		const busyUntil = performance.now() + Math.random() * 2
		while (performance.now() < busyUntil);
	}
	sqlite.close()
	return { times }
}

function runWriters(file: string, way: Way, seconds: number, processes: number) {
	return Promise.all(
		Array.from(
			{ length: processes },
			() =>
				new Promise<WriterResult>((resolve, reject) => {
					const child = fork(fileURLToPath(import.meta.url), ['--writer', file, way, String(seconds)], {
						stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
					})
					child.once('message', (m) => resolve(m as WriterResult))
					child.once('error', reject)
					child.once('exit', (code) => code && reject(new Error(`a writer exited with code ${code}`)))
				}),
		),
	)
}

function summary(way: Way, seconds: number, results: WriterResult[]) {
	const times = results.flatMap((r) => r.times).sort((a, b) => a - b)
	const at = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))] ?? 0
	return {
		way,
		label: LABELS[way],
		commitsPerSecond: Math.round(times.length / seconds),
		p50: at(0.5),
		p90: at(0.9),
		p99: at(0.99),
		max: at(1),
	}
}

if (process.argv[2] === '--writer') {
	const [, , , file, way, seconds] = process.argv
	const result = await writer(file!, way as Way, Number(seconds))
	process.send!(result, () => process.exit(0))
} else {
	const seconds = option('seconds', 5)
	const processes = option('processes', 2)
	const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-contention-'))
	try {
		const rows = []
		for (const way of ['guard', 'sqlite'] as const) {
			const file = path.join(folder, `${way}.db`)
			const { sqlite } = openDatabase(file)
			sqlite.exec('CREATE TABLE rows (id INTEGER PRIMARY KEY, body TEXT NOT NULL)')
			sqlite.close()
			rows.push(summary(way, seconds, await runWriters(file, way, seconds, processes)))
		}
		if (process.argv.includes('--json')) console.log(JSON.stringify({ seconds, processes, rows }))
		else {
			console.log(
				`${processes} processes committing to one file for ${seconds} s each way (two 200-byte rows a commit, 0 to 2 ms of other work between):`,
			)
			const ms = (v: number) => `${v.toFixed(2)} ms`
			for (const r of rows)
				console.log(
					`${r.label}: ${r.commitsPerSecond} commits/s; one commit held its thread p50 ${ms(r.p50)}, p90 ${ms(r.p90)}, p99 ${ms(r.p99)}, max ${ms(r.max)}`,
				)
		}
	} finally {
		fs.rmSync(folder, { recursive: true, force: true })
	}
}
