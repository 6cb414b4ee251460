import { describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { contestParticipants, contests } from '#db/schema.ts'
import { insertContest, insertParticipant } from '#tests/contest-factories.ts'
import { insertMember } from '#tests/factories.ts'
import {
	contestWindow,
	countParticipants,
	ensureMonthlyReferralContest,
	getContestStanding,
	getContestTop,
	getRunningReferralContest,
	listRanking,
	placeInRanking,
	secondsUntilEnd,
} from './contest.server.ts'

/** A running referral contest (November 2026) unless told otherwise. */
function addContest(values: Parameters<typeof insertContest>[0] = {}) {
	return insertContest({ type: 'referral', status: 'active', ...values })
}

function join(contestId: number, score: number, scoredAt: Date, extra: { rank?: number } = {}) {
	return insertParticipant(contestId, score, scoredAt, extra).user
}

const at = (iso: string) => new Date(iso)

describe('contest dates', () => {
	test('a contest runs from 00:00 UTC of its start date to the end of its end date', () => {
		const { startsAt, endsAt } = contestWindow({ startDate: '2026-11-01', endDate: '2026-11-30' })
		expect(startsAt.toISOString()).toBe('2026-11-01T00:00:00.000Z')
		expect(endsAt.toISOString()).toBe('2026-12-01T00:00:00.000Z')
	})

	test('seconds until the end, never below zero', () => {
		const c = { startDate: '2026-11-01', endDate: '2026-11-30' }
		expect(secondsUntilEnd(c, at('2026-11-30T23:59:59.000Z'))).toBe(1)
		expect(secondsUntilEnd(c, at('2026-11-13T09:27:15.000Z'))).toBe(17 * 86_400 + 14 * 3_600 + 32 * 60 + 45)
		expect(secondsUntilEnd(c, at('2026-12-01T00:00:00.000Z'))).toBe(0)
		expect(secondsUntilEnd(c, at('2027-01-01T00:00:00.000Z'))).toBe(0)
	})
})

describe('getRunningReferralContest', () => {
	test('only an active referral contest whose dates include now', () => {
		addContest({ name: 'draft', status: 'draft' })
		addContest({ name: 'paused', status: 'paused' })
		addContest({ name: 'trading', type: 'trading' })
		addContest({ name: 'october', startDate: '2026-10-01', endDate: '2026-10-31' })
		expect(getRunningReferralContest(at('2026-11-15T12:00:00Z'))).toBeNull()
		const running = addContest({ name: 'running' })
		expect(getRunningReferralContest(at('2026-11-01T00:00:00Z'))?.id).toBe(running.id)
		expect(getRunningReferralContest(at('2026-11-30T23:59:59Z'))?.id).toBe(running.id)
		expect(getRunningReferralContest(at('2026-12-01T00:00:00Z'))).toBeNull()
		expect(getRunningReferralContest(at('2026-10-31T23:59:59Z'))?.name).toBe('october')
	})

	test('with two running, the one that started last', () => {
		addContest({ name: 'month', startDate: '2026-11-01' })
		const later = addContest({ name: 'sprint', startDate: '2026-11-10', endDate: '2026-11-20' })
		expect(getRunningReferralContest(at('2026-11-15T00:00:00Z'))?.id).toBe(later.id)
	})
})

describe('contest ranking', () => {
	test('score high to low; a tie goes to who reached the score first', () => {
		const contest = addContest()
		const a = join(contest.id, 3, at('2026-11-05T10:00:00Z'))
		const b = join(contest.id, 5, at('2026-11-06T10:00:00Z'))
		const c = join(contest.id, 3, at('2026-11-04T10:00:00Z'))
		const d = join(contest.id, 1, at('2026-11-01T10:00:00Z'))
		const top = getContestTop(contest.id)
		expect(top.map((s) => s.userId)).toEqual([b.id, c.id, a.id, d.id])
		expect(top.map((s) => s.rank)).toEqual([1, 2, 3, 4])
		for (const s of top) expect(getContestStanding(contest.id, s.userId)).toEqual({ rank: s.rank, score: s.score })
	})

	test('same score at the same moment: who joined first (the lower id) ranks first', () => {
		const contest = addContest()
		const moment = at('2026-11-05T10:00:00Z')
		const first = join(contest.id, 2, moment)
		const second = join(contest.id, 2, moment)
		expect(getContestStanding(contest.id, first.id)).toEqual({ rank: 1, score: 2 })
		expect(getContestStanding(contest.id, second.id)).toEqual({ rank: 2, score: 2 })
	})

	test('the top lists at most 10 with display names; a member not in the contest has no standing', () => {
		const contest = addContest()
		for (let i = 0; i < 12; i++) join(contest.id, i, at('2026-11-05T10:00:00Z'))
		const top = getContestTop(contest.id)
		expect(top).toHaveLength(10)
		expect(top[0]!.score).toBe(11)
		expect(top[0]!.name).toMatch(/^Test [A-Z0-9]\.$/)
		expect(getContestStanding(contest.id, insertMember().id)).toBeNull()
		expect(countParticipants(contest.id)).toBe(12)
	})

	test('frozen ranks (a completed contest) are shown as stored', () => {
		const contest = addContest({ status: 'completed' })
		const a = join(contest.id, 9, at('2026-11-05T10:00:00Z'), { rank: 2 })
		const b = join(contest.id, 1, at('2026-11-05T10:00:00Z'), { rank: 1 })
		expect(getContestStanding(contest.id, a.id)).toEqual({ rank: 2, score: 9 })
		expect(getContestStanding(contest.id, b.id)).toEqual({ rank: 1, score: 1 })
	})

	test('one ranking query for every audience: pages continue the places, each agrees with placeInRanking', () => {
		const contest = addContest()
		for (let i = 0; i < 7; i++) join(contest.id, i % 3, at(`2026-11-0${i + 1}T10:00:00Z`))
		const all = listRanking(contest.id, { limit: 100 })
		expect(all.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5, 6, 7])
		expect(all[0]).toEqual(
			expect.objectContaining({ score: 2, name: expect.any(String), email: expect.stringContaining('@') }),
		)
		const second = listRanking(contest.id, { limit: 3, offset: 3 })
		expect(second).toEqual(all.slice(3, 6))
		const rows = getDb().select().from(contestParticipants).all()
		for (const row of rows) expect(placeInRanking(row)).toBe(all.find((r) => r.id === row.id)!.rank)
	})

	test('participants of one contest do not rank in another', () => {
		const one = addContest()
		const two = addContest()
		const a = join(one.id, 5, at('2026-11-05T10:00:00Z'))
		join(two.id, 9, at('2026-11-05T10:00:00Z'))
		expect(getContestStanding(one.id, a.id)).toEqual({ rank: 1, score: 5 })
	})
})

describe('ensureMonthlyReferralContest', () => {
	test("creates this month's active referral contest once, from the 1st to the last day", () => {
		const now = at('2026-11-21T08:00:00Z')
		const id = ensureMonthlyReferralContest(now)
		expect(id).not.toBeNull()
		expect(ensureMonthlyReferralContest(now)).toBeNull()
		const all = getDb().select().from(contests).all()
		expect(all).toHaveLength(1)
		expect(all[0]).toMatchObject({
			name: 'November 2026 Referral Contest',
			type: 'referral',
			status: 'active',
			startDate: '2026-11-01',
			endDate: '2026-11-30',
			prizeFirst: '$1,000 + Jacket',
			prizeSecond: 'Smartphone',
			prizeThird: '$300',
		})
		expect(all[0]!.rules).toContain('Only referrals that unlock premium within the month count.')
		expect(all[0]!.rules).toContain('Rankings reset on the 1st of each month.')
		expect(getRunningReferralContest(now)?.id).toBe(id)
	})

	test('a new month gets a new contest (February ends on the 28th)', () => {
		ensureMonthlyReferralContest(at('2026-11-21T08:00:00Z'))
		ensureMonthlyReferralContest(at('2027-02-02T08:00:00Z'))
		const feb = getDb().select().from(contests).all()[1]!
		expect(feb).toMatchObject({
			startDate: '2027-02-01',
			endDate: '2027-02-28',
			name: 'February 2027 Referral Contest',
		})
	})

	test("an admin's referral contest covering the month (in any status) is kept, not doubled", () => {
		addContest({ status: 'paused', startDate: '2026-11-10', endDate: '2026-12-10' })
		expect(ensureMonthlyReferralContest(at('2026-11-21T08:00:00Z'))).toBeNull()
		expect(getDb().select().from(contests).all()).toHaveLength(1)
	})
})
