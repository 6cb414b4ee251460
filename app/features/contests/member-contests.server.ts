import { and, desc, eq, gte, inArray, lte, or, sql } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { contests, type SelectContest } from '#db/schema.ts'
import type { MemberContests } from '#app/features/contests/responses.server.ts'
import { LEADERBOARD_SIZE, monthlyContestPrizes } from '#app/content/dashboard.ts'
import { DATA_SCORED_TYPES, type DataScoredType } from './scoring.server.ts'
import {
	contestWindow,
	countParticipants,
	getContestStanding,
	getContestTop,
	getRunningReferralContest,
	listRanking,
	secondsUntilEnd,
	utcDay,
} from './contest.server.ts'
import { displayName } from '#app/features/users/user.server.ts'

/**
 * /dashboard/contests beyond the monthly referral contest: the deposit,
 * trading and activity contests a member takes part in (every unlocked
 * member does), and the recently completed contests with their frozen
 * winners (docs/decisions/021-contest-scoring.md).
 */

const DAY_MS = 86_400_000
/** Completed contests stay on the page this long after completion. */
export const COMPLETED_SHOWN_DAYS = 90
/** How many of them every member sees (plus the ones they took part in). */
export const COMPLETED_SHOWN = 3

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })

function dates(contest: Pick<SelectContest, 'startDate' | 'endDate'>) {
	const { startsAt, endsAt } = contestWindow(contest)
	// The last day of the contest (it ends at midnight UTC after it).
	return { starts: dateFormat.format(startsAt), ends: dateFormat.format(new Date(endsAt.getTime() - 1)) }
}

function prizesOf(contest: SelectContest) {
	return [contest.prizeFirst, contest.prizeSecond, contest.prizeThird]
}

const rankingRow = (userId: number) => (row: { rank: number; name: string; score: number; userId: number }) => ({
	rank: row.rank,
	name: displayName(row.name),
	score: row.score,
	me: row.userId === userId,
})

/**
 * Active deposit, trading and activity contests that have started, ending
 * soonest first, each with the member's standing (null until they score),
 * the top 10 and the time left. One that has ended but is not completed
 * yet is still listed (its last reports may still come), with 0 seconds.
 */
export function listRunningDataContests(userId: number, now = new Date()) {
	const db = getDb()
	const rows = db
		.select()
		.from(contests)
		.where(
			and(
				eq(contests.status, 'active'),
				inArray(contests.type, [...DATA_SCORED_TYPES]),
				lte(contests.startDate, utcDay(now)),
			),
		)
		.orderBy(contests.endDate, contests.id)
		.all()
	return rows.map((contest) => {
		const participants = contest.participantCount
		const me = getContestStanding(contest.id, userId)
		return {
			id: contest.id,
			name: contest.name,
			description: contest.description,
			type: contest.type as DataScoredType,
			...dates(contest),
			secondsLeft: secondsUntilEnd(contest, now),
			ended: utcDay(now) > contest.endDate,
			prizes: prizesOf(contest),
			rules: contest.rules
				.split('\n')
				.map((r) => r.trim())
				.filter(Boolean),
			participants,
			full: me === null && contest.maxParticipants !== null && participants >= contest.maxParticipants,
			me,
			top: listRanking(contest.id, { limit: LEADERBOARD_SIZE }, db).map(rankingRow(userId)),
		}
	})
}

/**
 * Contests completed in the last COMPLETED_SHOWN_DAYS days, newest first:
 * the latest COMPLETED_SHOWN, and any the member took part in, each with
 * its frozen top 3 and their prizes, and the member's own final rank.
 */
export function listRecentlyCompleted(userId: number, now = new Date()) {
	const db = getDb()
	const since = new Date(now.getTime() - COMPLETED_SHOWN_DAYS * DAY_MS)
	const recent = and(eq(contests.status, 'completed'), gte(contests.completedAt, since))
	const latest = db
		.select({ id: contests.id })
		.from(contests)
		.where(recent)
		.orderBy(desc(contests.completedAt), desc(contests.id))
		.limit(COMPLETED_SHOWN)
		.all()
		.map((c) => c.id)
	// Written out in full: drizzle leaves a column of a single-table query unqualified.
	const mine = sql`exists (select 1 from "contest_participants" as "cp" where "cp"."contest_id" = "contests"."id" and "cp"."user_id" = ${userId})`
	const rows = db
		.select()
		.from(contests)
		.where(and(recent, or(latest.length ? inArray(contests.id, latest) : sql`0`, mine)))
		.orderBy(desc(contests.completedAt), desc(contests.id))
		.all()
	return rows.map((contest) => {
		const prizes = prizesOf(contest)
		return {
			id: contest.id,
			name: contest.name,
			type: contest.type,
			...dates(contest),
			winners: listRanking(contest.id, { limit: 3 }, db).map((row) => ({
				...rankingRow(userId)(row),
				prize: prizes[row.rank - 1] ?? null,
			})),
			me: getContestStanding(contest.id, userId),
		}
	})
}

/**
 * Everything /dashboard/contests shows (the page and GET /api/member/contests):
 * the running monthly referral contest (null when none runs) with the
 * member's standing and the top 10, the running data-scored contests and
 * the recent winners.
 */
export function getMemberContests(userId: number, now = new Date()): MemberContests {
	const others = { dataContests: listRunningDataContests(userId, now), completed: listRecentlyCompleted(userId, now) }
	const contest = getRunningReferralContest(now)
	if (!contest) return { contest: null, me: null, top: [], ...others }
	return {
		contest: {
			id: contest.id,
			name: contest.name,
			description: contest.description,
			...dates(contest),
			secondsLeft: secondsUntilEnd(contest, now),
			prizes: [
				{ place: '1st', prize: contest.prizeFirst },
				...(contest.prizeSecond ? [{ place: '2nd', prize: contest.prizeSecond }] : []),
				...(contest.prizeThird ? [{ place: '3rd', prize: contest.prizeThird }] : []),
				{ place: '4th to 10th', prize: monthlyContestPrizes.fourthToTenth },
			],
			rules: contest.rules
				.split('\n')
				.map((r) => r.trim())
				.filter(Boolean),
			participants: countParticipants(contest.id),
		},
		me: getContestStanding(contest.id, userId),
		top: getContestTop(contest.id).map((s) => ({
			rank: s.rank,
			name: s.name,
			score: s.score,
			me: s.userId === userId,
		})),
		...others,
	}
}
