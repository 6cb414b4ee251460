import { and, desc, eq, gt, sql, type SQL } from 'drizzle-orm'
import { getDb, type Tx } from '#db/client.server.ts'
import { referralCredits, users, type SelectUser } from '#db/schema.ts'
import type { ReferralSummary, StatementLine } from '#app/features/referrals/responses.server.ts'
import {
	LEADERBOARD_SIZE,
	leaderboardPrizes,
	milestones,
	POINTS_PER_REFERRAL,
	type Milestone,
} from '#app/content/dashboard.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { notifyReferralCredited, notifyReferralHeld } from '#app/features/notifications/member-notifications.server.ts'
import { recordContestReferral } from '#app/features/contests/contest.server.ts'
import { evaluateReferralSignals } from './signals.server.ts'
import { displayName } from '#app/features/users/user.server.ts'

/**
 * The referral programme: crediting (once per referred member, when they
 * unlock), milestones, the points statement and the leaderboard.
 */

import { formatPoints } from '#app/features/referrals/points.ts'

export { formatPoints }

export type MilestoneProgress = {
	/** The first milestone above the current points; null once all are reached. */
	next: Milestone | null
	/** Percent of the way to the next milestone, capped at 100. */
	progressPercent: number
	pointsToNext: number
	milestones: Array<Milestone & { achieved: boolean }>
}

export function milestoneProgress(points: number, list: Milestone[] = milestones): MilestoneProgress {
	const next = list.find((m) => m.points > points) ?? null
	const progressPercent = next ? Math.min(100, Math.max(0, Math.floor((points / next.points) * 100))) : 100
	return {
		next,
		progressPercent,
		pointsToNext: next ? next.points - points : 0,
		milestones: list.map((m) => ({ ...m, achieved: points >= m.points })),
	}
}

/** The sign-up URL with the member's code: what they share. */
export function referralLink(referralCode: string) {
	return `${getEnv().appOrigin}/signup?ref=${encodeURIComponent(referralCode)}`
}

/** The member fields a credit and its signals read (the unlocked member's row). */
export type CreditSubject = Pick<SelectUser, 'id' | 'name' | 'referrerId'>

/**
 * Counts a credit for its referrer: points and count raised, the last
 * referral time (the leaderboard's tie-break) moved, the running referral
 * contest's score raised, the referrer told. Milestones follow from the
 * points. The one path for a clean credit at unlock and a held one staff
 * approve (app/features/referrals/review.server.ts), in the caller's
 * transaction.
 */
export function applyCredit(tx: Tx, credit: { referrerId: number; points: number; referredName: string }, now: Date) {
	tx.update(users)
		.set({
			referralPoints: sql`${users.referralPoints} + ${credit.points}`,
			referralCount: sql`${users.referralCount} + 1`,
			lastReferralAt: now,
		})
		.where(eq(users.id, credit.referrerId))
		.run()
	recordContestReferral(tx, credit.referrerId, now)
	notifyReferralCredited(tx, credit, now)
}

/**
 * The referrer of a member who has just unlocked gets one ledger row
 * (unique per referred member, so a retry or a second unlock writes
 * nothing). When a referral integrity signal fires
 * (app/features/referrals/signals.server.ts) the row is "held" with its
 * signals and counts nowhere until staff approve it; otherwise it is
 * "credited" and counts at once (applyCredit). Runs inside the unlock's
 * transaction. Returns what was written: 'credited', 'held', or false.
 */
export function creditReferral(tx: Tx, referred: CreditSubject, now: Date): 'credited' | 'held' | false {
	const referrerId = referred.referrerId
	if (referrerId === null || referrerId === referred.id) return false
	const subject = tx.select().from(users).where(eq(users.id, referred.id)).get()
	const signals = subject ? evaluateReferralSignals(tx, subject, now) : []
	const held = signals.length > 0
	const referredName = displayName(referred.name)
	const credit = tx
		.insert(referralCredits)
		.values({
			referrerId,
			referredUserId: referred.id,
			points: POINTS_PER_REFERRAL,
			reason: `Premium referral: ${referredName} unlocked their dashboard`,
			status: held ? 'held' : 'credited',
			signals: held ? JSON.stringify(signals) : null,
			createdAt: now,
		})
		.onConflictDoNothing()
		.returning({ id: referralCredits.id })
		.get()
	if (!credit) return false
	if (!held) {
		applyCredit(tx, { referrerId, points: POINTS_PER_REFERRAL, referredName }, now)
		return 'credited'
	}
	notifyReferralHeld(tx, { referrerId, referredName }, now)
	return 'held'
}

export type { StatementLine }

/**
 * The member's own points statement, newest first: held and rejected
 * referrals too, marked (`offset` lines skipped: the member API pages it).
 */
export function getPointsStatement(userId: number, limit = 50, offset = 0): StatementLine[] {
	return getDb()
		.select({
			createdAt: referralCredits.createdAt,
			reason: referralCredits.reason,
			points: referralCredits.points,
			status: referralCredits.status,
			reviewReason: referralCredits.reviewReason,
		})
		.from(referralCredits)
		.where(eq(referralCredits.referrerId, userId))
		.orderBy(desc(referralCredits.createdAt), desc(referralCredits.id))
		.limit(limit)
		.offset(offset)
		.all()
		.map((row) => ({
			date: row.createdAt.toISOString(),
			reason: row.reason,
			points: row.points,
			status: row.status,
			reviewReason: row.status === 'rejected' ? row.reviewReason : null,
		}))
}

/**
 * When a credit counted: its creation, or its approval for one that was
 * held (reviewed_at). Only "credited" rows count anywhere (points,
 * history, leaderboard, the activity contest).
 */
export const creditCountedAt = sql`coalesce(${referralCredits.reviewedAt}, ${referralCredits.createdAt})`
const isCounted = eq(referralCredits.status, 'credited')

/**
 * The member's points over time (the referrals page's chart): cumulative
 * points at the end of each week (weeks start on Monday, UTC) while their
 * first point is less than 12 weeks old, else at the end of each of the
 * last 12 UTC months (points from before the first month count in it).
 * Null without points. `total` is what the member held at the period's
 * end, `gained` what they earned in it; `start` is the period's first day.
 */
export type PointsHistory = {
	unit: 'week' | 'month'
	periods: Array<{ start: string; label: string; total: number; gained: number }>
}

export const POINTS_HISTORY_PERIODS = 12
const DAY_MS = 86_400_000
const WEEK_MS = 7 * DAY_MS
const weekLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })
const monthLabel = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' })

/** The Monday (UTC) that starts `moment`'s week, in ms. */
function weekStart(moment: Date) {
	const day = Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth(), moment.getUTCDate())
	return day - ((moment.getUTCDay() + 6) % 7) * DAY_MS
}

const monthIndex = (moment: Date) => moment.getUTCFullYear() * 12 + moment.getUTCMonth()

/** The history from ledger entries (single credits or sums per day, in any order). */
export function buildPointsHistory(credits: Array<{ at: Date; points: number }>, now: Date): PointsHistory | null {
	if (credits.length === 0) return null
	const first = new Date(Math.min(...credits.map((c) => c.at.getTime())))
	const firstWeek = weekStart(first)
	const thisWeek = weekStart(now)
	let unit: PointsHistory['unit']
	let starts: number[]
	if (thisWeek - firstWeek < POINTS_HISTORY_PERIODS * WEEK_MS) {
		unit = 'week'
		starts = Array.from(
			{ length: Math.max(0, (thisWeek - firstWeek) / WEEK_MS) + 1 },
			(_, i) => firstWeek + i * WEEK_MS,
		)
	} else {
		unit = 'month'
		const last = monthIndex(now)
		const from = Math.max(monthIndex(first), last - (POINTS_HISTORY_PERIODS - 1))
		starts = Array.from({ length: last - from + 1 }, (_, i) =>
			Date.UTC(Math.floor((from + i) / 12), (from + i) % 12, 1),
		)
	}
	const gained = starts.map(() => 0)
	let before = 0
	for (const credit of credits) {
		const at = credit.at.getTime()
		if (at < starts[0]!) {
			before += credit.points
			continue
		}
		// The last period that has started by then (a credit dated after `now` counts in the last).
		let i = starts.length - 1
		while (starts[i]! > at) i--
		gained[i]! += credit.points
	}
	let total = before
	return {
		unit,
		periods: starts.map((start, i) => {
			total += gained[i]!
			const day = new Date(start)
			return {
				start: day.toISOString().slice(0, 10),
				label: (unit === 'week' ? weekLabel : monthLabel).format(day),
				total,
				gained: gained[i]!,
			}
		}),
	}
}

/** The member's points history from the ledger: one query, summed per UTC day on the referrer index. */
export function getPointsHistory(userId: number, now = new Date()) {
	const day = sql<number>`cast(${creditCountedAt} / ${DAY_MS} as integer)`
	const rows = getDb()
		.select({ day, points: sql<number>`sum(${referralCredits.points})` })
		.from(referralCredits)
		.where(and(eq(referralCredits.referrerId, userId), isCounted))
		.groupBy(day)
		.all()
	return buildPointsHistory(
		rows.map((r) => ({ at: new Date(r.day * DAY_MS), points: r.points })),
		now,
	)
}

/** Sum of the counted ledger ("credited" rows), for checks that the stored totals agree with it. */
export function ledgerTotals(userId: number) {
	return getDb()
		.select({
			points: sql<number>`coalesce(sum(${referralCredits.points}), 0)`,
			count: sql<number>`count(*)`,
		})
		.from(referralCredits)
		.where(and(eq(referralCredits.referrerId, userId), isCounted))
		.get()!
}

export type LeaderboardEntry = {
	rank: number
	userId: number
	name: string
	points: number
	referrals: number
	/** Points gained in the last 7 days. */
	change: number
	prize: string | null
}

/**
 * Members ranked by points (only those with points), ties to whoever
 * reached their points first. The top 3 carry the sample prizes.
 */
export function getReferralLeaderboard(now = new Date(), limit = LEADERBOARD_SIZE): LeaderboardEntry[] {
	const db = getDb()
	const since = now.getTime() - WEEK_MS
	const rows = db
		.select({
			id: users.id,
			name: users.name,
			points: users.referralPoints,
			referrals: users.referralCount,
			// Qualified by hand: inside a select field drizzle leaves column names
			// bare, and a bare "id" here would be the credit's, not the user's.
			change: sql<number>`(select coalesce(sum(rc.points), 0) from referral_credits rc
				where rc.referrer_id = "users"."id" and rc.status = 'credited'
					and coalesce(rc.reviewed_at, rc.created_at) >= ${since})`,
		})
		.from(users)
		.where(gt(users.referralPoints, 0))
		.orderBy(desc(users.referralPoints), sql`${users.lastReferralAt} asc`, sql`${users.id} asc`)
		.limit(limit)
		.all()
	return rows.map((row, i) => ({
		rank: i + 1,
		userId: row.id,
		name: displayName(row.name),
		points: row.points,
		referrals: row.referrals,
		change: row.change,
		prize: leaderboardPrizes[i] ?? null,
	}))
}

/** The member's place on the leaderboard, or null without points. */
export function getLeaderboardRank(user: Pick<SelectUser, 'id' | 'referralPoints' | 'lastReferralAt'>) {
	if (user.referralPoints <= 0 || !user.lastReferralAt) return null
	const at = user.lastReferralAt.getTime()
	const points = user.referralPoints
	// Three ranges of users_referral_rank_idx (points desc, last referral, id): the members ahead
	// only, never every member (decision 064).
	const ahead = (where: SQL) => sql`(select count(*) from ${users} where ${where})`
	const { n } = getDb().get<{ n: number }>(sql`select ${ahead(sql`${users.referralPoints} > ${points}`)}
		+ ${ahead(sql`${users.referralPoints} = ${points} and ${users.lastReferralAt} < ${at}`)}
		+ ${ahead(sql`${users.referralPoints} = ${points} and ${users.lastReferralAt} = ${at} and ${users.id} < ${user.id}`)} as n`)
	return n + 1
}

/** How many lines the member's points statement has (the member API's pagination). */
export function countPointsStatement(userId: number) {
	return getDb()
		.select({ n: sql<number>`count(*)` })
		.from(referralCredits)
		.where(eq(referralCredits.referrerId, userId))
		.get()!.n
}

/**
 * The head of the referrals page and GET /api/member/referrals: the link
 * to share, the code, the points and referrals, and the way to the next
 * milestone.
 */
export function referralSummary(
	member: Pick<SelectUser, 'referralCode' | 'referralPoints' | 'referralCount'>,
): ReferralSummary {
	const progress = milestoneProgress(member.referralPoints)
	return {
		link: referralLink(member.referralCode),
		referralCode: member.referralCode,
		points: member.referralPoints,
		referrals: member.referralCount,
		progress: {
			percent: progress.progressPercent,
			pointsToNext: progress.pointsToNext,
			next: progress.next ? { points: progress.next.points, reward: progress.next.reward } : null,
		},
		milestones: progress.milestones,
	}
}
