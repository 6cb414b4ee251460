// The bench's report: docs/performance.md, generated from the run files in
// docs/bench/runs/ (one JSON file per run, written by scripts/bench/index.mjs).
// `npm run bench:report` writes it again from those files; the bench runs it
// as its last step. The document shows the latest full run (every table the
// bench measures) and a short history table (one row per run, full and
// short). Blocks other scripts own (`<!-- name:start -->` to
// `<!-- name:end -->`: Lighthouse's, the heap limits') are kept as they are.
//
// `node scripts/bench/report.mjs [--runs-dir=DIR] [--doc=FILE]`
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { growthTable } from './steps/growth.mjs'

/** What the bars and the report say of the every-core bars judged in the sharing layout (steps/every-core.mjs). */
export const EVERY_CORE_SHARING = 'every core, load generator sharing the cores'

export const RUNS_DIR = 'docs/bench/runs'
export const DOC_FILE = 'docs/performance.md'

/** A latency in ms as the tables print it: to the microsecond below 10 ms. */
export const ms = (x) => (x < 10 ? x.toFixed(3) : x.toFixed(1))
const int = (x) => String(Math.round(x))
const fixed = (digits) => (x) => (x === null || x === undefined ? '' : x.toFixed(digits))
const thousands = (n) => n.toLocaleString('en-US')

/** The run file's name: its date (no colons) and commit. */
export function runFileName(run) {
	return `${run.date.replace(/:/g, '-').replace(/\.\d+Z$/, 'Z')}-${run.commit}.json`
}

/**
 * A run as its file holds it: two-space indents, and each row of a table
 * (an object in a list) on a line of its own, so that a run reads, and
 * diffs, one row a line (docs/bench/runs/ is left out of Prettier for it).
 */
export function stringifyRun(run) {
	const write = (value, indent) => {
		if (Array.isArray(value)) {
			if (!value.length) return '[]'
			if (value.every((v) => v === null || typeof v !== 'object')) return JSON.stringify(value).replace(/,/g, ', ')
			const inner = `${indent}  `
			return `[\n${value.map((v) => `${inner}${JSON.stringify(v)}`).join(',\n')}\n${indent}]`
		}
		if (value && typeof value === 'object') {
			const inner = `${indent}  `
			const entries = Object.entries(value).filter(([, v]) => v !== undefined)
			if (!entries.length) return '{}'
			return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${write(v, inner)}`).join(',\n')}\n${indent}}`
		}
		return JSON.stringify(value)
	}
	return `${write(run, '')}\n`
}

/** Every run in `dir`, oldest first. */
export function readRuns(dir = RUNS_DIR) {
	if (!fs.existsSync(dir)) return []
	return fs
		.readdirSync(dir)
		.filter((f) => f.endsWith('.json'))
		.map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')))
		.sort((a, b) => a.date.localeCompare(b.date))
}

function table(columns, rows) {
	return [
		`|${columns.map((c) => (c.title ? ` ${c.title} ` : ' ')).join('|')}|`,
		`| ${columns.map((c) => (c.right ? '---:' : '---')).join(' | ')} |`,
		...rows.map((r) => `| ${columns.map((c) => c.cell(r)).join(' | ')} |`),
	]
}
const col = (title, key, format = (x) => String(x), right = true) => ({
	title,
	right,
	cell: (r) => (r[key] === null || r[key] === undefined ? '' : format(r[key])),
})
const latencyColumns = [
	col('route', 'name', String, false),
	col('req/s', 'rps', int),
	col('p50 (ms)', 'p50', ms),
	col('p99 (ms)', 'p99', ms),
	col('errors', 'errors'),
]
const p95Columns = (barMs) => [
	col('route', 'name', String, false),
	col('req/s', 'rps', int),
	col('p50 (ms)', 'p50', fixed(1)),
	col('p95 (ms)', 'p95', fixed(1)),
	col('p99 (ms)', 'p99', fixed(1)),
	col('errors', 'errors'),
	{ title: 'p95 bar', cell: (r) => (r.p95 < barMs ? 'met' : 'NOT met') },
]
const baselineName = (name) => name.replace('baseline: ', '')

/** The run's set-up: commit, machine, where the load generator and the servers ran. */
export function layoutText(layout) {
	if (!layout) return 'load generator on the same machine'
	if (layout.pinned)
		return `load generator (and the bench's own clients) pinned to CPU ${layout.loadCpus}, every measured server to CPU${layout.serverCpus.includes(',') || layout.serverCpus.includes('-') ? 's' : ''} ${layout.serverCpus} (taskset)`
	return `load generator on the same cores as the servers, not pinned (${layout.reason ?? 'unknown'})`
}

/** Where the every-core bars were judged on a machine with fewer than 3 cores (steps/every-core.mjs). */
export function everyCoreText(e) {
	return `the every-core bars (${EVERY_CORE_SHARING}): a second app (WEB_CONCURRENCY ${e.webConcurrency}) and a second bare baseline on CPU${e.cpus.includes(',') || e.cpus.includes('-') ? 's' : ''} ${e.cpus}, the load generator sharing them (${e.reason}; docs/decisions/044-bench-cpu-layout.md)`
}

function setupSection(run) {
	if (run.setup) return [run.setup, '']
	const measured = run.routes || run.paired
	const parts = [
		`Commit ${run.commit}${run.dirty ? ' (with uncommitted changes)' : ''}`,
		run.machine,
		...(run.webConcurrency ? [`WEB_CONCURRENCY ${run.webConcurrency}`] : []),
		measured
			? `${run.loadGenerator}, ${run.connections} connections, ${run.durationS} s per route, ${layoutText(run.layout)}${run.loadAverage === undefined ? '' : ` (machine load average before the run: ${run.loadAverage.toFixed(2)})`}`
			: layoutText(run.layout),
		...(run.everyCore ? [everyCoreText(run.everyCore)] : []),
	]
	const cpu = measured
		? ` "Server cores busy" is the CPU time of the measured server's whole process tree (every thread: V8's garbage collector and compiler run beside the JavaScript) over the run's wall time; "server CPU per request" is that time over the requests answered.`
		: ''
	return [`${parts.join('; ')}.${cpu}`, '']
}

function routesSection(routes) {
	const ratios = (r) =>
		r.ratios?.length
			? r.ratios.map((x) => `${(x.ratio * 100).toFixed(1)}% of ${baselineName(x.of)}`).join('; ')
			: 'baseline'
	return [
		...table(
			[
				...latencyColumns,
				col('server cores busy', 'cores', fixed(2)),
				col('server CPU per request (ms)', 'cpuPerRequestMs', fixed(3)),
				{ title: 'ratio to baselines', cell: ratios },
			],
			routes.rows,
		),
		'',
	]
}

function memorySection(m) {
	if (m.intro) return [m.intro, '']
	return [
		`Server memory, every process of the tree (the primary and its ${m.workers} worker${m.workers === 1 ? '' : 's'}), PSS summed (shared pages counted once): idle ${m.pssIdleMb.toFixed(0)} MB (after ${m.idleWaitS} s without requests), peak under load ${m.pssPeakMb.toFixed(0)} MB; RSS summed per process (shared pages counted in each): idle ${m.rssIdleMb.toFixed(0)} MB, peak ${m.rssPeakMb.toFixed(0)} MB (V8 heap capped at 160 MB per process by the start script; docs/decisions/028-memory-and-tails.md).`,
		'',
	]
}

function stormSection(s) {
	const perSecond = (x) => (x.signUps / Math.max(0.001, x.seconds)).toFixed(1)
	const paced = s.intro
		? s.intro
		: `Sign-up storm (docs/decisions/038-sign-up-storm-at-a-campaign-rate.md): 20 clients signing up through POST /api/auth/register as fast as they are answered for ${s.paced.seconds.toFixed(0)} s (after ${s.warmUpS} s of sign-ups alone, not measured): ${perSecond(s.paced)} sign-ups/s sustained (${s.paced.signUps} accounts, ${s.paced.errors} errors), while GET / and GET /login were requested from ${s.connections} connections each, every connection pausing ${s.pauseMs} ms between requests (a campaign's pace: its tail is a bar), and the same page load just before without sign-ups:`
	const lines = [paced, '', ...table(latencyColumns, s.rows ?? [...s.alone, ...s.paced.rows]), '']
	const sat = s.saturated
	if (sat)
		lines.push(
			sat.intro ??
				`The same storm at saturation (each page's ${s.connections} connections without a pause: the load generators and the sign-up clients compete with the server they measure; reported, not a bar): ${perSecond(sat)} sign-ups/s (${sat.signUps} accounts, ${sat.errors} errors) over ${sat.seconds.toFixed(0)} s:`,
			'',
			...table(latencyColumns, sat.rows),
			'',
		)
	return lines
}

function barsSection(b) {
	const met = b.list.filter((x) => x.met).length
	const intro =
		b.intro ??
		`Bars (issue 16; p99 counts ${b.tailFloorMs} ms as the least p50; each ratio bar is the median of ${b.pairedRounds} paired rounds, the route and its baseline measured one right after the other, ${b.durationS} s each, the order swapped every round), ${met} of ${b.list.length} met:`
	return [
		intro,
		'',
		...table(
			[
				col('bar', 'bar', String, false),
				col('measured', 'measured', String, false),
				{ title: '', cell: (x) => (x.met ? 'met' : 'NOT met') },
			],
			b.list,
		),
		'',
		...(b.pinned ? pinnedSection(b.pinned) : []),
	]
}

/** A ratio as its bar reads it: a share of raw Node below 1, times the bare baseline above. */
const ratioText = (ratio, min) =>
	ratio === null ? 'not measured' : min < 1 ? `${(ratio * 100).toFixed(1)}%` : `${ratio.toFixed(2)} times`

function pinnedSection(p) {
	return [
		`Pinned layout, reported, not judged: every ratio bar's route against the same baseline with the servers on CPU${p.serverCpus.includes(',') || p.serverCpus.includes('-') ? 's' : ''} ${p.serverCpus} and the load generator on its own core (the median of the same paired rounds): the figures a change to the server is compared on, before and after, in one layout:`,
		'',
		...table(
			[
				col('route', 'route', String, false),
				{ title: 'against', right: false, cell: (r) => baselineName(r.baseline) },
				{ title: 'ratio', right: true, cell: (r) => ratioText(r.ratio, r.min) },
				col('measured', 'measured', String, false),
			],
			p.list,
		),
		'',
	]
}

function hashingSection(h) {
	return [
		h.intro ??
			`While 20 sign-ins (bcrypt cost 10, in the worker pool) were kept in flight (${h.signIns} completed), 10 connections each:`,
		'',
		...table(latencyColumns, h.rows),
		'',
	]
}

function adminUsersSection(u) {
	return [
		u.intro ??
			`Admin users list over ${thousands(u.users)} users (written straight into the bench database in ${(u.seedMs / 1000).toFixed(1)} s), ${u.connections} concurrent clients, ${u.durationS} s per URL; bar: p95 < ${u.barMs} ms. Machine load average (1 min) ${u.load.before.toFixed(1)} before the step, ${u.load.after.toFixed(1)} after it (on 2 cores, above 2 other work shared the CPUs and the figures are noisy):`,
		'',
		...table(p95Columns(u.barMs), u.rows),
		'',
	]
}

function staffToolsSection(s) {
	const rate = Math.round((s.auditRows + s.planCodes) / Math.max(0.001, s.seedMs / 1000))
	return [
		s.intro ??
			`Staff tools over ${thousands(s.auditRows)} audit rows and ${thousands(s.planCodes)} plan codes in batches of 5,000 (a tenth used, each with its activation), written straight into the bench database in ${(s.seedMs / 1000).toFixed(1)} s (${thousands(rate)} rows/s; the database grew by ${(s.seedBytes / 2 ** 20).toFixed(0)} MiB), ${s.connections} concurrent clients, ${s.durationS} s per URL; bar: p95 < ${s.barMs} ms. Machine load average (1 min) ${s.load.before.toFixed(1)} before the step, ${s.load.after.toFixed(1)} after it:`,
		'',
		...table(p95Columns(s.barMs), s.rows),
		'',
		...(s.skipped?.length ? [`Skipped (answered 404, not built on this commit): ${s.skipped.join(', ')}.`, ''] : []),
	]
}

function brokerReportSection(r) {
	return [
		r.text ??
			`Broker report import: a generated ${thousands(r.rows)}-row file (${r.kib.toFixed(0)} KiB) through POST /api/admin/brokers/:slug/reports as text/csv: dry run ${r.dryMs.toFixed(0)} ms, apply ${r.applyMs.toFixed(0)} ms; bar: apply < ${r.barMs} ms (${r.applyMs < r.barMs ? 'met' : 'NOT met'}).`,
		'',
	]
}

function lockContentionSection(l) {
	return [
		l.intro ??
			`Lock contention (\`npm run bench:locks\`, on every core, the servers idle): ${l.processes} processes committing two 200-byte rows at a time to one file for ${l.seconds} s each way, 0 to 2 ms of other work between commits; how long one commit held its process's thread (every request of that process waited as long):`,
		'',
		...table(
			[
				col("waiting for the other process's lock", 'label', String, false),
				col('commits/s', 'commitsPerSecond'),
				col('p50 (ms)', 'p50', fixed(2)),
				col('p90 (ms)', 'p90', fixed(2)),
				col('p99 (ms)', 'p99', fixed(2)),
				col('max (ms)', 'max', fixed(2)),
			],
			l.rows,
		),
		'',
	]
}

/** The choose step's outcomes part: the seeded reports, their applies and the trader page's latency. */
function outcomesLines(o) {
	const cohorts = `${o.cohorts.shown} cohorts shown${o.cohorts.hidden ? `, ${o.cohorts.hidden} under 5 members hidden` : ''}`
	return [
		`What copiers earned (issue 40 part 4): ${thousands(o.copiers)} new members at a new broker (written in ${(o.seedMs / 1000).toFixed(1)} s) and ${o.months} monthly reports naming one listed trader (\`${o.slug}\`), a cohort starting each month (${cohorts}), ${thousands(o.reportRows)} rows in all, each report previewed then applied through the broker reports' model as the staff API does it (the outcomes precomputed in the apply's transaction): applies ${(o.applyMs / 1000).toFixed(1)} s in all, the slowest ${o.slowest.ms} ms (${o.slowest.month}, ${thousands(o.slowest.rows)} rows); previews ${(o.previewMs / 1000).toFixed(1)} s. The trader's page and its outcomes API as a member, ${o.connections} concurrent clients, ${o.durationS} s per URL; bar: p95 < 50 ms:`,
		'',
		...table(p95Columns(50), o.rows),
		'',
	]
}

function chooseSection(c) {
	const bars = c.bars ?? []
	return [
		`Members choose traders (issue 40): ${thousands(c.watch.members)} members watching ${thousands(c.watch.rows)} traders in all, of ${thousands(c.traders)} listed traders, seeded in ${(c.watch.seedMs / 1000).toFixed(1)} s. The watch pass after the nightly recompute (the scheduler's job \`watch-alerts\`, made due and run by the server, every watched trader due) took ${(c.alertPass.ms / 1000).toFixed(1)} s for ${thousands(c.alertPass.result?.traders ?? 0)} traders and sent ${thousands(c.alertPass.result?.notified ?? 0)} notifications. The filtered members' list, ${c.list.connections} concurrent clients, ${c.list.durationS} s per URL; bar: p95 < 50 ms. Machine load average (1 min) ${c.load.before.toFixed(1)} before the step, ${c.load.after.toFixed(1)} after it:`,
		'',
		...table(p95Columns(50), c.list.rows),
		'',
		...(c.outcomes ? outcomesLines(c.outcomes) : []),
		...(bars.length
			? [
					`Bars (issue 40, members choose traders), ${bars.filter((b) => b.met).length} of ${bars.length} met:`,
					'',
					...table(
						[
							col('bar', 'bar', String, false),
							col('measured', 'measured', String, false),
							col('met', 'met', (v) => (v ? 'yes' : '**no**'), false),
						],
						bars,
					),
					'',
				]
			: []),
	]
}

/** The growth step (issue 42): the seeded sizes, the table (figures at each size and the ratio), the bars. */
export function growthSection(g) {
	const bars = g.bars ?? []
	const [header, ...rows] = growthTable(g)
	const seeds = g.seeds
		.map(
			(s) =>
				`${thousands(s.members)} members (${thousands(s.added)} added in ${(s.seedMs / 1000).toFixed(1)} s; ${Object.entries(
					s.tables,
				)
					.map(([t, n]) => `${t} ${thousands(n)}`)
					.join(', ')})`,
		)
		.join('; ')
	return [
		`Growth (issue 42): the app on a database grown through the operator CLI to ${g.sizes.map(thousands).join(', ')} members with their data, and ${thousands(g.traders)} listed traders with 5 years of daily equity: ${seeds}. At each size each request with one client, then with 20 (the bench's own clients, kept-alive connections): the server time (the mean of the app's own request log's \`ms\`, whole milliseconds) and the serving processes' CPU per request (/proc); the nightly jobs run once each in a process on the servers' cores with the clock moved on a month, their time and the longest they blocked the event loop. Ratio: the largest size's figure over the smallest's (server / CPU). Bars: every request row at most 1.5x on CPU per request and, with one client, on server time (or within the log's 1 ms; at 20 clients the server time is mostly queueing on one core, reported), each job at most linear in the data (or under 50 ms), no job blocking more than 50 ms at a time:`,
		'',
		`| ${header.join(' | ')} |`,
		`| ${header.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`,
		...rows.map((r) => `| ${r.join(' | ')} |`),
		'',
		...(bars.length
			? [
					`Bars (issue 42, growth), ${bars.filter((b) => b.met).length} of ${bars.length} met:`,
					'',
					...table(
						[
							col('bar', 'bar', String, false),
							col('measured', 'measured', String, false),
							col('met', 'met', (v) => (v ? 'yes' : '**no**'), false),
						],
						bars,
					),
					'',
				]
			: []),
	]
}

function tradersSection(t) {
	const r = t.recompute
	const latency = [
		col('route', 'name', String, false),
		col('req/s', 'rps', int),
		col('p50 (ms)', 'p50', fixed(1)),
		col('p95 (ms)', 'p95', fixed(1)),
		col('p99 (ms)', 'p99', fixed(1)),
		col('errors', 'errors'),
	]
	return [
		t.intro ??
			`Traders (issue 39): ${thousands(t.traders)} listed traders with 5 years of daily equity on business days and 500 closed trades each (${thousands(t.equityRows)} equity rows, ${thousands(t.trades)} trades), written straight into the bench database with their figures computed in ${(t.seedMs / 1000).toFixed(1)} s. One more trader's 5-year statement applied through POST /api/admin/traders/:id/statements as text/csv, each apply recomputing the figures in its transaction: equity (${thousands(t.apply.equity.rows)} rows, ${t.apply.equity.kib.toFixed(0)} KiB) ${t.apply.equity.ms} ms, then trades (${thousands(t.apply.trades.rows)} rows, ${t.apply.trades.kib.toFixed(0)} KiB) ${t.apply.trades.ms} ms, together ${t.apply.totalMs} ms. The nightly recompute (the scheduler's job \`traders-recompute\`, made due and run by the server as at night) took ${(r.during.ms / 1000).toFixed(1)} s; the same recompute in a process of its own on the servers' cores ${(r.separate.ms / 1000).toFixed(1)} s. /dashboard as a member from ${r.connections} connections without it and during each (wrk started when the recompute started and stopped ${r.drainMs} ms after it ended, so the requests it held are counted):`,
		'',
		...table(latency, [r.without, r.during.row, r.separate.row]),
		'',
		`The members' list, ${t.list.connections} concurrent clients, ${t.list.durationS} s per URL; bar: p95 < 50 ms. Machine load average (1 min) ${t.load.before.toFixed(1)} before the step, ${t.load.after.toFixed(1)} after it:`,
		'',
		...table(p95Columns(50), t.list.rows),
		'',
		...(t.bars
			? [
					`Bars (issue 39, traders), ${t.bars.filter((b) => b.met).length} of ${t.bars.length} met:`,
					'',
					...table(
						[
							col('bar', 'bar', String, false),
							col('measured', 'measured', String, false),
							{ title: '', cell: (x) => (x.met ? 'met' : 'NOT met') },
						],
						t.bars,
					),
					'',
				]
			: []),
	]
}

/** What one run measured, as Markdown (its heading at `level`). */
export function renderRun(run, { heading = `Run of ${run.date}`, level = 2 } = {}) {
	return [
		`${'#'.repeat(level)} ${heading}`,
		'',
		...setupSection(run),
		...(run.notes ?? []).flatMap((note) => [note, '']),
		...(run.routes ? routesSection(run.routes) : []),
		...(run.memory ? memorySection(run.memory) : []),
		...(run.storm ? stormSection(run.storm) : []),
		...(run.bars ? barsSection(run.bars) : []),
		...(run.hashing ? hashingSection(run.hashing) : []),
		...(run.adminUsers ? adminUsersSection(run.adminUsers) : []),
		...(run.staffTools ? staffToolsSection(run.staffTools) : []),
		...(run.brokerReport ? brokerReportSection(run.brokerReport) : []),
		...(run.lockContention ? lockContentionSection(run.lockContention) : []),
		...(run.traders ? tradersSection(run.traders) : []),
		...(run.choose ? chooseSection(run.choose) : []),
		...(run.growth ? growthSection(run.growth) : []),
	].join('\n')
}

/** The sign-in pages the bench judges against raw Node sending the same answer. */
const SIGN_IN_ROUTES = ['GET /login', 'GET /signup', 'GET /forgot-password', 'GET /admin/login']
/** The routes whose server CPU per request the history shows. */
const KEY_ROUTES = ['GET /', 'GET /login', 'GET /dashboard (member cookie)', 'GET /api/auth/me (bearer)']

/** A run's ratio bar for `route` (the median of its paired rounds), or null. */
function ratioOf(run, route) {
	return run.bars?.list.find((b) => b.route === route && typeof b.ratio === 'number')?.ratio ?? null
}

/**
 * A run's ratio for `route` in the pinned layout: its reported list
 * (`bars.pinned`), or, in a pinned run from before that list, its ratio bar
 * (every bar was judged pinned then); null in an unpinned run.
 */
function pinnedRatioOf(run, route) {
	if (run.bars?.pinned)
		return run.bars.pinned.list.find((r) => r.route === route && typeof r.ratio === 'number')?.ratio ?? null
	if (!run.layout?.pinned) return null
	return (
		run.bars?.list.find((b) => b.route === route && b.layout !== 'sharing' && typeof b.ratio === 'number')?.ratio ??
		null
	)
}

const MEMBER_ROUTES = ['GET /dashboard (member cookie)', 'GET /dashboard/referrals (member cookie)']
const API_ROUTE = 'GET /api/auth/me (bearer)'
const times = (x) => (x === null ? '–' : x.toFixed(2))
/** The sign-in pages' lowest and highest ratio, as a percent range, or null. */
function signInRange(ratios) {
	const found = ratios.filter((x) => x !== null)
	return found.length ? `${(Math.min(...found) * 100).toFixed(0)}–${(Math.max(...found) * 100).toFixed(0)}%` : null
}

/** One history row's cells: the figures to follow from run to run. */
export function historyCells(run) {
	const member = MEMBER_ROUTES.map((r) => ratioOf(run, r))
	const signIn = signInRange(SIGN_IN_ROUTES.map((r) => ratioOf(run, r)))
	const pinnedMember = MEMBER_ROUTES.map((r) => pinnedRatioOf(run, r))
	const pinnedApi = pinnedRatioOf(run, API_ROUTE)
	const pinnedSignIn = signInRange(SIGN_IN_ROUTES.map((r) => pinnedRatioOf(run, r)))
	const sharing = run.bars?.list.some((b) => b.layout === 'sharing')
	const cpu = KEY_ROUTES.map((name) => run.routes?.rows.find((r) => r.name === name)?.cpuPerRequestMs)
	const judged = [
		...(run.bars?.list ?? []),
		...(run.traders?.bars ?? []),
		...(run.choose?.bars ?? []),
		...(run.announce?.bars ?? []),
		...(run.growth?.bars ?? []),
	]
	const met = judged.length ? `${judged.filter((b) => b.met).length} of ${judged.length}` : '–'
	return {
		date: run.date.slice(0, 16).replace('T', ' '),
		commit: `\`${run.commit}\``,
		kind: run.label ? `${run.kind} (${run.label})` : run.kind,
		layout: `${run.layout?.pinned ? `pinned (load ${run.layout.loadCpus}, servers ${run.layout.serverCpus})` : 'shared'}${sharing ? `; every-core bars shared (CPUs ${run.everyCore?.cpus ?? 'all'})` : ''}`,
		member: member.some((x) => x !== null) ? member.map(times).join(' · ') : '–',
		api: times(ratioOf(run, API_ROUTE)),
		signIn: signIn ?? '–',
		pinned:
			pinnedMember.some((x) => x !== null) || pinnedApi !== null || pinnedSignIn
				? `${pinnedMember.map(times).join(' · ')} · ${times(pinnedApi)} · ${pinnedSignIn ?? '–'}`
				: '–',
		cpu: cpu.some((x) => typeof x === 'number')
			? cpu.map((x) => (typeof x === 'number' ? x.toFixed(3) : '–')).join(' · ')
			: '–',
		met,
	}
}

function historySection(runs) {
	const columns = [
		col('date (UTC)', 'date', String, false),
		col('commit', 'commit', String, false),
		col('kind', 'kind', String, false),
		col('load generator', 'layout', String, false),
		col('member pages × bare (`/dashboard` · `/referrals`)', 'member'),
		col('`/api/auth/me` × bare', 'api'),
		col('sign-in pages, of raw Node', 'signIn'),
		col('pinned layout: `/dashboard` · `/referrals` · `/api/auth/me` × bare · sign-in of raw Node', 'pinned'),
		col('server CPU per request, ms (`/` · `/login` · `/dashboard` · `/api/auth/me`)', 'cpu'),
		col('bars met', 'met'),
	]
	return table(
		columns,
		[...runs].reverse().map((run) => historyCells(run)),
	)
}

const HEADER = `# Performance

<!-- Generated by \`npm run bench:report\` (scripts/bench/report.mjs) from docs/bench/runs/*.json: edit those, not this file. -->

Measured by \`npm run bench\` (scripts/bench/): the production server on a
throwaway database, loaded with wrk (one thread) at 50 connections, beside
baselines measured in the same run: raw \`node:http\` answering a JSON, the
landing page's HTML and each sign-in page's whole answer from memory, and
the same build served bare by React Router in one process. The bars are in
docs/product/quality-bars.md: ratios in one run, not absolute numbers,
because the machines are shared and noisy. How the bench reads them:

- The load generator runs pinned to one core and every measured server on
  the others (\`taskset\`), so a figure does not depend on which of them won
  a shared core; a run's set-up line says where each ran (older runs shared
  the cores). On a machine with fewer than 3 cores that leaves the servers
  one, so the every-core bars (member pages and \`/api/auth/me\` at least
  1.6 times the one-process bare baseline) alone are judged in a step with
  the app, the bare baseline and the load generator sharing every core,
  and say so; no mechanism may be justified by that step alone. The pinned
  layout's ratios of the same routes are reported beside the bars
  (docs/decisions/044-bench-cpu-layout.md).
- "Server cores busy" and "server CPU per request" are the CPU time of the
  measured server's whole process tree over the run's wall time and over
  the requests answered: read a throughput against what the cores allow.
- A ratio bar is the median of paired rounds, the route and its baseline
  one right after the other, the order swapped each round; a baseline's
  request left unanswered for 10 s counts as answered
  (docs/decisions/030-baseline-timeouts-and-quiet-sampling.md).
- The sign-in pages are judged against raw Node sending the same status
  line, headers and body (docs/decisions/029-sign-in-baseline-same-answer.md);
  the tail bar counts 1 ms as the least p50
  (docs/decisions/035-wrk-load-generator.md); the sign-up storm's bar is at
  a campaign's pace (docs/decisions/038-sign-up-storm-at-a-campaign-rate.md);
  memory is PSS, read between runs only
  (docs/decisions/040-bench-reads-pss-between-runs.md).

Each run is one file in docs/bench/runs/ (\`kind\`: \`full\`, or \`short\` for
\`--quick\`, one step, or shortened settings; only a full run is shown
below). The notes written beside the runs until 2026-11-29 are in
docs/bench/investigations.md.

The announcement step (issue 41 part 5) is not in the default run:
\`npm run bench -- --announce-only\` (or \`--steps=announce\`) seeds
\`BENCH_ANNOUNCE_MEMBERS\` (100,000) members, measures \`/dashboard\` as a
member, publishes an announcement to every member through the staff API,
measures \`/dashboard\` again while the server's own
\`announcement-delivery\` job sends it (made due at publish; inbox rows
in batches of 100 members, one transaction and one insert each, a rest
twice as long after each; then the mails at
\`ANNOUNCEMENT_MAILS_PER_SECOND\`), and waits for the last batch. Bars:
every member has it in their inbox within 5 minutes of publishing
(\`deliveryFinishedAt\` minus \`publishedAt\`), and \`/dashboard\`'s p99
while it is sent at most 2x its p99 before. Mails follow at their steady
rate (50 a second by default: 100,000 in about 35 minutes) and are not in
the bar (decision 062).

The growth step (issue 42, \`npm run bench -- --growth\`, in the full run)
grows a database of its own to 10,000, 100,000 and 1,000,000 members with
their data and measures every request's server time and CPU at each size
(scripts/bench/README.md, "The growth step"); its short form (10,000 and
100,000) runs in \`npm test\`.
`

/** Blocks of docs/performance.md that other scripts write (`<!-- name:start ... -->` to `<!-- name:end -->`). */
export function ownedBlocks(doc) {
	return [...doc.matchAll(/<!-- ([\w-]+):start[\s\S]*?<!-- \1:end -->/g)].map((m) => m[0])
}

/** docs/performance.md for these runs (oldest first), keeping `blocks` at its end. */
export function renderDocument(runs, blocks = []) {
	const full = runs.filter((r) => r.kind === 'full').at(-1)
	// The traders step (issue 39) is newer than the latest full run: its latest run is shown apart until a full run has it.
	const traders = runs.filter((r) => r.traders).at(-1)
	const tradersApart = traders && traders !== full && !(full?.traders && full.date >= traders.date)
	// So is the members-choose step (issue 40).
	const choose = runs.filter((r) => r.choose).at(-1)
	const chooseApart = choose && choose !== full && !(full?.choose && full.date >= choose.date)
	// And the growth step (issue 42).
	const grown = runs.filter((r) => r.growth).at(-1)
	const grownApart = grown && grown !== full && !(full?.growth && full.date >= grown.date)
	return [
		HEADER,
		...(full
			? [renderRun(full, { heading: `Latest full run: ${full.date}` })]
			: ['## Latest full run', '', 'None recorded yet.', '']),
		...(tradersApart
			? [
					`## Latest traders step: ${traders.date}`,
					'',
					`Commit \`${traders.commit}\`, a ${traders.kind} run (\`npm run bench -- --traders-only\`).`,
					'',
					...tradersSection(traders.traders),
				]
			: []),
		...(chooseApart
			? [
					`## Latest members-choose step: ${choose.date}`,
					'',
					`Commit \`${choose.commit}\`, a ${choose.kind} run (\`npm run bench -- --choose-only\`).`,
					'',
					...chooseSection(choose.choose),
				]
			: []),
		...(grownApart
			? [
					`## Latest growth step: ${grown.date}`,
					'',
					`Commit \`${grown.commit}\`, a ${grown.kind} run (\`npm run bench -- --growth${grown.growth.sizes.join(',') === '10000,100000,1000000' ? '' : ` --growth-sizes=${grown.growth.sizes.join(',')}`}\`).`,
					'',
					...growthSection(grown.growth),
				]
			: []),
		'## History',
		'',
		"Every recorded run, newest first. The ratios are the ratio bars' medians of paired rounds (a single measurement in the runs before 2026-11-26 23:25), the sign-in pages' column the lowest and the highest of the four; where the every-core bars were judged with the load generator sharing the cores, the load generator column says so. The pinned layout column is the same routes with the servers on the cores the load generator leaves (reported, not judged; – in a run that was not pinned): compare a change to the server before and after there. The CPU figures are the routes' own runs.",
		'',
		...historySection(runs),
		'',
		...blocks.flatMap((b) => [b, '']),
	].join('\n')
}

/** Writes `doc` from the runs in `runsDir`, keeping the blocks other scripts own. */
export function writeDocument({ runsDir = RUNS_DIR, doc = DOC_FILE } = {}) {
	const existing = fs.existsSync(doc) ? fs.readFileSync(doc, 'utf8') : ''
	fs.writeFileSync(doc, renderDocument(readRuns(runsDir), ownedBlocks(existing)))
	return doc
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
	const arg = (name, fallback) =>
		process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback
	const file = writeDocument({ runsDir: arg('runs-dir', RUNS_DIR), doc: arg('doc', DOC_FILE) })
	console.log(`written ${path.relative(process.cwd(), file)}`)
}
