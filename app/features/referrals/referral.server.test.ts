import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { contestParticipants, contests, referralCredits, users, type InsertUser } from '#db/schema.ts'
import { insertMember } from '#tests/factories.ts'
import { milestones } from '#app/content/dashboard.ts'
import { unlockMember } from '#app/features/auth/member-auth.server.ts'
import {
	buildPointsHistory,
	creditReferral,
	formatPoints,
	getLeaderboardRank,
	getPointsHistory,
	getPointsStatement,
	getReferralLeaderboard,
	ledgerTotals,
	milestoneProgress,
	referralLink,
} from './referral.server.ts'
import { addUnlockCode } from '#app/features/codes/unlock-code.server.ts'
import { getUserById } from '#app/features/users/user.server.ts'

const CODE = 'UNLOCK-2345'
let ip = 0
const meta = () => ({ ip: `192.0.2.${++ip}` })

function unlock(userId: number) {
	const result = unlockMember(userId, CODE, meta())
	if (!result.ok) throw new Error(result.message)
	return result.value
}

function member(overrides: Parameters<typeof insertMember>[0] = {}) {
	return insertMember(overrides)
}

function addContest(values: Partial<typeof contests.$inferInsert> = {}) {
	return getDb()
		.insert(contests)
		.values({
			name: 'November Referral Contest',
			description: 'd',
			type: 'referral',
			status: 'active',
			startDate: '2026-11-01',
			endDate: '2026-11-30',
			prizeFirst: '$1,000 + Jacket',
			rules: 'r',
			...values,
		})
		.returning()
		.get()
}

function participants(contestId: number) {
	return getDb().select().from(contestParticipants).where(eq(contestParticipants.contestId, contestId)).all()
}

describe('formatPoints', () => {
	test.each([
		[0, '0 points'],
		[1, '1 point'],
		[42, '42 points'],
		[100, '100 points'],
		[1234, '1,234 points'],
		[-3, '0 points'],
	])('%i -> %s', (points, text) => expect(formatPoints(points)).toBe(text))
})

describe('milestoneProgress', () => {
	test('the seven milestones of spec section 9, in order', () => {
		expect(milestones.map((m) => m.points)).toEqual([100, 300, 500, 1_000, 10_000, 50_000, 200_000])
	})

	test.each([
		[0, 100, 0],
		[1, 100, 1],
		[50, 100, 50],
		[99, 100, 99],
		[100, 300, 33],
		[299, 300, 99],
		[300, 500, 60],
		[999, 1_000, 99],
		[1_000, 10_000, 10],
		[199_999, 200_000, 99],
	])('%i points: next milestone %i, progress %i percent', (points, next, percent) => {
		const progress = milestoneProgress(points)
		expect(progress.next?.points).toBe(next)
		expect(progress.progressPercent).toBe(percent)
		expect(progress.pointsToNext).toBe(next - points)
	})

	test('past the last milestone there is no next one and progress is capped at 100%', () => {
		for (const points of [200_000, 250_000, 10_000_000]) {
			const progress = milestoneProgress(points)
			expect(progress.next).toBeNull()
			expect(progress.progressPercent).toBe(100)
			expect(progress.milestones.every((m) => m.achieved)).toBe(true)
		}
	})

	test('milestones are achieved from the points, inclusive', () => {
		expect(milestoneProgress(99).milestones.filter((m) => m.achieved)).toHaveLength(0)
		expect(milestoneProgress(100).milestones.map((m) => m.achieved)).toEqual([
			true,
			false,
			false,
			false,
			false,
			false,
			false,
		])
		expect(milestoneProgress(1_000).milestones.filter((m) => m.achieved)).toHaveLength(4)
	})

	test('progress never exceeds 100 nor drops below 0', () => {
		const list = [{ points: 10, reward: 'r', description: 'd' }]
		expect(milestoneProgress(-5, list).progressPercent).toBe(0)
		expect(milestoneProgress(9, list).progressPercent).toBe(90)
		expect(milestoneProgress(10, list).progressPercent).toBe(100)
	})
})

test('the referral link is the sign-up URL with ?ref= and the code', () => {
	expect(referralLink('AB12CD34')).toMatch(/^https?:\/\/[^/]+\/signup\?ref=AB12CD34$/)
})

describe('referral crediting at unlock', () => {
	test('the referrer gains 1 point and 1 referral, once, with a ledger row and a statement line', () => {
		addUnlockCode(CODE)
		const referrer = member({ isVerified: true })
		const referred = member({ name: 'Jane Doe', referrer })
		unlock(referred.id)
		let row = getUserById(referrer.id)!
		expect(row.referralPoints).toBe(1)
		expect(row.referralCount).toBe(1)
		expect(row.lastReferralAt).not.toBeNull()
		expect(getPointsStatement(referrer.id)).toEqual([
			{
				date: expect.any(String),
				reason: 'Premium referral: Jane D. unlocked their dashboard',
				points: 1,
				status: 'credited',
				reviewReason: null,
			},
		])
		// A second unlock (a retry) credits nothing.
		unlock(referred.id)
		// Nor does crediting the same referred member again directly.
		const again = getDb().transaction((tx) => creditReferral(tx, getUserById(referred.id)!, new Date()))
		expect(again).toBe(false)
		row = getUserById(referrer.id)!
		expect(row.referralPoints).toBe(1)
		expect(row.referralCount).toBe(1)
		expect(getDb().select().from(referralCredits).all()).toHaveLength(1)
	})

	test('nothing is credited before the referred member unlocks, nor for a wrong code', () => {
		addUnlockCode(CODE)
		const referrer = member()
		const referred = member({ referrer })
		expect(unlockMember(referred.id, 'WRONG-0000', meta()).ok).toBe(false)
		expect(getUserById(referrer.id)!.referralPoints).toBe(0)
		expect(ledgerTotals(referrer.id)).toEqual({ points: 0, count: 0 })
	})

	test('a member without a referrer credits no one; a self-referral is refused', () => {
		addUnlockCode(CODE)
		const alone = member()
		unlock(alone.id)
		expect(getDb().select().from(referralCredits).all()).toHaveLength(0)
		const self = member()
		getDb().update(users).set({ referrerId: self.id, referredBy: self.referralCode }).where(eq(users.id, self.id)).run()
		unlock(self.id)
		expect(getUserById(self.id)!.referralPoints).toBe(0)
		expect(getDb().select().from(referralCredits).all()).toHaveLength(0)
	})

	test('stored points and count always agree with the ledger', () => {
		addUnlockCode(CODE)
		const referrer = member()
		for (let i = 0; i < 5; i++) unlock(member({ referrer }).id)
		const other = member()
		unlock(member({ referrer: other }).id)
		for (const id of [referrer.id, other.id]) {
			const row = getUserById(id)!
			expect(ledgerTotals(id)).toEqual({ points: row.referralPoints, count: row.referralCount })
		}
		expect(getUserById(referrer.id)!.referralPoints).toBe(5)
		expect(getPointsStatement(referrer.id)).toHaveLength(5)
	})

	test('a failure after the credit rolls the whole unlock back', () => {
		const referrer = member()
		const referred = member({ referrer })
		expect(() =>
			getDb().transaction((tx) => {
				creditReferral(tx, referred, new Date())
				throw new Error('boom')
			}),
		).toThrow('boom')
		expect(getUserById(referrer.id)!.referralPoints).toBe(0)
		expect(getDb().select().from(referralCredits).all()).toHaveLength(0)
	})

	test('the credit stays when the referred member is deleted later', () => {
		addUnlockCode(CODE)
		const referrer = member()
		const referred = member({ referrer })
		unlock(referred.id)
		getDb().delete(users).where(eq(users.id, referred.id)).run()
		expect(getUserById(referrer.id)!.referralPoints).toBe(1)
		expect(ledgerTotals(referrer.id)).toEqual({ points: 1, count: 1 })
	})
})

describe('referral crediting and the running contest', () => {
	const today = () => new Date().toISOString().slice(0, 10)
	const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

	test('inside the running referral contest: the participant row is created, then raised', () => {
		addUnlockCode(CODE)
		const contest = addContest({ startDate: dayOffset(-1), endDate: dayOffset(1) })
		const referrer = member()
		unlock(member({ referrer }).id)
		expect(participants(contest.id)).toMatchObject([{ userId: referrer.id, score: 1 }])
		unlock(member({ referrer }).id)
		expect(participants(contest.id)).toMatchObject([{ userId: referrer.id, score: 2 }])
	})

	test('the contest counts from the start of its first day to the end of its last (UTC)', () => {
		addUnlockCode(CODE)
		const contest = addContest({ startDate: today(), endDate: today() })
		const referrer = member()
		unlock(member({ referrer }).id)
		expect(participants(contest.id)).toHaveLength(1)
	})

	test.each([
		['ended yesterday', { startDate: '2020-01-01', endDate: '2020-01-31' }],
		['starts tomorrow', { startDate: 'tomorrow', endDate: 'far' }],
		['paused', { status: 'paused' as const }],
		['a draft', { status: 'draft' as const }],
		['completed', { status: 'completed' as const }],
		['not a referral contest', { type: 'trading' as const }],
	])('outside a running referral contest (%s): points are credited, no contest score', (_name, values) => {
		addUnlockCode(CODE)
		const fixed = { ...values } as Record<string, unknown>
		if (fixed.startDate === 'tomorrow') fixed.startDate = dayOffset(1)
		if (fixed.endDate === 'far') fixed.endDate = dayOffset(30)
		const contest = addContest({ startDate: dayOffset(-1), endDate: dayOffset(1), ...fixed })
		const referrer = member()
		unlock(member({ referrer }).id)
		expect(getUserById(referrer.id)!.referralPoints).toBe(1)
		expect(participants(contest.id)).toHaveLength(0)
	})

	test('a full contest takes no new participant, but raises those in it', () => {
		addUnlockCode(CODE)
		const contest = addContest({ startDate: dayOffset(-1), endDate: dayOffset(1), maxParticipants: 1 })
		const first = member()
		const second = member()
		unlock(member({ referrer: first }).id)
		unlock(member({ referrer: second }).id)
		unlock(member({ referrer: first }).id)
		expect(participants(contest.id)).toMatchObject([{ userId: first.id, score: 2 }])
		expect(getUserById(second.id)!.referralPoints).toBe(1)
	})
})

describe('referral leaderboard', () => {
	function withPoints(points: number, lastReferralAt: Date | null, extra: Partial<InsertUser> = {}) {
		return member({ referralPoints: points, referralCount: points, lastReferralAt, ...extra })
	}

	test('ranks members by points; a tie goes to who got there first; members without points are left out', () => {
		const t = (s: number) => new Date(Date.UTC(2026, 10, 1, 0, 0, s))
		const late = withPoints(5, t(30), { name: 'Late Larry' })
		const early = withPoints(5, t(10), { name: 'Early Erin' })
		const top = withPoints(9, t(50), { name: 'Top Tolu' })
		withPoints(0, null)
		const low = withPoints(1, t(5))
		const board = getReferralLeaderboard(new Date(Date.UTC(2026, 10, 20)))
		expect(board.map((e) => e.userId)).toEqual([top.id, early.id, late.id, low.id])
		expect(board.map((e) => e.rank)).toEqual([1, 2, 3, 4])
		expect(board.map((e) => e.prize)).toEqual(['$1,000', '$500', '$250', null])
		expect(board[0]!.name).toBe('Top T.')
		for (const entry of board) expect(getLeaderboardRank(getUserById(entry.userId)!)).toBe(entry.rank)
	})

	test('equal points and times: the older account ranks first, and ranks stay consistent', () => {
		const at = new Date(Date.UTC(2026, 10, 1))
		const a = withPoints(3, at)
		const b = withPoints(3, at)
		const board = getReferralLeaderboard()
		expect(board.map((e) => e.userId)).toEqual([a.id, b.id])
		expect(getLeaderboardRank(getUserById(a.id)!)).toBe(1)
		expect(getLeaderboardRank(getUserById(b.id)!)).toBe(2)
	})

	test('lists at most 10 and reports points gained in the last 7 days as the change', () => {
		addUnlockCode(CODE)
		for (let i = 0; i < 12; i++) withPoints(100 + i, new Date(Date.UTC(2026, 0, 1)))
		expect(getReferralLeaderboard()).toHaveLength(10)
		const referrer = withPoints(500, new Date(Date.UTC(2026, 0, 1)))
		unlock(member({ referrer }).id)
		const entry = getReferralLeaderboard().find((e) => e.userId === referrer.id)!
		expect(entry.points).toBe(501)
		expect(entry.change).toBe(1)
		expect(getLeaderboardRank(getUserById(referrer.id)!)).toBe(1)
	})

	test('a member without points has no rank', () => {
		expect(getLeaderboardRank(member())).toBeNull()
	})
})

describe('points over time', () => {
	// A Wednesday; its week started on Monday, November 23.
	const NOW = new Date('2026-11-25T12:00:00Z')
	const credit = (iso: string, points = 1) => ({ at: new Date(iso), points })
	const view = (history: ReturnType<typeof buildPointsHistory>) =>
		history && { unit: history.unit, periods: history.periods.map((p) => [p.label, p.total, p.gained]) }

	test('no points: no history', () => {
		expect(buildPointsHistory([], NOW)).toBeNull()
	})

	test('by week (from Monday, UTC) from the first point while it is less than 12 weeks old; weeks without points carry the total', () => {
		const history = buildPointsHistory(
			[
				credit('2026-11-23T00:00:00Z'), // Monday 00:00: this week
				credit('2026-11-04T09:00:00Z'),
				credit('2026-11-22T23:59:59.999Z'), // Sunday night: the week before
				credit('2026-11-02T00:00:00Z', 2),
			],
			NOW,
		)
		expect(view(history)).toEqual({
			unit: 'week',
			periods: [
				['Nov 2', 3, 3],
				['Nov 9', 3, 0],
				['Nov 16', 4, 1],
				['Nov 23', 5, 1],
			],
		})
		expect(history!.periods[0]!.start).toBe('2026-11-02')
		// A first point this week: one period.
		expect(view(buildPointsHistory([credit('2026-11-25T08:00:00Z')], NOW))).toEqual({
			unit: 'week',
			periods: [['Nov 23', 1, 1]],
		})
	})

	test('12 weeks is the limit: a first point 11 weeks back is still weekly, 12 weeks back switches to months', () => {
		const weekly = buildPointsHistory([credit('2026-09-07T00:00:00Z')], NOW)
		expect(weekly!.unit).toBe('week')
		expect(weekly!.periods).toHaveLength(12)
		expect(weekly!.periods.at(-1)!.total).toBe(1)
		const monthly = buildPointsHistory([credit('2026-09-06T23:59:59Z')], NOW)
		expect(view(monthly)).toEqual({
			unit: 'month',
			periods: [
				['Sep 2026', 1, 1],
				['Oct 2026', 1, 0],
				['Nov 2026', 1, 0],
			],
		})
	})

	test('by month: the last 12 months at most, earlier points counted in the first', () => {
		const history = buildPointsHistory(
			[
				credit('2025-06-15T10:00:00Z'),
				credit('2025-11-30T23:59:59.999Z'),
				credit('2025-12-01T00:00:00Z', 3),
				credit('2026-11-25T11:00:00Z'),
			],
			NOW,
		)
		expect(history!.unit).toBe('month')
		expect(history!.periods).toHaveLength(12)
		expect(view(history)!.periods[0]).toEqual(['Dec 2025', 5, 3])
		expect(view(history)!.periods.at(-2)).toEqual(['Oct 2026', 5, 0])
		expect(view(history)!.periods.at(-1)).toEqual(['Nov 2026', 6, 1])
		expect(history!.periods[0]!.start).toBe('2025-12-01')
	})

	test("from the ledger: the member's own credits, by the day they were earned", () => {
		const referrer = member()
		const other = member()
		expect(getPointsHistory(referrer.id, NOW)).toBeNull()
		const earn = (who: { id: number; referralCode: string }, at: string) =>
			getDb().transaction((tx) => creditReferral(tx, member({ referrer: who }), new Date(at)))
		earn(referrer, '2026-11-10T08:00:00Z')
		earn(referrer, '2026-11-10T21:00:00Z')
		earn(referrer, '2026-11-24T00:00:01Z')
		earn(other, '2026-11-24T00:00:01Z')
		const history = getPointsHistory(referrer.id, NOW)
		expect(view(history)).toEqual({
			unit: 'week',
			periods: [
				['Nov 9', 2, 2],
				['Nov 16', 2, 0],
				['Nov 23', 3, 1],
			],
		})
		// The chart ends where the stored points are.
		expect(history!.periods.at(-1)!.total).toBe(getUserById(referrer.id)!.referralPoints)
		// One read of the member's rows on the referrer index.
		const plan = (
			getDb()
				.$client.prepare(
					'explain query plan select cast(created_at / 86400000 as integer) as day, sum(points) from referral_credits where referrer_id = ? group by day',
				)
				.all(referrer.id) as Array<{ detail: string }>
		)
			.map((p) => p.detail)
			.join(' | ')
		expect(plan).toMatch(/SEARCH referral_credits USING INDEX referral_credits_referrer_idx \(referrer_id=\?\)/)
	})
})
