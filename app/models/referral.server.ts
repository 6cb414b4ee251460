import { and, desc, eq, gt, or, sql, lt, isNotNull } from 'drizzle-orm'
import { getDb, type Tx } from '#db/client.server.ts'
import { referralCredits, users, type SelectUser } from '#db/schema.ts'
import {
	LEADERBOARD_SIZE,
	leaderboardPrizes,
	milestones,
	POINTS_PER_REFERRAL,
	type Milestone,
} from '#app/content/dashboard.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { recordContestReferral } from './contest.server.ts'
import { displayName } from './user.server.ts'

/**
 * The referral programme: crediting (once per referred member, when they
 * unlock), milestones, the points statement and the leaderboard.
 */

const pointsFormat = new Intl.NumberFormat('en-US')

/**
 * Points as the dashboard shows them: a number with its unit ("0 points",
 * "1 point", "1,234 points"), not the spec's zero-padded "000"
 * (docs/decisions/015-one-coherent-story.md).
 */
export function formatPoints(points: number) {
	const n = Math.max(0, Math.floor(points))
	return `${pointsFormat.format(n)} ${n === 1 ? 'point' : 'points'}`
}

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

/**
 * Credits the referrer of a member who has just unlocked: one ledger row
 * (unique per referred member, so a retry or a second unlock credits
 * nothing), the referrer's points and count raised to match, and their
 * running-contest score raised. Runs inside the unlock's transaction.
 * Returns true when a credit was written.
 */
export function creditReferral(tx: Tx, referred: Pick<SelectUser, 'id' | 'name' | 'referrerId'>, now: Date) {
	const referrerId = referred.referrerId
	if (referrerId === null || referrerId === referred.id) return false
	const credit = tx
		.insert(referralCredits)
		.values({
			referrerId,
			referredUserId: referred.id,
			points: POINTS_PER_REFERRAL,
			reason: `Premium referral: ${displayName(referred.name)} unlocked their dashboard`,
			createdAt: now,
		})
		.onConflictDoNothing()
		.returning({ id: referralCredits.id })
		.get()
	if (!credit) return false
	tx.update(users)
		.set({
			referralPoints: sql`${users.referralPoints} + ${POINTS_PER_REFERRAL}`,
			referralCount: sql`${users.referralCount} + 1`,
			lastReferralAt: now,
		})
		.where(eq(users.id, referrerId))
		.run()
	recordContestReferral(tx, referrerId, now)
	return true
}

export type StatementLine = { date: string; reason: string; points: number }

/** The member's own points statement, newest first. */
export function getPointsStatement(userId: number, limit = 50): StatementLine[] {
	return getDb()
		.select({ createdAt: referralCredits.createdAt, reason: referralCredits.reason, points: referralCredits.points })
		.from(referralCredits)
		.where(eq(referralCredits.referrerId, userId))
		.orderBy(desc(referralCredits.createdAt), desc(referralCredits.id))
		.limit(limit)
		.all()
		.map((row) => ({ date: row.createdAt.toISOString(), reason: row.reason, points: row.points }))
}

/** Sum of the ledger, for checks that the stored totals agree with it. */
export function ledgerTotals(userId: number) {
	return getDb()
		.select({
			points: sql<number>`coalesce(sum(${referralCredits.points}), 0)`,
			count: sql<number>`count(*)`,
		})
		.from(referralCredits)
		.where(eq(referralCredits.referrerId, userId))
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

const WEEK_MS = 7 * 86_400_000

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
				where rc.referrer_id = "users"."id" and rc.created_at >= ${since})`,
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
	const { ahead } = getDb()
		.select({ ahead: sql<number>`count(*)` })
		.from(users)
		.where(
			or(
				gt(users.referralPoints, user.referralPoints),
				and(
					eq(users.referralPoints, user.referralPoints),
					isNotNull(users.lastReferralAt),
					or(
						lt(users.lastReferralAt, new Date(at)),
						and(eq(users.lastReferralAt, new Date(at)), lt(users.id, user.id)),
					),
				),
			),
		)
		.get()!
	return ahead + 1
}
