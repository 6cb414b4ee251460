import { randomBytes } from 'node:crypto'
import os from 'node:os'
import { and, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm'
import { getDb, write, type Tx } from '#db/client.server.ts'
import { scheduledJobs, type SelectScheduledJob } from '#db/schema.ts'
import { log } from '#app/utils/log.server.ts'
import type { Lease } from './lease.server.ts'

/**
 * The in-process scheduler (docs/decisions/013-staff-tools.md): a timer
 * with a fixed tick; each tick looks at the `scheduled_jobs` rows and runs
 * the jobs that are due. A job runs only in the process that holds its
 * lease (a conditional UPDATE of its row: free or expired, and still due),
 * so two processes on one database never run one job at once, and a
 * process that dies mid-run loses the lease when it expires. Jobs are
 * idempotent besides: a run repeated after a crash changes nothing twice.
 *
 * The clock is injected (`clock`), so tests move it across a month
 * boundary and call `tick()` themselves.
 */

export type JobResult = Record<string, number | string | null>

export type ScheduledJob = {
	name: string
	/** What the job does, for the docs and the log. */
	description: string
	/** When the job is next due after a successful run at `now`. */
	nextRunAt: (now: Date) => Date
	/**
	 * The run. A long job may answer a promise instead (it gives the event
	 * loop back as it goes, so the process keeps serving requests): the tick
	 * does not wait for it; the job keeps its lease until it settles, then
	 * its row is written as for any run.
	 */
	run: (now: Date) => JobResult | Promise<JobResult>
}

export type TickReport = {
	at: Date
	ran: Array<{ name: string; ok: boolean; result?: JobResult; error?: string; running?: true }>
	/** Another process holds the scheduler's lease: this one stood by and ran nothing. */
	standby?: true
}

export const SCHEDULER_TICK_MS = 30_000
/** A lease outlives any run by far; a process that died mid-run frees the job after this. */
export const SCHEDULER_LEASE_MS = 5 * 60_000
/** A failed run is tried again after this (not on every tick). */
export const SCHEDULER_RETRY_MS = 5 * 60_000
/**
 * The scheduler's own lease (app/utils/lease.server.ts), renewed on every
 * tick by the one process that runs it: three ticks, so a holder that died
 * is replaced within two minutes.
 */
export const SCHEDULER_RUNNER_LEASE_MS = 3 * SCHEDULER_TICK_MS

let lastSuccessfulTick: Date | null = null

/** The process's last tick that completed without an error (for /healthz), or null. */
export function lastSchedulerTick() {
	return lastSuccessfulTick
}

/** A process-unique lease holder: host, pid and a random part. */
export function leaseHolderId() {
	return `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`
}

function message(error: unknown) {
	return String((error as Error)?.message ?? error).slice(0, 500)
}

/** The started schedulers of this process (one in a server), told when a job should run at once. */
const prompted = new Set<() => void>()
/** Who passes a prompt on to the other serving processes (server/app.ts: the cluster's primary). */
const relays = new Set<() => void>()

/**
 * Makes a job due now (its row's next run moved to `now`) and asks the
 * started schedulers to tick at once: this process's, and through the
 * relays (`relayJobPrompts`) the other serving processes', since only the
 * one holding the scheduler's lease runs jobs. Work a request started (an
 * announcement published, a contest completed) begins within a moment
 * rather than at the runner's next tick (up to SCHEDULER_TICK_MS later).
 */
export function runJobSoon(name: string, now = new Date()) {
	write((tx) =>
		tx
			.update(scheduledJobs)
			.set({ nextRunAt: now })
			.where(and(eq(scheduledJobs.name, name), gt(scheduledJobs.nextRunAt, now)))
			.run(),
	)
	promptSchedulers()
	for (const relay of relays) relay()
}

/** Asks this process's started schedulers to tick on the next turn (a prompt from another process). */
export function promptSchedulers() {
	for (const prompt of prompted) prompt()
}

/** `relay` is called at every `runJobSoon` of this process; returns the function that stops it. */
export function relayJobPrompts(relay: () => void) {
	relays.add(relay)
	return () => void relays.delete(relay)
}

/** A job's lease is free at `at`: no holder, or the holder's lease has expired. */
function leaseFree(at: Date) {
	return or(isNull(scheduledJobs.leaseHolder), lte(scheduledJobs.leaseExpiresAt, at))
}

/**
 * For work that runs the jobs outside a scheduler (`bench:nightly-jobs`):
 * takes the leases of the jobs named, due or not, for `ttlMs` where they
 * are free (their rows made if missing), in one transaction; answers
 * whether `holder` now holds every one of them. A running scheduler then
 * leaves those jobs alone until `releaseJobLeases`.
 */
export function takeJobLeases(names: string[], holder: string, ttlMs: number, at = new Date()) {
	return write((tx) => {
		ensureJobRows(tx, names, at)
		tx.update(scheduledJobs)
			.set({ leaseHolder: holder, leaseExpiresAt: new Date(at.getTime() + ttlMs) })
			.where(and(inArray(scheduledJobs.name, names), leaseFree(at)))
			.run()
		const held = tx
			.select({ name: scheduledJobs.name })
			.from(scheduledJobs)
			.where(and(inArray(scheduledJobs.name, names), eq(scheduledJobs.leaseHolder, holder)))
			.all()
		return held.length === names.length
	})
}

/** Gives back the leases `holder` has of the jobs named (their rows otherwise unchanged). */
export function releaseJobLeases(names: string[], holder: string) {
	write((tx) => endLeases(tx, names, holder))
}

/** Each job named has its row; a job without one is due at `at`. */
function ensureJobRows(tx: Tx, names: readonly string[], at: Date) {
	for (const name of names) tx.insert(scheduledJobs).values({ name, nextRunAt: at }).onConflictDoNothing().run()
}

/** Ends `holder`'s leases of the jobs named, storing `values` in their rows too. */
function endLeases(tx: Tx, names: readonly string[], holder: string, values: Partial<SelectScheduledJob> = {}) {
	tx.update(scheduledJobs)
		.set({ ...values, leaseHolder: null, leaseExpiresAt: null })
		.where(and(inArray(scheduledJobs.name, names), eq(scheduledJobs.leaseHolder, holder)))
		.run()
}

export type Scheduler = ReturnType<typeof createScheduler>

export function createScheduler({
	jobs,
	clock = () => new Date(),
	holder = leaseHolderId(),
	onJobError,
	runner,
}: {
	jobs: readonly ScheduledJob[]
	clock?: () => Date
	holder?: string
	/**
	 * With several server processes: only the holder of this lease ticks
	 * through the jobs (the others stand by and take over when it expires).
	 */
	runner?: Lease
	/** Called after a job's run failed (the maintenance jobs raise an alert). */
	onJobError?: (job: ScheduledJob, error: unknown, now: Date) => void
}) {
	const byName = new Map(jobs.map((j) => [j.name, j]))
	let registered = false
	let timer: NodeJS.Timeout | undefined

	/** Each job has its row; a new job is due at once. */
	function register(now: Date) {
		write((tx) => ensureJobRows(tx, [...byName.keys()], now))
		registered = true
	}

	/** Takes the job's lease when it is due and free (or its holder's lease expired). */
	function acquire(name: string, now: Date) {
		return (
			write((tx) =>
				tx
					.update(scheduledJobs)
					.set({
						leaseHolder: holder,
						leaseExpiresAt: new Date(now.getTime() + SCHEDULER_LEASE_MS),
						lastStartedAt: now,
					})
					.where(and(eq(scheduledJobs.name, name), lte(scheduledJobs.nextRunAt, now), leaseFree(now)))
					.run(),
			).changes === 1
		)
	}

	function finish(name: string, values: Partial<SelectScheduledJob>) {
		write((tx) => endLeases(tx, [name], holder, values))
	}

	/** Jobs still running in the background (their promise not settled yet). */
	const inFlight = new Set<Promise<void>>()

	function succeeded(job: ScheduledJob, now: Date, result: JobResult, started: number) {
		finish(job.name, {
			nextRunAt: job.nextRunAt(now),
			lastSuccessAt: now,
			lastError: null,
			lastResult: JSON.stringify(result),
		})
		log('scheduler.job', { job: job.name, ms: Math.round(performance.now() - started), ...result })
	}

	function failed(job: ScheduledJob, now: Date, error: unknown) {
		const text = message(error)
		finish(job.name, { nextRunAt: new Date(now.getTime() + SCHEDULER_RETRY_MS), lastError: text })
		log('scheduler.job_failed', { job: job.name, error: text }, 'error')
		try {
			onJobError?.(job, error, now)
		} catch (failure) {
			log('scheduler.job_failed', { job: job.name, error: message(failure) }, 'error')
		}
		return text
	}

	function runJob(job: ScheduledJob, now: Date): TickReport['ran'][number] {
		const started = performance.now()
		try {
			const result = job.run(now)
			if (result instanceof Promise) {
				const settled = result
					.then(
						(value) => succeeded(job, now, value, started),
						(error: unknown) => void failed(job, now, error),
					)
					.catch((error: unknown) => {
						// The row could not be written (the database closed at shutdown): the lease expires.
						log('scheduler.job_failed', { job: job.name, error: message(error) }, 'error')
					})
					.finally(() => inFlight.delete(settled))
				inFlight.add(settled)
				return { name: job.name, ok: true, running: true }
			}
			succeeded(job, now, result, started)
			return { name: job.name, ok: true, result }
		} catch (error) {
			return { name: job.name, ok: false, error: failed(job, now, error) }
		}
	}

	/** Resolves once every job running in the background has settled (tests, shutdown). */
	async function idle() {
		while (inFlight.size > 0) await Promise.all([...inFlight])
	}

	/**
	 * One tick: one read of the jobs' rows; for each due job, its lease,
	 * its run, its next due time. Nothing due costs that one read.
	 */
	function tick(): TickReport {
		const now = clock()
		const report: TickReport = { at: now, ran: [] }
		try {
			if (runner && !runner.hold()) {
				// Alive and standing by; the database answered the lease.
				lastSuccessfulTick = now
				report.standby = true
				return report
			}
			if (!registered) register(now)
			const due = getDb()
				.select({ name: scheduledJobs.name })
				.from(scheduledJobs)
				.where(lte(scheduledJobs.nextRunAt, now))
				.all()
			for (const { name } of due) {
				const job = byName.get(name)
				// A row of a job this build no longer has, or a job another process holds.
				if (!job || !acquire(name, now)) continue
				report.ran.push(runJob(job, now))
			}
			lastSuccessfulTick = now
		} catch (error) {
			// The database was busy or unavailable: the next tick tries again.
			log('scheduler.tick_failed', { error: message(error) }, 'warn')
		}
		return report
	}

	/** Ticks now and then every `tickMs`; returns the stop function. */
	function start(tickMs = SCHEDULER_TICK_MS) {
		tick()
		timer = setInterval(tick, tickMs)
		timer.unref()
		prompted.add(prompt)
		return stop
	}

	/** A tick on the next turn (after the request's own work), once however often it is asked for meanwhile. */
	let prompting = false
	function prompt() {
		if (prompting) return
		prompting = true
		setImmediate(() => {
			prompting = false
			tick()
		})
	}

	function stop() {
		prompted.delete(prompt)
		if (timer) clearInterval(timer)
		timer = undefined
		// Another process takes over at its next tick rather than after the lease's expiry.
		runner?.release()
	}

	/** The jobs' rows (the docs and tests read them). */
	function status() {
		return getDb().select().from(scheduledJobs).all()
	}

	return { tick, start, stop, status, holder, idle }
}
