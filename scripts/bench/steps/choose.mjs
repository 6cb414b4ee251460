// Step `choose` (issue 40, "Performance"): members choosing traders. It
// needs the traders step's 1,000 listed traders (seeded here when that step
// did not run), then:
// - watch rows: BENCH_WATCH_MEMBERS new members (100,000) watching
//   BENCH_WATCH_ROWS traders in all (1,000,000), every watched trader due
//   for the watch pass as after the nightly recompute; the scheduler's job
//   `watch-alerts` (made due by the CLI, run in the serving process that
//   holds the scheduler's lease) reads every row; bar: under 60 s;
// - the filtered members' list: /api/member/traders and /dashboard with
//   filters and sorts while the watch rows exist; bar: p95 < 50 ms each;
// - what copiers earned: BENCH_OUTCOME_COPIERS new members (50,000) at a
//   new broker and BENCH_OUTCOME_MONTHS monthly reports (24) naming the
//   first listed trader, applied through the broker reports' model (the
//   outcomes precomputed at apply); then the trader's page and
//   /api/member/traders/:id/outcomes; bar: p95 < 50 ms each.
// `--choose-only` runs this step alone.
import os from 'node:os'
import path from 'node:path'
import { assertAnswers200, freshFetch } from '../../fresh-fetch.mjs'
import { unlockedMember } from '../accounts.mjs'
import { latencyRun } from '../measure.mjs'
import { P95_BAR_MS, roundLoad } from './admin-users.mjs'
import { cliProcess, seed } from './seed.mjs'

/** The bars of issue 40's performance part. */
export const CHOOSE_BARS = { alertPassS: 60, listP95Ms: P95_BAR_MS, outcomesP95Ms: P95_BAR_MS }

/** The trader page's section (app/components/trader-outcomes.tsx) and its cohorts table's caption. */
const OUTCOMES_HEADING = 'Members who copied through TradeCircle'
const COHORTS_CAPTION = 'Members who copied through TradeCircle, by the month they started'
/** Cohorts under this many members are hidden (MIN_COHORT_MEMBERS, app/features/copier-outcomes/figures.ts). */
const MIN_COHORT_MEMBERS = 5

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
	const { watchMembers, watchRows, outcomeCopiers, outcomeMonths } = ctx.options
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

	// (c) What copiers earned: the reports applied as staff apply them, then the trader's page and its API.
	const outcomes = await copierOutcomes(ctx, member, { copiers: outcomeCopiers, months: outcomeMonths })
	load.after = os.loadavg()[0]
	return {
		traders: count,
		watch: { members: watch.members, rows: watch.rows, seedMs: watch.seedMs },
		alertPass,
		list: { connections, durationS, rows },
		outcomes,
		load: roundLoad(load),
	}
}

/**
 * Seeds the copiers and applies their reports (bench:seed-outcomes), checks
 * that the trader's page shows the section and the API the cohorts the seed
 * made (those of 5 members or more), then measures both.
 */
async function copierOutcomes(ctx, member, { copiers, months }) {
	const { usersConnections: connections, usersDurationS: durationS } = ctx.options
	const base = `http://127.0.0.1:${ctx.ports.app}`
	const seeded = parseLast(seed(ctx, ['bench:seed-outcomes', String(copiers), String(months)]))
	console.log(
		`applied ${seeded.months} monthly reports (${seeded.rows} rows) for ${seeded.copiers} copiers of ${seeded.slug}: applies ${(seeded.applyMs / 1000).toFixed(1)} s in all, the slowest ${seeded.slowest.ms} ms (${seeded.slowest.month}, ${seeded.slowest.rows} rows); previews ${(seeded.previewMs / 1000).toFixed(1)} s; members seeded in ${seeded.seedMs} ms`,
	)
	const shown = seeded.cohorts.filter((c) => c.members >= MIN_COHORT_MEMBERS).length
	const hidden = seeded.cohorts.length - shown
	const page = `${base}/dashboard/traders/${seeded.slug}`
	const api = `${base}/api/member/traders/${seeded.slug}/outcomes`
	const cookie = { Cookie: member.cookie }
	const bearer = { Authorization: `Bearer ${member.token}` }

	const html = await freshFetch(page, { headers: cookie })
	const text = await html.text()
	if (html.status !== 200) throw new Error(`${page}: ${html.status}`)
	if (!text.includes(OUTCOMES_HEADING)) throw new Error(`${page} does not show "${OUTCOMES_HEADING}"`)
	if (shown > 0 && !text.includes(COHORTS_CAPTION)) throw new Error(`${page} shows no cohorts table`)
	const answer = await freshFetch(api, { headers: bearer })
	if (answer.status !== 200) throw new Error(`${api}: ${answer.status}`)
	const { data } = await answer.json()
	if (data.members !== seeded.copiers || data.cohorts.length !== shown || data.hiddenCohorts !== hidden) {
		throw new Error(
			`${api} answered ${data.members} members, ${data.cohorts.length} cohorts shown and ${data.hiddenCohorts} hidden; the seed made ${seeded.copiers} copiers in ${shown} cohorts of ${MIN_COHORT_MEMBERS} or more and ${hidden} smaller`,
		)
	}

	const rows = []
	for (const [name, url, headers] of [
		[`GET /dashboard/traders/:slug (member cookie), ${seeded.copiers} copiers`, page, cookie],
		[`GET /api/member/traders/:id/outcomes (bearer), ${seeded.copiers} copiers`, api, bearer],
	]) {
		const row = await latencyRun(name, { url, headers, connections, durationS })
		rows.push(row)
		console.log(
			`${name}: p95 ${row.p95.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms (${row.p95 < CHOOSE_BARS.outcomesP95Ms ? 'met' : 'NOT met'})`,
		)
	}
	return {
		slug: seeded.slug,
		copiers: seeded.copiers,
		months: seeded.months,
		reportRows: seeded.rows,
		cohorts: { shown, hidden },
		seedMs: seeded.seedMs,
		previewMs: seeded.previewMs,
		applyMs: seeded.applyMs,
		slowest: seeded.slowest,
		connections,
		durationS,
		rows,
	}
}
