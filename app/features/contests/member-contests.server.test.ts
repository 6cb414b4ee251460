import { describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { contestParticipants } from '#db/schema.ts'
import { dataContestTexts } from '#app/content/dashboard.ts'
import { insertContest, insertParticipant, insertReport } from '#tests/contest-factories.ts'
import { insertMember } from '#tests/factories.ts'
import { ACTIVITY_POINTS, rescoreContests } from './scoring.server.ts'
import { listRecentlyCompleted, listRunningDataContests } from './member-contests.server.ts'

const NOW = new Date('2026-11-20T12:00:00.000Z')

describe('running data-scored contests', () => {
	test("active ones that started, with the member's rank, the top 10, time left; not drafts, referral or future ones", () => {
		const member = insertMember({ isVerified: true, name: 'Ada Lovelace' })
		const rival = insertMember({ isVerified: true, name: 'Grace Hopper' })
		const deposit = insertContest({ type: 'deposit', status: 'active', endDate: '2026-11-30' })
		const activity = insertContest({ type: 'activity', status: 'active', endDate: '2026-11-25' })
		insertContest({ type: 'trading', status: 'draft' })
		insertContest({ type: 'referral', status: 'active' })
		insertContest({ type: 'trading', status: 'active', startDate: '2026-11-21', endDate: '2026-11-30' })
		insertReport(
			[
				{ userId: member.id, depositsCents: 20_000 },
				{ userId: rival.id, depositsCents: 90_000 },
			],
			{ month: '2026-11' },
		)
		getDb().transaction((tx) => rescoreContests(tx, { types: ['deposit'] }, NOW))
		const listed = listRunningDataContests(member.id, NOW)
		// Ending soonest first.
		expect(listed.map((c) => c.id)).toEqual([activity.id, deposit.id])
		expect(listed[0]).toMatchObject({
			me: null,
			full: false,
			top: [],
			ended: false,
			secondsLeft: 5 * 86_400 + 12 * 3_600,
		})
		expect(listed[1]).toMatchObject({
			type: 'deposit',
			participants: 2,
			me: { rank: 2, score: 200 },
			top: [
				{ rank: 1, name: 'Grace H.', score: 900, me: false },
				{ rank: 2, name: 'Ada L.', score: 200, me: true },
			],
		})
	})

	test('a full contest says so to a member who is not in it; an ended, not completed one is still listed', () => {
		const member = insertMember({ isVerified: true })
		const full = insertContest({ type: 'trading', status: 'active', maxParticipants: 1 })
		insertParticipant(full.id, 5)
		const ended = insertContest({ type: 'deposit', status: 'active', startDate: '2026-10-01', endDate: '2026-10-31' })
		const listed = listRunningDataContests(member.id, NOW)
		expect(listed.find((c) => c.id === full.id)).toMatchObject({ full: true, me: null })
		expect(listed.find((c) => c.id === ended.id)).toMatchObject({ ended: true, secondsLeft: 0 })
	})

	test("the activity text names the scoring's weights", () => {
		const text = dataContestTexts.activity.howItScores
		expect(text).toContain(`${ACTIVITY_POINTS.signInDay} point for each day you sign in`)
		expect(text).toContain(`${ACTIVITY_POINTS.lesson} points for each lesson`)
		expect(text).toContain(`${ACTIVITY_POINTS.referral} points for each referral`)
	})
})

describe('recently completed contests', () => {
	test('the latest 3 of the last 90 days and those the member took part in, with the frozen top 3 and prizes', () => {
		const member = insertMember({ isVerified: true })
		const completed = (daysAgo: number, name: string) =>
			insertContest({
				name,
				type: 'deposit',
				status: 'completed',
				prizeFirst: '$1,000',
				prizeSecond: '$500',
				completedAt: new Date(NOW.getTime() - daysAgo * 86_400_000),
			})
		const mine = completed(40, 'Mine')
		const newest = [completed(1, 'A'), completed(2, 'B'), completed(3, 'C')]
		completed(4, 'D')
		completed(100, 'Too old')
		const players = [9, 7, 5, 3].map((score, i) => insertParticipant(mine.id, score, NOW, { rank: i + 1 }))
		getDb().insert(contestParticipants).values({ contestId: mine.id, userId: member.id, score: 1, rank: 5 }).run()
		const listed = listRecentlyCompleted(member.id, NOW)
		expect(listed.map((c) => c.name)).toEqual([...newest.map((c) => c.name), 'Mine'])
		const shown = listed.at(-1)!
		expect(shown.me).toEqual({ rank: 5, score: 1 })
		expect(shown.winners.map((w) => [w.rank, w.score, w.prize])).toEqual([
			[1, 9, '$1,000'],
			[2, 7, '$500'],
			[3, 5, null],
		])
		expect(players).toHaveLength(4)
	})
})
