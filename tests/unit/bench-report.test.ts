// scripts/bench/: the report generated from the run files (report.mjs), the
// bars judged from a run's figures (bars.mjs) and where the load generator
// and the servers run (cpus.mjs). The runs are a fixture: a run converted
// from the old docs/performance.md (its prose kept as written), a full run
// and a newer short run.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'
import { judgeBars, median } from '../../scripts/bench/bars.mjs'
import { cpuLayout, onServerCores, parseCpuList } from '../../scripts/bench/cpus.mjs'
import {
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
		cpu: '0.020 · 0.018 · – · 0.330',
		met: '2 of 3',
	})
	expect(historyCells(converted)).toMatchObject({ member: '2.57 · –', api: '–', signIn: '–', met: '1 of 2' })
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
