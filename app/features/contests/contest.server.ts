import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm'
import { getDb, type Db, type Tx, write } from '#db/client.server.ts'
import { contestParticipants, contests, users, type SelectContest, type SelectContestParticipant } from '#db/schema.ts'
import { LEADERBOARD_SIZE, monthlyContestPrizes, monthlyContestRules } from '#app/content/dashboard.ts'
import { recordAudit, type AuditActor } from '#app/features/audit/audit.server.ts'
import { displayName } from '#app/features/users/user.server.ts'

/**
 * Contests as members see them, and the referral contest's scoring. The
 * admin's contest management (issue 4) builds on the same tables and the
 * same ranking order.
 */

const DAY_MS = 86_400_000

/** "2026-11-21" for a moment, in UTC (contest dates are UTC days). */
export function utcDay(moment: Date) {
	return moment.toISOString().slice(0, 10)
}

/** A contest runs from the start of its start date to the end of its end date (UTC). */
export function contestWindow(contest: Pick<SelectContest, 'startDate' | 'endDate'>) {
	const startsAt = new Date(`${contest.startDate}T00:00:00.000Z`)
	const endsAt = new Date(Date.parse(`${contest.endDate}T00:00:00.000Z`) + DAY_MS)
	return { startsAt, endsAt }
}

/** Whole seconds from `now` to the contest's end, never below zero. */
export function secondsUntilEnd(contest: Pick<SelectContest, 'startDate' | 'endDate'>, now: Date) {
	return Math.max(0, Math.floor((contestWindow(contest).endsAt.getTime() - now.getTime()) / 1000))
}

/**
 * The running referral contest: active, of type referral, and `now` within
 * its dates. With several, the one that started last.
 */
export function getRunningReferralContest(now = new Date(), db: Db | Tx = getDb()) {
	const today = utcDay(now)
	return (
		db
			.select()
			.from(contests)
			.where(
				and(
					eq(contests.status, 'active'),
					eq(contests.type, 'referral'),
					lte(contests.startDate, today),
					gte(contests.endDate, today),
				),
			)
			.orderBy(desc(contests.startDate), desc(contests.id))
			.get() ?? null
	)
}

/**
 * The ranking order: score high to low, then who reached it first, then who
 * joined first. Complete (admin) freezes it into `rank`.
 */
export const rankingOrder = [
	desc(contestParticipants.score),
	asc(contestParticipants.scoredAt),
	asc(contestParticipants.id),
] as const

/**
 * A contest's participants in ranking order, with their name and email, a
 * page at a time. `rank` is the frozen rank once the contest is completed,
 * else the place held now. The member page's top 10 and the admin's
 * participants and leaderboard all read this one query.
 */
export function listRanking(contestId: number, page: { limit: number; offset?: number }, db: Db | Tx = getDb()) {
	const offset = page.offset ?? 0
	return db
		.select({
			id: contestParticipants.id,
			userId: contestParticipants.userId,
			name: users.name,
			email: users.email,
			score: contestParticipants.score,
			rank: contestParticipants.rank,
			joinedAt: contestParticipants.joinedAt,
		})
		.from(contestParticipants)
		.innerJoin(users, eq(users.id, contestParticipants.userId))
		.where(eq(contestParticipants.contestId, contestId))
		.orderBy(...rankingOrder)
		.limit(page.limit)
		.offset(offset)
		.all()
		.map((row, i) => ({ ...row, rank: row.rank ?? offset + i + 1 }))
}

/** The place a participant holds now, in ranking order: 1 + how many rank ahead. */
export function placeInRanking(
	participant: Pick<SelectContestParticipant, 'id' | 'contestId' | 'score' | 'scoredAt'>,
	db: Db | Tx = getDb(),
) {
	const { score, scoredAt, id } = participant
	const at = scoredAt.getTime()
	// Three ranges of the ranking index (contest, score desc, scored_at, id), each read as a range
	// of the index: the rows ahead only, never the whole contest (decision 064).
	const ahead = (where: SQL) =>
		sql`(select count(*) from ${contestParticipants} where ${contestParticipants.contestId} = ${participant.contestId} and ${where})`
	const { n } = db.get<{ n: number }>(sql`select ${ahead(sql`${contestParticipants.score} > ${score}`)}
		+ ${ahead(sql`${contestParticipants.score} = ${score} and ${contestParticipants.scoredAt} < ${at}`)}
		+ ${ahead(sql`${contestParticipants.score} = ${score} and ${contestParticipants.scoredAt} = ${at} and ${contestParticipants.id} < ${id}`)} as n`)
	return n + 1
}

/** How many participants a contest has: the summary column kept by triggers (decision 064), not a count of its rows. */
export function countParticipants(contestId: number, db: Db | Tx = getDb()) {
	return (
		db.select({ count: contests.participantCount }).from(contests).where(eq(contests.id, contestId)).get()?.count ?? 0
	)
}

/**
 * A premium referral made now: the referrer's participant row in the
 * running referral contest is created or raised by one. Runs inside the
 * unlock's transaction. Returns the contest id, or null when no contest is
 * running (or it is full and the referrer is not in it yet).
 */
export function recordContestReferral(tx: Tx, referrerId: number, now: Date) {
	const contest = getRunningReferralContest(now, tx)
	if (!contest) return null
	const existing = tx
		.select({ id: contestParticipants.id })
		.from(contestParticipants)
		.where(and(eq(contestParticipants.contestId, contest.id), eq(contestParticipants.userId, referrerId)))
		.get()
	if (existing) {
		tx.update(contestParticipants)
			.set({ score: sql`${contestParticipants.score} + 1`, scoredAt: now })
			.where(eq(contestParticipants.id, existing.id))
			.run()
		return contest.id
	}
	if (contest.maxParticipants !== null && countParticipants(contest.id, tx) >= contest.maxParticipants) return null
	tx.insert(contestParticipants)
		.values({ contestId: contest.id, userId: referrerId, score: 1, scoredAt: now, joinedAt: now })
		.run()
	return contest.id
}

export type Standing = { userId: number; name: string; score: number; rank: number }

/** The top of a contest in ranking order (frozen ranks once completed). */
export function getContestTop(contestId: number, limit = LEADERBOARD_SIZE): Standing[] {
	return listRanking(contestId, { limit }).map((row) => ({
		userId: row.userId,
		name: displayName(row.name),
		score: row.score,
		rank: row.rank,
	}))
}

/** A member's rank and score in a contest, or null when they have not joined. */
export function getContestStanding(contestId: number, userId: number) {
	const db = getDb()
	const me = db
		.select()
		.from(contestParticipants)
		.where(and(eq(contestParticipants.contestId, contestId), eq(contestParticipants.userId, userId)))
		.get()
	if (!me) return null
	return { rank: me.rank ?? placeInRanking(me, db), score: me.score }
}

function monthBounds(now: Date) {
	const year = now.getUTCFullYear()
	const month = now.getUTCMonth()
	const first = new Date(Date.UTC(year, month, 1))
	const last = new Date(Date.UTC(year, month + 1, 0))
	return { startDate: utcDay(first), endDate: utcDay(last), first }
}

/**
 * Safe to repeat (the seed at start-up, the scheduler's month roll-over):
 * when no referral contest covers any day of the current month, creates
 * this month's one, running from the 1st to the last day (rankings reset
 * on the 1st). With `actor`, the creation is audited in its transaction.
 * Returns the new contest's id, or null when there was one already.
 */
export function ensureMonthlyReferralContest(now = new Date(), actor?: AuditActor) {
	const { startDate, endDate, first } = monthBounds(now)
	return write((tx) => {
		const overlapping = tx
			.select({ id: contests.id })
			.from(contests)
			.where(and(eq(contests.type, 'referral'), lte(contests.startDate, endDate), gte(contests.endDate, startDate)))
			.get()
		if (overlapping) return null
		const month = first.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })
		const created = tx
			.insert(contests)
			.values({
				name: `${month} Referral Contest`,
				description: 'Invite friends: every referral that unlocks premium this month moves you up the ranking.',
				type: 'referral',
				status: 'active',
				startDate,
				endDate,
				prizeFirst: monthlyContestPrizes.first,
				prizeSecond: monthlyContestPrizes.second,
				prizeThird: monthlyContestPrizes.third,
				rules: monthlyContestRules.join('\n'),
				createdAt: now,
				updatedAt: now,
			})
			.returning()
			.get()
		if (actor) {
			recordAudit(
				tx,
				{
					admin: actor,
					action: 'contest.create',
					targetType: 'contest',
					targetId: created.id,
					after: { name: created.name, type: created.type, status: created.status, startDate, endDate },
				},
				now,
			)
		}
		return created.id
	})
}
