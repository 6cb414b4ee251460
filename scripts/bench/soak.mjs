// `npm run bench -- --soak [--duration=600] [--connections=50] [--window=10]
// [--json=FILE] [--no-build] [--no-pin]`: sustained load on the production
// server. autocannon runs in this process, pinned with it to one core, and
// the server on the others (cpus.mjs), as the bench's load generator is.
//
// 50 connections (by default) for 10 minutes on a mix of pages (cached
// landing, sign-in page, a member's dashboard), API reads (the member's
// /api/auth/me, the admin users list) and writes (an admin renaming a
// member, with its audit row). The run is cut into windows; each window
// reports requests, errors, p50/p99 and the server's RSS: the largest one
// process holds and the sum over every process of the server (the primary
// and its workers, docs/decisions/026-every-core.md). It passes when there
// are no errors at all, no process reaches 250 MB, and no process shows an
// upward trend over the last half (the least-squares line through its
// last half's samples rises by less than 10 MB over that half). The sum's
// own bars (issue 16) are the bench's.
// `npm test` runs a short form (tests/api/soak.spec.ts); the long form is
// `npm run bench -- --soak`.
import { execSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import autocannon from 'autocannon'
import { processTree, rssMb as processRssMb, waitFor } from '../server-process.mjs'
import { BENCH_TOTP_SECRET, totpCode } from '../totp.mjs'
import { cpuLayout, describeLayout, onServerCores, pinSelf } from './cpus.mjs'

const arg = (name, fallback) => {
	const hit = process.argv.find((a) => a.startsWith(`--${name}=`))
	return hit ? hit.slice(name.length + 3) : fallback
}
const DURATION_S = Number(arg('duration', 600))
const CONNECTIONS = Number(arg('connections', 50))
const WINDOW_S = Number(arg('window', DURATION_S >= 120 ? 10 : 5))
const JSON_FILE = arg('json', '')
const PORT = Number(process.env.BENCH_PORT ?? 4600)
const RSS_BAR_MB = 250
const TREND_BAR_MB = 10
const root = path.resolve(`.tmp/soak-${PORT}`)
const ADMIN = { email: 'soak-admin@example.com', password: 'Soak-Admin-Passw0rd' }
const UNLOCK_CODE = 'SOAK-UNLOCK-2026'

if (!process.argv.includes('--no-build')) execSync('npm run build', { stdio: 'inherit' })
fs.rmSync(root, { recursive: true, force: true })
fs.mkdirSync(root, { recursive: true })

const layout = pinSelf(cpuLayout({ pin: !process.argv.includes('--no-pin') }))
console.log(`CPUs: ${describeLayout(layout)}`)
const [command, args] = onServerCores(layout, ['--max-old-space-size=160', 'server.js'])
const server = spawn(command, args, {
	env: {
		...process.env,
		NODE_ENV: 'production',
		PORT: String(PORT),
		HOST: '127.0.0.1',
		DATA_DIR: path.join(root, 'data'),
		APP_ORIGIN: `http://127.0.0.1:${PORT}`,
		RATE_LIMIT_MULTIPLIER: '1000000',
		UNLOCK_CODE,
		ADMIN_EMAIL: ADMIN.email,
		ADMIN_PASSWORD: ADMIN.password,
		ADMIN_TOTP_SECRET: BENCH_TOTP_SECRET,
		BACKUP_INTERVAL: 'off',
		LOG_SILENT: 'true',
	},
	stdio: ['ignore', 'ignore', 'inherit'],
})
process.on('exit', () => server.kill('SIGKILL'))
const base = `http://127.0.0.1:${PORT}`

await waitFor(`${base}/healthz`, { child: server })

const json = (url, body, headers = {}) =>
	fetch(`${base}${url}`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', ...headers },
		body: JSON.stringify(body),
	})
const member = {
	name: 'Soak Member',
	email: 'soak-member@example.com',
	password: 'Soak-Passw0rd1',
	phone: '+2348000000000',
	country: 'Nigeria',
	telegram: '@soak',
	investmentAmount: '$100-$500',
}
const registered = await (await json('/api/auth/register', member)).json()
const memberToken = registered.data.token
await json('/api/auth/verify-code', { code: UNLOCK_CODE }, { Authorization: `Bearer ${memberToken}` })
const signIn = await fetch(`${base}/login`, {
	method: 'POST',
	redirect: 'manual',
	body: new URLSearchParams({ email: member.email, password: member.password }),
})
const memberCookie = signIn.headers
	.getSetCookie()
	.map((c) => c.split(';')[0])
	.join('; ')
const adminToken = (await (await json('/api/admin/login', { ...ADMIN, code: totpCode() })).json()).data.token
const target = registered.data.user
if (!memberCookie || !adminToken) throw new Error('soak set-up failed')

let edit = 0
const requests = [
	{ method: 'GET', path: '/' },
	{ method: 'GET', path: '/login' },
	{ method: 'GET', path: '/dashboard', headers: { cookie: memberCookie } },
	{ method: 'GET', path: '/api/auth/me', headers: { authorization: `Bearer ${memberToken}` } },
	{ method: 'GET', path: '/api/admin/users?limit=10', headers: { authorization: `Bearer ${adminToken}` } },
	{
		method: 'PUT',
		path: `/api/admin/users/${target.id}`,
		headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
		setupRequest: (req) => ({
			...req,
			body: JSON.stringify({ name: `Soak Member ${++edit % 1000}`, email: member.email }),
		}),
	},
]

/** The RSS of the whole server (every process), and of its largest process. */
function rssSample() {
	const byPid = Object.fromEntries(processTree(server.pid).map((pid) => [pid, processRssMb(pid)]))
	const each = Object.values(byPid)
	return { total: each.reduce((a, b) => a + b, 0), largest: Math.max(...each), processes: each.length, byPid }
}
const rssMb = () => rssSample().total

const windows = []
const samples = []
const sampler = setInterval(() => {
	const { total, largest, byPid } = rssSample()
	samples.push({ t: Date.now(), rss: total, largest, byPid })
}, 1_000)
const started = Date.now()
const idle = rssSample()
const rssIdle = idle.largest
while ((Date.now() - started) / 1000 < DURATION_S - 0.5) {
	const seconds = Math.min(WINDOW_S, Math.round(DURATION_S - (Date.now() - started) / 1000))
	if (seconds < 1) break
	const result = await autocannon({ url: base, connections: CONNECTIONS, duration: seconds, requests, timeout: 10 })
	// autocannon counts a timeout among its errors too.
	const errors = result.errors + result.non2xx
	windows.push({
		atS: Math.round((Date.now() - started) / 1000),
		requests: result.requests.total,
		reqPerSec: Math.round(result.requests.average),
		errors,
		p50: result.latency.p50,
		p99: result.latency.p99,
		rssMb: Math.round(rssMb()),
	})
	const w = windows.at(-1)
	console.log(
		`${String(w.atS).padStart(5)} s  ${String(w.reqPerSec).padStart(6)} req/s  p50 ${w.p50} ms  p99 ${w.p99} ms  errors ${w.errors}  RSS ${w.rssMb} MB`,
	)
	if (server.exitCode !== null) break
}
clearInterval(sampler)

// The least-squares slope of RSS over the last half, times that half's
// length, for each process (a leak shows in the process that leaks; the
// sum adds up the warm-up of every worker); the steepest one counts.
const half = samples.filter((s) => s.t >= started + ((Date.now() - started) * 1) / 2)
function trendOf(points) {
	const n = points.length
	if (n < 2) return 0
	const meanT = points.reduce((a, p) => a + p.t, 0) / n
	const meanR = points.reduce((a, p) => a + p.rss, 0) / n
	const slope =
		points.reduce((a, p) => a + (p.t - meanT) * (p.rss - meanR), 0) /
		(points.reduce((a, p) => a + (p.t - meanT) ** 2, 0) || 1)
	return slope * (points.at(-1).t - points[0].t)
}
const pids = [...new Set(half.flatMap((s) => Object.keys(s.byPid)))]
const trendMb = Math.max(
	0,
	...pids.map((pid) =>
		trendOf(half.filter((s) => s.byPid[pid] !== undefined).map((s) => ({ t: s.t, rss: s.byPid[pid] }))),
	),
)
const peak = Math.max(...samples.map((s) => s.largest))
const totalPeak = Math.max(...samples.map((s) => s.rss))
const errors = windows.reduce((a, w) => a + w.errors, 0)
const report = {
	durationS: DURATION_S,
	connections: CONNECTIONS,
	requests: windows.reduce((a, w) => a + w.requests, 0),
	errors,
	processes: idle.processes,
	/** The largest process, idle and at its peak (the bar: under 250 MB). */
	rssIdleMb: Math.round(rssIdle),
	rssPeakMb: Math.round(peak),
	/** Every process of the server together. */
	rssTotalIdleMb: Math.round(idle.total),
	rssTotalPeakMb: Math.round(totalPeak),
	/** The steepest process's rise over the last half. */
	rssTrendLastHalfMb: Math.round(trendMb * 10) / 10,
	serverExited: server.exitCode !== null,
	layout: layout.pinned
		? { pinned: true, loadCpus: layout.loadCpus, serverCpus: layout.serverCpus }
		: { pinned: false, reason: layout.reason },
	windows,
	pass: errors === 0 && peak < RSS_BAR_MB && trendMb < TREND_BAR_MB && server.exitCode === null,
}
console.log(
	`\n${report.requests} requests, ${errors} errors; RSS of the largest of ${report.processes} processes idle ${report.rssIdleMb} MB, peak ${report.rssPeakMb} MB (bar ${RSS_BAR_MB}); all together idle ${report.rssTotalIdleMb} MB, peak ${report.rssTotalPeakMb} MB; steepest trend of one process over the last half ${report.rssTrendLastHalfMb} MB (bar < ${TREND_BAR_MB}): ${report.pass ? 'PASS' : 'FAIL'}`,
)
if (JSON_FILE) fs.writeFileSync(JSON_FILE, JSON.stringify(report, null, 2))
server.kill('SIGTERM')
process.exit(report.pass ? 0 : 1)
