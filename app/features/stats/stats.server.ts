import { and, count, desc, eq, gt, gte, lte } from 'drizzle-orm'
import { getDb, isReadOnly, write } from '#db/client.server.ts'
import { contests, statsSnapshots, users, type SelectStatsSnapshot } from '#db/schema.ts'
import type { Plan, UserStatus } from '#app/domain/enums.ts'
import { utcMonth } from '#app/features/revenue/schemas.ts'
import { utcDay } from '#app/features/contests/contest.server.ts'
import { revenueCentsByMonth, revenueCentsForMonth } from '#app/features/revenue/revenue.server.ts'
import { countMembers } from '#app/features/users/member-counts.server.ts'
import type { DashboardStats, DashboardTrends, DayPoint, Trend } from './responses.server.ts'

/**
 * The admin dashboard's figures, computed from stored data:
 *
 * - Total Users: every member; change = growth of that total over the last
 *   30 days (members now against members who had joined 30 days ago).
 * - Active Contests: contests with status active; change against the number
 *   active 30 days ago, from that day's snapshot.
 * - Monthly Revenue: the current UTC month's revenue entries (USD); change
 *   against the previous month's.
 * - Platform Activity: the share of members seen (lastSeenAt) in the last 7
 *   days, in percent; change against the share 7 days ago, from that day's
 *   snapshot.
 *
 * Changes are relative, in percent, rounded to one decimal, with a sign.
 * When the earlier figure is unknown (no snapshot) the change is 0 and the
 * trend neutral; from 0 to something is +100%.
 */
export type { DashboardStats, Trend }

const DAY_MS = 86_400_000
export const USERS_CHANGE_DAYS = 30
export const CONTESTS_CHANGE_DAYS = 30
export const ACTIVITY_WINDOW_DAYS = 7
/** A snapshot up to this many days older than the day wanted still counts. */
export const SNAPSHOT_TOLERANCE_DAYS = 3
export const RECENT_USERS_COUNT = 5

function round1(value: number) {
	const rounded = Math.round(value * 10) / 10
	return rounded === 0 ? 0 : rounded
}

/** Relative change in percent (one decimal); 0 when `previous` is unknown. */
export function percentChange(current: number, previous: number | null | undefined) {
	if (previous === null || previous === undefined || !Number.isFinite(previous)) return 0
	if (previous === 0) return current === 0 ? 0 : current > 0 ? 100 : -100
	return round1(((current - previous) / Math.abs(previous)) * 100)
}

export function trendOf(change: number): Trend {
	return change > 0 ? 'up' : change < 0 ? 'down' : 'neutral'
}

/** Share in percent, one decimal; 0 of 0 is 0. */
export function sharePercent(part: number, whole: number) {
	return whole > 0 ? round1((part / whole) * 100) : 0
}

/** "2026-10" for "2026-11", "2025-12" for "2026-01". */
export function previousMonth(month: string) {
	const [year, m] = month.split('-').map(Number) as [number, number]
	return m === 1 ? `${year - 1}-12` : `${year}-${String(m - 1).padStart(2, '0')}`
}

/** Every member: the summary rows kept by triggers on users (decision 064), not a count of every member. */
function countUsers() {
	return countMembers()
}

/** Members who joined after `since`: a range of the created_at index, as long as the recent sign-ups only. */
function countJoinedAfter(since: Date) {
	return getDb().select({ n: count() }).from(users).where(gt(users.createdAt, since)).get()?.n ?? 0
}

function countActiveContests() {
	return getDb().select({ n: count() }).from(contests).where(eq(contests.status, 'active')).get()?.n ?? 0
}

function countSeenSince(since: Date) {
	return getDb().select({ n: count() }).from(users).where(gte(users.lastSeenAt, since)).get()?.n ?? 0
}

/** The snapshot of `day`, or of up to SNAPSHOT_TOLERANCE_DAYS before it. */
export function snapshotNear(day: Date) {
	const latest = utcDay(day)
	const earliest = utcDay(new Date(day.getTime() - SNAPSHOT_TOLERANCE_DAYS * DAY_MS))
	return (
		getDb()
			.select()
			.from(statsSnapshots)
			.where(and(lte(statsSnapshots.day, latest), gte(statsSnapshots.day, earliest)))
			.orderBy(desc(statsSnapshots.day))
			.get() ?? null
	)
}

/**
 * Keeps today's figures (once per UTC day; the first reading of the day
 * stays), so later days can compare with them.
 */
export function recordDailySnapshot(now = new Date()) {
	// Counted before the write takes the lock.
	const row = {
		day: utcDay(now),
		totalUsers: countUsers(),
		activeContests: countActiveContests(),
		activeMembers: countSeenSince(new Date(now.getTime() - ACTIVITY_WINDOW_DAYS * DAY_MS)),
		createdAt: now,
	}
	return (
		write((tx) => tx.insert(statsSnapshots).values(row).onConflictDoNothing({ target: statsSnapshots.day }).run())
			.changes > 0
	)
}

export function getDashboardStats(now = new Date()): DashboardStats {
	// A read replica only reads the snapshots (docs/decisions/065-read-replicas.md): the scheduler's
	// daily-snapshot job on the primary keeps them.
	if (!isReadOnly()) recordDailySnapshot(now)
	const totalUsers = countUsers()
	// Members who joined by the cut-off: all of them but those who joined since (a count of recent rows only).
	const usersBefore = totalUsers - countJoinedAfter(new Date(now.getTime() - USERS_CHANGE_DAYS * DAY_MS))
	const totalUsersChange = percentChange(totalUsers, usersBefore)

	const activeContests = countActiveContests()
	const contestsSnapshot = snapshotNear(new Date(now.getTime() - CONTESTS_CHANGE_DAYS * DAY_MS))
	const activeContestsChange = percentChange(activeContests, contestsSnapshot?.activeContests)

	const month = utcMonth(now)
	const revenueCents = revenueCentsForMonth(month)
	const monthlyRevenueChange = percentChange(revenueCents, revenueCentsForMonth(previousMonth(month)))

	const platformActivity = sharePercent(
		countSeenSince(new Date(now.getTime() - ACTIVITY_WINDOW_DAYS * DAY_MS)),
		totalUsers,
	)
	const activitySnapshot = snapshotNear(new Date(now.getTime() - ACTIVITY_WINDOW_DAYS * DAY_MS))
	const platformActivityChange = percentChange(
		platformActivity,
		activitySnapshot ? sharePercent(activitySnapshot.activeMembers, activitySnapshot.totalUsers) : null,
	)

	return {
		totalUsers,
		totalUsersChange,
		totalUsersTrend: trendOf(totalUsersChange),
		activeContests,
		activeContestsChange,
		activeContestsTrend: trendOf(activeContestsChange),
		monthlyRevenue: revenueCents / 100,
		monthlyRevenueChange,
		monthlyRevenueTrend: trendOf(monthlyRevenueChange),
		platformActivity,
		platformActivityChange,
		platformActivityTrend: trendOf(platformActivityChange),
	}
}

/**
 * The cards' trends (docs/decisions/018-admin-trends.md): the last 30 UTC
 * days of Total Users, Active Contests and Platform Activity, one point per
 * day from that day's snapshot, today's point the current figure; a day
 * without a snapshot is null (a gap: nothing is made up for it). Monthly
 * Revenue is reported per month, so its trend is the last 12 UTC months'
 * totals of the revenue entries (voided ones excluded); a month without an
 * entry that counts is null.
 */
export type { DashboardTrends, DayPoint }

export const TREND_DAYS = 30
export const REVENUE_TREND_MONTHS = 12

/** The `count` UTC days ending with `now`'s ("YYYY-MM-DD"), oldest first. */
export function lastUtcDays(now: Date, count = TREND_DAYS) {
	return Array.from({ length: count }, (_, i) => utcDay(new Date(now.getTime() - (count - 1 - i) * DAY_MS)))
}

/** The `count` UTC months ending with `now`'s ("YYYY-MM"), oldest first. */
export function lastUtcMonths(now: Date, count = REVENUE_TREND_MONTHS) {
	return Array.from({ length: count }, (_, i) =>
		utcMonth(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (count - 1 - i), 1))),
	)
}

type SnapshotFigures = Pick<SelectStatsSnapshot, 'day' | 'totalUsers' | 'activeContests' | 'activeMembers'>

/** One point per day of `days`: `figure` of that day's snapshot, null for a day without one. */
export function dailySeries(
	days: string[],
	snapshots: SnapshotFigures[],
	figure: (snapshot: SnapshotFigures) => number,
): DayPoint[] {
	const byDay = new Map(snapshots.map((s) => [s.day, s]))
	return days.map((day) => {
		const snapshot = byDay.get(day)
		return { day, value: snapshot ? figure(snapshot) : null }
	})
}

/** The snapshots from `first` to `last` (UTC days, both included): one range read of the unique day index. */
export function snapshotsBetween(first: string, last: string): SnapshotFigures[] {
	return getDb()
		.select({
			day: statsSnapshots.day,
			totalUsers: statsSnapshots.totalUsers,
			activeContests: statsSnapshots.activeContests,
			activeMembers: statsSnapshots.activeMembers,
		})
		.from(statsSnapshots)
		.where(and(gte(statsSnapshots.day, first), lte(statsSnapshots.day, last)))
		.all()
}

/**
 * The trends behind the cards; `current` holds the cards' figures (from
 * getDashboardStats at the same `now`), which stand for today.
 */
export function getDashboardTrends(
	current: Pick<DashboardStats, 'totalUsers' | 'activeContests' | 'platformActivity'>,
	now = new Date(),
): DashboardTrends {
	const days = lastUtcDays(now)
	const today = days.at(-1)!
	const snapshots = snapshotsBetween(days[0]!, today).filter((s) => s.day !== today)
	const series = (figure: (s: SnapshotFigures) => number, todays: number) =>
		dailySeries(days, snapshots, figure).map((p) => (p.day === today ? { day: today, value: todays } : p))
	const months = lastUtcMonths(now)
	const cents = revenueCentsByMonth(months[0]!, months.at(-1)!)
	return {
		totalUsers: series((s) => s.totalUsers, current.totalUsers),
		activeContests: series((s) => s.activeContests, current.activeContests),
		platformActivity: series((s) => sharePercent(s.activeMembers, s.totalUsers), current.platformActivity),
		monthlyRevenue: months.map((month) => {
			const total = cents.get(month)
			return { month, value: total === undefined ? null : total / 100 }
		}),
	}
}

export type RecentUser = {
	id: number
	name: string
	email: string
	initials: string
	status: UserStatus
	plan: Plan
	createdAt: string
}

/** "Ada Lovelace" → "AL", "ada" → "A", "" → "?". */
export function initials(name: string) {
	const parts = name.trim().split(/\s+/).filter(Boolean)
	if (parts.length === 0) return '?'
	const first = Array.from(parts[0]!)[0] ?? ''
	const last = parts.length > 1 ? (Array.from(parts[parts.length - 1]!)[0] ?? '') : ''
	return `${first}${last}`.toUpperCase()
}

/** The newest members (the dashboard's Recent Users). */
export function listRecentUsers(limit = RECENT_USERS_COUNT): RecentUser[] {
	return getDb()
		.select({
			id: users.id,
			name: users.name,
			email: users.email,
			status: users.status,
			plan: users.plan,
			createdAt: users.createdAt,
		})
		.from(users)
		.orderBy(desc(users.createdAt), desc(users.id))
		.limit(limit)
		.all()
		.map((u) => ({ ...u, initials: initials(u.name), createdAt: u.createdAt.toISOString() }))
}
