// Step `choose` (issue 40, "Performance"): members choosing traders. It
// needs the traders step's 1,000 listed traders (seeded here when that step
// did not run), then:
// - watch rows: BENCH_WATCH_MEMBERS new members (100,000) watching
//   BENCH_WATCH_ROWS traders in all (1,000,000), every watched trader due
//   for the watch pass as after the nightly recompute; the scheduler's job
//   `watch-alerts` (made due by the CLI, run in the serving process that
//   holds the scheduler's lease) reads every row; bar: under 60 s;
// - the filtered members' list: /api/member/traders and /dashboard with
//   filters and sorts while the watch rows exist; bar: p95 < 50 ms each.
// `--choose-only` runs this step alone.
import os from 'node:os'
import path from 'node:path'
import { assertAnswers200 } from '../../fresh-fetch.mjs'
import { unlockedMember } from '../accounts.mjs'
import { latencyRun } from '../measure.mjs'
import { P95_BAR_MS, roundLoad } from './admin-users.mjs'
import { cliProcess, seed } from './seed.mjs'

/** The bars of issue 40's performance part. */
export const CHOOSE_BARS = { alertPassS: 60, listP95Ms: P95_BAR_MS }

const FILTERED_QUERIES = [
	[
		'GET /api/member/traders riskMax=4, maxDrawdown=30, minMonths=12',
		'/api/member/traders?riskMax=4&maxDrawdown=30&minMonths=12',
		'bearer',
	],
	[
		'GET /api/member/traders markets=EURUSD,XAUUSD, noFlags, sort=sharpe',
		'/api/member/traders?markets=EURUSD,XAUUSD&noFlags=1&sort=sharpe',
		'bearer',
	],
	['GET /api/member/traders q=Trader 12, page 2', '/api/member/traders?q=Trader%2012&page=2', 'bearer'],
	[
		'GET /dashboard riskMin=3, riskMax=6, maxDrawdown=40, noFlags, sort=return1m',
		'/dashboard?riskMin=3&riskMax=6&maxDrawdown=40&noFlags=1&sort=return1m',
		'cookie',
	],
]

const parseLast = (out) => JSON.parse(out.trim().split('\n').pop())

export async function choose(ctx) {
	const { traders: count, usersConnections: connections, usersDurationS: durationS } = ctx.options
	const { watchMembers, watchRows } = ctx.options
	const base = `http://127.0.0.1:${ctx.ports.app}`
	const load = { before: os.loadavg()[0] }
	if (!ctx.tradersSeeded) {
		const seeded = parseLast(seed(ctx, ['bench:seed-traders', String(count), path.join(ctx.root, 'traders')]))
		console.log(`seeded ${seeded.traders} listed traders (figures computed) in ${seeded.seedMs} ms`)
		ctx.tradersSeeded = true
	}
	const watch = parseLast(seed(ctx, ['bench:seed-watch', String(watchMembers), String(watchRows)]))
	console.log(
		`seeded ${watch.members} members watching ${watch.rows} traders in all (of ${watch.traders} listed) in ${watch.seedMs} ms`,
	)

	// (a) The watch pass after the nightly recompute: every watched trader due.
	let outcome = null
	const code = await cliProcess(ctx, ['bench:run-job', 'watch-alerts'], {
		onLine: (line) => {
			if (!line.startsWith('{')) return
			const message = JSON.parse(line)
			if (message.event === 'finished') outcome = message
		},
	})
	if (code !== 0 || !outcome) throw new Error(`bench:run-job watch-alerts exited ${code}`)
	const alertPass = { ms: outcome.ms, result: outcome.result, rows: watch.rows }
	console.log(
		`watch pass: ${(alertPass.ms / 1000).toFixed(1)} s for ${alertPass.result?.traders} traders and ${watch.rows} watch rows, ${alertPass.result?.notified} notifications (bar < ${CHOOSE_BARS.alertPassS} s)`,
	)

	// (b) The filtered list, with the watch rows in the database.
	const member = await unlockedMember(ctx.ports.app, 'bench-choose@example.com')
	const rows = []
	for (const [name, pathname, auth] of FILTERED_QUERIES) {
		const url = `${base}${pathname}`
		const headers = auth === 'cookie' ? { Cookie: member.cookie } : { Authorization: `Bearer ${member.token}` }
		await assertAnswers200(url, headers)
		const row = await latencyRun(name, { url, headers, connections, durationS })
		rows.push(row)
		console.log(
			`${name}: p95 ${row.p95.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms (${row.p95 < CHOOSE_BARS.listP95Ms ? 'met' : 'NOT met'})`,
		)
	}
	load.after = os.loadavg()[0]
	return {
		traders: count,
		watch: { members: watch.members, rows: watch.rows, seedMs: watch.seedMs },
		alertPass,
		list: { connections, durationS, rows },
		load: roundLoad(load),
	}
}
