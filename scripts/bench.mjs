// `npm run bench`: builds, starts the production server on a throwaway
// database and loads it with wrk (50 connections, scripts/wrk.mjs), beside raw Node
// baselines measured in the same run (a JSON answer; the landing page's
// body, and each sign-in page's whole answer, status line, headers and body,
// and its body alone, from memory) and the same build served bare by React
// Router in one process. Every page type (public, sign-in, member, admin)
// and an API read; a sign-up storm (sign-ups/s through the API, the API
// write, with p99 of GET / and /login while it runs, at a campaign's pace
// and at saturation: docs/decisions/038); the RSS of the
// server's whole process tree (primary and workers) idle and at its peak,
// summed as PSS (shared pages once) and as RSS; for every route, the CPU
// its server's process tree used (cores busy, ms per request), so a ratio
// can be read against what the cores allow. Each ratio bar is measured
// again in paired rounds (BENCH_PAIRED_ROUNDS, default 5, 3 with --quick): the route and its
// baseline one right after the other, the order swapped every round; the bar
// reads the median of the rounds' ratios, as the machine's speed drifts
// between minutes.
// Prints each ratio against its bar (issue 16) and exits non-zero when a
// bar is missed; writes the results to docs/performance.md.
// `--quick`: 3 s per route, 5 s storm runs, no users/staff/report steps.
//
// Then the admin users step: 100,000 users are written straight into the
// bench database and /admin/users (admin cookie) and /api/admin/users
// (admin bearer) are loaded with a search, filters and each sort; p95 is
// printed against its bar (< 50 ms).
// `--users-only` runs that step alone.
//
// Then the staff tools step (issue 12): 1,000,000 audit rows and 100,000
// plan codes in batches are written straight into the bench database (the
// cost of that seeding is printed), then /admin/audit (no filter, each
// filter, a date range, a deep cursor page), /api/admin/audit, /admin/codes
// and a batch page /admin/codes/batches/:id are loaded; p95 < 50 ms each
// (a URL answering 404 is skipped with a note). `--staff-only` runs that
// step alone (BENCH_AUDIT_ROWS, BENCH_PLAN_CODES change the sizes).
// Then the broker report step (issue 14): a 10,000-row report imported
// through the API, its time against the 2 s bar; `--report-only` runs that
// step alone. Last, lock contention (scripts/lock-contention.ts): two
// processes committing to one file, the guard's lock wait against SQLite's
// busy handler (docs/decisions/036).
// `--soak` runs the sustained-load test
// (scripts/soak.mjs: 50 connections for 10 minutes, `--duration=S` shorter). Ports: BENCH_PORT (default 4600) and
// the three after it.
import { execFileSync, execSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { assertAnswers200, freshAnswer, freshFetch } from './fresh-fetch.mjs'
import { sampleTreeMemory, treeCpuMs, treePssMb, treeRssMb, waitFor } from './server-process.mjs'
import { BENCH_TOTP_SECRET, totpCode } from './totp.mjs'
import { requireWrk, wrk } from './wrk.mjs'

// `--soak`: sustained load instead (scripts/soak.mjs); it exits when done.
if (process.argv.includes('--soak')) await import('./soak.mjs')

const QUICK = process.argv.includes('--quick')
const DURATION = Number(process.env.BENCH_DURATION ?? (QUICK ? 3 : 10))
const STORM_DURATION = QUICK ? 5 : 10
/**
 * How many times each ratio bar's route and baseline are measured side by
 * side (the bar reads the median). One round's ratio moves by a third on
 * this kind of machine (1.51 to 2.11 for /dashboard in one run): five
 * rounds in a full run.
 */
const PAIRED_ROUNDS = Number(process.env.BENCH_PAIRED_ROUNDS ?? (QUICK ? 3 : 5))
const CONNECTIONS = 50
/** The least p50 the tail bar (p99 at most 4 times p50) divides by, in ms (docs/decisions/035-wrk-load-generator.md). */
const TAIL_FLOOR_MS = 1
/** A latency in ms as the tables print it: to the microsecond below 10 ms. */
const ms = (x) => (x < 10 ? x.toFixed(3) : x.toFixed(1))
const BASE_PORT = Number(process.env.BENCH_PORT ?? 4600)
const PORT = BASE_PORT
const JSON_PORT = BASE_PORT + 1
const STATIC_PORT = BASE_PORT + 2
const BARE_PORT = BASE_PORT + 3
const root = path.resolve('.tmp/bench')
const UNLOCK_CODE = 'BENCH-UNLOCK-2026'
const ADMIN = { email: 'bench-admin@example.com', password: 'Bench-Admin-Passw0rd' }
const USERS_ONLY = process.argv.includes('--users-only')
const USERS_COUNT = Number(process.env.BENCH_USERS ?? 100_000)
const USERS_CONNECTIONS = Number(process.env.BENCH_USERS_CONNECTIONS ?? 2)
const USERS_DURATION_MS = Number(process.env.BENCH_USERS_DURATION ?? 5) * 1000
const USERS_P95_BAR_MS = 50
const STAFF_ONLY = process.argv.includes('--staff-only')
// Only the broker report import (issue 14): a 10,000-row report through the API.
const REPORT_ONLY = process.argv.includes('--report-only')
const REPORT_ROWS = 10_000
const REPORT_BAR_MS = 2_000
const AUDIT_ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? 1_000_000)
const PLAN_CODES = Number(process.env.BENCH_PLAN_CODES ?? 100_000)

requireWrk()
if (!process.argv.includes('--no-build')) execSync('npm run build', { stdio: 'inherit' })
fs.rmSync(root, { recursive: true, force: true })
fs.mkdirSync(root, { recursive: true })

const children = []

/** Requests that failed in a wrk result: errors (a timeout counts among them) and answers of 400 or more. */
const failed = (result) => result.errors + result.non2xx

function start(args, env = {}) {
	const child = spawn(process.execPath, args, {
		env: { ...process.env, ...env },
		stdio: ['ignore', 'ignore', 'inherit'],
	})
	children.push(child)
	return child
}
process.on('exit', () => children.forEach((c) => c.kill('SIGKILL')))

/**
 * How long the bench waits, after its setup's sign-ups, before it reads the
 * idle memory: the password hashing threads end after 30 s without work
 * (POOL_IDLE_MS in app/utils/password.server.ts), so an idle server is
 * measured as it stands idle, not in the seconds after a burst.
 */
const IDLE_WAIT_MS = 35_000

// The app, exactly as `npm start` runs it (same heap cap), on its own data.
const app = start(['--max-old-space-size=160', 'server.js'], {
	NODE_ENV: 'production',
	PORT: String(PORT),
	DATA_DIR: path.join(root, 'data'),
	RATE_LIMIT_MULTIPLIER: '1000000',
	UNLOCK_CODE,
	ADMIN_EMAIL: ADMIN.email,
	ADMIN_PASSWORD: ADMIN.password,
	ADMIN_TOTP_SECRET: BENCH_TOTP_SECRET,
})
await waitFor(`http://127.0.0.1:${PORT}/healthz`, { child: app })
const loadBefore = os.loadavg()[0]
// The serving processes (the app's own default unless WEB_CONCURRENCY is set).
const workerCount = Number(process.env.WEB_CONCURRENCY || os.availableParallelism())

/** The sign-in pages served from the page cache to visitors (issue 16). */
const SIGN_IN_PAGES = ['/login', '/signup', '/forgot-password', '/admin/login']
const rows = []
/** Per ratio bar's route: its paired rounds ({ ratio, cost, baseCores, errors } each). */
const paired = {}
const underHashing = []
/**
 * The sign-up storm, measured at a campaign's pace (the bar) and at
 * saturation (for the record): sign-ups, their seconds, and GET / and
 * GET /login meanwhile; `alone`: the same paced page load without sign-ups.
 */
const storm = {
	paced: { signUps: 0, errors: 0, seconds: 0, during: [] },
	saturated: { signUps: 0, errors: 0, seconds: 0, during: [] },
	alone: [],
}
/**
 * The storm's paced page load (docs/decisions/038-sign-up-storm-at-a-campaign-rate.md):
 * 25 connections per page, each waiting this long after an answer, about
 * 2,300 requests a second per page: hundreds of times the page views of a
 * campaign bringing thousands of people in minutes, with cores to spare.
 */
const STORM_PAUSE_MS = 10
const STORM_CONNECTIONS = 25
/** Sign-ups alone before the measured storm (not measured): the sign-up path compiled, the hashing threads started. */
const STORM_WARM_UP_MS = 2_000
const bars = []
let adminSignIn
let rssIdle = 0
let rssPeak = 0
let pssIdle = 0
let pssPeak = 0
let signIns = 0
if (!USERS_ONLY && !STAFF_ONLY && !REPORT_ONLY) {
	// Baselines: a raw node:http JSON answer, and the landing and sign-in
	// pages as the app sends them to a visitor without Accept-Encoding (like
	// wrk), served from memory by raw Node. Each sign-in page twice:
	// its whole answer (the same status line, headers and body: the same
	// bytes on the wire, which the sign-in bars read; docs/decisions/029) at
	// `/answer<page>`, and its body alone with one header at `<page>`.
	// Every answer raw Node serves, by path: its status, headers and body file.
	const answers = {}
	for (const page of SIGN_IN_PAGES.concat('/')) {
		const name = page === '/' ? 'landing' : page.slice(1).replace('/', '-')
		const answer = await freshAnswer(`http://127.0.0.1:${PORT}${page}`)
		const file = path.join(root, `page-${name}.html`)
		fs.writeFileSync(file, answer.body)
		answers[page] = { status: 200, headers: ['Content-Type', 'text/html; charset=utf-8'], file }
		if (page === '/') continue
		// Node writes Date, Connection and Keep-Alive itself, for both servers.
		const headers = []
		for (let i = 0; i < answer.rawHeaders.length; i += 2) {
			const name = answer.rawHeaders[i]
			if (!['date', 'connection', 'keep-alive'].includes(name.toLowerCase()))
				headers.push(name, answer.rawHeaders[i + 1])
		}
		answers[`/answer${page}`] = { status: answer.status, headers, file }
	}
	const answersFile = path.join(root, 'answers.json')
	fs.writeFileSync(answersFile, JSON.stringify(answers))
	const rawJson = start([
		'-e',
		`require('node:http').createServer((q, s) => { s.writeHead(200, {'content-type':'application/json'}); s.end(JSON.stringify({success:true,data:{user:{id:1,name:'Ada'}}})) }).listen(${JSON_PORT})`,
	])
	const rawStatic = start([
		'-e',
		`const fs=require('node:fs'); const answers=Object.fromEntries(Object.entries(JSON.parse(fs.readFileSync(${JSON.stringify(answersFile)},'utf8'))).map(([p,a])=>[p,{...a,body:fs.readFileSync(a.file)}])); require('node:http').createServer((q, s) => { const a=answers[q.url]; if(!a){s.writeHead(404);s.end();return} s.writeHead(a.status, a.headers); s.end(a.body) }).listen(${STATIC_PORT})`,
	])
	// The same build served bare by React Router's own listener, in one
	// process: the floor our layers (headers, logging, sessions, limits) are
	// measured against, and what every core must multiply.
	const bareServer = start(['--max-old-space-size=160', 'scripts/bare-server.mjs'], {
		NODE_ENV: 'production',
		PORT: String(BARE_PORT),
		DATA_DIR: path.join(root, 'bare-data'),
		RATE_LIMIT_MULTIPLIER: '1000000',
		UNLOCK_CODE,
	})
	await waitFor(`http://127.0.0.1:${BARE_PORT}/healthz`)
	await waitFor(`http://127.0.0.1:${JSON_PORT}/`)
	await waitFor(`http://127.0.0.1:${STATIC_PORT}/`)

	// An unlocked member on a server: registered and unlocked through the API
	// (with an optional referral code), then signed in through the login form
	// for a session cookie. Returns the bearer token, cookie and referral code.
	async function unlockedMember(port, email, referralCode) {
		const base = `http://127.0.0.1:${port}`
		const reg = await freshFetch(`${base}/api/auth/register`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({
				name: 'Bench Member',
				email,
				password: 'Bench-Passw0rd',
				phone: '+2348000000000',
				country: 'Nigeria',
				telegram: '@bench',
				investmentAmount: '$100-$500',
				...(referralCode ? { referralCode } : {}),
			}),
		})
		const body = await reg.json()
		if (!body.success) throw new Error(`bench sign-up failed: ${JSON.stringify(body)}`)
		const token = body.data.token
		const unlock = await freshFetch(`${base}/api/auth/verify-code`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
			body: JSON.stringify({ code: UNLOCK_CODE }),
		})
		if (!unlock.ok) throw new Error(`bench unlock failed: ${unlock.status}`)
		const login = await freshFetch(`${base}/login`, {
			method: 'POST',
			redirect: 'manual',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base },
			body: new URLSearchParams({ email, password: 'Bench-Passw0rd' }),
		})
		const cookie = login.headers
			.getSetCookie()
			.map((c) => c.split(';')[0])
			.join('; ')
		if (!cookie) throw new Error(`bench sign-in failed: ${login.status}`)
		return { token, cookie, referralCode: body.data.user.referralCode }
	}

	// The same member on the app and on the bare server, each with 12 referred
	// members who unlocked (a filled points statement and leaderboard).
	async function memberWithReferrals(port, tag) {
		const member = await unlockedMember(port, `bench-${tag}@example.com`)
		for (let i = 0; i < 12; i++) await unlockedMember(port, `bench-${tag}-friend${i}@example.com`, member.referralCode)
		return member
	}
	const { token, cookie } = await memberWithReferrals(PORT, 'app')
	const bare = await memberWithReferrals(BARE_PORT, 'bare')
	const admin = await benchAdminSignIn()

	/** The app's memory sampler, once it stood idle (below). */
	let sampler = null
	/** One measured run, and the CPU the process tree of `pid` (its server) used meanwhile. */
	async function run(name, url, headers, pid) {
		const cpuBefore = treeCpuMs(pid)
		const started = performance.now()
		const result = await wrk({ url, connections: CONNECTIONS, duration: DURATION, headers })
		const cpu = treeCpuMs(pid) - cpuBefore
		// The app's PSS is read between runs, never during one (scripts/server-process.mjs).
		if (sampler) await sampler.settle()
		return {
			name,
			result,
			cores: cpu / (performance.now() - started),
			cpuPerRequest: result.requests.total ? cpu / result.requests.total : null,
		}
	}

	// Idle: the whole tree (primary and workers) once it has stood idle (IDLE_WAIT_MS).
	await new Promise((r) => setTimeout(r, IDLE_WAIT_MS))
	rssIdle = treeRssMb(app.pid)
	rssPeak = rssIdle
	pssIdle = treePssMb(app.pid)
	pssPeak = pssIdle
	// RSS sampled in a thread of its own (reading memory on this thread
	// stalled the load generator); PSS read between runs only (settle).
	sampler = sampleTreeMemory(app.pid)
	await sampler.ready

	const RAW_JSON = 'baseline: raw node:http JSON'
	const RAW_HTML = 'baseline: static HTML from raw Node'
	const rawPage = (page) => `baseline: ${page} answer from raw Node (same status, headers and body)`
	const rawBody = (page) => `baseline: ${page} body from raw Node (one header)`
	const BARE_API = 'baseline: bare React Router resource route (/healthz, one SQLite query)'
	const BARE_LOGIN = 'baseline: bare React Router SSR page (/login)'
	const BARE_HOME = 'baseline: bare React Router SSR page (/)'
	const BARE_DASHBOARD = 'baseline: bare React Router SSR page (/dashboard, member cookie)'
	const BARE_REFERRALS = 'baseline: bare React Router SSR page (/dashboard/referrals, member cookie)'
	const plan = [
		{ name: RAW_JSON, url: `http://127.0.0.1:${JSON_PORT}/`, pid: rawJson.pid },
		{ name: RAW_HTML, url: `http://127.0.0.1:${STATIC_PORT}/`, pid: rawStatic.pid },
		...SIGN_IN_PAGES.flatMap((page) => [
			{ name: rawPage(page), url: `http://127.0.0.1:${STATIC_PORT}/answer${page}`, pid: rawStatic.pid },
			{ name: rawBody(page), url: `http://127.0.0.1:${STATIC_PORT}${page}`, pid: rawStatic.pid },
		]),
		{ name: BARE_API, url: `http://127.0.0.1:${BARE_PORT}/healthz`, pid: bareServer.pid },
		{ name: BARE_HOME, url: `http://127.0.0.1:${BARE_PORT}/`, pid: bareServer.pid },
		{ name: BARE_LOGIN, url: `http://127.0.0.1:${BARE_PORT}/login`, pid: bareServer.pid },
		{
			name: BARE_DASHBOARD,
			url: `http://127.0.0.1:${BARE_PORT}/dashboard`,
			headers: { Cookie: bare.cookie },
			pid: bareServer.pid,
		},
		{
			name: BARE_REFERRALS,
			url: `http://127.0.0.1:${BARE_PORT}/dashboard/referrals`,
			headers: { Cookie: bare.cookie },
			pid: bareServer.pid,
		},
		{ name: 'GET /', url: `http://127.0.0.1:${PORT}/`, baselines: [RAW_HTML, BARE_HOME] },
		{ name: 'GET /terms', url: `http://127.0.0.1:${PORT}/terms` },
		...SIGN_IN_PAGES.map((page) => ({
			name: `GET ${page}`,
			url: `http://127.0.0.1:${PORT}${page}`,
			baselines: [rawPage(page), rawBody(page), ...(page === '/login' ? [BARE_LOGIN] : [])],
			bar: { baseline: rawPage(page), min: 0.8 },
		})),
		{
			name: 'GET /dashboard (member cookie)',
			url: `http://127.0.0.1:${PORT}/dashboard`,
			headers: { Cookie: cookie },
			baselines: [BARE_DASHBOARD],
			bar: { baseline: BARE_DASHBOARD, min: 1.6 },
		},
		{
			name: 'GET /dashboard/referrals (member cookie)',
			url: `http://127.0.0.1:${PORT}/dashboard/referrals`,
			headers: { Cookie: cookie },
			baselines: [BARE_REFERRALS],
			bar: { baseline: BARE_REFERRALS, min: 1.6 },
		},
		{
			name: 'GET /admin/dashboard (admin cookie)',
			url: `http://127.0.0.1:${PORT}/admin/dashboard`,
			headers: { Cookie: admin.cookie },
		},
		{
			name: 'GET /admin/users (admin cookie)',
			url: `http://127.0.0.1:${PORT}/admin/users`,
			headers: { Cookie: admin.cookie },
		},
		{
			name: 'GET /api/auth/me (bearer)',
			url: `http://127.0.0.1:${PORT}/api/auth/me`,
			headers: { Authorization: `Bearer ${token}` },
			baselines: [RAW_JSON, BARE_API],
			bar: { baseline: BARE_API, min: 1.6 },
		},
	]

	for (const item of plan) {
		// The route answers 200, a short warm-up, then the measured run.
		await assertAnswers200(item.url, item.headers)
		await wrk({ url: item.url, connections: 10, duration: 1, headers: item.headers })
		const { result, cores, cpuPerRequest } = await run(item.name, item.url, item.headers, item.pid ?? app.pid)
		rows.push({
			name: item.name,
			bar: item.bar,
			baselines: item.baselines ?? [],
			cores,
			cpuPerRequest,
			rps: result.requests.average,
			p50: result.latency.p50,
			p99: result.latency.p99,
			errors: failed(result),
		})
		console.log(
			`${item.name}: ${Math.round(result.requests.average)} req/s, p50 ${ms(result.latency.p50)} ms, p99 ${ms(result.latency.p99)} ms, errors ${failed(result)}, server CPU ${cores.toFixed(2)} cores, ${cpuPerRequest?.toFixed(3)} ms per request`,
		)
	}
	// The ratio bars, measured again in paired rounds: each route right
	// beside its baseline, the order swapped every round, so both halves of
	// a ratio share the machine's state of the moment (its speed drifts by a
	// third from one minute to the next). A bar reads the median of the
	// rounds' ratios.
	for (let round = 0; round < PAIRED_ROUNDS; round++) {
		for (const item of plan.filter((p) => p.bar)) {
			const base = plan.find((p) => p.name === item.bar.baseline)
			const measured = {}
			for (const x of round % 2 === 0 ? [base, item] : [item, base]) {
				measured[x.name] = await run(x.name, x.url, x.headers, x.pid ?? app.pid)
			}
			const s = measured[item.name]
			const b = measured[base.name]
			// A request the baseline left unanswered for the load generator's 10 s
			// (the bare server has no queue: under 50 connections it can
			// starve a few of them for the whole run while it serves the
			// rest) is counted as if answered: its req/s can only rise, the
			// ratio only fall. Any other failure of the baseline voids the round.
			const baselineRps = b.result.requests.average + b.result.timeouts / DURATION
			;(paired[item.name] ??= []).push({
				ratio: s.result.requests.average / baselineRps,
				cost: s.cpuPerRequest && b.cpuPerRequest ? s.cpuPerRequest / b.cpuPerRequest : null,
				baseCores: b.cores,
				serverErrors: failed(s.result),
				baselineTimeouts: b.result.timeouts,
				baselineErrors: failed(b.result) - b.result.timeouts,
				serverRps: s.result.requests.average,
				baselineRps,
			})
		}
		console.log(
			`paired round ${round + 1} of ${PAIRED_ROUNDS}: ${Object.entries(paired)
				.map(([name, list]) => {
					const p = list.at(-1)
					const errs =
						p.serverErrors + p.baselineErrors ? `, errors ${p.serverErrors} ours / ${p.baselineErrors} baseline's` : ''
					const starved = p.baselineTimeouts ? `, ${p.baselineTimeouts} baseline timeouts counted as answered` : ''
					return `${name} ${p.ratio.toFixed(2)} (${Math.round(p.serverRps)} / ${Math.round(p.baselineRps)} req/s${errs}${starved})`
				})
				.join(', ')}`,
		)
	}

	// The sign-up storm: a campaign sends people to /signup; 20 clients sign
	// up through the API as fast as they are answered (each a bcrypt hash, a
	// user row, a session: the API write), while GET / and GET /login are
	// loaded from 25 connections each: at a campaign's pace (each connection
	// pausing STORM_PAUSE_MS between requests; the bar), after the same paced
	// load without sign-ups, and then as fast as answered (saturation: the
	// load generators take the cores from the server they measure, so its
	// tail is reported, not judged; docs/decisions/038).
	let stormSeq = 0
	/** 20 clients signing up as fast as they are answered, counted into `into`, until the returned stop is awaited. */
	function signUpClients(into) {
		let storming = true
		async function signUpLoop() {
			while (storming) {
				const n = stormSeq++
				try {
					const res = await fetch(`http://127.0.0.1:${PORT}/api/auth/register`, {
						method: 'POST',
						headers: { 'Content-Type': 'application/json' },
						body: JSON.stringify({
							name: 'Storm Member',
							email: `storm-${n}@example.com`,
							password: 'Bench-Passw0rd',
							phone: `+23480${String(n).padStart(8, '0')}`,
							country: 'Nigeria',
							telegram: '@storm',
							investmentAmount: '$100-$500',
						}),
					})
					await res.arrayBuffer()
					if (res.status === 201) into.signUps++
					else into.errors++
				} catch {
					into.errors++
				}
			}
		}
		const loops = Array.from({ length: 20 }, () => signUpLoop())
		return async () => {
			storming = false
			await Promise.all(loops)
		}
	}
	async function signUpStorm(into, pauseMs) {
		const started = performance.now()
		const stop = signUpClients(into)
		into.during = await stormPages(
			pauseMs,
			pauseMs ? "during the sign-up storm, at a campaign's pace" : 'during the sign-up storm, at saturation',
		)
		await stop()
		into.seconds = (performance.now() - started) / 1000
		console.log(
			`sign-up storm${pauseMs ? ", at a campaign's pace" : ', at saturation'}: ${(into.signUps / into.seconds).toFixed(1)} sign-ups/s (${into.signUps} in ${into.seconds.toFixed(1)} s, ${into.errors} errors)`,
		)
		for (const r of into.during)
			console.log(`${r.name}: ${Math.round(r.rps)} req/s, p50 ${ms(r.p50)} ms, p99 ${ms(r.p99)} ms`)
	}
	/** GET / and GET /login from STORM_CONNECTIONS connections each, for the storm's seconds. */
	function stormPages(pauseMs, label) {
		return Promise.all(
			['/', '/login'].map(async (page) => {
				const r = await wrk({
					url: `http://127.0.0.1:${PORT}${page}`,
					connections: STORM_CONNECTIONS,
					duration: STORM_DURATION,
					pauseMs,
				})
				return {
					name: `GET ${page} ${label}`,
					rps: r.requests.average,
					p50: r.latency.p50,
					p99: r.latency.p99,
					errors: failed(r),
				}
			}),
		)
	}
	storm.alone = await stormPages(STORM_PAUSE_MS, "at a campaign's pace, without sign-ups")
	for (const r of storm.alone)
		console.log(`${r.name}: ${Math.round(r.rps)} req/s, p50 ${ms(r.p50)} ms, p99 ${ms(r.p99)} ms`)
	// A warm-up of sign-ups alone (not measured), as every route gets one:
	// the sign-up path compiled and the hashing threads started.
	const stopWarmUp = signUpClients({ signUps: 0, errors: 0 })
	await new Promise((r) => setTimeout(r, STORM_WARM_UP_MS))
	await stopWarmUp()
	await signUpStorm(storm.paced, STORM_PAUSE_MS)
	await signUpStorm(storm.saturated, 0)
	const peaks = await sampler.peaks()
	await sampler.stop()
	rssPeak = Math.max(rssPeak, peaks.rss)
	pssPeak = Math.max(pssPeak, peaks.pss)

	// Hashing must not block the event loop: keep 20 sign-ins in flight while
	// /healthz and / are measured.
	let signingIn = true
	async function signInLoop() {
		while (signingIn) {
			await fetch(`http://127.0.0.1:${PORT}/api/auth/login`, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify({ email: 'bench-app@example.com', password: 'Bench-Passw0rd' }),
			})
			signIns++
		}
	}
	const loops = Array.from({ length: 20 }, () => signInLoop())
	for (const [name, url] of [
		['GET /healthz while 20 sign-ins are in flight', `http://127.0.0.1:${PORT}/healthz`],
		['GET / while 20 sign-ins are in flight', `http://127.0.0.1:${PORT}/`],
	]) {
		const result = await wrk({ url, connections: 10, duration: Math.min(DURATION, 5) })
		underHashing.push({
			name,
			rps: result.requests.average,
			p50: result.latency.p50,
			p99: result.latency.p99,
			errors: failed(result),
		})
		console.log(`${name}: p99 ${ms(result.latency.p99)} ms`)
	}
	signingIn = false
	await Promise.all(loops)
}

const usersLoad = { before: os.loadavg()[0] }
let usersSeedMs = 0
const usersRows = STAFF_ONLY || REPORT_ONLY || QUICK ? [] : await benchAdminUsers()
if (!STAFF_ONLY && !REPORT_ONLY) usersLoad.after = os.loadavg()[0]
const staffLoad = { before: os.loadavg()[0] }
const staffSeed = { ms: 0, bytes: 0 }
const staffSkipped = []
const staffRows = USERS_ONLY || REPORT_ONLY || QUICK ? [] : await benchStaffTools()
const reportStep = USERS_ONLY || STAFF_ONLY || QUICK ? null : await benchBrokerReport()
const locksStep = USERS_ONLY || STAFF_ONLY || REPORT_ONLY || QUICK ? null : benchLockContention()

const byName = Object.fromEntries(rows.map((r) => [r.name, r]))

// The bars of issue 16, each against its measure in this run.
if (rows.length) {
	const median = (values) => {
		const sorted = values.filter((v) => v !== null).sort((a, b) => a - b)
		if (!sorted.length) return null
		const mid = sorted.length >> 1
		return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
	}
	// The cores this process may use (its affinity), as the app's default worker count reads them.
	const cores = os.availableParallelism()
	for (const r of rows) {
		if (!r.bar) continue
		const rounds = paired[r.name] ?? []
		const ratio = median(rounds.map((p) => p.ratio))
		const asBar = (x) => (r.bar.min < 1 ? `${(x * 100).toFixed(1)}%` : `${x.toFixed(2)} times`)
		// What the CPU allows: the server's cost per request against the
		// baseline's, and (for "times one process") how many cores that one
		// process already kept busy, so how many times it the machine's cores
		// can hold at most.
		const cost = median(rounds.map((p) => p.cost))
		const baseCores = median(rounds.map((p) => p.baseCores))
		const ceiling = r.bar.min > 1 && baseCores ? cores / baseCores : null
		const why = [
			`rounds: ${rounds.map((p) => `${asBar(p.ratio)} (${Math.round(p.serverRps)} against ${Math.round(p.baselineRps)} req/s)`).join(', ')}`,
			cost ? `server CPU per request ${cost.toFixed(2)} times the baseline's` : null,
			ceiling
				? `the baseline's one process kept ${baseCores.toFixed(2)} cores busy, so ${cores} cores hold at most ${ceiling.toFixed(2)} times it`
				: null,
		].filter(Boolean)
		// A route that answered with errors (or anything but 2xx) was not measured.
		const routeErrors = r.errors + rounds.reduce((sum, p) => sum + p.serverErrors, 0)
		const baselineErrors = rounds.reduce((sum, p) => sum + p.baselineErrors, 0)
		const baselineTimeouts = rounds.reduce((sum, p) => sum + p.baselineTimeouts, 0)
		const errors = routeErrors + baselineErrors
		bars.push({
			bar: `${r.name}: at least ${r.bar.min < 1 ? `${r.bar.min * 100}% of` : `${r.bar.min} times`} ${r.bar.baseline.replace('baseline: ', '')}`,
			measured: `${ratio === null ? 'not measured' : asBar(ratio)}, the median of ${rounds.length} paired rounds (${why.join('; ')})${errors ? `, ${errors} errors (${routeErrors} the route's, ${baselineErrors} the baseline's)` : ''}${baselineTimeouts ? `; the baseline left ${baselineTimeouts} requests unanswered for 10 s, counted as answered` : ''}`,
			met: ratio !== null && ratio >= r.bar.min && errors === 0,
		})
	}
	for (const r of [...rows.filter((row) => !row.name.startsWith('baseline:')), ...storm.paced.during]) {
		bars.push({
			bar: `${r.name}: p99 at most 4 times p50`,
			measured: `p50 ${ms(r.p50)} ms, p99 ${ms(r.p99)} ms (${(r.p99 / Math.max(TAIL_FLOOR_MS, r.p50)).toFixed(1)} times${r.p50 < TAIL_FLOOR_MS ? ` the ${TAIL_FLOOR_MS} ms floor; ${(r.p99 / r.p50).toFixed(1)} times p50` : ''})${r.errors ? `, ${r.errors} errors` : ''}`,
			met: r.p99 <= 4 * Math.max(TAIL_FLOOR_MS, r.p50) && !r.errors,
		})
	}
	bars.push(
		{
			bar: 'Memory of all server processes together (PSS: shared pages once), idle: under 200 MB',
			measured: `${pssIdle.toFixed(0)} MB (RSS summed per process: ${rssIdle.toFixed(0)} MB)`,
			met: pssIdle < 200,
		},
		{
			bar: 'Memory of all server processes together (PSS: shared pages once), peak: under 400 MB',
			measured: `${pssPeak.toFixed(0)} MB (RSS summed per process: ${rssPeak.toFixed(0)} MB)`,
			met: pssPeak < 400,
		},
	)
	console.log('\nBars (issue 16):')
	for (const b of bars) console.log(`  ${b.met ? 'met    ' : 'MISSED '} ${b.bar}: ${b.measured}`)
}
const barsSection = bars.length
	? [
			`Bars (issue 16; p99 counts ${TAIL_FLOOR_MS} ms as the least p50; each ratio bar is the median of ${PAIRED_ROUNDS} paired rounds, the route and its baseline measured one right after the other, ${DURATION} s each, the order swapped every round), ${bars.filter((b) => b.met).length} of ${bars.length} met:`,
			'',
			'| bar | measured | |',
			'| --- | --- | --- |',
			...bars.map((b) => `| ${b.bar} | ${b.measured} | ${b.met ? 'met' : 'NOT met'} |`),
			'',
		]
	: []
const table = [
	'| route | req/s | p50 (ms) | p99 (ms) | errors | server cores busy | server CPU per request (ms) | ratio to baselines |',
	'| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
	...rows.map((r) => {
		const ratio = r.baselines.length
			? r.baselines
					.map((b) => `${((r.rps / byName[b].rps) * 100).toFixed(1)}% of ${b.replace('baseline: ', '')}`)
					.join('; ')
			: 'baseline'
		return `| ${r.name} | ${Math.round(r.rps)} | ${ms(r.p50)} | ${ms(r.p99)} | ${r.errors} | ${r.cores?.toFixed(2) ?? ''} | ${r.cpuPerRequest?.toFixed(3) ?? ''} | ${ratio} |`
	}),
]
let commit = 'unknown'
try {
	commit = execSync('git rev-parse --short HEAD').toString().trim()
} catch {
	// not a git checkout: no commit to record
}
const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`
const usersSection = [
	`Admin users list over ${USERS_COUNT.toLocaleString('en-US')} users (written straight into the bench database in ${(usersSeedMs / 1000).toFixed(1)} s), ${USERS_CONNECTIONS} concurrent clients, ${USERS_DURATION_MS / 1000} s per URL; bar: p95 < ${USERS_P95_BAR_MS} ms. Machine load average (1 min) ${usersLoad.before.toFixed(1)} before the step, ${(usersLoad.after ?? os.loadavg()[0]).toFixed(1)} after it (2 cores: above 2, other work shared the CPUs and the figures are noisy):`,
	'',
	'| route | req/s | p50 (ms) | p95 (ms) | p99 (ms) | errors | p95 bar |',
	'| --- | ---: | ---: | ---: | ---: | ---: | --- |',
	...usersRows.map(
		(r) =>
			`| ${r.name} | ${Math.round(r.rps)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} | ${r.p95 < USERS_P95_BAR_MS ? 'met' : 'NOT met'} |`,
	),
	'',
]
const p95Table = (list) => [
	'| route | req/s | p50 (ms) | p95 (ms) | p99 (ms) | errors | p95 bar |',
	'| --- | ---: | ---: | ---: | ---: | ---: | --- |',
	...list.map(
		(r) =>
			`| ${r.name} | ${Math.round(r.rps)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} | ${r.p95 < USERS_P95_BAR_MS ? 'met' : 'NOT met'} |`,
	),
]
const staffSection = [
	`Staff tools over ${AUDIT_ROWS.toLocaleString('en-US')} audit rows and ${PLAN_CODES.toLocaleString('en-US')} plan codes in batches of 5,000 (a tenth used, each with its activation), written straight into the bench database in ${(staffSeed.ms / 1000).toFixed(1)} s (${Math.round((AUDIT_ROWS + PLAN_CODES) / Math.max(0.001, staffSeed.ms / 1000)).toLocaleString('en-US')} rows/s; the database grew by ${(staffSeed.bytes / 2 ** 20).toFixed(0)} MiB), ${USERS_CONNECTIONS} concurrent clients, ${USERS_DURATION_MS / 1000} s per URL; bar: p95 < ${USERS_P95_BAR_MS} ms. Machine load average (1 min) ${staffLoad.before.toFixed(1)} before the step, ${os.loadavg()[0].toFixed(1)} after it:`,
	'',
	...p95Table(staffRows),
	'',
	...(staffSkipped.length ? [`Skipped (answered 404, not built on this commit): ${staffSkipped.join(', ')}.`, ''] : []),
]
/** The storm's tables: the paced load without and with sign-ups, then at saturation. */
function stormSection() {
	const perSecond = (run) => (run.signUps / Math.max(0.001, run.seconds)).toFixed(1)
	const table = (list) => [
		'| route | req/s | p50 (ms) | p99 (ms) | errors |',
		'| --- | ---: | ---: | ---: | ---: |',
		...list.map((r) => `| ${r.name} | ${Math.round(r.rps)} | ${ms(r.p50)} | ${ms(r.p99)} | ${r.errors} |`),
	]
	return [
		`Sign-up storm (docs/decisions/038-sign-up-storm-at-a-campaign-rate.md): 20 clients signing up through POST /api/auth/register as fast as they are answered for ${storm.paced.seconds.toFixed(0)} s (after ${STORM_WARM_UP_MS / 1000} s of sign-ups alone, not measured): ${perSecond(storm.paced)} sign-ups/s sustained (${storm.paced.signUps} accounts, ${storm.paced.errors} errors), while GET / and GET /login were requested from ${STORM_CONNECTIONS} connections each, every connection pausing ${STORM_PAUSE_MS} ms between requests (a campaign's pace: its tail is a bar), and the same page load just before without sign-ups:`,
		'',
		...table([...storm.alone, ...storm.paced.during]),
		'',
		`The same storm at saturation (each page's ${STORM_CONNECTIONS} connections without a pause: the two load generators and the sign-up clients take most of the two cores from the server they measure; reported, not a bar): ${perSecond(storm.saturated)} sign-ups/s (${storm.saturated.signUps} accounts, ${storm.saturated.errors} errors) over ${storm.saturated.seconds.toFixed(0)} s:`,
		'',
		...table(storm.saturated.during),
		'',
	]
}

const report = (
	REPORT_ONLY
		? [
				`## Run of ${new Date().toISOString()} (broker report step only)`,
				'',
				`Commit ${commit}; ${machine}.`,
				'',
				reportStep,
				'',
			]
		: STAFF_ONLY
			? [
					`## Run of ${new Date().toISOString()} (staff tools step only)`,
					'',
					`Commit ${commit}; ${machine}; load generator on the same machine.`,
					'',
					...staffSection,
				]
			: USERS_ONLY
				? [
						`## Run of ${new Date().toISOString()} (admin users step only)`,
						'',
						`Commit ${commit}; ${machine}; load generator on the same machine.`,
						'',
						...usersSection,
					]
				: [
						`## Run of ${new Date().toISOString()}${QUICK ? ' (--quick)' : ''}`,
						'',
						`Commit ${commit}; ${machine}; WEB_CONCURRENCY ${workerCount}; wrk (one thread), ${CONNECTIONS} connections, ${DURATION} s per route, load generator on the same machine (machine load average before the run: ${loadBefore.toFixed(2)}). "Server cores busy" is the CPU time of the measured server's whole process tree (every thread: V8's garbage collector and compiler run beside the JavaScript) over the run's wall time; "server CPU per request" is that time over the requests answered.`,
						'',
						...table,
						'',
						`Server memory, every process of the tree (the primary and its ${workerCount} workers), PSS summed (shared pages counted once): idle ${pssIdle.toFixed(0)} MB (after ${IDLE_WAIT_MS / 1000} s without requests), peak under load ${pssPeak.toFixed(0)} MB; RSS summed per process (shared pages counted in each): idle ${rssIdle.toFixed(0)} MB, peak ${rssPeak.toFixed(0)} MB (V8 heap capped at 160 MB per process by the start script; docs/decisions/028-memory-and-tails.md).`,
						'',
						...stormSection(),
						...barsSection,
						`While 20 sign-ins (bcrypt cost 10, in the worker pool) were kept in flight (${signIns} completed), 10 connections each:`,
						'',
						'| route | req/s | p50 (ms) | p99 (ms) | errors |',
						'| --- | ---: | ---: | ---: | ---: |',
						...underHashing.map(
							(r) => `| ${r.name} | ${Math.round(r.rps)} | ${ms(r.p50)} | ${ms(r.p99)} | ${r.errors} |`,
						),
						'',
						...(QUICK ? [] : [...usersSection, ...staffSection]),
						...(reportStep ? [reportStep, ''] : []),
						...(locksStep ? [locksStep, ''] : []),
					]
).join('\n')
console.log(`\n${report}`)

const file = path.resolve('docs/performance.md')
const header = `# Performance

Measured by \`npm run bench\` (scripts/bench.mjs): the production server on a
throwaway database, loaded with wrk at 50 connections, beside a raw
\`node:http\` JSON server and a static HTML file served by raw Node in the
same run. Bars: docs/product/quality-bars.md: ratios, not absolute
numbers, because the machines are shared and noisy. Newest run first.

`
const previous = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').replace(header, '') : ''
fs.writeFileSync(file, `${header}${report}\n${previous}`)
console.log(`written to ${path.relative(process.cwd(), file)}`)
const missed = bars.filter((b) => !b.met)
if (missed.length) console.log(`\n${missed.length} bar(s) missed`)
process.exit(missed.length ? 1 : 0)

// The admin users step (issue 4): 100,000 users, then the list page and
// its API with a search, filters, a deep page and each sort.
async function benchAdminUsers() {
	// Seeded through the app's own database layer (the operator CLI), while
	// the server runs, as an operator's import would be.
	const started = Date.now()
	execFileSync(process.execPath, ['scripts/cli.mjs', 'bench:seed-users', String(USERS_COUNT)], {
		env: { ...process.env, DATA_DIR: path.join(root, 'data'), DATABASE_URL: '', CLI_SKIP_BUILD_CHECK: 'true' },
		stdio: ['ignore', 'ignore', 'inherit'],
	})
	usersSeedMs = Date.now() - started
	console.log(`seeded ${USERS_COUNT} users in ${usersSeedMs} ms`)

	const base = `http://127.0.0.1:${PORT}`
	const { cookie, token } = await benchAdminSignIn()

	const queries = [
		['newest first (default)', ''],
		['oldest first', 'sortBy=createdAt&sortOrder=asc'],
		['name A-Z', 'sortBy=name&sortOrder=asc'],
		['name Z-A', 'sortBy=name&sortOrder=desc'],
		['investment high-low', 'sortBy=totalInvested&sortOrder=desc'],
		['investment low-high', 'sortBy=totalInvested&sortOrder=asc'],
		['search "okonkwo"', 'search=okonkwo'],
		['search "okonkwo", name A-Z', 'search=okonkwo&sortBy=name&sortOrder=asc'],
		['filter status=banned', 'status=banned'],
		[
			'filters status=active, plan=gold, investment high-low',
			'status=active&plan=gold&sortBy=totalInvested&sortOrder=desc',
		],
		['search + filter: "ada", status=pending', 'search=ada&status=pending'],
		['page 5,000', 'page=5000'],
	]
	const results = []
	for (const [label, query] of queries) {
		for (const [door, pathname, headers] of [
			['/admin/users', '/admin/users', { Cookie: cookie }],
			['/api/admin/users', '/api/admin/users', { Authorization: `Bearer ${token}` }],
		]) {
			const url = `${base}${pathname}${query ? `?${query}` : ''}`
			await assertAnswers200(url, headers)
			await latencyRun(url, headers, 1000)
			const r = await latencyRun(url, headers, USERS_DURATION_MS)
			const row = { name: `GET ${door} ${label}`, ...r }
			results.push(row)
			console.log(
				`${row.name}: ${Math.round(r.rps)} req/s, p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, errors ${r.errors}`,
			)
		}
	}
	return results
}

// The bench admin's cookie (the admin sign-in form) and bearer token (the
// API), once: each TOTP code is accepted once, so later steps reuse them
// (adminSignIn is declared at the top: this runs before the module's end).
function benchAdminSignIn() {
	adminSignIn ??= signInBenchAdmin()
	return adminSignIn
}
async function signInBenchAdmin() {
	const base = `http://127.0.0.1:${PORT}`
	const login = await freshFetch(`${base}/admin/login`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base },
		body: new URLSearchParams(ADMIN),
	})
	// The password, then the code step (ADMIN_TOTP_SECRET enrolled the bench admin).
	const pending = login.headers.getSetCookie()[0]?.split(';')[0]
	if (login.status !== 302 || !pending) throw new Error(`bench admin sign-in failed: ${login.status}`)
	const step = await freshFetch(`${base}/admin/login/two-factor`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base, Cookie: pending },
		body: new URLSearchParams({ intent: 'code', code: totpCode() }),
	})
	const cookie = step.headers
		.getSetCookie()
		.map((c) => c.split(';')[0])
		.filter((c) => c.startsWith('admin_session='))
		.join('; ')
	if (step.status !== 302 || !cookie) throw new Error(`bench admin code step failed: ${step.status}`)
	// Each code is accepted once: the API sign-in takes the next step's (one step of drift is allowed).
	const apiLogin = await freshFetch(`${base}/api/admin/login`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({ ...ADMIN, code: totpCode(Date.now() + 30_000) }),
	})
	const token = (await apiLogin.json()).data?.token
	if (!token) throw new Error(`bench admin API sign-in failed: ${apiLogin.status}`)
	return { cookie, token }
}

/**
 * Two processes writing to one database file at once (scripts/lock-contention.ts,
 * `npm run bench:locks`): what one commit holds its thread for with the
 * guard's lock wait and with SQLite's busy handler (docs/decisions/036).
 */
function benchLockContention() {
	const out = execFileSync(path.resolve('node_modules/.bin/tsx'), ['scripts/lock-contention.ts', '--json'], {
		encoding: 'utf8',
	})
	const { seconds, processes, rows } = JSON.parse(out.trim().split('\n').at(-1))
	const line = (r) =>
		`| ${r.label} | ${r.commitsPerSecond} | ${r.p50.toFixed(2)} | ${r.p90.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.max.toFixed(2)} |`
	const section = [
		`Lock contention (\`npm run bench:locks\`): ${processes} processes committing two 200-byte rows at a time to one file for ${seconds} s each way, 0 to 2 ms of other work between commits; how long one commit held its process's thread (every request of that process waited as long):`,
		'',
		"| waiting for the other process's lock | commits/s | p50 (ms) | p90 (ms) | p99 (ms) | max (ms) |",
		'| --- | ---: | ---: | ---: | ---: | ---: |',
		...rows.map(line),
	].join('\n')
	console.log(section)
	return section
}

// The broker report step (issue 14): a broker and 10,000 members with
// tracking ids written straight into the bench database, then a generated
// 10,000-row report imported through the API (a dry run, then the apply);
// the apply's time is printed against its bar (< 2 s).
async function benchBrokerReport() {
	// Seeded through the app's own database layer (the operator CLI), as the users step is.
	const csvFile = path.join(root, 'bench-report.csv')
	const seeded = execFileSync(
		process.execPath,
		['scripts/cli.mjs', 'bench:seed-report', String(REPORT_ROWS), csvFile],
		{
			env: { ...process.env, DATA_DIR: path.join(root, 'data'), DATABASE_URL: '', CLI_SKIP_BUILD_CHECK: 'true' },
			stdio: ['ignore', 'pipe', 'inherit'],
		},
	)
	const { slug, month } = JSON.parse(seeded.toString().trim().split('\n').pop())
	const csv = fs.readFileSync(csvFile, 'utf8')
	const { token } = await benchAdminSignIn()
	const post = async (query) => {
		const started = performance.now()
		const res = await freshFetch(`http://127.0.0.1:${PORT}/api/admin/brokers/${slug}/reports?month=${month}${query}`, {
			method: 'POST',
			headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/csv' },
			body: csv,
		})
		const ms = performance.now() - started
		if (res.status !== (query ? 200 : 201)) throw new Error(`report import answered ${res.status}: ${await res.text()}`)
		return ms
	}
	const dryMs = await post('&dryRun=1')
	const applyMs = await post('')
	const line = `Broker report import: a generated ${REPORT_ROWS.toLocaleString('en-US')}-row file (${(Buffer.byteLength(csv) / 1024).toFixed(0)} KiB) through POST /api/admin/brokers/:slug/reports as text/csv: dry run ${dryMs.toFixed(0)} ms, apply ${applyMs.toFixed(0)} ms; bar: apply < ${REPORT_BAR_MS} ms (${applyMs < REPORT_BAR_MS ? 'met' : 'NOT met'}).`
	console.log(line)
	return line
}

// The staff tools step (issue 12): a million audit rows and 100,000 plan
// codes, then the audit log (each filter, a date range, a deep keyset
// page), its API, and the codes pages.
async function benchStaffTools() {
	const dataDir = path.join(root, 'data')
	const dbBytes = () =>
		fs
			.readdirSync(dataDir)
			.filter((f) => f.endsWith('.db') || f.endsWith('.db-wal') || f.endsWith('.sqlite') || f.endsWith('-wal'))
			.reduce((sum, f) => sum + fs.statSync(path.join(dataDir, f)).size, 0)
	const sizeBefore = dbBytes()
	const started = Date.now()
	execFileSync(process.execPath, ['scripts/cli.mjs', 'bench:seed-staff', String(AUDIT_ROWS), String(PLAN_CODES)], {
		env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', CLI_SKIP_BUILD_CHECK: 'true' },
		stdio: ['ignore', 'inherit', 'inherit'],
	})
	staffSeed.ms = Date.now() - started
	staffSeed.bytes = dbBytes() - sizeBefore
	console.log(
		`seeded ${AUDIT_ROWS} audit rows and ${PLAN_CODES} plan codes in ${staffSeed.ms} ms (${Math.round((AUDIT_ROWS + PLAN_CODES) / (staffSeed.ms / 1000))} rows/s; database +${(staffSeed.bytes / 2 ** 20).toFixed(0)} MiB)`,
	)

	const base = `http://127.0.0.1:${PORT}`
	const { cookie, token } = await benchAdminSignIn()
	const api = async (query) => {
		const res = await freshFetch(`${base}/api/admin/audit?${query}`, { headers: { Authorization: `Bearer ${token}` } })
		if (res.status !== 200) throw new Error(`/api/admin/audit?${query}: ${res.status}`)
		return (await res.json()).data
	}
	// Real values to filter by: a staff member, a target with history, a
	// cursor half a year deep (about half the log behind it), a batch.
	const sample = (await api('action=user.update&limit=50')).entries.find((e) => e.adminId !== null)
	if (!sample) throw new Error('the audit seed wrote no staff rows')
	const day = (offset) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10)
	const deep = (await api(`to=${day(180)}&limit=1`)).nextCursor
	if (!deep) throw new Error('no deep cursor: the audit seed is too small')
	// The newest batch (the seed's), through the codes API.
	const batches = await freshFetch(`${base}/api/admin/plan-code-batches`, {
		headers: { Authorization: `Bearer ${token}` },
	})
	const batchId = batches.status === 200 ? ((await batches.json()).data.batches[0]?.id ?? 1) : 1

	const pages = [
		['no filter (newest page)', ''],
		['staff member', `adminId=${sample.adminId}`],
		['system actor', 'adminId=system'],
		['action user.update', 'action=user.update'],
		['action staff.disable', 'action=staff.disable'],
		['target type contest', 'targetType=contest'],
		['target user', `targetType=user&targetId=${sample.targetId}`],
		['date range (one month)', `from=${day(120)}&to=${day(90)}`],
		['staff member + date range', `adminId=${sample.adminId}&from=${day(120)}&to=${day(90)}`],
		['action + date range', `action=user.update&from=${day(120)}&to=${day(90)}`],
		['deep cursor (half a year back)', `cursor=${deep}`],
		['deep cursor + action', `action=user.update&cursor=${deep}`],
	]
	const targets = [
		...pages.map(([label, query]) => [
			`GET /admin/audit ${label}`,
			`/admin/audit${query ? `?${query}` : ''}`,
			'cookie',
		]),
		...[
			['no filter', 'limit=50'],
			['action user.update', 'action=user.update'],
			['target user', `targetType=user&targetId=${sample.targetId}`],
			['date range', `from=${day(120)}&to=${day(90)}`],
			['deep cursor, limit 200', `cursor=${deep}&limit=200`],
		].map(([label, query]) => [`GET /api/admin/audit ${label}`, `/api/admin/audit?${query}`, 'bearer']),
		['GET /admin/codes', '/admin/codes', 'cookie'],
		[`GET /admin/codes/batches/:id (batch ${batchId})`, `/admin/codes/batches/${batchId}`, 'cookie'],
	]
	const results = []
	for (const [name, pathname, auth] of targets) {
		const url = `${base}${pathname}`
		const headers = auth === 'cookie' ? { Cookie: cookie } : { Authorization: `Bearer ${token}` }
		const check = await freshFetch(url, { headers, redirect: 'manual' })
		if (check.status === 404) {
			console.log(`NOTE: ${pathname} answered 404 (not built on this commit): skipped`)
			staffSkipped.push(pathname)
			continue
		}
		if (check.status !== 200) throw new Error(`${url}: ${check.status}`)
		await latencyRun(url, headers, 1000)
		const r = await latencyRun(url, headers, USERS_DURATION_MS)
		const row = { name, ...r }
		results.push(row)
		console.log(
			`${row.name}: ${Math.round(r.rps)} req/s, p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms (${r.p95 < USERS_P95_BAR_MS ? 'met' : 'NOT met'}), p99 ${r.p99.toFixed(1)} ms, errors ${r.errors}`,
		)
	}
	return results
}

// Closed-loop load: USERS_CONNECTIONS connections, each sending its next
// request when the previous answer is read, for `durationMs`, gzip accepted
// as a browser would.
async function latencyRun(url, headers, durationMs) {
	const r = await wrk({
		url,
		connections: USERS_CONNECTIONS,
		duration: Math.max(1, Math.round(durationMs / 1000)),
		headers: { ...headers, 'Accept-Encoding': 'gzip' },
	})
	return { rps: r.requests.average, p50: r.latency.p50, p95: r.latency.p95, p99: r.latency.p99, errors: failed(r) }
}
