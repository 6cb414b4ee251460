// Every option of `npm run bench` (flags after `--`, and BENCH_* variables)
// with its default, read once. The soak (`--soak`) reads its own: soak.mjs.

/** The bench's steps, in the order they run. */
export const STEPS = [
	// Every page type and an API read against the baselines (steps/routes.mjs).
	'routes',
	// The ratio bars again, route and baseline side by side (steps/paired.mjs).
	'paired',
	// Sign-ups through the API while the cached pages are loaded (steps/storm.mjs).
	'storm',
	// /healthz and / while 20 sign-ins hash (steps/hashing.mjs).
	'hashing',
	// 100,000 users, the admin list and its API (steps/admin-users.mjs).
	'admin-users',
	// A million audit rows and 100,000 plan codes, the staff pages (steps/staff-tools.mjs).
	'staff-tools',
	// A 10,000-row broker report through the API (steps/broker-report.mjs).
	'broker-report',
	// Two processes committing to one file (steps/lock-contention.mjs).
	'lock-contention',
	// 1,000 traders with 5 years of statements: a statement's apply, the nightly recompute, the members' list (steps/traders.mjs).
	'traders',
	// 100,000 members watching 1,000,000 traders: the watch pass, the filtered members' list; 24 months of reports for 50,000 copiers: the trader page's outcomes (steps/choose.mjs).
	'choose',
	// 10,000, 100,000 and 1,000,000 members with their data: every request's cost and the nightly jobs at each size (steps/growth.mjs).
	'growth',
]
/**
 * Steps not in the default run, only when asked for (`--announce-only`,
 * `--steps=announce`): an announcement to 100,000 members sent by the
 * scheduler while /dashboard is measured (steps/announce.mjs).
 */
export const OPTIONAL_STEPS = ['announce']
/** What `--quick` runs. */
const QUICK_STEPS = ['routes', 'paired', 'storm', 'hashing']

/** The settings of a full run; a run with any other is recorded as `short`. */
const FULL = {
	durationS: 10,
	stormDurationS: 10,
	pairedRounds: 5,
	idleWaitS: 35,
	users: 100_000,
	usersConnections: 2,
	usersDurationS: 5,
	auditRows: 1_000_000,
	planCodes: 100_000,
	traders: 1_000,
	watchMembers: 100_000,
	watchRows: 1_000_000,
	outcomeCopiers: 50_000,
	outcomeMonths: 24,
	growthSizes: '10000,100000,1000000',
	growthTraders: 1_000,
}

export function readOptions(argv = process.argv.slice(2), env = process.env) {
	const flag = (name) => argv.includes(`--${name}`)
	const value = (name) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
	const number = (name, fallback) => (env[name] ? Number(env[name]) : fallback)
	const quick = flag('quick')
	let steps = quick ? QUICK_STEPS : STEPS
	// The single-step flags of the one-file bench, kept.
	if (flag('users-only')) steps = ['admin-users']
	if (flag('staff-only')) steps = ['staff-tools']
	if (flag('report-only')) steps = ['broker-report']
	if (flag('traders-only')) steps = ['traders']
	if (flag('choose-only')) steps = ['choose']
	if (flag('announce-only')) steps = ['announce']
	if (flag('growth')) steps = ['growth']
	if (value('steps')) {
		const asked = value('steps').split(',')
		const known = [...STEPS, ...OPTIONAL_STEPS]
		const unknown = asked.filter((s) => !known.includes(s))
		if (unknown.length) throw new Error(`unknown step(s) ${unknown.join(', ')}: the steps are ${known.join(', ')}`)
		steps = known.filter((s) => asked.includes(s))
	}
	const settings = {
		durationS: number('BENCH_DURATION', quick ? 3 : FULL.durationS),
		stormDurationS: quick ? 5 : FULL.stormDurationS,
		pairedRounds: number('BENCH_PAIRED_ROUNDS', quick ? 3 : FULL.pairedRounds),
		idleWaitS: number('BENCH_IDLE_WAIT', FULL.idleWaitS),
		users: number('BENCH_USERS', FULL.users),
		usersConnections: number('BENCH_USERS_CONNECTIONS', FULL.usersConnections),
		usersDurationS: number('BENCH_USERS_DURATION', FULL.usersDurationS),
		auditRows: number('BENCH_AUDIT_ROWS', FULL.auditRows),
		planCodes: number('BENCH_PLAN_CODES', FULL.planCodes),
		traders: number('BENCH_TRADERS', FULL.traders),
		watchMembers: number('BENCH_WATCH_MEMBERS', FULL.watchMembers),
		watchRows: number('BENCH_WATCH_ROWS', FULL.watchRows),
		outcomeCopiers: number('BENCH_OUTCOME_COPIERS', FULL.outcomeCopiers),
		outcomeMonths: number('BENCH_OUTCOME_MONTHS', FULL.outcomeMonths),
		// The growth step's sizes (members, ascending; `--growth-sizes=10000,100000` is the short form in npm test) and its traders.
		growthSizes: value('growth-sizes') ?? env.BENCH_GROWTH_SIZES ?? FULL.growthSizes,
		growthTraders: number('BENCH_GROWTH_TRADERS', FULL.growthTraders),
		// npm test's smoke gate: the bars' limits times this (2: a ratio of 3x, a block of 100 ms) on a busy CI machine; 1 in the bench.
		growthTolerance: Number(value('growth-tolerance') ?? env.BENCH_GROWTH_TOLERANCE ?? 1),
		// The optional announce step's audience (not part of a full run's settings).
		announceMembers: number('BENCH_ANNOUNCE_MEMBERS', 100_000),
	}
	if (!(settings.growthTolerance >= 1))
		throw new Error(
			`--growth-tolerance: a number of 1 or more (the bars' limits times it), not ${settings.growthTolerance}`,
		)
	const growthSizes = settings.growthSizes.split(',').map(Number)
	if (
		growthSizes.length < 2 ||
		growthSizes.some((n, i) => !Number.isInteger(n) || n < 1 || (i && n <= growthSizes[i - 1]))
	)
		throw new Error(`--growth-sizes: two or more member counts, ascending (${settings.growthSizes})`)
	const full = steps.length === STEPS.length && Object.entries(FULL).every(([k, v]) => settings[k] === v)
	return {
		// Sustained load instead (soak.mjs), with its own options.
		soak: flag('soak'),
		build: !flag('no-build'),
		// The load generator on a core of its own and the servers on the others (cpus.mjs).
		pin: !flag('no-pin'),
		quick,
		steps,
		kind: full ? 'full' : 'short',
		// What the history table says of a short run.
		label: full
			? undefined
			: quick
				? 'quick'
				: steps.length < STEPS.length
					? `steps: ${steps.join(', ')}`
					: 'shortened',
		runsDir: value('runs-dir') ?? 'docs/bench/runs',
		doc: value('doc') ?? 'docs/performance.md',
		/** The app, then the raw JSON, the raw static and the bare React Router servers, then the every-core step's app and bare server. */
		basePort: number('BENCH_PORT', 4600),
		connections: 50,
		...settings,
		growthSizes,
	}
}
