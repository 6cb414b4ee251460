// `npm run bench`: builds, starts the production server on a throwaway
// database (.tmp/bench) and measures it step by step (steps/, in the order of
// STEPS in options.mjs), beside baselines measured in the same run
// (baselines.mjs). The load generator runs pinned to one core and every
// server on the others (cpus.mjs); on a machine with fewer than 3 cores the
// every-core bars alone are judged in a step with the app, the bare baseline
// and the load generator sharing every core (steps/every-core.mjs,
// docs/decisions/044-bench-cpu-layout.md). Each bar of issue 16 (bars.mjs) is printed
// as met or missed, and a missed one makes the exit code 1. The run is
// written to docs/bench/runs/<date>-<commit>.json, and docs/performance.md is
// generated again from every run file (report.mjs).
//
// Options (options.mjs): `--quick` (3 s per route, 3 paired rounds, 5 s
// storms, no seeded steps), `--steps=routes,storm,...` (only those),
// `--users-only`, `--staff-only`, `--report-only`, `--traders-only` (one seeded step),
// `--growth` (the growth step alone; `--growth-sizes=10000,100000` its short form),
// `--no-build`, `--no-pin`, `--runs-dir=DIR`, `--doc=FILE`; `--soak` runs the
// sustained-load test instead (soak.mjs: `--duration=S`, `--connections=N`,
// `--window=S`, `--json=FILE`). BENCH_DURATION, BENCH_PAIRED_ROUNDS,
// BENCH_IDLE_WAIT, BENCH_USERS, BENCH_USERS_CONNECTIONS, BENCH_USERS_DURATION,
// BENCH_AUDIT_ROWS, BENCH_PLAN_CODES and BENCH_TRADERS change the settings (the run is then
// recorded as short); BENCH_PORT (default 4600) and the five after it are
// its ports; WEB_CONCURRENCY is passed to the app.
import { execSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sampleTreeMemory, treePssMb, treeRssMb } from '../server-process.mjs'
import { requireWrk } from '../wrk.mjs'
import { benchAdmin, memberWithReferrals } from './accounts.mjs'
import { judgeBars, judgeChooseBars, judgeTradersBars, pinnedRatios, TAIL_FLOOR_MS } from './bars.mjs'
import { startBaselines } from './baselines.mjs'
import { cpuLayout, describeLayout, everyCoreLayout, pinSelf } from './cpus.mjs'
import { round } from './measure.mjs'
import { readOptions } from './options.mjs'
import { renderRun, runFileName, stringifyRun, writeDocument } from './report.mjs'
import { startApp } from './servers.mjs'
import { adminUsers } from './steps/admin-users.mjs'
import { brokerReport } from './steps/broker-report.mjs'
import { everyCoreRounds } from './steps/every-core.mjs'
import { underHashing } from './steps/hashing.mjs'
import { lockContention } from './steps/lock-contention.mjs'
import { pairedRounds } from './steps/paired.mjs'
import { appRoutes, measureRoutes } from './steps/routes.mjs'
import { staffTools } from './steps/staff-tools.mjs'
import { signUpStorm } from './steps/storm.mjs'
import { traders } from './steps/traders.mjs'
import { choose } from './steps/choose.mjs'
import { announce, judgeAnnounceBars } from './steps/announce.mjs'
import { growth, growthTable, judgeGrowthBars } from './steps/growth.mjs'

const options = readOptions()
if (options.soak) await import('./soak.mjs')

requireWrk()
if (options.build) execSync('npm run build', { stdio: 'inherit' })
// From here on this process and what it spawns run on the load generator's core.
const layout = pinSelf(cpuLayout({ pin: options.pin }))
console.log(`CPUs: ${describeLayout(layout)}`)

const root = path.resolve('.tmp/bench')
fs.rmSync(root, { recursive: true, force: true })
fs.mkdirSync(root, { recursive: true })
const ports = {
	app: options.basePort,
	json: options.basePort + 1,
	static: options.basePort + 2,
	bare: options.basePort + 3,
	// The every-core step's app and bare baseline (a machine with fewer than 3 cores).
	everyApp: options.basePort + 4,
	everyBare: options.basePort + 5,
}
const has = (...steps) => steps.some((s) => options.steps.includes(s))
/** What every step reads: the options, the layout, the ports, the app's process, the member and the memory sampler. */
const ctx = { options, layout, root, ports, app: null, member: null, sampler: null }

const date = new Date().toISOString()
// The growth step starts an app of its own on a database of its own: alone, it needs no other.
if (options.steps.some((s) => s !== 'growth')) ctx.app = await startApp({ layout, root, port: ports.app })
const loadAverage = os.loadavg()[0]
// The serving processes (the app's own default, one per core it may use, unless WEB_CONCURRENCY is set).
const webConcurrency = Number(process.env.WEB_CONCURRENCY || layout.serverCount)

const run = {
	schema: 1,
	kind: options.kind,
	...(options.label ? { label: options.label } : {}),
	date,
	commit: git('git rev-parse --short HEAD') || 'unknown',
	dirty: Boolean(git("git status --porcelain --untracked-files=no -- . ':!docs/bench' ':!docs/performance.md'")),
	steps: options.steps,
	machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`,
	webConcurrency,
	loadGenerator: 'wrk (one thread)',
	connections: options.connections,
	durationS: options.durationS,
	loadAverage: round(loadAverage, 2),
	layout: {
		pinned: layout.pinned,
		cpus: layout.cpus,
		...(layout.pinned ? { loadCpus: layout.loadCpus, serverCpus: layout.serverCpus } : { reason: layout.reason }),
	},
}
const sharing = everyCoreLayout(layout)
if (sharing && has('paired'))
	run.notes = [
		`Pinned, the servers had ${layout.serverCount} of the ${layout.cpus} cores, and the bars "member pages and API reads at least 1.6 times the one-process bare baseline" were written for a server on every core of a 2-core machine: those bars alone are judged in a step of their own, the app (one serving process per core) and the bare baseline on every core (CPU ${sharing.all}) and the load generator sharing them, because they cannot be judged otherwise here. No mechanism may be justified by that step alone (docs/decisions/044-bench-cpu-layout.md). Every other bar is judged pinned, and the pinned layout's own ratios are reported beside the bars.`,
	]
else if (layout.serverCount < 2 && has('paired'))
	run.notes = [
		`The servers had ${layout.serverCount} core: the bars "member pages and API reads at least 1.6 times the one-process bare baseline" were written for a server on two cores, so on this machine they measure what one core of our layers gives against one bare process.`,
	]

let plan = []
let memory = null
if (has('routes', 'paired', 'storm', 'hashing')) {
	const baselines = has('routes', 'paired') ? await startBaselines(ctx) : []
	ctx.member = await memberWithReferrals(ports.app, 'app')
	if (has('routes', 'paired'))
		plan = [...baselines, ...appRoutes({ ports, member: ctx.member, admin: await benchAdmin(ports.app) })]
	if (has('routes', 'paired', 'storm')) {
		// Idle: the whole tree (primary and workers) once it has stood idle: the
		// password hashing threads end after 30 s without work (POOL_IDLE_MS in
		// app/utils/password.server.ts), so an idle server is measured as it
		// stands idle, not in the seconds after the setup's sign-ups.
		await new Promise((r) => setTimeout(r, options.idleWaitS * 1000))
		memory = { rssIdleMb: treeRssMb(ctx.app.pid), pssIdleMb: treePssMb(ctx.app.pid) }
		// RSS sampled in a thread of its own (reading memory on the load
		// generator's thread stalled it); PSS read between runs only (settle).
		ctx.sampler = sampleTreeMemory(ctx.app.pid)
		await ctx.sampler.ready
	}
}

if (has('routes')) run.routes = { rows: await measureRoutes(ctx, plan) }
const paired = has('paired') ? await pairedRounds(ctx, plan) : {}
if (has('paired')) run.paired = paired
const everyCore = has('paired') ? await everyCoreRounds(ctx) : null
if (everyCore) run.everyCore = everyCore
if (has('storm')) run.storm = await signUpStorm(ctx)
if (ctx.sampler) {
	const peaks = await ctx.sampler.peaks()
	await ctx.sampler.stop()
	ctx.sampler = null
	run.memory = {
		workers: webConcurrency,
		idleWaitS: options.idleWaitS,
		pssIdleMb: round(memory.pssIdleMb, 1),
		pssPeakMb: round(Math.max(memory.pssIdleMb, peaks.pss), 1),
		rssIdleMb: round(memory.rssIdleMb, 1),
		rssPeakMb: round(Math.max(memory.rssIdleMb, peaks.rss), 1),
	}
}
if (has('hashing')) run.hashing = await underHashing(ctx)
if (has('admin-users')) run.adminUsers = await adminUsers(ctx)
if (has('staff-tools')) run.staffTools = await staffTools(ctx)
if (has('broker-report')) run.brokerReport = await brokerReport(ctx)
if (has('lock-contention')) run.lockContention = lockContention(ctx)
if (has('traders')) {
	run.traders = await traders(ctx)
	run.traders.bars = judgeTradersBars(run.traders)
	console.log('\nBars (issue 39, traders):')
	for (const b of run.traders.bars) console.log(`  ${b.met ? 'met    ' : 'MISSED '} ${b.bar}: ${b.measured}`)
	ctx.tradersSeeded = true
}
if (has('choose')) {
	run.choose = await choose(ctx)
	run.choose.bars = judgeChooseBars(run.choose)
	console.log('\nBars (issue 40, members choose traders):')
	for (const b of run.choose.bars) console.log(`  ${b.met ? 'met    ' : 'MISSED '} ${b.bar}: ${b.measured}`)
}

if (has('announce')) {
	run.announce = await announce(ctx)
	run.announce.bars = judgeAnnounceBars(run.announce)
	console.log('\nBars (issue 41, announcements):')
	for (const b of run.announce.bars) console.log(`  ${b.met ? 'met    ' : 'MISSED '} ${b.bar}: ${b.measured}`)
}

if (has('growth')) {
	run.growth = await growth(ctx)
	run.growth.bars = judgeGrowthBars(run.growth, ctx.options.growthTolerance)
	console.log(
		'\nGrowth (issue 42): server time / CPU per request in ms at each size, and the ratio of the largest to the smallest:',
	)
	for (const line of growthTable(run.growth)) console.log(`  ${line.join(' | ')}`)
	console.log('\nBars (issue 42, growth):')
	for (const b of run.growth.bars) console.log(`  ${b.met ? 'met    ' : 'MISSED '} ${b.bar}: ${b.measured}`)
}

if (has('routes', 'paired', 'storm')) {
	const list = judgeBars({
		plan,
		rows: run.routes?.rows ?? [],
		paired,
		everyCore: everyCore && { paired: everyCore.paired, serverCores: sharing.serverCount },
		stormPaced: run.storm?.paced.rows ?? [],
		memory: run.memory,
		serverCores: layout.serverCount,
	})
	run.bars = { tailFloorMs: TAIL_FLOOR_MS, pairedRounds: options.pairedRounds, durationS: options.durationS, list }
	console.log('\nBars (issue 16):')
	for (const b of list) console.log(`  ${b.met ? 'met    ' : 'MISSED '} ${b.bar}: ${b.measured}`)
	// The pinned layout's own ratios, reported: what a change to the server is compared on, before and after.
	if (layout.pinned && has('paired')) {
		run.bars.pinned = {
			serverCpus: layout.serverCpus,
			list: pinnedRatios({ plan, paired, serverCores: layout.serverCount }),
		}
		console.log(`\nPinned layout (servers on CPU ${layout.serverCpus}), reported:`)
		for (const r of run.bars.pinned.list) console.log(`  ${r.route}: ${r.measured}`)
	}
}

console.log(`\n${renderRun(run)}`)
fs.mkdirSync(options.runsDir, { recursive: true })
const file = path.join(options.runsDir, runFileName(run))
fs.writeFileSync(file, stringifyRun(run))
console.log(`${run.kind} run written to ${path.relative(process.cwd(), file)}`)
const doc = writeDocument({ runsDir: options.runsDir, doc: options.doc })
console.log(
	`${path.relative(process.cwd(), doc)} generated${run.kind === 'full' ? '' : ' (a short run is listed in the history, not shown as the latest full run)'}`,
)
const missed = [
	...(run.bars?.list ?? []),
	...(run.traders?.bars ?? []),
	...(run.choose?.bars ?? []),
	...(run.growth?.bars ?? []),
].filter((b) => !b.met)
if (missed.length) console.log(`\n${missed.length} bar(s) missed`)
process.exit(missed.length ? 1 : 0)

/** A git command's output, or '' outside a git checkout. */
function git(command) {
	try {
		return execSync(command, { stdio: ['ignore', 'pipe', 'ignore'] })
			.toString()
			.trim()
	} catch {
		return ''
	}
}
