import { describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { contests, revenueEntries, statsSnapshots } from '#db/schema.ts'
import { insertMember } from '#tests/factories.ts'
import {
	dailySeries,
	getDashboardStats,
	getDashboardTrends,
	initials,
	lastUtcDays,
	lastUtcMonths,
	listRecentUsers,
	percentChange,
	previousMonth,
	recordDailySnapshot,
	sharePercent,
	snapshotNear,
	trendOf,
} from './stats.server.ts'

const NOW = new Date('2026-11-21T12:00:00Z')
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000)

function contest(status: 'draft' | 'active' | 'paused' | 'completed') {
	getDb()
		.insert(contests)
		.values({
			name: status,
			description: 'd',
			status,
			startDate: '2026-11-01',
			endDate: '2026-11-30',
			prizeFirst: '$1',
			rules: 'r',
		})
		.run()
}

function revenue(month: string, amountCents: number) {
	getDb().insert(revenueEntries).values({ broker: 'B', month, amountCents }).run()
}

function snapshot(day: string, values: { totalUsers?: number; activeContests?: number; activeMembers?: number }) {
	getDb()
		.insert(statsSnapshots)
		.values({ day, totalUsers: 0, activeContests: 0, activeMembers: 0, ...values })
		.run()
}

describe('percentChange and trendOf', () => {
	test('relative change in percent, one decimal, signed', () => {
		expect(percentChange(10, 8)).toBe(25)
		expect(percentChange(3, 4)).toBe(-25)
		expect(percentChange(2, 3)).toBe(-33.3)
		expect(percentChange(1, 3)).toBe(-66.7)
		expect(percentChange(200_050, 400_100)).toBe(-50)
		expect(percentChange(5, 5)).toBe(0)
		expect(percentChange(100_001, 100_000)).toBe(0)
		expect(Object.is(percentChange(99_999, 100_000), 0)).toBe(true)
	})

	test('from nothing: +100% (or 0 when still nothing); unknown before: 0', () => {
		expect(percentChange(7, 0)).toBe(100)
		expect(percentChange(0, 0)).toBe(0)
		expect(percentChange(0, 5)).toBe(-100)
		expect(percentChange(5, null)).toBe(0)
		expect(percentChange(5, undefined)).toBe(0)
		expect(percentChange(5, Number.NaN)).toBe(0)
	})

	test('the trend follows the sign', () => {
		expect(trendOf(12.5)).toBe('up')
		expect(trendOf(-0.1)).toBe('down')
		expect(trendOf(0)).toBe('neutral')
	})

	test('shares and months', () => {
		expect(sharePercent(4, 10)).toBe(40)
		expect(sharePercent(1, 3)).toBe(33.3)
		expect(sharePercent(0, 0)).toBe(0)
		expect(previousMonth('2026-11')).toBe('2026-10')
		expect(previousMonth('2026-01')).toBe('2025-12')
		expect(previousMonth('2026-10')).toBe('2026-09')
	})
})

describe('getDashboardStats', () => {
	test('an empty platform: zeros, neutral', () => {
		expect(getDashboardStats(NOW)).toEqual({
			totalUsers: 0,
			totalUsersChange: 0,
			totalUsersTrend: 'neutral',
			activeContests: 0,
			activeContestsChange: 0,
			activeContestsTrend: 'neutral',
			monthlyRevenue: 0,
			monthlyRevenueChange: 0,
			monthlyRevenueTrend: 'neutral',
			platformActivity: 0,
			platformActivityChange: 0,
			platformActivityTrend: 'neutral',
		})
	})

	test('computes each figure and its change from stored data', () => {
		// 8 members joined more than 30 days ago, 2 within: +25%.
		for (let i = 0; i < 8; i++) insertMember({ createdAt: daysAgo(60), lastSeenAt: i < 2 ? daysAgo(1) : daysAgo(20) })
		insertMember({ createdAt: daysAgo(10), lastSeenAt: daysAgo(2) })
		insertMember({ createdAt: daysAgo(5), lastSeenAt: daysAgo(6.9) })
		// The 30-day boundary: joined exactly 30 days ago counts as "before".
		// (none here; see the next test)
		for (const s of ['active', 'active', 'active', 'draft', 'paused', 'completed'] as const) contest(s)
		revenue('2026-11', 150_000)
		revenue('2026-11', 50_050)
		revenue('2026-10', 400_100)
		revenue('2026-12', 999_999) // a later month is not this month
		snapshot('2026-10-22', { activeContests: 4 }) // 30 days ago
		snapshot('2026-11-14', { totalUsers: 8, activeMembers: 2 }) // 7 days ago: 25% active

		expect(getDashboardStats(NOW)).toEqual({
			totalUsers: 10,
			totalUsersChange: 25,
			totalUsersTrend: 'up',
			activeContests: 3,
			activeContestsChange: -25,
			activeContestsTrend: 'down',
			monthlyRevenue: 2000.5,
			monthlyRevenueChange: -50,
			monthlyRevenueTrend: 'down',
			platformActivity: 40,
			platformActivityChange: 60,
			platformActivityTrend: 'up',
		})
	})

	test('members who joined exactly 30 days ago count in the earlier total', () => {
		insertMember({ createdAt: daysAgo(30) })
		insertMember({ createdAt: new Date(daysAgo(30).getTime() + 1) })
		const stats = getDashboardStats(NOW)
		expect(stats.totalUsers).toBe(2)
		expect(stats.totalUsersChange).toBe(100)
	})

	test('a member seen exactly 7 days ago still counts as active', () => {
		insertMember({ lastSeenAt: daysAgo(7) })
		insertMember({ lastSeenAt: new Date(daysAgo(7).getTime() - 1) })
		insertMember({ lastSeenAt: null })
		expect(getDashboardStats(NOW).platformActivity).toBe(33.3)
	})

	test('without a snapshot from back then, contests and activity changes are 0 and neutral', () => {
		contest('active')
		insertMember({ lastSeenAt: daysAgo(1) })
		const stats = getDashboardStats(NOW)
		expect(stats.activeContests).toBe(1)
		expect(stats).toMatchObject({
			activeContestsChange: 0,
			activeContestsTrend: 'neutral',
			platformActivity: 100,
			platformActivityChange: 0,
			platformActivityTrend: 'neutral',
		})
	})

	test('revenue from nothing last month is +100%; nothing this month against something is -100%', () => {
		revenue('2026-11', 1000)
		expect(getDashboardStats(NOW)).toMatchObject({
			monthlyRevenue: 10,
			monthlyRevenueChange: 100,
			monthlyRevenueTrend: 'up',
		})
		const december = new Date('2026-12-02T00:00:00Z')
		expect(getDashboardStats(december)).toMatchObject({
			monthlyRevenue: 0,
			monthlyRevenueChange: -100,
			monthlyRevenueTrend: 'down',
		})
	})
})

describe('snapshots', () => {
	test("one per UTC day: the day's first reading stays", () => {
		insertMember({ lastSeenAt: NOW })
		expect(recordDailySnapshot(NOW)).toBe(true)
		insertMember({ lastSeenAt: NOW })
		expect(recordDailySnapshot(new Date('2026-11-21T23:59:59Z'))).toBe(false)
		const rows = getDb().select().from(statsSnapshots).all()
		expect(rows).toHaveLength(1)
		expect(rows[0]).toMatchObject({ day: '2026-11-21', totalUsers: 1, activeMembers: 1, activeContests: 0 })
		expect(recordDailySnapshot(new Date('2026-11-22T00:00:00Z'))).toBe(true)
	})

	test('a snapshot up to 3 days older than the day wanted stands in for it', () => {
		snapshot('2026-11-10', { activeContests: 9 })
		expect(snapshotNear(new Date('2026-11-13T12:00:00Z'))?.activeContests).toBe(9)
		expect(snapshotNear(new Date('2026-11-14T12:00:00Z'))).toBeNull()
		// Never a newer one.
		expect(snapshotNear(new Date('2026-11-09T12:00:00Z'))).toBeNull()
		snapshot('2026-11-12', { activeContests: 7 })
		expect(snapshotNear(new Date('2026-11-13T12:00:00Z'))?.activeContests).toBe(7)
	})
})

describe("trends (the cards' charts)", () => {
	test('the 30-day window ends with today (UTC) and crosses months; the revenue window is 12 months', () => {
		const days = lastUtcDays(NOW)
		expect(days).toHaveLength(30)
		expect(days[0]).toBe('2026-10-23')
		expect(days.at(-1)).toBe('2026-11-21')
		expect(new Set(days).size).toBe(30)
		expect(lastUtcDays(new Date('2026-03-01T00:00:00Z'), 3)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01'])
		expect(lastUtcDays(new Date('2026-11-21T23:59:59.999Z'), 1)).toEqual(['2026-11-21'])
		const months = lastUtcMonths(NOW)
		expect(months).toHaveLength(12)
		expect([months[0], months.at(-1)]).toEqual(['2025-12', '2026-11'])
	})

	test("a day without a snapshot is a gap (null), never a neighbour's value or zero", () => {
		const series = dailySeries(
			['2026-11-01', '2026-11-02', '2026-11-03'],
			[
				{ day: '2026-11-01', totalUsers: 5, activeContests: 1, activeMembers: 2 },
				{ day: '2026-11-03', totalUsers: 0, activeContests: 1, activeMembers: 0 },
				{ day: '2026-10-01', totalUsers: 99, activeContests: 9, activeMembers: 9 },
			],
			(s) => s.totalUsers,
		)
		expect(series).toEqual([
			{ day: '2026-11-01', value: 5 },
			{ day: '2026-11-02', value: null },
			{ day: '2026-11-03', value: 0 },
		])
	})

	test('the last 30 days from the snapshots, today the current figures; revenue per month from the entries', () => {
		snapshot('2026-10-22', { totalUsers: 1, activeContests: 1, activeMembers: 1 }) // 30 days ago: outside the window
		snapshot('2026-10-23', { totalUsers: 4, activeContests: 2, activeMembers: 1 }) // the window's first day
		snapshot('2026-11-20', { totalUsers: 8, activeContests: 3, activeMembers: 2 })
		snapshot('2026-11-21', { totalUsers: 100, activeContests: 100, activeMembers: 100 }) // today's first reading
		for (let i = 0; i < 3; i++) insertMember({ lastSeenAt: i === 0 ? daysAgo(1) : null })
		contest('active')
		revenue('2026-11', 150_000)
		revenue('2026-09', 10_000)
		revenue('2025-11', 77_700) // 12 months ago: outside the window
		getDb().insert(revenueEntries).values({ broker: 'B', month: '2026-10', amountCents: 5_000, voidedAt: NOW }).run()

		const stats = getDashboardStats(NOW)
		const trends = getDashboardTrends(stats, NOW)
		expect(trends.totalUsers).toHaveLength(30)
		expect(trends.totalUsers[0]).toEqual({ day: '2026-10-23', value: 4 })
		expect(trends.totalUsers.slice(-2)).toEqual([
			{ day: '2026-11-20', value: 8 },
			{ day: '2026-11-21', value: 3 },
		])
		expect(trends.totalUsers.filter((p) => p.value === null)).toHaveLength(27)
		expect(trends.activeContests.slice(-2).map((p) => p.value)).toEqual([3, 1])
		expect(trends.platformActivity[0]!.value).toBe(25)
		expect(trends.platformActivity.slice(-2).map((p) => p.value)).toEqual([25, 33.3])
		expect(trends.monthlyRevenue).toHaveLength(12)
		expect(trends.monthlyRevenue[0]).toEqual({ month: '2025-12', value: null })
		expect(trends.monthlyRevenue.slice(-3)).toEqual([
			{ month: '2026-09', value: 100 },
			// Only a voided entry: nothing counts, so no figure.
			{ month: '2026-10', value: null },
			{ month: '2026-11', value: 1500 },
		])
	})
})

describe('recent users', () => {
	test('the 5 newest members with initials, status and plan', () => {
		for (let i = 1; i <= 7; i++) {
			insertMember({
				name: `Member Number${i}`,
				createdAt: daysAgo(10 - i),
				plan: i === 7 ? 'gold' : 'regular',
				status: i === 6 ? 'suspended' : 'active',
			})
		}
		const recent = listRecentUsers()
		expect(recent.map((u) => u.name)).toEqual([
			'Member Number7',
			'Member Number6',
			'Member Number5',
			'Member Number4',
			'Member Number3',
		])
		expect(recent[0]).toMatchObject({ initials: 'MN', plan: 'gold', status: 'active' })
		expect(recent[1]).toMatchObject({ status: 'suspended' })
		expect(Object.keys(recent[0]!).sort()).toEqual(['createdAt', 'email', 'id', 'initials', 'name', 'plan', 'status'])
	})

	test('initials', () => {
		expect(initials('Ada Lovelace')).toBe('AL')
		expect(initials('  ada  ')).toBe('A')
		expect(initials('Ada King Lovelace')).toBe('AL')
		expect(initials('')).toBe('?')
		expect(initials('élodie ürs')).toBe('ÉÜ')
		expect(initials('😀 Smile')).toBe('😀S')
	})
})

describe('the figures read indexes', () => {
	const plans = (sql: string) =>
		(getDb().$client.prepare(`explain query plan ${sql}`).all() as Array<{ detail: string }>)
			.map((p) => p.detail)
			.join(' | ')

	test('members seen lately, members joined before a date, active contests, newest members', () => {
		expect(plans('select count(*) from users where last_seen_at >= 1')).toMatch(/users_last_seen_at_idx/)
		expect(plans('select count(*) from users where created_at <= 1')).toMatch(/users_created_at_idx/)
		expect(plans("select count(*) from contests where status = 'active'")).toMatch(/contests_status_type_idx/)
		expect(plans('select id from users order by created_at desc, id desc limit 5')).toMatch(/users_created_at_idx/)
	})

	test('the trends: 30 snapshots by a range of the day index, 12 months of revenue from the covering month index', () => {
		const snapshots = plans(
			"select day, total_users, active_contests, active_members from stats_snapshots where day >= '2026-10-23' and day <= '2026-11-21'",
		)
		expect(snapshots).toMatch(/SEARCH stats_snapshots USING INDEX stats_snapshots_day_unique \(day>\? AND day<\?\)/)
		const revenue = plans(
			"select month, sum(amount_cents) from revenue_entries where month >= '2025-12' and month <= '2026-11' and voided_at is null group by month",
		)
		expect(revenue).toMatch(/USING COVERING INDEX revenue_entries_month_idx/)
		expect(revenue).not.toMatch(/TEMP B-TREE/)
	})
})
