// Step `traders` (issue 39, "Performance"): BENCH_TRADERS listed traders
// (1,000), each with 5 years of daily equity on business days (about 1,300
// rows: 1.3 million in all) and 500 closed trades (500,000 in all), written
// into the bench database with their figures computed, then:
// - apply: one more trader's 5-year statement through the API (its equity,
//   1,300 rows, then its 5,000 trades), each apply recomputing the figures
//   in its transaction; bar: the two together < 1 s;
// - nightly recompute: /dashboard (member cookie) loaded without it, then
//   while the server's scheduler runs the job `traders-recompute` (made due
//   by the CLI, run in the serving process that holds the scheduler's
//   lease, as at night); bars: the recompute < 60 s and /dashboard's p99
//   during it at most 2 times its p99 without. The same recompute run in a
//   process of its own on the servers' cores is reported beside it;
// - the members' list: /api/member/traders (member bearer) and /dashboard
//   with a sort or filter; bar: p95 < 50 ms each.
// `--traders-only` runs this step alone.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { assertAnswers200, freshFetch } from '../../fresh-fetch.mjs'
import { wrk } from '../../wrk.mjs'
import { benchAdmin, unlockedMember } from '../accounts.mjs'
import { latencyRow, latencyRun } from '../measure.mjs'
import { P95_BAR_MS, roundLoad } from './admin-users.mjs'
import { cliProcess, seed } from './seed.mjs'

/** The bars of issue 39's performance part. */
export const TRADERS_BARS = { applyMs: 1_000, recomputeS: 60, tailRatio: 2, listP95Ms: P95_BAR_MS }
/** Connections loading /dashboard without and during the recompute. */
const DASHBOARD_CONNECTIONS = 10
/** After the recompute ends, wrk runs this long more so that requests it held are answered and counted. */
const DRAIN_MS = 1_000

const LIST_QUERIES = [
	['GET /api/member/traders ranking (default)', '/api/member/traders', 'bearer'],
	['GET /api/member/traders sort=maxDrawdown asc', '/api/member/traders?sort=maxDrawdown&order=asc', 'bearer'],
	['GET /api/member/traders sort=sharpe, page 25', '/api/member/traders?sort=sharpe&order=desc&page=25', 'bearer'],
	['GET /api/member/traders sort=winRate, limit 100', '/api/member/traders?sort=winRate&limit=100', 'bearer'],
	['GET /api/member/traders status=past', '/api/member/traders?status=past', 'bearer'],
	['GET /dashboard sort=monthlyReturn asc', '/dashboard?sort=monthlyReturn&order=asc', 'cookie'],
]

export async function traders(ctx) {
	const { traders: count, usersConnections: connections, usersDurationS: durationS } = ctx.options
	const base = `http://127.0.0.1:${ctx.ports.app}`
	const load = { before: os.loadavg()[0] }
	const seeded = JSON.parse(
		seed(ctx, ['bench:seed-traders', String(count), path.join(ctx.root, 'traders')])
			.trim()
			.split('\n')
			.pop(),
	)
	console.log(
		`seeded ${seeded.traders} listed traders, ${seeded.equityRows} equity rows and ${seeded.trades} trades (figures computed) in ${seeded.seedMs} ms`,
	)

	// (a) One trader's 5-year statement through the API: the equity, then the trades.
	const { token: adminToken } = await benchAdmin(ctx.ports.app)
	const applyFile = async (kind, file) => {
		const csv = fs.readFileSync(file, 'utf8')
		const started = performance.now()
		const res = await freshFetch(`${base}/api/admin/traders/${seeded.applyTrader.id}/statements?kind=${kind}`, {
			method: 'POST',
			headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'text/csv' },
			body: csv,
		})
		const ms = performance.now() - started
		const body = await res.text()
		if (res.status !== 201)
			throw new Error(`the ${kind} statement's apply answered ${res.status}: ${body.slice(0, 500)}`)
		const { data } = JSON.parse(body)
		return { ms: Math.round(ms), rows: data.rows, kib: Number((Buffer.byteLength(csv) / 1024).toFixed(1)) }
	}
	const equity = await applyFile('equity', seeded.equityFile)
	const trades = await applyFile('trades', seeded.tradesFile)
	const apply = { equity, trades, totalMs: equity.ms + trades.ms }
	console.log(
		`statement apply (figures recomputed in each): equity ${equity.rows} rows ${equity.ms} ms, trades ${trades.rows} rows ${trades.ms} ms, together ${apply.totalMs} ms (bar < ${TRADERS_BARS.applyMs} ms)`,
	)

	// (b) /dashboard without the recompute, then during it.
	const member = await unlockedMember(ctx.ports.app, 'bench-traders@example.com')
	const dashboard = { url: `${base}/dashboard`, headers: { Cookie: member.cookie, 'Accept-Encoding': 'gzip' } }
	await assertAnswers200(dashboard.url, { Cookie: member.cookie })
	const dashboardRun = (name, options) =>
		wrk({ ...dashboard, connections: DASHBOARD_CONNECTIONS, ...options }).then((r) =>
			latencyRow(name, r, { p95: true }),
		)
	await dashboardRun('warm-up', { duration: 1 })
	const without = await dashboardRun('GET /dashboard (member cookie), no recompute', {
		duration: ctx.options.durationS,
	})
	const during = await duringRecompute(ctx, 'in the server', dashboardRun, {
		args: ['bench:run-job', 'traders-recompute'],
	})
	const separate = await duringRecompute(ctx, 'in a process of its own', dashboardRun, {
		args: ['bench:recompute-traders'],
		serverCores: true,
	})
	const recompute = { connections: DASHBOARD_CONNECTIONS, drainMs: DRAIN_MS, without, during, separate }
	for (const r of [without, during.row, separate.row]) console.log(rowText(r))
	console.log(
		`nightly recompute in the server: ${(during.ms / 1000).toFixed(1)} s (${during.result?.recomputed} traders; bar < ${TRADERS_BARS.recomputeS} s); in a process of its own: ${(separate.ms / 1000).toFixed(1)} s`,
	)

	// (c) The members' list with its sorts and filters.
	const rows = []
	for (const [name, pathname, auth] of LIST_QUERIES) {
		const url = `${base}${pathname}`
		const headers = auth === 'cookie' ? { Cookie: member.cookie } : { Authorization: `Bearer ${member.token}` }
		await assertAnswers200(url, headers)
		const row = await latencyRun(name, { url, headers, connections, durationS })
		rows.push(row)
		console.log(`${rowText(row)} (${row.p95 < TRADERS_BARS.listP95Ms ? 'met' : 'NOT met'})`)
	}
	load.after = os.loadavg()[0]
	return {
		traders: seeded.traders,
		equityRows: seeded.equityRows,
		trades: seeded.trades,
		seedMs: seeded.seedMs,
		apply,
		recompute,
		list: { connections, durationS, rows },
		load: roundLoad(load),
	}
}

const rowText = (r) =>
	`${r.name}: ${Math.round(r.rps)} req/s, p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, errors ${r.errors}`

/**
 * /dashboard loaded while the CLI command `args` recomputes every trader:
 * wrk starts when the recompute has started (the CLI's `started` line) and
 * is stopped DRAIN_MS after it finished (its `finished` line). Returns the row, the recompute's ms and result.
 */
async function duringRecompute(ctx, where, dashboardRun, { args, serverCores = false }) {
	let started
	const startedP = new Promise((resolve) => (started = resolve))
	let finished
	const finishedP = new Promise((resolve) => (finished = resolve))
	let outcome = null
	const exited = cliProcess(ctx, args, {
		serverCores,
		onLine: (line) => {
			if (!line.startsWith('{')) return
			const message = JSON.parse(line)
			if (message.event === 'started') started()
			else if (message.event === 'finished') {
				outcome = message
				finished()
			}
		},
	})
	exited.then(() => {
		started()
		finished()
	})
	await startedP
	const stop = finishedP.then(() => new Promise((resolve) => setTimeout(resolve, DRAIN_MS)))
	const row = await dashboardRun(`GET /dashboard (member cookie), during the recompute ${where}`, {
		duration: 900,
		stop,
	})
	const code = await exited
	if (code !== 0 || !outcome) throw new Error(`${args.join(' ')} exited ${code}`)
	return { ms: outcome.ms, result: outcome.result, row }
}
