// One-off: the runs appended to docs/performance.md until 2026-11-29 become
// run files in docs/bench/runs/ (the schema scripts/bench/report.mjs reads),
// the prose written beside them becomes docs/bench/investigations.md, and
// the Lighthouse and heap-limit tables stay as blocks of docs/performance.md.
// Run once: `node scripts/bench/convert-history.mjs`; its output is committed.
import fs from 'node:fs'
import path from 'node:path'
import { RUNS_DIR, readRuns, renderDocument, runFileName, stringifyRun } from './report.mjs'

const source = fs.readFileSync('docs/performance.md', 'utf8')
const sourceCommit = process.argv[2] ?? 'unknown'

const lighthouse = /<!-- lighthouse:start[\s\S]*?<!-- lighthouse:end -->/.exec(source)[0]
const doc = source.replace(lighthouse, '')

/** The document cut at its `## ` headings: [{ title, body }] (the preamble's title is null). */
const sections = []
for (const chunk of doc.split(/^## /m)) {
	if (!sections.length) sections.push({ title: null, body: chunk.replace(/^# Performance\n/, '') })
	else {
		const nl = chunk.indexOf('\n')
		sections.push({ title: chunk.slice(0, nl).trim(), body: chunk.slice(nl + 1) })
	}
}

/** A section's blocks: paragraphs and tables, split at blank lines. */
const blocksOf = (body) =>
	body
		.split(/\n\s*\n/)
		.map((b) => b.trim())
		.filter(Boolean)
const isTable = (block) => block.startsWith('|')
function cellsOf(block) {
	const lines = block.split('\n')
	const split = (line) =>
		line
			.replace(/^\|\s?/, '')
			.replace(/\s?\|$/, '')
			.split(' | ')
			.map((c) => c.trim())
	return { head: split(lines[0]), rows: lines.slice(2).map(split) }
}
const num = (text) => (text === '' || text === undefined ? null : Number(text.replace(/,/g, '')))

function latencyRows(block) {
	return cellsOf(block).rows.map(([name, rps, p50, p99, errors]) => ({
		name,
		rps: num(rps),
		p50: num(p50),
		p99: num(p99),
		errors: num(errors),
	}))
}
function p95Rows(block) {
	return cellsOf(block).rows.map(([name, rps, p50, p95, p99, errors]) => ({
		name,
		rps: num(rps),
		p50: num(p50),
		p95: num(p95),
		p99: num(p99),
		errors: num(errors),
	}))
}
function routeRows(block) {
	const { head, rows } = cellsOf(block)
	const withCpu = head.includes('server cores busy')
	return rows.map((cells) => {
		const [name, rps, p50, p99, errors] = cells
		const ratioText = cells.at(-1)
		return {
			name,
			rps: num(rps),
			p50: num(p50),
			p99: num(p99),
			errors: num(errors),
			cores: withCpu ? num(cells[5]) : null,
			cpuPerRequestMs: withCpu ? num(cells[6]) : null,
			ratios:
				ratioText === 'baseline'
					? []
					: ratioText.split('; ').map((part) => {
							const [, pct, of] = /^([\d.]+)% of (.+)$/.exec(part)
							return { of: `baseline: ${of}`, ratio: Number((Number(pct) / 100).toFixed(5)) }
						}),
		}
	})
}
function barRows(block) {
	return cellsOf(block).rows.map(([bar, measured, met]) => {
		const row = { bar, measured, met: met === 'met' }
		const ratioBar = /^(.+?): at least (?:[\d.]+% of|[\d.]+ times) /.exec(bar)
		const value = /^([\d.]+)(%| times)/.exec(measured)
		if (ratioBar && value) {
			row.route = ratioBar[1]
			row.ratio = Number((value[2] === '%' ? Number(value[1]) / 100 : Number(value[1])).toFixed(5))
		}
		return row
	})
}

const runs = []
/** The archive: every section that is not a run, and each run's own prose, in the document's order. */
const archive = []
/** Prose that speaks of the run after it ("Note on the run below"). */
let pendingNote = []

for (const { title, body } of sections) {
	const blocks = blocksOf(body)
	const runTitle = title && /^Run of (\S+)(?: \((.+)\))?$/.exec(title)
	if (!runTitle) {
		if (title === null) {
			// The preamble: the document's own introduction, then the note on the newest run.
			const note = blocks.findIndex((b) => b.startsWith('Note on the run below'))
			if (note !== -1) pendingNote = blocks.slice(note)
			continue
		}
		if (title.startsWith('Heap limits')) {
			archive.push({ heap: `## ${title}\n\n${blocks.join('\n\n')}` })
			continue
		}
		archive.push({ text: `## ${title}\n\n${blocks.join('\n\n')}` })
		continue
	}
	const [, date, label] = runTitle
	const run = {
		schema: 1,
		kind: label ? 'short' : 'full',
		...(label ? { label: label === '--quick' ? 'quick' : label } : {}),
		date,
		converted: `docs/performance.md at ${sourceCommit}`,
	}
	const notes = pendingNote
	pendingNote = []
	let noteBelow = false
	for (let i = 0; i < blocks.length; i++) {
		const block = blocks[i]
		const next = blocks[i + 1]
		const withTable = (fill) => {
			if (next && isTable(next)) {
				fill(next)
				i++
			}
		}
		if (noteBelow || block.startsWith('Note on the run below')) {
			noteBelow = true
			pendingNote.push(block)
		} else if (block.startsWith('Commit ')) {
			const [, commit, rest] = /^Commit (\w+); (.*)$/s.exec(block)
			run.commit = commit
			run.setup = block
			run.machine = rest.split(/; |\.$/)[0]
			const wc = /WEB_CONCURRENCY (\d+)/.exec(rest)
			if (wc) run.webConcurrency = Number(wc[1])
			const generator = /; (wrk \(one thread\)|autocannon), (\d+) connections, (\d+) s per route/.exec(rest)
			if (generator) {
				run.loadGenerator = generator[1]
				run.connections = Number(generator[2])
				run.durationS = Number(generator[3])
			}
			const load = /load average before the run: ([\d.]+)/.exec(rest)
			if (load) run.loadAverage = Number(load[1])
			run.layout = { pinned: false, reason: 'load generator on the same machine' }
		} else if (isTable(block) && cellsOf(block).head.includes('ratio to baselines')) {
			run.routes = { rows: routeRows(block) }
		} else if (/^Server (memory|RSS)/.test(block)) {
			const m = { intro: block }
			const pss = /PSS summed .*?idle (\d+) MB.*?peak under load (\d+) MB/.exec(block)
			const rss = /RSS(?: summed per process[^:]*: |: |.*?: )idle (\d+) MB, peak(?: under load)? (\d+) MB/.exec(
				block.replace(/PSS summed[^;]*;/, ''),
			)
			if (pss) Object.assign(m, { pssIdleMb: Number(pss[1]), pssPeakMb: Number(pss[2]) })
			if (rss) Object.assign(m, { rssIdleMb: Number(rss[1]), rssPeakMb: Number(rss[2]) })
			run.memory = m
		} else if (block.startsWith('Sign-up storm')) {
			run.storm = { intro: block }
			const rate = /([\d.]+) sign-ups\/s sustained/.exec(block)
			if (rate) run.storm.signUpsPerSecond = Number(rate[1])
			withTable((t) => (run.storm.rows = latencyRows(t)))
		} else if (block.startsWith('The same storm at saturation')) {
			run.storm.saturated = { intro: block }
			withTable((t) => (run.storm.saturated.rows = latencyRows(t)))
		} else if (block.startsWith('Bars (')) {
			run.bars = { intro: block }
			withTable((t) => (run.bars.list = barRows(t)))
		} else if (block.startsWith('While 20 sign-ins')) {
			run.hashing = { intro: block, signIns: num(/\((\d+) completed\)/.exec(block)?.[1]) }
			withTable((t) => (run.hashing.rows = latencyRows(t)))
		} else if (block.startsWith('Admin users list')) {
			run.adminUsers = { intro: block, barMs: 50 }
			withTable((t) => (run.adminUsers.rows = p95Rows(t)))
		} else if (block.startsWith('Staff tools over')) {
			run.staffTools = { intro: block, barMs: 50 }
			withTable((t) => (run.staffTools.rows = p95Rows(t)))
		} else if (block.startsWith('Skipped (answered 404')) {
			run.staffTools.skipped = /: (.+)\.$/.exec(block)[1].split(', ')
		} else if (block.startsWith('Broker report import')) {
			const times = /dry run (\d+) ms, apply (\d+) ms/.exec(block)
			run.brokerReport = { text: block, dryMs: Number(times[1]), applyMs: Number(times[2]), barMs: 2000 }
		} else if (block.startsWith('Lock contention')) {
			run.lockContention = { intro: block }
			withTable(
				(t) =>
					(run.lockContention.rows = cellsOf(t).rows.map(([label, commitsPerSecond, p50, p90, p99, max]) => ({
						label,
						commitsPerSecond: num(commitsPerSecond),
						p50: num(p50),
						p90: num(p90),
						p99: num(p99),
						max: num(max),
					}))),
			)
		} else {
			notes.push(block)
		}
	}
	run.steps = [
		['routes', run.routes],
		['paired', run.bars?.list.some((b) => /paired rounds/.test(b.measured))],
		['storm', run.storm],
		['hashing', run.hashing],
		['admin-users', run.adminUsers],
		['staff-tools', run.staffTools],
		['broker-report', run.brokerReport],
		['lock-contention', run.lockContention],
	]
		.filter(([, present]) => present)
		.map(([step]) => step)
	if (notes.length)
		archive.push({ text: `## Notes on the run of ${date} (commit ${run.commit})\n\n${notes.join('\n\n')}` })
	runs.push(run)
}

fs.mkdirSync(RUNS_DIR, { recursive: true })
for (const run of runs) {
	const file = path.join(RUNS_DIR, runFileName(run))
	const { schema, kind, label, date, commit, converted, steps, ...rest } = run
	const ordered = { schema, kind, ...(label ? { label } : {}), date, commit, converted, steps, ...rest }
	fs.writeFileSync(file, stringifyRun(ordered))
}

fs.writeFileSync(
	'docs/bench/investigations.md',
	`# Bench notes and investigations, 2026-11-21 to 2026-11-29

Written beside the runs in docs/performance.md while the bench was one
script (scripts/bench.mjs, appending each run to that file), moved here as
they were when the runs became files (docs/bench/runs/) and the document
became generated (scripts/bench/report.mjs). A record, not maintained: the
mechanisms still in force are described in docs/decisions/, and the
figures of every run named here are in its run file. Newest first, as
written. In every run before the bench pinned its load generator to a core
of its own, the load generator shared the two cores with the servers.

${archive
	.filter((a) => a.text)
	.map((a) => a.text)
	.join('\n\n')}
`,
)

const heap = archive.find((a) => a.heap).heap
const heapBlock = `<!-- heap-caps:start (written by scripts/heap-caps.mjs --record) -->\n${heap}\n<!-- heap-caps:end -->`
fs.writeFileSync('docs/performance.md', renderDocument(readRuns(), [lighthouse, heapBlock]))
console.log(`${runs.length} runs, ${archive.length} archived sections`)
