import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { eq } from 'drizzle-orm'
import { createStaffAccount, getAdminByEmail } from '#app/features/staff/admin.server.ts'
import { resetStaffTwoFactor, twoFactorRequired } from '#app/features/staff/two-factor.server.ts'
import { getEnv, initEnv } from '#app/utils/env.server.ts'
import { stopPasswordPool } from '#app/utils/password.server.ts'
import { EmailSchema, NewPasswordSchema } from '#app/utils/validation.ts'
import {
	backupDatabase,
	backupFileName,
	checkBackups,
	checkDatabaseFile,
	databaseInUse,
	DatabaseInUseError,
	describeChecksumProblem,
	restoreDatabase,
	verifyChecksum,
} from '#db/backup.server.ts'
import {
	seedBenchBrokerReport,
	seedBenchGrowth,
	seedBenchOutcomes,
	seedBenchStaffTools,
	seedBenchTraders,
	seedBenchUsers,
	seedBenchWatchlist,
} from '#db/bench-seed.server.ts'
import { closeDb, getDb, leaveCheckpointsToCheckpointer, migrateDatabase, write } from '#db/client.server.ts'
import { scheduledJobs as scheduledJobRows } from '#db/schema.ts'
import { recomputeAllTraders } from '#app/features/traders/jobs.server.ts'
import { CONTEST_RESULTS_JOB } from '#app/features/contests/results.server.ts'
import { ADMIN_ROLES, type AdminRole } from '#app/domain/enums.ts'
import { releaseJobLeases, takeJobLeases } from '#app/utils/scheduler.server.ts'
import { runningServerFor } from './pid-file.ts'
import { scheduledJobs } from './scheduled-jobs.ts'
import { startWalCheckpointer } from './wal-checkpointer.js'

/**
 * The operator's commands, run through `node scripts/cli.mjs <command>`
 * (npm run admin:create / backup / restore). They live in the server build
 * so they use the app's own rules and its one database seam
 * (db/client.server.ts) instead of copies of them.
 */
export type CliIo = { out: (text: string) => void; err: (text: string) => void }

const defaultIo: CliIo = {
	out: (text) => process.stdout.write(text),
	err: (text) => process.stderr.write(text),
}

const ADMIN_USAGE =
	'Usage: npm run admin:create -- --email <email> --role <admin|super_admin> [--name "<name>"] [--password <password>]'
const RESET_TWO_FACTOR_USAGE = 'Usage: npm run admin:reset-two-factor -- --email <email>'
const BACKUP_USAGE = 'Usage: npm run backup [-- <destination file>]'
const RESTORE_USAGE =
	'Usage: npm run restore -- <backup file> [--no-checksum]   (with the server stopped; --no-checksum: restore a backup that has no <file>.sha256)'
const BACKUP_CHECK_USAGE = 'Usage: npm run backup:check   (checks every backup in DATA_DIR/backups)'
const CONTROL_CHARS = /\p{Cc}/u

class CliError extends Error {}

function options<T extends Record<string, { type: 'string' | 'boolean'; short?: string }>>(
	args: string[],
	spec: T,
	usage: string,
) {
	try {
		return parseArgs({
			args,
			options: { ...spec, help: { type: 'boolean', short: 'h' } },
			strict: true,
			allowPositionals: true,
		})
	} catch (error) {
		throw new CliError(`${(error as Error).message}\n${usage}`)
	}
}

function randomPassword() {
	for (;;) {
		const candidate = crypto.randomBytes(18).toString('base64url')
		if (NewPasswordSchema.safeParse(candidate).success) return candidate
	}
}

async function adminCreate(args: string[], io: CliIo) {
	const { values } = options(
		args,
		{ email: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' } },
		ADMIN_USAGE,
	)
	if (values.help) {
		io.out(`${ADMIN_USAGE}\n`)
		return 0
	}
	const problems: string[] = []
	const email = EmailSchema.safeParse(values.email ?? '')
	if (!values.email?.trim()) problems.push('--email is required')
	else if (!email.success) problems.push(`--email: ${email.error.issues[0]!.message}`)
	const role = values.role ?? ''
	if (!(ADMIN_ROLES as readonly string[]).includes(role)) problems.push('--role must be admin or super_admin')
	const name = (values.name ?? (role === 'super_admin' ? 'Super Admin' : 'Admin')).trim()
	if (!name) problems.push('--name must not be empty')
	else if (name.length > 100) problems.push('--name must be at most 100 characters')
	else if (CONTROL_CHARS.test(name)) problems.push('--name contains characters that are not allowed')
	const generated = values.password === undefined
	const password = generated ? randomPassword() : values.password!
	const passwordCheck = NewPasswordSchema.safeParse(password)
	if (!passwordCheck.success) problems.push(`--password: ${passwordCheck.error.issues[0]!.message}`)
	if (problems.length || !email.success) throw new CliError(`${problems.join('\n')}\n${ADMIN_USAGE}`)

	const config = initEnv()
	migrateDatabase(getDb())
	const created = await createStaffAccount(
		{ email: email.data, name, role: role as AdminRole, password },
		{ id: null, email: 'cli' },
	)
	if (!created.ok) throw new CliError(created.message)
	io.out(`Created ${created.value.role} ${created.value.email} (id ${created.value.id}) in ${config.databasePath}.\n`)
	if (generated) io.out(`Password (shown once, keep it safe): ${password}\n`)
	const signIn = `${config.appOrigin}/admin/login`
	io.out(
		twoFactorRequired(created.value.role)
			? `Two-factor authentication is required for this role: at the first sign-in (${signIn}) they set it up with an authenticator app on ${config.appOrigin}/admin/security before any other admin page.\n`
			: `Two-factor authentication is optional for this role (ADMIN_2FA_REQUIRED=false): they can set it up on ${config.appOrigin}/admin/security after signing in at ${signIn}.\n`,
	)
	return 0
}

/**
 * admin:reset-two-factor --email <email>: removes a staff member's second
 * factor and ends their sessions (audited as "cli"), for the operator when
 * the last super admin lost both the device and the recovery codes.
 */
async function adminResetTwoFactor(args: string[], io: CliIo) {
	const { values } = options(args, { email: { type: 'string' } }, RESET_TWO_FACTOR_USAGE)
	if (values.help) {
		io.out(`${RESET_TWO_FACTOR_USAGE}\n`)
		return 0
	}
	const email = EmailSchema.safeParse(values.email ?? '')
	if (!email.success) throw new CliError(`--email is required and must be an email\n${RESET_TWO_FACTOR_USAGE}`)
	initEnv()
	migrateDatabase(getDb())
	const target = getAdminByEmail(email.data)
	if (!target) throw new CliError(`No staff account with the email ${email.data}.`)
	const result = resetStaffTwoFactor({ id: null, email: 'cli' }, target.id)
	if (!result.ok) throw new CliError(result.message)
	io.out(
		`Second factor of ${email.data} removed; ${result.value.sessionsEnded} session(s) ended. They set it up again at their next sign-in.\n`,
	)
	return 0
}

async function backup(args: string[], io: CliIo) {
	const { values, positionals } = options(args, {}, BACKUP_USAGE)
	if (values.help) {
		io.out(`${BACKUP_USAGE}\n`)
		return 0
	}
	if (positionals.length > 1) throw new CliError(BACKUP_USAGE)
	const config = initEnv()
	const destination = path.resolve(positionals[0] ?? path.join(config.backupDir, backupFileName()))
	const { file, bytes, sha256, checksumFile } = await backupDatabase(destination, getDb())
	io.out(`Backup written to ${file} (${bytes} bytes, integrity_check ok).\n`)
	io.out(`SHA-256 ${sha256} written to ${checksumFile}: keep it with the copy (restore checks it).\n`)
	return 0
}

/** "The newest good backup in DIR is FILE." (or that there is none), for the messages below. */
async function newestGoodLine(dir: string) {
	const { newestGood } = await checkBackups(dir, { integrity: true })
	return newestGood
		? `The newest good backup in ${dir} is ${newestGood}: npm run restore -- ${newestGood}`
		: `There is no good backup in ${dir} (none whose checksum and integrity_check pass).`
}

/**
 * restore <file>: refuses, changing nothing, while a server has the
 * database open (its pid file in DATA_DIR or beside the database, or the
 * database's own lock: any DATA_DIR), and when the backup's SHA-256 does
 * not match its `.sha256`; a backup without one only with --no-checksum.
 */
async function restore(args: string[], io: CliIo) {
	const { values, positionals } = options(args, { 'no-checksum': { type: 'boolean' } }, RESTORE_USAGE)
	if (values.help) {
		io.out(`${RESTORE_USAGE}\n`)
		return 0
	}
	if (positionals.length !== 1) throw new CliError(RESTORE_USAGE)
	const config = initEnv()
	const server = runningServerFor(config.dataDir, config.databasePath)
	if (server)
		throw new CliError(
			server.onDataDir
				? `The server is running on this data folder (pid ${server.pid}): stop it first, then restore. Nothing was changed.`
				: `A server is running on the folder of ${config.databasePath} (pid ${server.pid}, ${server.pidFile}): stop it first, then restore. Nothing was changed.`,
		)
	const inUse = databaseInUse(config.databasePath)
	if (inUse)
		throw new CliError(
			`${inUse}. Stop the server that uses it first (whatever its DATA_DIR), then restore. Nothing was changed.`,
		)
	const file = path.resolve(positionals[0]!)
	const problem = checkDatabaseFile(file)
	if (problem) {
		const newest = fs.existsSync(file) ? `\n${await newestGoodLine(config.backupDir)}` : ''
		throw new CliError(`${file} cannot be restored: ${problem}${newest}`)
	}
	// integrity_check sees structure only: a byte changed inside a value is
	// the checksum's to find.
	const checksum = await verifyChecksum(file)
	if (checksum.status === 'missing' && values['no-checksum']) {
		io.err(`Warning: ${file} has no checksum; restoring on integrity_check alone (--no-checksum).\n`)
	} else if (checksum.status !== 'ok') {
		const advice =
			checksum.status === 'missing'
				? 'Restore a backup that has its .sha256, or this one anyway with --no-checksum (integrity_check still runs).'
				: 'This copy is damaged: restore another one.'
		throw new CliError(
			`${file} cannot be restored: ${describeChecksumProblem(file, checksum)}. ${advice}\n${await newestGoodLine(config.backupDir)}`,
		)
	}
	let result: ReturnType<typeof restoreDatabase>
	try {
		result = restoreDatabase(file, config.databasePath, new Date(), {
			expectedSha256: checksum.status === 'ok' ? checksum.sha256 : undefined,
		})
	} catch (error) {
		if (error instanceof DatabaseInUseError)
			throw new CliError(
				`${error.message}. Stop the server that uses it first (whatever its DATA_DIR), then restore. Nothing was changed.`,
			)
		throw error
	}
	io.out(
		`Restored ${file} to ${result.restored}${checksum.status === 'ok' ? ` (SHA-256 ${checksum.sha256} verified)` : ''}.\n`,
	)
	if (result.previous) io.out(`The database it replaced is kept as ${result.previous}.\n`)
	io.out('Start the server: it applies any newer migrations to the restored copy.\n')
	return 0
}

/**
 * backup:check: every backup in DATA_DIR/backups, newest first, with its
 * checksum and integrity_check, and the newest good one. Exits 1 when one
 * is bad or none is good.
 */
async function backupCheck(args: string[], io: CliIo) {
	const { values, positionals } = options(args, {}, BACKUP_CHECK_USAGE)
	if (values.help) {
		io.out(`${BACKUP_CHECK_USAGE}\n`)
		return 0
	}
	if (positionals.length) throw new CliError(BACKUP_CHECK_USAGE)
	const config = initEnv()
	const { backups, newestGood } = await checkBackups(config.backupDir, { integrity: true })
	for (const backup of backups)
		io.out(`${backup.status.padEnd(10)} ${backup.file}${backup.problem ? `: ${backup.problem}` : ''}\n`)
	io.out(
		newestGood
			? `The newest good backup in ${config.backupDir} is ${newestGood}.\n`
			: `There is no good backup in ${config.backupDir}.\n`,
	)
	return newestGood && backups.every((b) => b.status !== 'bad') ? 0 : 1
}

/** `bench:seed-users N`: N sample members for the benchmark (scripts/bench/steps/admin-users.mjs). */
async function benchSeedUsers(args: string[], io: CliIo) {
	const count = Number(args[0])
	if (args.length !== 1 || !Number.isInteger(count) || count < 1 || count > 1_000_000) {
		throw new CliError('Usage: node scripts/cli.mjs bench:seed-users <count from 1 to 1000000>')
	}
	initEnv()
	migrateDatabase(getDb())
	const started = Date.now()
	seedBenchUsers(count)
	io.out(`Seeded ${count} users in ${Date.now() - started} ms.\n`)
	return 0
}

/** `bench:seed-staff AUDIT_ROWS PLAN_CODES`: the staff tools' bench data (scripts/bench/steps/staff-tools.mjs). */
async function benchSeedStaff(args: string[], io: CliIo) {
	const [auditRows, planCodes] = args.map(Number)
	const valid = (n: number | undefined, max: number) => Number.isInteger(n) && n! >= 0 && n! <= max
	if (args.length !== 2 || !valid(auditRows, 5_000_000) || !valid(planCodes, 1_000_000)) {
		throw new CliError(
			'Usage: node scripts/cli.mjs bench:seed-staff <audit rows, 0 to 5000000> <plan codes, 0 to 1000000>',
		)
	}
	initEnv()
	migrateDatabase(getDb())
	const started = Date.now()
	const seeded = seedBenchStaffTools(auditRows!, planCodes!)
	io.out(
		`Seeded ${seeded.auditRows} audit rows and ${seeded.planCodes} plan codes in ${seeded.batches} batches in ${Date.now() - started} ms.\n`,
	)
	return 0
}

/**
 * `bench:seed-report ROWS FILE`: a broker, ROWS members with tracking ids
 * there and their report's CSV written to FILE; prints the broker's slug and
 * the report month as JSON (scripts/bench/steps/broker-report.mjs).
 */
async function benchSeedReport(args: string[], io: CliIo) {
	const rows = Number(args[0])
	if (args.length !== 2 || !Number.isInteger(rows) || rows < 1 || rows > 50_000) {
		throw new CliError('Usage: node scripts/cli.mjs bench:seed-report <rows, 1 to 50000> <csv file to write>')
	}
	initEnv()
	migrateDatabase(getDb())
	const { slug, month, csv } = seedBenchBrokerReport(rows)
	fs.writeFileSync(args[1]!, csv)
	io.out(`${JSON.stringify({ slug, month })}\n`)
	return 0
}

/**
 * `bench:seed-traders COUNT DIR`: COUNT listed traders with 5 years of daily
 * equity and 500 trades each, their figures computed, and one trader in
 * review without statements whose 5-year statement (equity, then 5,000
 * trades) is written to DIR as two CSV files; prints what the step needs as
 * JSON (scripts/bench/steps/traders.mjs).
 */
async function benchSeedTraders(args: string[], io: CliIo) {
	const count = Number(args[0])
	if (args.length !== 2 || !Number.isInteger(count) || count < 1 || count > 10_000) {
		throw new CliError(
			'Usage: node scripts/cli.mjs bench:seed-traders <traders, 1 to 10000> <folder for the CSV files>',
		)
	}
	initEnv()
	migrateDatabase(getDb())
	const started = Date.now()
	const seeded = seedBenchTraders(count)
	const seedMs = Date.now() - started
	const dir = path.resolve(args[1]!)
	fs.mkdirSync(dir, { recursive: true })
	const equityFile = path.join(dir, 'bench-trader-equity.csv')
	const tradesFile = path.join(dir, 'bench-trader-trades.csv')
	fs.writeFileSync(equityFile, seeded.equityCsv)
	fs.writeFileSync(tradesFile, seeded.tradesCsv)
	const { equityCsv: _equity, tradesCsv: _trades, ...figures } = seeded
	io.out(`${JSON.stringify({ ...figures, seedMs, equityFile, tradesFile })}\n`)
	return 0
}

/**
 * `bench:seed-watch MEMBERS ROWS`: MEMBERS new members watching ROWS
 * traders in all, every watched trader due for the watch pass (the
 * members-choose step, scripts/bench/steps/choose.mjs); prints JSON.
 */
async function benchSeedWatch(args: string[], io: CliIo) {
	const [members, rows] = args.map(Number)
	const valid = (n: number | undefined, max: number) => Number.isInteger(n) && n! >= 1 && n! <= max
	if (args.length !== 2 || !valid(members, 1_000_000) || !valid(rows, 10_000_000)) {
		throw new CliError(
			'Usage: node scripts/cli.mjs bench:seed-watch <members, 1 to 1000000> <watch rows, 1 to 10000000>',
		)
	}
	initEnv()
	migrateDatabase(getDb())
	const started = Date.now()
	const seeded = seedBenchWatchlist(members!, rows!)
	io.out(`${JSON.stringify({ ...seeded, seedMs: Date.now() - started })}\n`)
	return 0
}

/**
 * `bench:seed-outcomes COPIERS MONTHS`: COPIERS new members with an account
 * at a new broker and MONTHS monthly reports of it naming the first listed
 * trader with each member's net result, applied through the broker
 * reports' model (preview, then apply), so what copiers earned is
 * precomputed as in production (the members-choose step,
 * scripts/bench/steps/choose.mjs); prints JSON: the trader's slug, the
 * sizes, the applies' total and slowest milliseconds.
 */
async function benchSeedOutcomes(args: string[], io: CliIo) {
	const [copiers, months] = args.map(Number)
	const valid = (n: number | undefined, max: number) => Number.isInteger(n) && n! >= 1 && n! <= max
	if (args.length !== 2 || !valid(copiers, 50_000) || !valid(months, 120)) {
		throw new CliError('Usage: node scripts/cli.mjs bench:seed-outcomes <copiers, 1 to 50000> <months, 1 to 120>')
	}
	initEnv()
	migrateDatabase(getDb())
	const seeded = seedBenchOutcomes(copiers!, months!)
	const { trader, ...rest } = seeded
	io.out(`${JSON.stringify({ slug: trader.slug, ...rest })}\n`)
	return 0
}

/**
 * `bench:recompute-traders`: the nightly recompute (recomputeAllTraders, one
 * trader per transaction) in this process against the same database, timed;
 * prints a JSON line as it starts and one with its milliseconds and result
 * as it finishes (as bench:run-job does).
 */
async function benchRecomputeTraders(args: string[], io: CliIo) {
	if (args.length) throw new CliError('Usage: node scripts/cli.mjs bench:recompute-traders')
	initEnv()
	migrateDatabase(getDb())
	io.out(`${JSON.stringify({ event: 'started', at: new Date().toISOString() })}\n`)
	const started = performance.now()
	const result = recomputeAllTraders()
	io.out(`${JSON.stringify({ event: 'finished', ms: Math.round(performance.now() - started), ok: true, result })}\n`)
	return 0
}

/**
 * `bench:seed-growth MEMBERS FILE [TRADERS] [MONTHS_BACK]`: members added
 * until there are MEMBERS, with their proportional data, and TRADERS (1,000)
 * listed traders the first time (seedBenchGrowth); a report of the growth
 * broker for the month MONTHS_BACK (13) months back written to FILE as CSV;
 * prints JSON (scripts/bench/steps/growth.mjs).
 */
async function benchSeedGrowth(args: string[], io: CliIo) {
	const [members, , traders = 1000, monthsBack = 13] = args.map(Number)
	const valid = (n: number | undefined, min: number, max: number) => Number.isInteger(n) && n! >= min && n! <= max
	if (
		args.length < 2 ||
		args.length > 4 ||
		!valid(members, 1, 10_000_000) ||
		!valid(traders, 0, 10_000) ||
		!valid(monthsBack, 13, 120)
	) {
		throw new CliError(
			'Usage: node scripts/cli.mjs bench:seed-growth <members, 1 to 10000000> <csv file to write> [traders, 0 to 10000] [report months back, 13 to 120]',
		)
	}
	initEnv()
	migrateDatabase(getDb())
	const { csv, ...seeded } = seedBenchGrowth(members!, { traders, reportMonthsBack: monthsBack })
	fs.writeFileSync(args[1]!, csv)
	io.out(`${JSON.stringify(seeded)}\n`)
	return 0
}

/**
 * The scheduler's jobs that run at most hourly: the nightly (and hourly,
 * monthly) work, not the every-minute passes; and the one the month's
 * roll-over makes due, the completed contests' results (decision 066).
 */
function nightlyJobs(now: Date) {
	return scheduledJobs.filter(
		(job) => job.nextRunAt(now).getTime() - now.getTime() >= 60 * 60_000 || job.name === CONTEST_RESULTS_JOB,
	)
}

/**
 * `bench:nightly-jobs CLOCK`: the scheduler's nightly jobs (those that run
 * hourly or less often) run once each in this process as the scheduler
 * runs them (job.run(now), its promise awaited), with the clock at CLOCK
 * (an ISO time: moved on, so the month's contests end and the day's
 * snapshot is due); prints a JSON line per job: its milliseconds, the
 * longest the event loop was blocked meanwhile (perf_hooks'
 * monitorEventLoopDelay, 1 ms resolution, or the job's synchronous start
 * when longer) and its result
 * (scripts/bench/steps/growth.mjs).
 *
 * It holds these jobs' leases meanwhile (`holdJobLeases`), as the serving
 * process that runs them does: a running server's scheduler must not run
 * the same job beside it. (Without them, at 1,000,000 members the server
 * took up the completed contests' results too, and each process's writes
 * waited for the other's.)
 */
async function benchNightlyJobs(args: string[], io: CliIo) {
	const now = new Date(args[0] ?? '')
	if (args.length !== 1 || Number.isNaN(now.getTime())) {
		throw new CliError('Usage: node scripts/cli.mjs bench:nightly-jobs <clock, an ISO time>')
	}
	initEnv()
	migrateDatabase(getDb())
	const jobs = nightlyJobs(now)
	const release = await holdJobLeases(
		jobs.map((job) => job.name),
		`bench:nightly-jobs:${process.pid}`,
	)
	// As in a serving process: the WAL's checkpoints run on a thread, not
	// after the jobs' commits (docs/decisions/069).
	const checkpointer = startWalCheckpointer(getEnv().databasePath, {
		onEvent: (event, fields) => io.err(`${JSON.stringify({ event, ...fields })}\n`),
	})
	leaveCheckpointsToCheckpointer()
	try {
		await runNightlyJobs(jobs, now, io)
	} finally {
		release()
		await checkpointer.stop()
	}
	return 0
}

/** Longer than the nightly jobs take at 1,000,000 members (about 3 minutes). */
const BENCH_LEASE_MS = 30 * 60_000

/**
 * Takes the leases of the jobs named (their rows made if missing) for
 * BENCH_LEASE_MS (`takeJobLeases`), waiting up to a minute for a running
 * server's scheduler to finish any it holds; answers the function that
 * gives them back. The expiry is on the real clock, the one the server
 * reads.
 */
export async function holdJobLeases(names: string[], holder: string, waitMs = 60_000) {
	const deadline = Date.now() + waitMs
	while (!takeJobLeases(names, holder, BENCH_LEASE_MS)) {
		if (Date.now() >= deadline) {
			releaseJobLeases(names, holder)
			throw new CliError('A running scheduler kept these jobs for a minute: try again when they are done.')
		}
		await sleep(200)
	}
	return () => releaseJobLeases(names, holder)
}

async function runNightlyJobs(jobs: ReturnType<typeof nightlyJobs>, now: Date, io: CliIo) {
	for (const job of jobs) {
		await sleep(20)
		const delay = monitorEventLoopDelay({ resolution: 1 })
		delay.enable()
		const started = performance.now()
		let result: unknown = null
		let error: string | null = null
		// What a job does before it first gives the event loop back blocks
		// too; the histogram misses a block before its first sample.
		let syncMs = 0
		try {
			const running = job.run(now)
			syncMs = performance.now() - started
			result = await running
		} catch (e) {
			syncMs ||= performance.now() - started
			error = String((e as Error)?.message ?? e)
		}
		const ms = performance.now() - started
		// The loop's last stretch is recorded when it turns again.
		await sleep(20)
		delay.disable()
		const blockMs = Math.max(syncMs, delay.max / 1e6)
		io.out(
			`${JSON.stringify({ job: job.name, ms: Math.round(ms * 10) / 10, blockMs: Math.round(blockMs * 10) / 10, syncMs: Math.round(syncMs * 10) / 10, ok: error === null, result, error })}\n`,
		)
	}
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * `bench:run-job NAME`: makes the scheduled job NAME due now, so the
 * running server's scheduler runs it at its next tick (within 30 s, in the
 * serving process that holds the scheduler's lease, as it runs at night),
 * then watches its row: prints a JSON line when the server has taken the
 * job (`started`) and one when it has finished (`finished`, with the
 * milliseconds from its start to when its lease was seen released, to
 * within 20 ms, and its result). Gives up after 10 minutes.
 */
async function benchRunJob(args: string[], io: CliIo) {
	const name = args[0]
	const names = scheduledJobs.map((j) => j.name)
	if (args.length !== 1 || !names.includes(name!)) {
		throw new CliError(`Usage: node scripts/cli.mjs bench:run-job <${names.join('|')}>`)
	}
	initEnv()
	const db = getDb()
	const marked = new Date()
	const changed = write((tx) =>
		tx.update(scheduledJobRows).set({ nextRunAt: marked }).where(eq(scheduledJobRows.name, name!)).run(),
	).changes
	if (changed !== 1) throw new CliError(`The job ${name} has no row yet: start the server first.`)
	const row = () => db.select().from(scheduledJobRows).where(eq(scheduledJobRows.name, name!)).get()!
	const deadline = Date.now() + 10 * 60_000
	let startedAt: number | null = null
	while (Date.now() < deadline) {
		const job = row()
		const ran = job.lastStartedAt !== null && job.lastStartedAt.getTime() >= marked.getTime()
		if (ran && startedAt === null) {
			startedAt = job.lastStartedAt!.getTime()
			io.out(`${JSON.stringify({ event: 'started', at: new Date(startedAt).toISOString() })}\n`)
		}
		if (ran && job.leaseHolder === null) {
			const ok = job.lastSuccessAt !== null && job.lastSuccessAt.getTime() >= marked.getTime()
			io.out(
				`${JSON.stringify({ event: 'finished', ms: Date.now() - startedAt!, ok, result: ok ? JSON.parse(job.lastResult ?? 'null') : null, error: ok ? null : job.lastError })}\n`,
			)
			return ok ? 0 : 1
		}
		await sleep(20)
	}
	throw new CliError(`The job ${name} did not ${startedAt === null ? 'start' : 'finish'} within 10 minutes.`)
}

const COMMANDS: Record<string, (args: string[], io: CliIo) => Promise<number>> = {
	'admin:create': adminCreate,
	'admin:reset-two-factor': adminResetTwoFactor,
	backup,
	'backup:check': backupCheck,
	restore,
	'bench:seed-users': benchSeedUsers,
	'bench:seed-staff': benchSeedStaff,
	'bench:seed-report': benchSeedReport,
	'bench:seed-traders': benchSeedTraders,
	'bench:seed-watch': benchSeedWatch,
	'bench:seed-outcomes': benchSeedOutcomes,
	'bench:recompute-traders': benchRecomputeTraders,
	'bench:run-job': benchRunJob,
	'bench:seed-growth': benchSeedGrowth,
	'bench:nightly-jobs': benchNightlyJobs,
}

/** Runs one command; resolves with the exit code (messages already written). */
export async function runCli(argv: string[], io: CliIo = defaultIo): Promise<number> {
	const [command, ...args] = argv
	const run = command ? COMMANDS[command] : undefined
	if (!run) {
		io.err(`Unknown command ${JSON.stringify(command ?? '')}: one of ${Object.keys(COMMANDS).join(', ')}\n`)
		return 1
	}
	try {
		return await run(args, io)
	} catch (error) {
		if (error instanceof CliError) {
			io.err(`${error.message}\n`)
			return 1
		}
		io.err(`${command} failed: ${(error as Error)?.message ?? String(error)}\n`)
		return 1
	} finally {
		// No truncating checkpoint: the server may be running beside us.
		closeDb({ checkpoint: false })
		await stopPasswordPool()
	}
}
