// scripts/bench/: the report generated from the run files (report.mjs), the
// bars judged from a run's figures (bars.mjs) and where the load generator
// and the servers run (cpus.mjs). The runs are a fixture: a run converted
// from the old docs/performance.md (its prose kept as written), a full run
// and a newer short run.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'
import { EVERY_CORE_SHARING, judgeBars, judgeChooseBars, median, pinnedRatios } from '../../scripts/bench/bars.mjs'
import {
	cpuLayout,
	describeLayout,
	everyCoreLayout,
	loadCpusFor,
	onServerCores,
	parseCpuList,
} from '../../scripts/bench/cpus.mjs'
import {
	everyCoreText,
	historyCells,
	ownedBlocks,
	readRuns,
	renderDocument,
	renderRun,
	runFileName,
	stringifyRun,
	writeDocument,
	type Run,
} from '../../scripts/bench/report.mjs'

const runs: Run[] = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'bench-report.fixture.json'), 'utf8'))
const [converted, full, short] = runs as [Run, Run, Run]

test('the document shows the latest full run, never a newer short one, and every run in the history', () => {
	const doc = renderDocument(runs)
	expect(doc).toContain('## Latest full run: 2026-12-01T10:00:00.000Z')
	expect(doc).not.toContain('Commit def5678')
	const history = doc.slice(doc.indexOf('## History'))
	const rows = history.split('\n').filter((l) => l.startsWith('| 20'))
	// Newest first, the short run marked as such.
	expect(rows.map((r) => r.split(' | ')[1])).toEqual(['`def5678`', '`abc1234`', '`4627bdf`'])
	expect(rows[0]).toContain('| short (quick) | shared |')
	expect(rows[1]).toContain('| full | pinned (load 1, servers 0) |')
})

test('a newer run of the traders step is shown apart from the latest full run, and its bars count in the history', () => {
	const real = JSON.parse(
		fs.readFileSync(path.resolve('docs/bench/runs/2026-12-05T18-47-31Z-5949ab9.json'), 'utf8'),
	) as Run & { traders: { bars: Array<{ met: boolean }> } }
	const doc = renderDocument([...runs, real])
	expect(doc).toContain('## Latest full run: 2026-12-01T10:00:00.000Z')
	expect(doc).toContain('## Latest traders step: 2026-12-05T18:47:31.705Z')
	expect(doc).toContain('Bars (issue 39, traders), 9 of 9 met:')
	expect(historyCells(real).met).toBe(`${real.traders.bars.length} of ${real.traders.bars.length}`)
	// Without a traders run, no such section.
	expect(renderDocument(runs)).not.toContain('## Latest traders step')
})

test('with no full run yet, the document says so', () => {
	expect(renderDocument([short])).toContain('## Latest full run\n\nNone recorded yet.')
})

test("a run's tables keep the columns of the one-file bench", () => {
	const text = renderRun(full)
	expect(text).toContain(
		'| route | req/s | p50 (ms) | p99 (ms) | errors | server cores busy | server CPU per request (ms) | ratio to baselines |',
	)
	expect(text).toContain(
		'| GET /login | 41000 | 0.439 | 1.202 | 0 | 0.99 | 0.018 | 102.5% of /login answer from raw Node (same status, headers and body) |',
	)
	// Latencies to the microsecond below 10 ms, to a tenth above.
	expect(text).toContain('| GET /api/auth/me (bearer) | 3000 | 12.5 | 30.3 | 0 | 0.99 | 0.330 | 150.0% of bare')
	expect(text).toContain(
		"load generator (and the bench's own clients) pinned to CPU 1, every measured server to CPU 0 (taskset)",
	)
	expect(text).toContain(
		'Bars (issue 16; p99 counts 1 ms as the least p50; each ratio bar is the median of 5 paired rounds',
	)
	expect(text).toContain('2 of 3 met:')
	expect(text).toContain('| bar | measured | |')
	expect(text).toContain(
		'PSS summed (shared pages counted once): idle 120 MB (after 35 s without requests), peak under load 160 MB',
	)
	expect(text).toContain('14.5 sign-ups/s sustained (145 accounts, 0 errors)')
	expect(text).toContain('| GET /admin/users page 5,000 | 20 | 40.0 | 61.2 | 70.0 | 0 | NOT met |')
	expect(text).toContain('database grew by 248 MiB')
	expect(text).toContain('Skipped (answered 404, not built on this commit): /admin/codes/batches/1.')
	expect(text).toContain('a generated 10,000-row file (560 KiB)')
	expect(text).toContain("| SQLite's busy handler (1, 2, 5, 10... ms) | 1922 | 0.01 | 0.02 | 1.10 | 4.44 |")
})

test('a converted run keeps its own set-up line and prose', () => {
	const text = renderRun(converted)
	expect(text).toContain('Commit 4627bdf; 2 × AMD EPYC')
	expect(text).toContain('Bars (issue 16), 1 of 2 met:')
	expect(text).toContain('| GET /dashboard (member cookie) | 489 | 94.8 | 208.3 | 0 | 1.95 | 4.004 | 167.2% of bare')
	expect(text).toContain('Broker report import: dry run 154 ms, apply 258 ms')
})

test('a history row: the ratio bars, the sign-in range, CPU per request of the key routes, bars met', () => {
	expect(historyCells(full)).toEqual({
		date: '2026-12-01 10:00',
		commit: '`abc1234`',
		kind: 'full',
		layout: 'pinned (load 1, servers 0)',
		member: '–',
		api: '1.48',
		signIn: '97–102%',
		// A pinned run from before the pinned list: its ratio bars were all judged pinned.
		pinned: '– · – · 1.48 · 97–102%',
		cpu: '0.020 · 0.018 · – · 0.330',
		met: '2 of 3',
	})
	// A converted run shared the cores: nothing was measured pinned.
	expect(historyCells(converted)).toMatchObject({
		member: '2.57 · –',
		api: '–',
		signIn: '–',
		pinned: '–',
		met: '1 of 2',
	})
	expect(historyCells(short)).toMatchObject({ kind: 'short (quick)', met: '–', cpu: '1.000 · – · – · –' })
})

test('the blocks other scripts write are kept as they are', () => {
	const doc = `# x\n\n<!-- lighthouse:start (by lighthouse) -->\n## Lighthouse\n<!-- lighthouse:end -->\n\n<!-- heap-caps:start -->\nheap\n<!-- heap-caps:end -->\n`
	const blocks = ownedBlocks(doc)
	expect(blocks).toEqual([
		'<!-- lighthouse:start (by lighthouse) -->\n## Lighthouse\n<!-- lighthouse:end -->',
		'<!-- heap-caps:start -->\nheap\n<!-- heap-caps:end -->',
	])
	expect(renderDocument(runs, blocks).trimEnd().endsWith('<!-- heap-caps:end -->')).toBe(true)
})

test('a run file reads back as written, one table row a line, and the document is written from a folder of them', () => {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-report-'))
	try {
		const runsDir = path.join(dir, 'runs')
		fs.mkdirSync(runsDir)
		for (const run of runs) fs.writeFileSync(path.join(runsDir, runFileName(run)), stringifyRun(run))
		expect(runFileName(full)).toBe('2026-12-01T10-00-00Z-abc1234.json')
		const text = stringifyRun(full)
		expect(JSON.parse(text)).toEqual(full)
		expect(text).toContain('\n      {"name":"GET /login","rps":41000,')
		expect(readRuns(runsDir).map((r) => r.commit)).toEqual(['4627bdf', 'abc1234', 'def5678'])
		const doc = path.join(dir, 'performance.md')
		fs.writeFileSync(doc, 'old\n<!-- lighthouse:start -->\nkept\n<!-- lighthouse:end -->\n')
		writeDocument({ runsDir, doc })
		const written = fs.readFileSync(doc, 'utf8')
		expect(written).toBe(renderDocument(runs, ['<!-- lighthouse:start -->\nkept\n<!-- lighthouse:end -->']))
		expect(written.startsWith('# Performance\n')).toBe(true)
	} finally {
		fs.rmSync(dir, { recursive: true, force: true })
	}
})

test('a ratio bar reads the median of its rounds and fails on an error; the tail bar counts 1 ms as the least p50', () => {
	expect(median([3, 1, null, 2])).toBe(2)
	expect(median([1, 2, 3, 4])).toBe(2.5)
	const round = (ratio: number, serverErrors = 0) => ({
		ratio,
		cost: 0.6,
		baseCores: 1,
		serverErrors,
		baselineTimeouts: 0,
		baselineErrors: 0,
		serverRps: ratio * 100,
		baselineRps: 100,
	})
	const bars = judgeBars({
		plan: [
			{ name: 'GET /dashboard', bar: { baseline: 'baseline: bare page', min: 1.6 } },
			{ name: 'GET /login', bar: { baseline: 'baseline: raw login', min: 0.8 } },
		],
		rows: [
			{ name: 'baseline: bare page', p50: 100, p99: 900, errors: 0 },
			{ name: 'GET /dashboard', p50: 50, p99: 150, errors: 0 },
			{ name: 'GET /login', p50: 0.5, p99: 4, errors: 0 },
		],
		paired: { 'GET /dashboard': [round(1.5), round(1.7), round(1.9)], 'GET /login': [round(1.1, 3)] },
		memory: { pssIdleMb: 150, pssPeakMb: 401, rssIdleMb: 250, rssPeakMb: 500 },
		serverCores: 1,
	})
	expect(bars.map((b) => [b.bar.split(':')[0], b.met])).toEqual([
		['GET /dashboard', true],
		['GET /login', false],
		['GET /dashboard', true],
		['GET /login', true],
		['Memory of all server processes together (PSS', true],
		['Memory of all server processes together (PSS', false],
	])
	expect(bars[0]).toMatchObject({ route: 'GET /dashboard', ratio: 1.7 })
	expect(bars[0]!.measured).toContain('so 1 core holds at most 1.00 times it')
	expect(bars[1]!.measured).toContain("3 errors (3 the route's, 0 the baseline's)")
	expect(bars[3]!.measured).toBe('p50 0.500 ms, p99 4.000 ms (4.0 times the 1 ms floor; 8.0 times p50)')
})

test('the load generator gets the last core and the servers the others; one core or no taskset runs unpinned', () => {
	expect(parseCpuList('0-2,5')).toEqual([0, 1, 2, 5])
	expect(cpuLayout({ cpus: [0, 1], taskset: true })).toMatchObject({
		pinned: process.platform === 'linux',
		...(process.platform === 'linux' ? { loadCpus: '1', serverCpus: '0', serverCount: 1 } : {}),
	})
	expect(cpuLayout({ cpus: [0], taskset: true })).toMatchObject({ pinned: false, serverCount: 1 })
	expect(cpuLayout({ cpus: [0, 1, 2, 3], taskset: false })).toMatchObject({
		pinned: false,
		reason: 'taskset missing',
		serverCount: 4,
	})
	expect(cpuLayout({ pin: false, cpus: [0, 1] })).toMatchObject({ pinned: false, reason: '--no-pin' })
	const pinned = cpuLayout({ cpus: [0, 1, 2, 3], taskset: true })
	if (pinned.pinned)
		expect(onServerCores(pinned, ['server.js'])).toEqual([
			'taskset',
			['--cpu-list', '0,1,2', process.execPath, 'server.js'],
		])
})

/** A round of a paired ratio, with CPU per request of both sides. */
const pairedRound = (ratio: number, { serverErrors = 0, baseCores = 1 } = {}) => ({
	ratio,
	cost: 0.6,
	serverCpuMs: 1.2,
	baselineCpuMs: 2,
	baseCores,
	serverErrors,
	baselineTimeouts: 0,
	baselineErrors: 0,
	serverRps: ratio * 100,
	baselineRps: 100,
})

test('on fewer than 3 cores the every-core bars are judged from the sharing rounds and say so; the others stay pinned', () => {
	const plan = [
		{ name: 'GET /dashboard', bar: { baseline: 'baseline: bare page', min: 1.6, everyCore: true } },
		{ name: 'GET /api/auth/me', bar: { baseline: 'baseline: bare api', min: 1.6, everyCore: true } },
		{ name: 'GET /login', bar: { baseline: 'baseline: raw login', min: 0.8 } },
	]
	const rows = [
		{ name: 'GET /dashboard', p50: 50, p99: 150, errors: 0 },
		{ name: 'GET /api/auth/me', p50: 5, p99: 15, errors: 0 },
		{ name: 'GET /login', p50: 0.5, p99: 2, errors: 0 },
	]
	// Pinned (one server core): about one times the one-process baseline.
	const paired = {
		'GET /dashboard': [pairedRound(0.9), pairedRound(1.0), pairedRound(1.1)],
		'GET /api/auth/me': [pairedRound(0.95)],
		'GET /login': [pairedRound(0.85)],
	}
	// Every core, the load generator sharing them; the API's sharing rounds are missing: it is judged pinned.
	const everyCore = {
		paired: { 'GET /dashboard': [pairedRound(1.7, { baseCores: 0.9 }), pairedRound(1.8, { baseCores: 0.9 })] },
		serverCores: 2,
	}
	const bars = judgeBars({ plan, rows, paired, everyCore, serverCores: 1 })
	const dashboard = bars.find((b) => b.route === 'GET /dashboard')!
	expect(dashboard).toMatchObject({ met: true, ratio: 1.75, layout: 'sharing' })
	expect(dashboard.bar).toBe(`GET /dashboard: at least 1.6 times bare page (${EVERY_CORE_SHARING})`)
	expect(EVERY_CORE_SHARING).toBe('every core, load generator sharing the cores')
	expect(dashboard.measured).toBe(
		"1.75 times, the median of 2 paired rounds (rounds: 1.70 times (170 against 100 req/s), 1.80 times (180 against 100 req/s); server CPU per request 1.200 ms, the baseline's 2.000 ms (0.60 times); the baseline's one process kept 0.90 cores busy, so 2 cores hold at most 2.22 times it)",
	)
	const api = bars.find((b) => b.route === 'GET /api/auth/me')!
	expect(api).toMatchObject({ met: false, ratio: 0.95 })
	expect(api.layout).toBeUndefined()
	expect(api.bar).not.toContain(EVERY_CORE_SHARING)
	const login = bars.find((b) => b.route === 'GET /login')!
	expect(login).toMatchObject({ met: true, ratio: 0.85 })
	expect(login.layout).toBeUndefined()

	// Without the sharing rounds (3 cores or more, or --no-pin) every bar reads the run's own rounds.
	const pinnedOnly = judgeBars({ plan, rows, paired, serverCores: 2 })
	expect(pinnedOnly.find((b) => b.route === 'GET /dashboard')).toMatchObject({ met: false, ratio: 1 })
	expect(pinnedOnly.some((b) => b.layout === 'sharing')).toBe(false)
	// A round recorded before the absolute CPU figures reads as before.
	const old = judgeBars({
		plan: [plan[0]!],
		rows: [],
		paired: { 'GET /dashboard': [{ ...pairedRound(1.7), serverCpuMs: undefined, baselineCpuMs: undefined }] },
		serverCores: 2,
	})
	expect(old[0]!.measured).toContain("server CPU per request 0.60 times the baseline's")

	// The pinned layout's ratios, reported: every ratio bar's route from the pinned rounds.
	const pinned = pinnedRatios({ plan, paired, serverCores: 1 })
	expect(pinned.map((r) => [r.route, r.ratio])).toEqual([
		['GET /dashboard', 1],
		['GET /api/auth/me', 0.95],
		['GET /login', 0.85],
	])
	expect(pinned[0]).toMatchObject({ baseline: 'baseline: bare page', min: 1.6 })
	expect(pinned[0]!.measured).toContain('so 1 core holds at most 1.00 times it')
	expect(pinned[2]!.measured).toMatch(/^85\.0%, the median of 1 paired rounds/)
	const withErrors = pinnedRatios({
		plan: [plan[2]!],
		paired: { 'GET /login': [pairedRound(0.9, { serverErrors: 2 })] },
		serverCores: 1,
	})
	expect(withErrors[0]!.measured).toContain("2 errors (2 the route's, 0 the baseline's)")
})

test('a machine with fewer than 3 cores gets the sharing layout for the every-core bars; 3 or more, and unpinned, do not', () => {
	const twoCores = { pinned: true, cpus: 2, all: '0,1', loadCpus: '1', serverCpus: '0', serverCount: 1 }
	const sharing = everyCoreLayout(twoCores)!
	expect(sharing).toMatchObject({
		pinned: false,
		sharing: true,
		serverCpus: '0,1',
		loadCpus: '0,1',
		serverCount: 2,
		reason: 'pinned, the servers would have 1 of the 2 cores',
	})
	// The servers are widened to every core from the load generator's core the bench runs on, and so is wrk.
	expect(onServerCores(sharing, ['server.js'])).toEqual([
		'taskset',
		['--cpu-list', '0,1', process.execPath, 'server.js'],
	])
	expect(loadCpusFor(sharing)).toBe('0,1')
	expect(loadCpusFor(twoCores)).toBeUndefined()
	expect(describeLayout(sharing)).toBe(
		'every core (CPU 0,1) for the servers and the load generator alike (taskset): pinned, the servers would have 1 of the 2 cores',
	)
	expect(
		everyCoreLayout({ pinned: true, cpus: 3, all: '0,1,2', loadCpus: '2', serverCpus: '0,1', serverCount: 2 }),
	).toBeNull()
	expect(everyCoreLayout({ pinned: false, cpus: 2, all: '0,1', serverCount: 2, reason: '--no-pin' })).toBeNull()
	expect(everyCoreLayout({ pinned: false, cpus: 1, all: '0', serverCount: 1, reason: 'one core only' })).toBeNull()
	expect(everyCoreLayout(cpuLayout({ pin: false, cpus: [0, 1] }))).toBeNull()
	// Unpinned, everything starts where the bench runs.
	expect(onServerCores(cpuLayout({ pin: false, cpus: [0, 1] }), ['server.js'])).toEqual([
		process.execPath,
		['server.js'],
	])
})

/** The full run as a 2-core run of the every-core step: the sharing bars, their layout and the pinned list. */
function sharingRun(): Run {
	const run = structuredClone(full)
	const bars = run.bars as { list: Record<string, unknown>[]; pinned?: unknown }
	run.everyCore = {
		cpus: '0,1',
		reason: 'pinned, the servers would have 1 of the 2 cores',
		webConcurrency: 2,
		paired: {},
	}
	bars.list = [
		...bars.list.filter((b) => b.route !== 'GET /api/auth/me (bearer)'),
		{
			bar: `GET /dashboard (member cookie): at least 1.6 times bare React Router SSR page (/dashboard, member cookie) (${EVERY_CORE_SHARING})`,
			measured: '1.70 times, the median of 5 paired rounds',
			met: true,
			route: 'GET /dashboard (member cookie)',
			ratio: 1.7,
			layout: 'sharing',
		},
		{
			bar: `GET /api/auth/me (bearer): at least 1.6 times bare React Router resource route (/healthz, one SQLite query) (${EVERY_CORE_SHARING})`,
			measured: '1.65 times, the median of 5 paired rounds',
			met: true,
			route: 'GET /api/auth/me (bearer)',
			ratio: 1.65,
			layout: 'sharing',
		},
	]
	bars.pinned = {
		serverCpus: '0',
		list: [
			{
				route: 'GET /login',
				baseline: 'baseline: /login answer from raw Node (same status, headers and body)',
				min: 0.8,
				ratio: 1.02,
				measured: '102.0%, the median of 5 paired rounds',
			},
			{ route: 'GET /signup', baseline: 'baseline: /signup answer', min: 0.8, ratio: 0.9, measured: '90.0%' },
			{
				route: 'GET /dashboard (member cookie)',
				baseline: 'baseline: bare React Router SSR page (/dashboard, member cookie)',
				min: 1.6,
				ratio: 0.98,
				measured: '0.98 times, the median of 5 paired rounds',
			},
			{
				route: 'GET /api/auth/me (bearer)',
				baseline: 'baseline: bare api',
				min: 1.6,
				ratio: 1.04,
				measured: '1.04 times',
			},
		],
	}
	return run
}

test('a run of the every-core step: its set-up, the sharing bars, the pinned ratios beside them and in the history', () => {
	const run = sharingRun()
	const text = renderRun(run)
	expect(text).toContain(
		`the every-core bars (${EVERY_CORE_SHARING}): a second app (WEB_CONCURRENCY 2) and a second bare baseline on CPUs 0,1, the load generator sharing them (pinned, the servers would have 1 of the 2 cores; docs/decisions/044-bench-cpu-layout.md)`,
	)
	expect(everyCoreText(run.everyCore as { cpus: string; reason: string; webConcurrency: number })).toContain('CPUs 0,1')
	expect(text).toContain(
		`| GET /dashboard (member cookie): at least 1.6 times bare React Router SSR page (/dashboard, member cookie) (${EVERY_CORE_SHARING}) | 1.70 times, the median of 5 paired rounds | met |`,
	)
	expect(text).toContain(
		"Pinned layout, reported, not judged: every ratio bar's route against the same baseline with the servers on CPU 0 and the load generator on its own core",
	)
	expect(text).toContain('| route | against | ratio | measured |')
	expect(text).toContain(
		'| GET /dashboard (member cookie) | bare React Router SSR page (/dashboard, member cookie) | 0.98 times | 0.98 times, the median of 5 paired rounds |',
	)
	expect(text).toContain('| GET /login | /login answer from raw Node (same status, headers and body) | 102.0% |')
	expect(historyCells(run)).toMatchObject({
		layout: 'pinned (load 1, servers 0); every-core bars shared (CPUs 0,1)',
		member: '1.70 · –',
		api: '1.65',
		signIn: '97–102%',
		pinned: '0.98 · – · 1.04 · 90–102%',
	})
	// Every history row has as many cells as the header has columns.
	const doc = renderDocument([converted, full, run])
	const history = doc
		.slice(doc.indexOf('## History'))
		.split('\n')
		.filter((l) => l.startsWith('| '))
	expect(history[0]).toContain(
		'| sign-in pages, of raw Node | pinned layout: `/dashboard` · `/referrals` · `/api/auth/me` × bare · sign-in of raw Node |',
	)
	const cells = (line: string) => line.split(' | ').length
	for (const line of history.slice(2)) expect(cells(line)).toBe(cells(history[0]!))
	expect(history[2]).toContain('| 1.70 · – | 1.65 | 97–102% | 0.98 · – · 1.04 · 90–102% |')
})

test("the members-choose step's bars judge the trader page's outcomes, and a run from before them has none", () => {
	const latency = (name: string, p95: number, errors = 0) => ({ name, rps: 100, p50: 5, p95, p99: p95 + 10, errors })
	const figures = {
		traders: 1000,
		watch: { members: 100_000, rows: 1_000_000 },
		alertPass: { ms: 12_000, result: { traders: 1000, notified: 40 } },
		list: { rows: [latency('GET /api/member/traders', 20)] },
	}
	expect(judgeChooseBars(figures).map((b) => b.met)).toEqual([true, true])
	const outcomes = {
		copiers: 50_000,
		months: 24,
		reportRows: 625_000,
		rows: [latency('GET /dashboard/traders/:slug', 49.9), latency('GET /api/member/traders/:id/outcomes', 50)],
	}
	const bars = judgeChooseBars({ ...figures, outcomes })
	expect(bars).toHaveLength(4)
	expect(bars.slice(2).map((b) => b.met)).toEqual([true, false])
	expect(bars[2]!.bar).toContain('24 months of reports (625000 rows, precomputed at apply): p95 under 50 ms')
	const failing = judgeChooseBars({ ...figures, outcomes: { ...outcomes, rows: [latency('GET /x', 10, 3)] } })
	expect(failing[2]).toMatchObject({ met: false, measured: expect.stringContaining('3 errors') })
})
