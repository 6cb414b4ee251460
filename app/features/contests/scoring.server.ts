import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { Tx } from '#db/client.server.ts'
import { contests, memberActivityDays } from '#db/schema.ts'
import type { ContestType } from '#app/domain/enums.ts'
import { contestWindow } from './contest.server.ts'

/**
 * Deposit, trading and activity contests are scored from data
 * (docs/decisions/021-contest-scoring.md); referral contests keep their own
 * scoring (recordContestReferral). A contest's participants are exactly the
 * eligible members (unlocked, status active, not closed) whose score is above 0, and
 * their score is always a function of the data within the contest's dates:
 *
 * - deposit: the deposits of applied (not reversed) broker reports whose
 *   month overlaps the contest's dates, in whole US dollars (rounded down);
 * - trading: the same with the traded volume;
 * - activity: ACTIVITY_POINTS per distinct UTC sign-in day, per lesson
 *   completed and per premium referral credited within the dates.
 *
 * Only active contests are scored: a draft has not started, a paused one
 * keeps its scores until it is resumed (resuming rescores it), a completed
 * one has frozen ranks. An active contest is scored whatever its dates
 * (the data counted is bounded by them): a deposit contest that ended but
 * is not completed yet still takes the report of its last month.
 */

/** The contest types scored here. */
export const DATA_SCORED_TYPES = ['deposit', 'trading', 'activity'] as const satisfies readonly ContestType[]
export type DataScoredType = (typeof DATA_SCORED_TYPES)[number]

export function isDataScored(type: ContestType): type is DataScoredType {
	return (DATA_SCORED_TYPES as readonly ContestType[]).includes(type)
}

/** The activity score's weights (shown on the contest page). */
export const ACTIVITY_POINTS = { signInDay: 1, lesson: 2, referral: 5 } as const

export type RescoreScope = {
	types: ContestType[]
	/** Only these members' rows (an import's members, the member who signed in); all members when absent. */
	userIds?: number[]
	/** Only this contest (its start, resume or edit). */
	contestId?: number
}

type ScoredContest = {
	id: number
	type: DataScoredType
	startDate: string
	endDate: string
	maxParticipants: number | null
}

/**
 * The rows of `table` (as `alias`) to score: every row, or with a member
 * list the rows of those members only, reached from the list (`cross join`:
 * SQLite keeps that order, so each member's rows are read through the
 * table's member index, never a status or date index that spans everyone).
 * `memberIndex` names that index where the planner would otherwise prefer
 * one with more terms: referral credits' (status, counted date) index
 * matches three terms, but spans every member's credits in the contest's
 * dates (found at 1,000,000 members, decision 064).
 */
function memberRows(table: string, alias: string, column: string, userIds: string | null, memberIndex?: string): SQL {
	const rows = sql.raw(`${table} ${alias}`)
	return userIds === null
		? rows
		: sql`json_each(${userIds}) as m cross join ${rows}${sql.raw(memberIndex ? ` indexed by ${memberIndex}` : '')} on ${sql.raw(`${alias}.${column}`)} = m.value`
}

/** `column in (the scope's members)`, one JSON parameter however many members, or nothing without a member list. */
function memberFilter(column: SQL, userIds: string | null) {
	return userIds === null ? sql`` : sql` and ${column} in (select value from json_each(${userIds}))`
}

/** One row per member with data in the contest's dates: (user_id, score), before eligibility. */
function rawScores(contest: ScoredContest, userIds: string | null): SQL {
	if (contest.type === 'activity') {
		const { startsAt, endsAt } = contestWindow(contest)
		const from = startsAt.getTime()
		const to = endsAt.getTime()
		return sql`select user_id, sum(points) as score from (
			select d.user_id as user_id, ${ACTIVITY_POINTS.signInDay} as points from ${memberRows('member_activity_days', 'd', 'user_id', userIds)}
				where d.day >= ${contest.startDate} and d.day <= ${contest.endDate}
			union all
			select l.user_id, ${ACTIVITY_POINTS.lesson} from ${memberRows('lesson_completions', 'l', 'user_id', userIds)}
				where l.completed_at >= ${from} and l.completed_at < ${to}
			union all
			select c.referrer_id, ${ACTIVITY_POINTS.referral} from ${memberRows('referral_credits', 'c', 'referrer_id', userIds, 'referral_credits_referrer_idx')}
				where c.status = 'credited' and coalesce(c.reviewed_at, c.created_at) >= ${from}
					and coalesce(c.reviewed_at, c.created_at) < ${to}
		) group by user_id`
	}
	// Reports are monthly: a report counts whole when its month overlaps the dates.
	const amount = contest.type === 'deposit' ? sql.raw('r.deposits_cents') : sql.raw('r.volume_cents')
	return sql`select r.user_id as user_id, sum(${amount}) / 100 as score
		from ${memberRows('broker_report_rows', 'r', 'user_id', userIds)} join broker_reports b on b.id = r.report_id
		where b.reversed_at is null
			and b.month >= ${contest.startDate.slice(0, 7)} and b.month <= ${contest.endDate.slice(0, 7)}
			and r.user_id is not null
		group by r.user_id`
}

/** The scores of eligible members (unlocked, active, account not closed) above 0. */
function eligibleScores(contest: ScoredContest, userIds: string | null): SQL {
	// `cross join`: each scored member's row is read by id (a plain join may walk every active member).
	return sql`select s.user_id as user_id, s.score as score from (${rawScores(contest, userIds)}) s
		cross join users u on u.id = s.user_id
		where u.is_verified = 1 and u.status = 'active' and u.closed_at is null and s.score > 0`
}

function rescoreContest(tx: Tx, contest: ScoredContest, userIds: string | null, now: Date) {
	const at = now.getTime()
	// Rows whose member no longer scores (a reversed report, no longer eligible) leave.
	tx.run(sql`delete from contest_participants
		where contest_id = ${contest.id}${memberFilter(sql`user_id`, userIds)}
			and user_id not in (select user_id from (${eligibleScores(contest, userIds)}))`)
	// Max participants limits newcomers only: the best scores first.
	let slots: number | null = null
	if (contest.maxParticipants !== null) {
		// The participant count kept by triggers (after the delete above), not a count of every participant.
		const { n } = tx.select({ n: contests.participantCount }).from(contests).where(eq(contests.id, contest.id)).get()!
		slots = Math.max(0, contest.maxParticipants - n)
	}
	const admitted = slots === null ? sql`1` : sql`n <= ${slots}`
	// scored_at moves only when the score changes: the ranking's tie-break is who reached it first.
	tx.run(sql`with scored as (${eligibleScores(contest, userIds)}),
		ranked as (
			select s.user_id as user_id, s.score as score, p.id as participant_id,
				row_number() over (partition by p.id is null order by s.score desc, s.user_id) as n
			from scored s left join contest_participants p on p.contest_id = ${contest.id} and p.user_id = s.user_id
		)
		insert into contest_participants (contest_id, user_id, score, scored_at, joined_at)
		select ${contest.id}, user_id, score, ${at}, ${at} from ranked
		where participant_id is not null or ${admitted}
		order by score desc, user_id
		on conflict (contest_id, user_id) do update set score = excluded.score, scored_at = excluded.scored_at
			where contest_participants.score <> excluded.score`)
}

/**
 * Recomputes the scores of every active contest of `scope.types` (referral
 * is never rescored here), for `scope.userIds` only when given, inside the
 * caller's transaction: a report import (deposit, trading), a sign-in or a
 * lesson completed (activity), a contest started, resumed or edited (that
 * contest, all members). Set-based: three statements per contest whatever
 * the number of members.
 */
export function rescoreContests(tx: Tx, scope: RescoreScope, now: Date) {
	const types = scope.types.filter(isDataScored)
	if (types.length === 0 || scope.userIds?.length === 0) return
	const userIds = scope.userIds ? JSON.stringify([...new Set(scope.userIds)]) : null
	const conditions = [eq(contests.status, 'active'), inArray(contests.type, types)]
	if (scope.contestId !== undefined) conditions.push(eq(contests.id, scope.contestId))
	const scored = tx
		.select({
			id: contests.id,
			type: contests.type,
			startDate: contests.startDate,
			endDate: contests.endDate,
			maxParticipants: contests.maxParticipants,
		})
		.from(contests)
		.where(and(...conditions))
		.all() as ScoredContest[]
	for (const contest of scored) rescoreContest(tx, contest, userIds, now)
}

/**
 * A member signed in (web or API login, sign-up): today (UTC) is recorded
 * once as an activity day; the first sign-in of the day rescores their
 * activity contests. Returns true when the day was new.
 */
export function recordSignInDay(tx: Tx, userId: number, now: Date) {
	const day = now.toISOString().slice(0, 10)
	const added = tx.insert(memberActivityDays).values({ userId, day }).onConflictDoNothing().run().changes > 0
	if (added) rescoreContests(tx, { types: ['activity'], userIds: [userId] }, now)
	return added
}
