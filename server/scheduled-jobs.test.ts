import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import {
	createScheduler,
	lastSchedulerTick,
	promptSchedulers,
	relayJobPrompts,
	runJobSoon,
	SCHEDULER_LEASE_MS,
	SCHEDULER_RUNNER_LEASE_MS,
	type ScheduledJob,
} from '#app/utils/scheduler.server.ts'
import { createLease } from '#app/utils/lease.server.ts'
import { holdJobLeases } from './cli.ts'
import { getDashboardTrends } from '#app/features/stats/stats.server.ts'
import { addUnlockCode } from '#app/features/codes/unlock-code.server.ts'
import { getDb } from '#db/client.server.ts'
import {
	adminSessions,
	admins,
	auditLog,
	contestParticipants,
	contests,
	notifications,
	passwordResetTokens,
	scheduledJobs,
	sessions,
	statsSnapshots,
	systemAlerts,
	unlockCodes,
	users,
} from '#db/schema.ts'
import { alertJobFailure, createPlatformScheduler, nextUtcDay, nextUtcMonth } from './scheduled-jobs.ts'

const at = (iso: string) => new Date(iso)

function clockAt(iso: string) {
	const clock = { now: at(iso), set: (next: string) => (clock.now = at(next)) }
	return clock
}

let userSeq = 0
function member(name: string) {
	userSeq++
	return getDb()
		.insert(users)
		.values({ email: `m${userSeq}@example.com`, passwordHash: 'x', name, referralCode: `REF${userSeq}` })
		.returning()
		.get()
}

function referralContests() {
	return getDb().select().from(contests).where(eq(contests.type, 'referral')).orderBy(contests.startDate).all()
}

/** What a job's last successful run returned (its row's lastResult). */
function jobResult(name: string) {
	const row = getDb().select().from(scheduledJobs).where(eq(scheduledJobs.name, name)).get()!
	return JSON.parse(row.lastResult ?? 'null') as unknown
}

describe('next due times', () => {
	test('the next UTC day and month start exactly at their boundary', () => {
		expect(nextUtcDay(at('2026-11-30T23:59:59.999Z')).toISOString()).toBe('2026-12-01T00:00:00.000Z')
		expect(nextUtcMonth(at('2026-11-30T23:59:59.999Z')).toISOString()).toBe('2026-12-01T00:00:00.000Z')
		expect(nextUtcMonth(at('2026-12-01T00:00:00.000Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z')
		expect(nextUtcMonth(at('2027-12-15T10:00:00Z')).toISOString()).toBe('2028-01-01T00:00:00.000Z')
	})
})

describe('the platform scheduler across a month boundary, without a restart', () => {
	test('November’s contest is completed with frozen ranks and December’s created at the boundary', async () => {
		const clock = clockAt('2026-11-30T23:58:00Z')
		const scheduler = createPlatformScheduler(() => clock.now)
		const first = scheduler.tick()
		expect(first.ran.map((r) => r.name).sort()).toEqual(
			[
				'announcement-delivery',
				'contest-ending-alerts',
				'content-schedule',
				'contest-rollover',
				'contest-results',
				'daily-snapshot',
				'expired-codes',
				'expired-sessions',
				'trader-alerts',
				'traders-recompute',
				'watch-alerts',
			].sort(),
		)
		expect(first.ran.every((r) => r.ok)).toBe(true)
		// The roll-over runs in turns (one contest per turn): it has created November's contest once it settles.
		expect(first.ran.find((r) => r.name === 'contest-rollover')).toMatchObject({ ok: true, running: true })
		await scheduler.idle()
		const [november] = referralContests()
		expect(november).toMatchObject({ name: 'November 2026 Referral Contest', status: 'active' })
		// Three members with scores; a tie is broken by who reached it first.
		const [a, b, c] = [member('Ann'), member('Bob'), member('Cid')]
		getDb()
			.insert(contestParticipants)
			.values([
				{ contestId: november!.id, userId: a.id, score: 3, scoredAt: at('2026-11-10T00:00:00Z') },
				{ contestId: november!.id, userId: b.id, score: 5, scoredAt: at('2026-11-11T00:00:00Z') },
				{ contestId: november!.id, userId: c.id, score: 3, scoredAt: at('2026-11-09T00:00:00Z') },
			])
			.run()

		// Half a minute later, still November: only the every-15-seconds deliveries are due (content-schedule runs every minute).
		clock.set('2026-11-30T23:58:30Z')
		expect(scheduler.tick().ran.map((r) => r.name)).toEqual(['contest-results', 'announcement-delivery'])

		// Past the boundary: the roll-over runs on the next tick.
		clock.set('2026-12-01T00:00:20Z')
		const report = scheduler.tick()
		expect(report.ran.find((r) => r.name === 'contest-rollover')).toMatchObject({ ok: true, running: true })
		await scheduler.idle()
		expect(jobResult('contest-rollover')).toMatchObject({ completed: 1 })
		const [nov, dec] = referralContests()
		expect(nov).toMatchObject({ id: november!.id, status: 'completed' })
		expect(nov!.completedAt?.toISOString()).toBe('2026-12-01T00:00:20.000Z')
		expect(dec).toMatchObject({
			name: 'December 2026 Referral Contest',
			status: 'active',
			startDate: '2026-12-01',
			endDate: '2026-12-31',
		})
		// Both changes are in the audit log, made by the system.
		const audit = getDb()
			.select({ action: auditLog.action, email: auditLog.adminEmail, targetId: auditLog.targetId })
			.from(auditLog)
			.all()
		expect(audit).toEqual(
			expect.arrayContaining([
				{ action: 'contest.complete', email: 'system', targetId: String(november!.id) },
				{ action: 'contest.create', email: 'system', targetId: String(dec!.id) },
			]),
		)
		// The roll-over is next due at the next month's start.
		const row = getDb().select().from(scheduledJobs).where(eq(scheduledJobs.name, 'contest-rollover')).get()!
		expect(row.nextRunAt.toISOString()).toBe('2027-01-01T00:00:00.000Z')
		expect(row.lastSuccessAt?.toISOString()).toBe('2026-12-01T00:00:20.000Z')
		expect(row.leaseHolder).toBeNull()
		// The day's figures were kept for both days.
		const days = getDb().select({ day: statsSnapshots.day }).from(statsSnapshots).all()
		expect(days.map((d) => d.day).sort()).toEqual(['2026-11-30', '2026-12-01'])
		expect(lastSchedulerTick()?.toISOString()).toBe('2026-12-01T00:00:20.000Z')
		// Completing made contest-results due at once (a started scheduler is prompted to tick on the next turn):
		// the next tick freezes each rank and tells the participant.
		const row2 = getDb().select().from(scheduledJobs).where(eq(scheduledJobs.name, 'contest-results')).get()!
		expect(row2.nextRunAt.toISOString()).toBe('2026-12-01T00:00:20.000Z')
		expect(scheduler.tick().ran.map((r) => r.name)).toContain('contest-results')
		await scheduler.idle()
		const ranks = getDb()
			.select({ userId: contestParticipants.userId, rank: contestParticipants.rank })
			.from(contestParticipants)
			.where(eq(contestParticipants.contestId, november!.id))
			.all()
		expect(Object.fromEntries(ranks.map((r) => [r.userId, r.rank]))).toEqual({ [b.id]: 1, [c.id]: 2, [a.id]: 3 })
		const told = getDb()
			.select({ userId: notifications.userId, body: notifications.body })
			.from(notifications)
			.where(eq(notifications.kind, 'contest_result'))
			.all()
		expect(Object.fromEntries(told.map((n) => [n.userId, n.body]))).toEqual({
			[b.id]: 'Your final rank: #1 of 3. See the winners on the contests page.',
			[c.id]: 'Your final rank: #2 of 3. See the winners on the contests page.',
			[a.id]: 'Your final rank: #3 of 3. See the winners on the contests page.',
		})
	})

	test('a contest completed by staff before the boundary is left alone; running twice creates one contest', async () => {
		const clock = clockAt('2026-11-15T12:00:00Z')
		const scheduler = createPlatformScheduler(() => clock.now)
		scheduler.tick()
		await scheduler.idle()
		getDb().update(contests).set({ status: 'completed' }).where(eq(contests.type, 'referral')).run()
		clock.set('2026-12-01T00:00:05Z')
		const report = scheduler.tick()
		expect(report.ran.find((r) => r.name === 'contest-rollover')).toMatchObject({ ok: true, running: true })
		await scheduler.idle()
		expect(jobResult('contest-rollover')).toEqual({ completed: 0, created: expect.any(Number) })
		// A second process's scheduler at the same moment: the job is not due for it any more.
		const other = createPlatformScheduler(() => clock.now)
		expect(other.tick().ran.find((r) => r.name === 'contest-rollover')).toBeUndefined()
		expect(referralContests().filter((c) => c.startDate === '2026-12-01')).toHaveLength(1)
	})

	test('expired member and staff sessions and expired reset tokens are cleaned up; live ones stay', () => {
		const now = at('2026-11-23T10:00:00Z')
		const m = member('Dee')
		const admin = getDb()
			.insert(admins)
			.values({ email: 'a@example.com', name: 'A', passwordHash: 'x', role: 'admin' })
			.returning()
			.get()
		const past = at('2026-11-23T09:00:00Z')
		const future = at('2026-11-24T09:00:00Z')
		getDb()
			.insert(sessions)
			.values([
				{ tokenHash: 'old', userId: m.id, kind: 'web', expiresAt: past },
				{ tokenHash: 'live', userId: m.id, kind: 'web', expiresAt: future },
			])
			.run()
		getDb()
			.insert(adminSessions)
			.values([
				{ tokenHash: 'a-old', adminId: admin.id, kind: 'web', expiresAt: past, lastUsedAt: past },
				{ tokenHash: 'a-live', adminId: admin.id, kind: 'web', expiresAt: future, lastUsedAt: now },
			])
			.run()
		getDb()
			.insert(passwordResetTokens)
			.values([
				{ tokenHash: 'r-old', userId: m.id, expiresAt: past },
				{ tokenHash: 'r-live', userId: m.id, expiresAt: future },
			])
			.run()
		const report = createPlatformScheduler(() => now).tick()
		expect(report.ran.find((r) => r.name === 'expired-sessions')).toMatchObject({
			ok: true,
			result: { memberSessions: 1, staffSessions: 1, resetTokens: 1 },
		})
		expect(getDb().select({ t: sessions.tokenHash }).from(sessions).all()).toEqual([{ t: 'live' }])
		expect(getDb().select({ t: adminSessions.tokenHash }).from(adminSessions).all()).toEqual([{ t: 'a-live' }])
		expect(getDb().select({ t: passwordResetTokens.tokenHash }).from(passwordResetTokens).all()).toEqual([
			{ t: 'r-live' },
		])
	})
})

test('expired codes are cleaned up by the scheduler', () => {
	const now = at('2026-11-23T10:00:00Z')
	addUnlockCode('KEEP-ME')
	addUnlockCode('OLD-CODE', at('2026-11-23T09:00:00Z'))
	const report = createPlatformScheduler(() => now).tick()
	expect(report.ran.find((r) => r.name === 'expired-codes')).toMatchObject({
		ok: true,
		result: { unlockCodesRetired: 1, planCodesDeleted: 0 },
	})
	const rows = getDb().select().from(unlockCodes).all()
	expect(rows.find((r) => r.code === 'OLD-CODE')).toMatchObject({ active: false, retiredByEmail: 'system' })
	expect(rows.find((r) => r.code === 'KEEP-ME')).toMatchObject({ active: true, retiredAt: null })
})

describe('the daily snapshot without anyone on the dashboard', () => {
	test("each UTC day gets its row from the scheduler alone, and the cards' trends read them; a day the server was down stays a gap", () => {
		const clock = clockAt('2026-11-20T10:00:00Z')
		const scheduler = createPlatformScheduler(() => clock.now)
		scheduler.tick()
		member('Ann')
		clock.set('2026-11-21T00:00:10Z')
		scheduler.tick()
		member('Bob')
		// Down from the 22nd until the 23rd, 09:00: the overdue job runs on the first tick after the restart.
		clock.set('2026-11-23T09:00:00Z')
		const restarted = createPlatformScheduler(() => clock.now)
		expect(restarted.tick().ran.find((r) => r.name === 'daily-snapshot')).toMatchObject({
			ok: true,
			result: { recorded: 1 },
		})
		const rows = getDb().select().from(statsSnapshots).orderBy(statsSnapshots.day).all()
		expect(rows.map((r) => [r.day, r.totalUsers])).toEqual([
			['2026-11-20', 0],
			['2026-11-21', 1],
			['2026-11-23', 2],
		])
		// The trends (as of the next day) show the three recorded days and the gap.
		const now = at('2026-11-24T12:00:00Z')
		const trends = getDashboardTrends({ totalUsers: 2, activeContests: 1, platformActivity: 0 }, now)
		expect(trends.totalUsers.slice(-5)).toEqual([
			{ day: '2026-11-20', value: 0 },
			{ day: '2026-11-21', value: 1 },
			{ day: '2026-11-22', value: null },
			{ day: '2026-11-23', value: 2 },
			{ day: '2026-11-24', value: 2 },
		])
	})
})

describe('leases and failures', () => {
	function countingJob(name: string, during?: () => void): ScheduledJob & { runs: number } {
		const job = {
			name,
			description: 'test',
			runs: 0,
			nextRunAt: (now: Date) => new Date(now.getTime() + 60_000),
			run: () => {
				job.runs++
				during?.()
				return { runs: job.runs }
			},
		}
		return job
	}

	test("bench:nightly-jobs holds the jobs' leases: a running scheduler does not run them beside it, then does", async () => {
		const job = countingJob('held-job')
		const scheduler = createScheduler({ jobs: [job], holder: 'process-held' })
		const release = await holdJobLeases(['held-job'], 'bench-test')
		const row = () => getDb().select().from(scheduledJobs).where(eq(scheduledJobs.name, 'held-job')).get()!
		expect(row().leaseHolder).toBe('bench-test')
		expect(row().leaseExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 20 * 60_000)
		expect(scheduler.tick().ran.map((r) => r.name)).toEqual([])
		expect(job.runs).toBe(0)
		release()
		expect(row().leaseHolder).toBeNull()
		expect(scheduler.tick().ran.map((r) => r.name)).toEqual(['held-job'])
		expect(job.runs).toBe(1)
	})

	test('bench:nightly-jobs waits for a job another process runs, and gives up leaving its lease alone', async () => {
		const held = new Date(Date.now() + 60_000)
		getDb()
			.insert(scheduledJobs)
			.values({ name: 'busy-job', nextRunAt: new Date(), leaseHolder: 'server', leaseExpiresAt: held })
			.run()
		await expect(holdJobLeases(['free-job', 'busy-job'], 'bench-test', 300)).rejects.toThrow(
			'A running scheduler kept these jobs for a minute',
		)
		const rows = getDb().select().from(scheduledJobs).all()
		expect(rows.find((r) => r.name === 'busy-job')!.leaseHolder).toBe('server')
		expect(rows.find((r) => r.name === 'free-job')!.leaseHolder).toBeNull()
	})

	test('runJobSoon: the job is due at once and a started scheduler ticks on the next turn, once for several asks', async () => {
		const job = countingJob('soon-job')
		const scheduler = createScheduler({ jobs: [job], holder: 'process-soon' })
		const stop = scheduler.start(3_600_000)
		expect(job.runs).toBe(1)
		// Due a minute from now: the hourly tick would not run it; asked to run soon, it does.
		runJobSoon('soon-job')
		runJobSoon('soon-job')
		expect(
			scheduler
				.status()
				.find((r) => r.name === 'soon-job')!
				.nextRunAt.getTime(),
		).toBeLessThanOrEqual(Date.now())
		await new Promise((resolve) => setImmediate(resolve))
		expect(job.runs).toBe(2)
		// Stopped: asking changes the row but ticks nothing.
		stop()
		runJobSoon('soon-job')
		await new Promise((resolve) => setImmediate(resolve))
		expect(job.runs).toBe(2)
	})

	test('runJobSoon is passed on to the relays (the other serving processes); a relayed prompt ticks a started scheduler', async () => {
		const job = countingJob('relayed-job')
		const scheduler = createScheduler({ jobs: [job], holder: 'process-relay' })
		const stop = scheduler.start(3_600_000)
		expect(job.runs).toBe(1)
		let relayed = 0
		const stopRelay = relayJobPrompts(() => relayed++)
		runJobSoon('relayed-job')
		expect(relayed).toBe(1)
		await new Promise((resolve) => setImmediate(resolve))
		expect(job.runs).toBe(2)
		stopRelay()
		runJobSoon('relayed-job')
		expect(relayed).toBe(1)
		await new Promise((resolve) => setImmediate(resolve))
		expect(job.runs).toBe(3)
		// A prompt from another process (its job row made due there): this process's scheduler ticks.
		getDb().update(scheduledJobs).set({ nextRunAt: new Date() }).where(eq(scheduledJobs.name, 'relayed-job')).run()
		promptSchedulers()
		await new Promise((resolve) => setImmediate(resolve))
		expect(job.runs).toBe(4)
		stop()
	})

	test('a job held by another process is not run twice; a lease left by a dead process expires', () => {
		const now = at('2026-11-23T10:00:00Z')
		const other: { scheduler?: ReturnType<typeof createScheduler> } = {}
		let nestedRan: string[] = []
		// While A runs the job (its lease held), B ticks "at the same moment": B must skip it.
		const job = countingJob('job', () => {
			nestedRan = other.scheduler!.tick().ran.map((r) => r.name)
		})
		const a = createScheduler({ jobs: [job], clock: () => now, holder: 'process-a' })
		other.scheduler = createScheduler({ jobs: [job], clock: () => now, holder: 'process-b' })
		a.tick()
		expect(job.runs).toBe(1)
		expect(nestedRan).toEqual([])

		// A process takes the lease and dies mid-run: nobody runs the job until the lease expires.
		const job2 = countingJob('job2')
		getDb()
			.insert(scheduledJobs)
			.values({
				name: 'job2',
				nextRunAt: now,
				leaseHolder: 'dead-process',
				leaseExpiresAt: new Date(now.getTime() + SCHEDULER_LEASE_MS),
			})
			.run()
		const c = createScheduler({ jobs: [job2], clock: () => now, holder: 'process-c' })
		expect(c.tick().ran).toEqual([])
		const later = createScheduler({
			jobs: [job2],
			clock: () => new Date(now.getTime() + SCHEDULER_LEASE_MS + 1),
			holder: 'process-c',
		})
		expect(later.tick().ran.map((r) => r.name)).toEqual(['job2'])
		expect(job2.runs).toBe(1)
	})

	test('a job that answers a promise runs in the background: it keeps its lease until it settles, then its row is written', async () => {
		const now = at('2026-11-23T10:00:00Z')
		let release: (value: { done: number }) => void = () => {}
		let runs = 0
		const job: ScheduledJob = {
			name: 'long-job',
			description: 'test',
			nextRunAt: (t: Date) => new Date(t.getTime() + 60_000),
			run: () => {
				runs++
				return new Promise((resolve) => (release = resolve))
			},
		}
		const scheduler = createScheduler({ jobs: [job], clock: () => now, holder: 'process-a' })
		expect(scheduler.tick().ran).toEqual([{ name: 'long-job', ok: true, running: true }])
		const row = () => scheduler.status().find((r) => r.name === 'long-job')!
		expect(row()).toMatchObject({ leaseHolder: 'process-a', lastSuccessAt: null })
		// Still running at the next tick: not started twice.
		expect(scheduler.tick().ran).toEqual([])
		expect(runs).toBe(1)
		release({ done: 7 })
		await scheduler.idle()
		expect(row()).toMatchObject({ leaseHolder: null, lastError: null, lastResult: JSON.stringify({ done: 7 }) })
		expect(row().lastSuccessAt?.toISOString()).toBe(now.toISOString())
		expect(row().nextRunAt.toISOString()).toBe('2026-11-23T10:01:00.000Z')

		// A promise that fails: the error is kept and the job is tried again later, like a run that threw.
		const failing: ScheduledJob = { ...job, name: 'failing-job', run: () => Promise.reject(new Error('disk full')) }
		const other = createScheduler({ jobs: [failing], clock: () => now, holder: 'process-b' })
		other.tick()
		await other.idle()
		expect(other.status().find((r) => r.name === 'failing-job')).toMatchObject({
			leaseHolder: null,
			lastError: 'disk full',
		})
	})

	test('one runner among several processes: the lease holder runs the jobs; another takes over once its lease expired', () => {
		const clock = { now: at('2026-11-23T10:00:00Z') }
		const advance = (ms: number) => (clock.now = new Date(clock.now.getTime() + ms))
		const job = countingJob('every-minute')
		const worker = (holder: string) =>
			createScheduler({
				jobs: [job],
				clock: () => clock.now,
				holder,
				runner: createLease({ name: 'scheduler', ttlMs: SCHEDULER_RUNNER_LEASE_MS, holder, clock: () => clock.now }),
			})
		const a = worker('worker-a')
		const b = worker('worker-b')
		expect(a.tick()).toMatchObject({ ran: [{ name: 'every-minute', ok: true }] })
		expect(b.tick()).toMatchObject({ ran: [], standby: true })
		// The job is due again a minute later: A, which renews its lease on every tick, runs it; B stands by.
		advance(60_000)
		expect(b.tick().standby).toBe(true)
		expect(a.tick().ran).toHaveLength(1)
		expect(job.runs).toBe(2)
		// A dies (no more ticks, no release). Until its lease expires, nobody runs the due job.
		advance(60_000)
		expect(b.tick()).toMatchObject({ ran: [], standby: true })
		advance(SCHEDULER_RUNNER_LEASE_MS - 60_000 - 1)
		expect(b.tick().standby).toBe(true)
		expect(job.runs).toBe(2)
		advance(1)
		expect(b.tick()).toMatchObject({ ran: [{ name: 'every-minute', ok: true }] })
		expect(job.runs).toBe(3)
		// A comes back (say it was only stalled): B holds the lease now, A stands by.
		advance(60_000)
		expect(a.tick().standby).toBe(true)
		expect(b.tick().ran).toHaveLength(1)
		// B stops cleanly: it gives the lease up and A takes over at its next tick, no wait.
		b.stop()
		advance(60_000)
		expect(a.tick().ran).toHaveLength(1)
		expect(job.runs).toBe(5)
		expect(lastSchedulerTick()).toEqual(clock.now)
	})

	test('a failing job is logged, retried later rather than on every tick, and raises one alert', () => {
		const clock = clockAt('2026-11-23T10:00:00Z')
		const failing: ScheduledJob = {
			name: 'failing',
			description: 'test',
			nextRunAt: (now) => now,
			run: () => {
				throw new Error('disk on fire')
			},
		}
		const s = createScheduler({ jobs: [failing], clock: () => clock.now, onJobError: alertJobFailure })
		expect(s.tick().ran).toEqual([{ name: 'failing', ok: false, error: 'disk on fire' }])
		clock.set('2026-11-23T10:00:30Z')
		expect(s.tick().ran).toEqual([])
		const row = getDb().select().from(scheduledJobs).where(eq(scheduledJobs.name, 'failing')).get()!
		expect(row.lastError).toBe('disk on fire')
		expect(row.leaseHolder).toBeNull()
		expect(row.nextRunAt.toISOString()).toBe('2026-11-23T10:05:00.000Z')
		const alerts = getDb().select().from(systemAlerts).where(eq(systemAlerts.title, 'Scheduled job failing')).all()
		expect(alerts).toHaveLength(1)
		expect(alerts[0]!.message).toContain('"failing" failed: disk on fire')
	})

	test('a tick with nothing due costs well under 5 ms', () => {
		const clock = clockAt('2026-11-23T10:00:00Z')
		const scheduler = createPlatformScheduler(() => clock.now)
		scheduler.tick()
		// Ten seconds on: nothing is due (the most frequent job, announcement-delivery, runs every 15 s).
		clock.set('2026-11-23T10:00:10Z')
		const times: number[] = []
		for (let i = 0; i < 200; i++) {
			const started = performance.now()
			expect(scheduler.tick().ran).toEqual([])
			times.push(performance.now() - started)
		}
		times.sort((x, y) => x - y)
		expect(times[Math.floor(times.length * 0.95)]).toBeLessThan(5)
	})
})
