// `npm run bench:heap`: picks the V8 heap limits from measurements (issue 16
// part 4). For each setting of the old-generation cap
// (--max-old-space-size) and the young generation's semi-space
// (--max-semi-space-size), starts the built production server (the primary
// and WEB_CONCURRENCY workers, default 2) on a throwaway database, reads the
// memory of its whole process tree at start (PSS: shared pages once), then
// loads /dashboard with a member's cookie at 50 connections and reports
// req/s, p50, p99 and the peak memory. Prints a Markdown table; `--record`
// writes it to docs/performance.md (its heap-caps block, which the bench's
// report keeps). `--seconds=N` per setting (default 10);
// HEAP_SETTINGS=old:semi,... (MB; `-` for V8's own semi-space) to choose.
// Needs a build (`npm run build`). Only loopback addresses are used.
import { execSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { assertAnswers200, freshFetch as request } from './fresh-fetch.mjs'
import { sampleTreeMemory, treePssMb, waitFor } from './server-process.mjs'
import { requireWrk, wrk } from './wrk.mjs'

const PORT = Number(process.env.BENCH_PORT ?? 4600) + 70
const SECONDS = Number(process.argv.find((a) => a.startsWith('--seconds='))?.slice(10) ?? 10)
const WORKERS = process.env.WEB_CONCURRENCY ?? '2'
const root = path.resolve('.tmp/heap-caps')
const UNLOCK_CODE = 'HEAP-UNLOCK-2026'

/**
 * [old-generation cap in MB, semi-space in MB or null for V8's default].
 * V8 sizes the young generation from the old one's cap when only that is
 * given: a cap of 256 MB or less gets a semi-space of old / 256, at least
 * 1 MB (so 160 MB gives the minimum), which makes every render's garbage
 * outlive a scavenge and fill the old generation.
 */
const SETTINGS = (process.env.HEAP_SETTINGS ?? '160:-,160:4,160:8,160:16,160:32,128:16,256:16')
	.split(',')
	.map((pair) => {
		const [old, semi] = pair.split(':')
		return [Number(old), semi === '-' ? null : Number(semi)]
	})

requireWrk()
if (!fs.existsSync('build/server/index.js')) {
	console.error('No build found: run `npm run build` first.')
	process.exit(1)
}

/** A member registered and unlocked through the API, signed in through the form: the session cookie. */
async function memberCookie(base) {
	const email = `heap-${Date.now()}@example.com`
	const reg = await request(`${base}/api/auth/register`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({
			name: 'Heap Member',
			email,
			password: 'Heap-Passw0rd',
			phone: '+2348000000001',
			country: 'Nigeria',
			telegram: '@heap',
			investmentAmount: '$100-$500',
			agreeToTerms: true,
			confirmAge: true,
			acknowledgeRisk: true,
		}),
	})
	const token = (await reg.json()).data?.token
	if (!token) throw new Error(`sign-up failed: ${reg.status}`)
	const unlock = await request(`${base}/api/auth/verify-code`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
		body: JSON.stringify({ code: UNLOCK_CODE }),
	})
	if (unlock.status !== 200) throw new Error(`unlock failed: ${unlock.status}`)
	const login = await request(`${base}/login`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base },
		body: new URLSearchParams({ email, password: 'Heap-Passw0rd' }).toString(),
	})
	const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0])
	if (!cookie.length) throw new Error(`sign-in failed: ${login.status}`)
	return cookie.join('; ')
}

async function measure([oldMb, semiMb]) {
	const dataDir = path.join(root, `data-${oldMb}-${semiMb ?? 'default'}`)
	fs.rmSync(dataDir, { recursive: true, force: true })
	const flags = [`--max-old-space-size=${oldMb}`, ...(semiMb ? [`--max-semi-space-size=${semiMb}`] : [])]
	const server = spawn(process.execPath, [...flags, 'server.js'], {
		env: {
			...process.env,
			NODE_ENV: 'production',
			PORT: String(PORT),
			HOST: '127.0.0.1',
			DATA_DIR: dataDir,
			WEB_CONCURRENCY: WORKERS,
			RATE_LIMIT_MULTIPLIER: '1000000',
			UNLOCK_CODE,
		},
		stdio: ['ignore', 'ignore', 'inherit'],
	})
	try {
		const base = `http://127.0.0.1:${PORT}`
		await waitFor(`${base}/healthz`, { fetchFn: request })
		await new Promise((r) => setTimeout(r, 2000))
		const atStart = treePssMb(server.pid)
		const cookie = await memberCookie(base)
		// In a thread of its own: reading PSS on this thread stalled the load generator.
		const sampler = sampleTreeMemory(server.pid)
		await sampler.ready
		await assertAnswers200(`${base}/dashboard`, { cookie })
		// A warm-up (not measured): a fresh process compiles its code on its first requests.
		await wrk({ url: `${base}/dashboard`, connections: 50, duration: 3, headers: { cookie } })
		const result = await wrk({
			url: `${base}/dashboard`,
			connections: 50,
			duration: SECONDS,
			headers: { cookie },
		})
		const { pss: peak } = await sampler.peaks()
		await sampler.stop()
		return {
			setting: `--max-old-space-size=${oldMb} ${semiMb ? `--max-semi-space-size=${semiMb}` : '(semi-space: V8 default)'}`,
			atStart,
			peak,
			rps: result.requests.average,
			p50: result.latency.p50,
			p99: result.latency.p99,
			errors: result.errors + result.non2xx,
		}
	} finally {
		server.kill('SIGTERM')
		await new Promise((r) => server.once('exit', r))
	}
}

const rows = []
for (const setting of SETTINGS) {
	const row = await measure(setting)
	rows.push(row)
	console.log(
		`${row.setting}: ${row.rps.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, memory at start ${row.atStart.toFixed(0)} MB, peak ${row.peak.toFixed(0)} MB${row.errors ? `, ${row.errors} errors` : ''}`,
	)
}

let commit = 'unknown'
try {
	commit = execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim()
} catch {
	// not a checkout
}
const lines = [
	`## Heap limits (npm run bench:heap), ${new Date().toISOString()}`,
	'',
	`Commit ${commit}; ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}; Node ${process.version}; WEB_CONCURRENCY ${WORKERS}; GET /dashboard with a member cookie, 50 connections, ${SECONDS} s per setting, load generator on the same machine (load average before: ${os.loadavg()[0].toFixed(2)}). Memory: PSS of the whole process tree (primary and workers; shared pages once).`,
	'',
	'| V8 flags | req/s | p50 (ms) | p99 (ms) | p99 / p50 | memory at start (MB) | peak memory (MB) | errors |',
	'| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
	...rows.map(
		(r) =>
			`| ${r.setting} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${(r.p99 / Math.max(1, r.p50)).toFixed(1)} | ${r.atStart.toFixed(0)} | ${r.peak.toFixed(0)} | ${r.errors} |`,
	),
	'',
]
console.log(`\n${lines.join('\n')}`)
if (process.argv.includes('--record')) {
	const file = path.resolve('docs/performance.md')
	const doc = fs.readFileSync(file, 'utf8')
	// One block, replaced on each record: docs/performance.md is generated
	// from the bench's runs (scripts/bench/report.mjs), which keeps it as it is.
	const block = `<!-- heap-caps:start (written by scripts/heap-caps.mjs --record) -->\n${lines.join('\n').trimEnd()}\n<!-- heap-caps:end -->`
	const existing = /<!-- heap-caps:start[\s\S]*?<!-- heap-caps:end -->/
	fs.writeFileSync(file, existing.test(doc) ? doc.replace(existing, () => block) : `${doc.trimEnd()}\n\n${block}\n`)
	console.log('Recorded in docs/performance.md')
}
