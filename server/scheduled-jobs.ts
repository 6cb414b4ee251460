import { setImmediate as nextTurn } from 'node:timers/promises'
import { and, eq, lt } from 'drizzle-orm'
import { memberAuth } from '#app/auth/member.server.ts'
import { staffAuth } from '#app/auth/staff.server.ts'
import { completeContest } from '#app/features/contests/admin-contests.server.ts'
import { recordDailySnapshot } from '#app/features/stats/stats.server.ts'
import { checkContestAlerts, raiseAlert } from '#app/features/alerts/alerts.server.ts'
import { SYSTEM_ACTOR } from '#app/features/audit/audit.server.ts'
import { ensureMonthlyReferralContest, utcDay } from '#app/features/contests/contest.server.ts'
import { CONTEST_RESULTS_JOB, runContestResults } from '#app/features/contests/results.server.ts'
import { deleteExpiredResetTokens } from '#app/features/auth/password-reset.server.ts'
import { cleanUpExpiredCodes } from '#app/features/codes/plan-codes.server.ts'
import { checkTraderAlertsInTurns, recomputeAllTradersInTurns } from '#app/features/traders/jobs.server.ts'
import { watchAlertPass } from '#app/features/watchlist/alerts.server.ts'
import { runContentSchedule } from '#app/features/content/kinds.server.ts'
import { ANNOUNCEMENT_DELIVERY_JOB, runAnnouncementDelivery } from '#app/features/content/announcements.server.ts'
import type { Lease } from '#app/utils/lease.server.ts'
import { createScheduler, type ScheduledJob } from '#app/utils/scheduler.server.ts'
import { deleteExpiredPendingSignIns } from '#app/features/staff/two-factor.server.ts'
import { getDb } from '#db/client.server.ts'
import { contests } from '#db/schema.ts'

/**
 * The platform's scheduled work (docs/decisions/013-staff-tools.md), run
 * by the scheduler of app/utils/scheduler.server.ts. Each job is
 * idempotent: run twice at one moment, the second run finds nothing to do.
 */

const HOUR_MS = 60 * 60 * 1000

/** The next UTC midnight after `now`. */
export function nextUtcDay(now: Date) {
	return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1))
}

/** The first moment of the next UTC month after `now`. */
export function nextUtcMonth(now: Date) {
	return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))
}

const hourly = (now: Date) => new Date(now.getTime() + HOUR_MS)

/**
 * The monthly referral contest roll-over: every active referral contest
 * whose last day is over is completed (ranks frozen, audited as the
 * system), then this month's contest is created when there is none.
 *
 * Each contest is completed in a turn of the event loop of its own, and the
 * new one created in another: the job runs once a month, its code cold, and
 * done in one go it held the serving process's loop 20 to 65 ms with five
 * ended contests (the growth bench, decision 064).
 */
export async function rollOverReferralContest(now: Date) {
	const ended = getDb()
		.select({ id: contests.id })
		.from(contests)
		.where(and(eq(contests.type, 'referral'), eq(contests.status, 'active'), lt(contests.endDate, utcDay(now))))
		.all()
	let completed = 0
	for (const { id } of ended) {
		await nextTurn()
		// A contest completed meanwhile (by staff) is a 409: nothing to do.
		if (completeContest(SYSTEM_ACTOR, id, now).ok) completed++
	}
	await nextTurn()
	const created = ensureMonthlyReferralContest(now, SYSTEM_ACTOR)
	return { completed, created }
}

export const scheduledJobs: readonly ScheduledJob[] = [
	{
		name: 'contest-rollover',
		description: 'Completes the ended month’s referral contest with frozen ranks and creates the next one.',
		nextRunAt: nextUtcMonth,
		run: rollOverReferralContest,
	},
	{
		name: CONTEST_RESULTS_JOB,
		description:
			'Tells each participant of a completed contest their final rank (an inbox notification, and a mail when they allow it), in batches of 50 by rank from the contest’s cursor, a rest twice as long after each, waiting while 200 mails are queued; up to 2 minutes a run, the next run goes on (decision 066). Completing a contest makes it due at once.',
		// Every 15 seconds (the scheduler ticks every 30): a run goes on for up to 2 minutes, the next one from the cursor.
		nextRunAt: (now) => new Date(now.getTime() + 15_000),
		run: (now) => runContestResults(now),
	},
	{
		name: 'contest-ending-alerts',
		description: 'Raises a warning for each active contest ending within 3 days; resolves those that ended.',
		nextRunAt: hourly,
		run: (now) => checkContestAlerts(now),
	},
	{
		name: 'expired-sessions',
		description:
			'Deletes expired member and staff sessions, expired password reset tokens and expired staff sign-ins waiting for their second factor.',
		nextRunAt: hourly,
		run: (now) => ({
			memberSessions: memberAuth.sessions.deleteExpired(now),
			staffSessions: staffAuth.sessions.deleteExpired(now),
			resetTokens: deleteExpiredResetTokens(now),
			pendingStaffSignIns: deleteExpiredPendingSignIns(now),
		}),
	},
	{
		name: 'expired-codes',
		description:
			'Marks unlock codes past their expiry retired; deletes unused plan codes that expired more than 90 days ago.',
		nextRunAt: hourly,
		run: cleanUpExpiredCodes,
	},
	{
		name: 'traders-recompute',
		description:
			'Recomputes every trader’s figures from their statements (one trader per transaction, in turns of about 10 ms with rests twice as long, so the process keeps serving requests) and raises the staff alerts: red flags newly raised, reviews due, statements more than 7 days old.',
		nextRunAt: nextUtcDay,
		run: (now) => recomputeAllTradersInTurns(now),
	},
	{
		name: 'watch-alerts',
		description:
			'Tells the members who watch a trader what changed after a statement, the nightly recompute or a review move: a drawdown beyond their alert, the risk score up by 2, a red flag, a move to watch, suspended or retired, statements more than 14 days old (once each).',
		// Every 2 minutes: a statement's news reaches the watchers within minutes.
		nextRunAt: (now) => new Date(now.getTime() + 2 * 60_000),
		run: (now) => watchAlertPass(now),
	},
	{
		name: 'trader-alerts',
		description:
			'Raises a warning for each listed or watch trader whose review is due or whose statements are more than 7 days old; resolves those that no longer are.',
		nextRunAt: hourly,
		run: (now) => checkTraderAlertsInTurns(now),
	},
	{
		name: 'content-schedule',
		description:
			'Publishes the staff-run content whose publish date has come and expires what is past its expiry (promotions; decision 062), audited as the system.',
		// Every minute: members' reads check the expiry by the clock anyway.
		nextRunAt: (now) => new Date(now.getTime() + 60_000),
		run: (now) => runContentSchedule(now),
	},
	{
		name: ANNOUNCEMENT_DELIVERY_JOB,
		description:
			'Sends the published announcements: inbox notifications in batches of 100 members by id (one transaction each, a rest twice as long after each), then a mail to each member who allows announcement mails, at most ANNOUNCEMENT_MAILS_PER_SECOND; up to 2 minutes a run, the next run goes on (decision 062). Publishing makes it due at once.',
		// Every 15 seconds (the scheduler ticks every 30): a run goes on for up to 2 minutes, the next one from where it stopped.
		nextRunAt: (now) => new Date(now.getTime() + 15_000),
		run: (now) => runAnnouncementDelivery(now),
	},
	{
		name: 'daily-snapshot',
		description: 'Keeps the day’s dashboard figures (the admin dashboard compares with them).',
		nextRunAt: nextUtcDay,
		run: (now) => ({ recorded: recordDailySnapshot(now) ? 1 : 0 }),
	},
]

/** A failing job raises an error alert, at most one per job and clock hour. */
export function alertJobFailure(job: ScheduledJob, error: unknown, now: Date) {
	raiseAlert(
		{
			type: 'error',
			title: 'Scheduled job failing',
			message: `The scheduled job "${job.name}" failed: ${String((error as Error)?.message ?? error).slice(0, 200)}. It is tried again in 5 minutes; see the log (event scheduler.job_failed).`,
			dedupeKey: `job-failure:${job.name}:${now.toISOString().slice(0, 13)}`,
		},
		now,
	)
}

/**
 * The server's scheduler: these jobs, the real clock; with `runner`, only
 * the process holding that lease runs them (several server processes).
 */
export function createPlatformScheduler(clock?: () => Date, runner?: Lease) {
	return createScheduler({ jobs: scheduledJobs, clock, onJobError: alertJobFailure, runner })
}
