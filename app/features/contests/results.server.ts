import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm'
import { getDb, write, type Db, type Tx } from '#db/client.server.ts'
import { contestParticipants, contests } from '#db/schema.ts'
import { notifyContestResults } from '#app/features/notifications/member-notifications.server.ts'
import { pendingNotificationMails } from '#app/features/notifications/notifications.server.ts'
import { REST_FACTOR } from '#app/utils/turns.server.ts'

/**
 * A completed contest's results (decision 066). Completing freezes every
 * participant's rank in one statement, in the completion's transaction;
 * telling the members (an inbox row each, and a mail when they want it)
 * is the scheduler's `contest-results` job, in batches from a durable
 * cursor on the contest: a contest of 12,500 participants neither blocks
 * the process for seconds nor queues 12,500 mails in memory, and a
 * restart goes on from the last member told.
 */

export const CONTEST_RESULTS_JOB = 'contest-results'
/** Members told per transaction (about 15 ms of inbox rows). */
export const RESULTS_BATCH = 50
/** A run goes on for up to this long; the next run goes on from the cursor. */
export const RESULTS_RUN_MS = 2 * 60_000
/**
 * Mails waiting in the notification queue (sent two at a time) beyond
 * which a run waits before its next batch: the queue stays small whatever
 * the contest's size, and no member's inbox row runs far ahead of the mail.
 */
export const RESULTS_MAIL_BACKLOG = 200

/**
 * Writes each participant's final rank in the ranking order (score, then
 * who reached it first, then who joined first; `rankingOrder`), in one
 * statement of the caller's transaction. Answers how many were ranked.
 */
export function freezeRanks(tx: Tx, contestId: number): number {
	return tx.run(sql`
		update ${contestParticipants} set rank = ranked.place
		from (
			select id, row_number() over (order by score desc, scored_at asc, id asc) as place
			from ${contestParticipants} where contest_id = ${contestId}
		) as ranked
		where ${contestParticipants.id} = ranked.id`).changes
}

/** The first `limit` of a completed contest's frozen ranks, by the rank index. */
export function topRanks(db: Db | Tx, contestId: number, limit: number) {
	return db
		.select({ userId: contestParticipants.userId, score: contestParticipants.score, rank: contestParticipants.rank })
		.from(contestParticipants)
		.where(and(eq(contestParticipants.contestId, contestId), gt(contestParticipants.rank, 0)))
		.orderBy(asc(contestParticipants.rank))
		.limit(limit)
		.all()
}

/** The oldest completed contest whose members are not all told yet. */
function nextContestToTell(db: Db | Tx) {
	return db
		.select({
			id: contests.id,
			name: contests.name,
			resultsTotal: contests.resultsTotal,
			resultsCursor: contests.resultsCursor,
		})
		.from(contests)
		.where(and(eq(contests.status, 'completed'), isNull(contests.resultsFinishedAt)))
		.orderBy(asc(contests.completedAt), asc(contests.id))
		.limit(1)
		.get()
}

/**
 * Tells the next RESULTS_BATCH members of the oldest contest with results
 * to deliver their final rank, and moves its cursor, in one transaction.
 * Null when there is nothing to tell.
 */
export function deliverContestResultsBatch(now = new Date()) {
	return write((tx) => {
		const contest = nextContestToTell(tx)
		if (!contest) return null
		const batch = tx
			.select({ userId: contestParticipants.userId, rank: sql<number>`${contestParticipants.rank}` })
			.from(contestParticipants)
			.where(and(eq(contestParticipants.contestId, contest.id), gt(contestParticipants.rank, contest.resultsCursor)))
			.orderBy(asc(contestParticipants.rank))
			.limit(RESULTS_BATCH)
			.all()
		notifyContestResults(tx, contest, batch, contest.resultsTotal, now)
		tx.update(contests)
			.set({
				resultsCursor: batch.at(-1)?.rank ?? contest.resultsCursor,
				resultsFinishedAt: batch.length < RESULTS_BATCH ? now : null,
			})
			.where(eq(contests.id, contest.id))
			.run()
		return { contestId: contest.id, told: batch.length }
	})
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The scheduler's `contest-results`: batches until every completed
 * contest's members are told, for up to RESULTS_RUN_MS; after each batch
 * a rest twice as long as it took (the process keeps serving), and a wait
 * while the mail queue holds RESULTS_MAIL_BACKLOG or more. Nothing to do
 * is answered at once.
 */
export function runContestResults(now: Date) {
	const totals = { batches: 0, told: 0 }
	if (!nextContestToTell(getDb())) return totals
	const started = performance.now()
	const at = () => new Date(now.getTime() + Math.round(performance.now() - started))
	return (async () => {
		while (performance.now() - started < RESULTS_RUN_MS) {
			if (pendingNotificationMails() >= RESULTS_MAIL_BACKLOG) {
				await sleep(100)
				continue
			}
			const batchStarted = performance.now()
			const report = deliverContestResultsBatch(at())
			if (!report) break
			totals.batches++
			totals.told += report.told
			await sleep(Math.ceil((performance.now() - batchStarted) * REST_FACTOR))
		}
		return totals
	})()
}
