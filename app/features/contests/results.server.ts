import { setTimeout as sleep } from 'node:timers/promises'
import { and, asc, desc, eq, gt, isNull, lt, lte, type SQL } from 'drizzle-orm'
import { getDb, write, type Db, type Tx } from '#db/client.server.ts'
import { contestParticipants, contests } from '#db/schema.ts'
import { notifyContestResult } from '#app/features/notifications/member-notifications.server.ts'
import { pendingNotificationMails } from '#app/features/notifications/notifications.server.ts'
import { REST_FACTOR, TURN_MS } from '#app/utils/turns.server.ts'
import { rankingOrder } from './contest.server.ts'

/**
 * A completed contest's results (decision 066). Completing marks the
 * contest completed, which freezes its ranking order (only active
 * contests are rescored); the scheduler's `contest-results` job then walks
 * that order in batches from a durable cursor on the contest, writing each
 * participant's `rank` and telling them (an inbox row, and a mail when
 * they want it). Until their row is reached, readers show the same place
 * from the order (`rank ?? place`). A contest of 12,500 participants
 * neither blocks the process nor queues 12,500 mails in memory, and a
 * restart goes on from the last member told.
 */

export const CONTEST_RESULTS_JOB = 'contest-results'
/** Members told per transaction at most (fewer when a turn, TURN_MS, is used up first). */
export const RESULTS_BATCH = 50
/** A run goes on for up to this long; the next run goes on from the cursor. */
export const RESULTS_RUN_MS = 2 * 60_000
/**
 * Mails waiting in the notification queue (sent two at a time) beyond
 * which a run waits before its next batch: the queue stays small whatever
 * the contest's size, and no member's inbox row runs far ahead of the mail.
 */
export const RESULTS_MAIL_BACKLOG = 200

/** A participant's place in the ranking order, where the next batch starts after. */
type Position = { id: number; score: number; scoredAt: Date }

const rankingColumns = {
	id: contestParticipants.id,
	userId: contestParticipants.userId,
	score: contestParticipants.score,
	scoredAt: contestParticipants.scoredAt,
}

/**
 * The last participant given a rank at or before `cursor` (the one given
 * `cursor`, unless they left meanwhile), by the rank index.
 */
function lastRanked(tx: Tx, contestId: number, cursor: number): Position | null {
	if (cursor === 0) return null
	return (
		tx
			.select({ id: contestParticipants.id, score: contestParticipants.score, scoredAt: contestParticipants.scoredAt })
			.from(contestParticipants)
			.where(
				and(
					eq(contestParticipants.contestId, contestId),
					gt(contestParticipants.rank, 0),
					lte(contestParticipants.rank, cursor),
				),
			)
			.orderBy(desc(contestParticipants.rank))
			.limit(1)
			.get() ?? null
	)
}

/**
 * The next `limit` participants in the ranking order after `after` (from
 * the top without it): three ranges of the ranking index (the same score
 * and time with a later id, the same score reached later, a lower score),
 * each read from its start, never the rows already told.
 */
function nextInRanking(tx: Tx, contestId: number, after: Position | null, limit: number) {
	const inContest = eq(contestParticipants.contestId, contestId)
	const range = (where: SQL | undefined, n: number) =>
		tx
			.select(rankingColumns)
			.from(contestParticipants)
			.where(and(inContest, where))
			.orderBy(...rankingOrder)
			.limit(n)
			.all()
	if (!after) return range(undefined, limit)
	const rows = []
	for (const where of [
		and(
			eq(contestParticipants.score, after.score),
			eq(contestParticipants.scoredAt, after.scoredAt),
			gt(contestParticipants.id, after.id),
		),
		and(eq(contestParticipants.score, after.score), gt(contestParticipants.scoredAt, after.scoredAt)),
		lt(contestParticipants.score, after.score),
	]) {
		rows.push(...range(where, limit - rows.length))
		if (rows.length === limit) break
	}
	return rows
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
 * Freezes the rank of the next participants of the oldest contest with
 * results to deliver, in the ranking order, and tells each their final
 * rank, in one transaction: up to RESULTS_BATCH of them, fewer when that
 * takes more than a turn (TURN_MS). Moves the contest's cursor. Null when
 * there is nothing to tell.
 */
export function deliverContestResultsBatch(now = new Date(), clock: () => number = () => performance.now()) {
	return write((tx) => {
		const contest = nextContestToTell(tx)
		if (!contest) return null
		const started = clock()
		const batch = nextInRanking(tx, contest.id, lastRanked(tx, contest.id, contest.resultsCursor), RESULTS_BATCH)
		let rank = contest.resultsCursor
		for (const participant of batch) {
			rank++
			tx.update(contestParticipants).set({ rank }).where(eq(contestParticipants.id, participant.id)).run()
			notifyContestResult(tx, contest, { userId: participant.userId, rank }, contest.resultsTotal, now)
			if (clock() - started >= TURN_MS) break
		}
		const told = rank - contest.resultsCursor
		tx.update(contests)
			.set({
				resultsCursor: rank,
				resultsFinishedAt: batch.length < RESULTS_BATCH && told === batch.length ? now : null,
			})
			.where(eq(contests.id, contest.id))
			.run()
		return { contestId: contest.id, told }
	})
}

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
