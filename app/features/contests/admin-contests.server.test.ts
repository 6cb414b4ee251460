import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { contestParticipants, contests, systemAlerts, users } from '#db/schema.ts'
import type { ContestStatus } from '#app/domain/enums.ts'
import { contestInput, insertContest, insertParticipant } from '#tests/contest-factories.ts'
import { auditRows, insertAuditActor } from '#tests/factories.ts'
import { CONTEST_TRANSITIONS, readContestFilters } from '#app/features/contests/schemas.ts'
import {
	changeContestStatus,
	completeContest,
	createContest,
	deleteContest,
	getAdminLeaderboard,
	getContest,
	getContestStats,
	listContests,
	listParticipants,
	updateContest,
	updateParticipantScore,
} from './admin-contests.server.ts'
import { deliverContestResultsBatch } from './results.server.ts'
import { checkContestAlerts, raiseAlert } from '#app/features/alerts/alerts.server.ts'
import { getContestStanding, getContestTop } from './contest.server.ts'

const filters = (params = '') => readContestFilters(new URLSearchParams(params))
const at = (iso: string) => new Date(iso)

describe('createContest', () => {
	test('a new contest starts as draft, with its audit row', () => {
		const admin = insertAuditActor()
		const result = createContest(
			admin,
			contestInput({ prizeThird: '$300', maxParticipants: 50 }),
			at('2026-11-20T10:00:00Z'),
		)
		expect(result.ok).toBe(true)
		if (!result.ok) return
		expect(result.value).toMatchObject({
			name: 'December Trading Sprint',
			type: 'trading',
			status: 'draft',
			startDate: '2026-12-01',
			endDate: '2026-12-31',
			prizes: { first: '$1,000', second: 'Phone', third: '$300' },
			maxParticipants: 50,
			participantCount: 0,
			createdAt: '2026-11-20T10:00:00.000Z',
			completedAt: null,
		})
		expect(auditRows()).toMatchObject([
			{
				adminId: admin.id,
				adminEmail: admin.email,
				action: 'contest.create',
				targetType: 'contest',
				targetId: String(result.value.id),
				before: null,
				after: { name: 'December Trading Sprint', status: 'draft' },
			},
		])
	})

	test('an end date before the start date is a field error on the end date; nothing stored', () => {
		const result = createContest(insertAuditActor(), contestInput({ startDate: '2026-12-10', endDate: '2026-12-09' }))
		expect(result).toMatchObject({
			ok: false,
			status: 400,
			fieldErrors: { endDate: ['End date must be on or after the start date'] },
		})
		expect(getDb().select().from(contests).all()).toEqual([])
		expect(auditRows()).toEqual([])
		// A one-day contest is fine.
		expect(createContest(insertAuditActor(), contestInput({ startDate: '2026-12-10', endDate: '2026-12-10' })).ok).toBe(
			true,
		)
	})
})

describe('updateContest', () => {
	test('changes the fields in any status, keeps the status, audits before and after', () => {
		const admin = insertAuditActor()
		for (const status of ['draft', 'active', 'paused', 'completed'] as const) {
			const contest = insertContest({ status, name: `Old ${status}` })
			const result = updateContest(
				admin,
				contest.id,
				contestInput({ name: `New ${status}`, type: 'deposit', maxParticipants: 10 }),
			)
			expect(result.ok).toBe(true)
			expect(getContest(contest.id)).toMatchObject({
				name: `New ${status}`,
				type: 'deposit',
				status,
				maxParticipants: 10,
			})
		}
		const rows = auditRows()
		expect(rows).toHaveLength(4)
		expect(rows[0]).toMatchObject({
			action: 'contest.update',
			before: { name: 'Old draft' },
			after: { name: 'New draft' },
		})
	})

	test('unknown contest 404; end before start 400; max participants below the current count 400', () => {
		expect(updateContest(insertAuditActor(), 9999, contestInput())).toMatchObject({
			ok: false,
			status: 404,
			message: 'Contest not found',
		})
		const contest = insertContest()
		expect(
			updateContest(insertAuditActor(), contest.id, contestInput({ startDate: '2026-12-02', endDate: '2026-12-01' })),
		).toMatchObject({
			status: 400,
			fieldErrors: { endDate: ['End date must be on or after the start date'] },
		})
		insertParticipant(contest.id, 1)
		insertParticipant(contest.id, 2)
		expect(updateContest(insertAuditActor(), contest.id, contestInput({ maxParticipants: 1 }))).toMatchObject({
			status: 400,
			fieldErrors: { maxParticipants: ['Max participants cannot be below the 2 participants already in the contest'] },
		})
		expect(updateContest(insertAuditActor(), contest.id, contestInput({ maxParticipants: 2 })).ok).toBe(true)
		expect(auditRows()).toHaveLength(1)
	})

	test('moving the end date resolves the alert about the old one', () => {
		const contest = insertContest({ status: 'active', endDate: '2026-11-30' })
		raiseAlert({
			type: 'warning',
			title: 'Contest ending soon',
			message: 'm',
			dedupeKey: `contest-ending:${contest.id}:2026-11-30`,
		})
		updateContest(insertAuditActor(), contest.id, contestInput({ startDate: '2026-11-01', endDate: '2026-12-15' }))
		expect(getDb().select().from(systemAlerts).get()!.resolvedAt).not.toBeNull()
	})
})

describe('status transitions (spec section 4)', () => {
	const all: ContestStatus[] = ['draft', 'active', 'paused', 'completed']
	const allowed = new Set(['draft>active', 'active>paused', 'paused>active'])

	for (const from of all) {
		for (const to of all) {
			const key = `${from}>${to}`
			test(`${from} → ${to}: ${allowed.has(key) ? 'allowed' : 'refused (409)'}`, () => {
				const admin = insertAuditActor()
				const contest = insertContest({ status: from })
				const result = changeContestStatus(admin, contest.id, to)
				if (allowed.has(key)) {
					expect(result).toMatchObject({ ok: true, value: { contest: { status: to } } })
					expect(auditRows()).toMatchObject([
						{ action: 'contest.status', targetId: String(contest.id), before: { status: from }, after: { status: to } },
					])
				} else {
					expect(result).toMatchObject({ ok: false, status: 409 })
					expect(getContest(contest.id)!.status).toBe(from)
					expect(auditRows()).toEqual([])
				}
			})
		}
	}

	test('the action names: Start, Pause, Resume; completed goes through Complete', () => {
		const contest = insertContest({ status: 'draft' })
		const steps = [
			['active', 'start'],
			['paused', 'pause'],
			['active', 'resume'],
		] as const
		for (const [to, action] of steps) {
			expect(changeContestStatus(insertAuditActor(), contest.id, to)).toMatchObject({ ok: true, value: { action } })
		}
		expect(changeContestStatus(insertAuditActor(), contest.id, 'completed')).toMatchObject({
			ok: false,
			status: 409,
			message: 'A contest is completed through the complete action, which freezes its ranks.',
		})
		expect(changeContestStatus(insertAuditActor(), 424242, 'active')).toMatchObject({ ok: false, status: 404 })
		expect(CONTEST_TRANSITIONS.map((t) => `${t.label}:${t.from}>${t.to}`)).toEqual([
			'Start:draft>active',
			'Pause:active>paused',
			'Resume:paused>active',
			'Complete:active>completed',
		])
	})
})

describe('completeContest', () => {
	test('only from active: draft, paused and completed are refused (409), unknown 404', () => {
		for (const status of ['draft', 'paused', 'completed'] as const) {
			const contest = insertContest({ status })
			expect(completeContest(insertAuditActor(), contest.id)).toMatchObject({ ok: false, status: 409 })
			expect(getContest(contest.id)!.status).toBe(status)
		}
		expect(completeContest(insertAuditActor(), 31337)).toMatchObject({ ok: false, status: 404 })
		expect(auditRows()).toEqual([])
	})

	test('freezes the ranking order: score, then who reached it first, then who joined first (ranks written as members are told)', () => {
		const contest = insertContest({ status: 'active' })
		const same = at('2026-11-05T10:00:00Z')
		const c = insertParticipant(contest.id, 5, at('2026-11-04T10:00:00Z'))
		const tieLater = insertParticipant(contest.id, 9, at('2026-11-06T10:00:00Z'))
		const tieEarlier = insertParticipant(contest.id, 9, at('2026-11-03T10:00:00Z'))
		const tieSameTimeFirst = insertParticipant(contest.id, 2, same)
		const tieSameTimeSecond = insertParticipant(contest.id, 2, same)
		const zero = insertParticipant(contest.id, 0, at('2026-11-01T10:00:00Z'))
		const admin = insertAuditActor()
		const result = completeContest(admin, contest.id, at('2026-12-01T09:00:00Z'))
		expect(result).toMatchObject({
			ok: true,
			value: { status: 'completed', completedAt: '2026-12-01T09:00:00.000Z', participantCount: 6 },
		})
		// The scheduler's contest-results writes the ranks as it tells the members (decision 066).
		expect(deliverContestResultsBatch(new Date(), () => 0)).toEqual({ contestId: contest.id, told: 6 })
		const ranks = Object.fromEntries(
			getDb()
				.select({ userId: contestParticipants.userId, rank: contestParticipants.rank })
				.from(contestParticipants)
				.all()
				.map((r) => [r.userId, r.rank]),
		)
		expect([tieEarlier, tieLater, c, tieSameTimeFirst, tieSameTimeSecond, zero].map((p) => ranks[p.user.id])).toEqual([
			1, 2, 3, 4, 5, 6,
		])
		expect(auditRows()).toMatchObject([
			{
				action: 'contest.complete',
				before: { status: 'active' },
				after: { status: 'completed', participants: 6 },
			},
		])
		expect((auditRows()[0]!.after as { top: unknown[] }).top.slice(0, 2)).toEqual([
			{ rank: 1, userId: tieEarlier.user.id, score: 9 },
			{ rank: 2, userId: tieLater.user.id, score: 9 },
		])
	})

	test('frozen ranks stay as they were: the member page and the admin list read them', () => {
		const contest = insertContest({ status: 'active', type: 'referral' })
		const first = insertParticipant(contest.id, 3, at('2026-11-02T00:00:00Z'))
		const second = insertParticipant(contest.id, 1, at('2026-11-02T00:00:00Z'))
		completeContest(insertAuditActor(), contest.id)
		deliverContestResultsBatch(new Date(), () => 0)
		// A change made behind the rules' back does not move a frozen rank.
		getDb().update(contestParticipants).set({ score: 10 }).where(eq(contestParticipants.userId, second.user.id)).run()
		expect(getContestStanding(contest.id, second.user.id)).toEqual({ rank: 2, score: 10 })
		expect(getContestTop(contest.id).map((s) => [s.userId, s.rank])).toEqual([
			[second.user.id, 2],
			[first.user.id, 1],
		])
		expect(listParticipants(contest.id)!.participants.map((p) => [p.userId, p.rank])).toEqual([
			[second.user.id, 2],
			[first.user.id, 1],
		])
	})

	test("resolves the contest's ending alerts", () => {
		const contest = insertContest({ status: 'active', startDate: '2026-11-01', endDate: '2026-11-30' })
		checkContestAlerts(at('2026-11-29T00:00:00Z'))
		expect(getDb().select().from(systemAlerts).all()).toMatchObject([{ resolvedAt: null }])
		completeContest(insertAuditActor(), contest.id, at('2026-11-29T12:00:00Z'))
		expect(getDb().select().from(systemAlerts).get()!.resolvedAt).toEqual(at('2026-11-29T12:00:00Z'))
	})
})

describe('updateParticipantScore', () => {
	test('sets the score (reached now), audits it, and answers with the new place', () => {
		const contest = insertContest({ type: 'referral', status: 'active' })
		const leader = insertParticipant(contest.id, 5, at('2026-11-02T00:00:00Z'))
		const chaser = insertParticipant(contest.id, 3, at('2026-11-01T00:00:00Z'))
		const admin = insertAuditActor()
		const result = updateParticipantScore(admin, contest.id, chaser.user.id, 5, at('2026-11-10T00:00:00Z'))
		// Tied at 5, the leader reached it first.
		expect(result).toMatchObject({ ok: true, value: { userId: chaser.user.id, score: 5, rank: 2 } })
		expect(updateParticipantScore(admin, contest.id, chaser.user.id, 6)).toMatchObject({ ok: true, value: { rank: 1 } })
		expect(listParticipants(contest.id)!.participants.map((p) => p.userId)).toEqual([chaser.user.id, leader.user.id])
		expect(auditRows()).toMatchObject([
			{
				action: 'contest.participant-score',
				targetId: String(contest.id),
				before: { userId: chaser.user.id, score: 3 },
				after: { score: 5 },
			},
			{ action: 'contest.participant-score', before: { score: 5 }, after: { score: 6 } },
		])
		// The same score again changes nothing and writes no row.
		expect(updateParticipantScore(admin, contest.id, chaser.user.id, 6).ok).toBe(true)
		expect(auditRows()).toHaveLength(2)
	})

	test('0 is fine; negative or fractional refused (400); unknown contest or participant 404', () => {
		const contest = insertContest({ type: 'referral', status: 'paused' })
		const p = insertParticipant(contest.id, 4)
		expect(updateParticipantScore(insertAuditActor(), contest.id, p.user.id, 0)).toMatchObject({
			ok: true,
			value: { score: 0 },
		})
		expect(updateParticipantScore(insertAuditActor(), contest.id, p.user.id, -1)).toMatchObject({
			ok: false,
			status: 400,
		})
		expect(updateParticipantScore(insertAuditActor(), contest.id, p.user.id, 1.5)).toMatchObject({
			ok: false,
			status: 400,
		})
		expect(updateParticipantScore(insertAuditActor(), 777, p.user.id, 1)).toMatchObject({
			ok: false,
			status: 404,
			message: 'Contest not found',
		})
		expect(updateParticipantScore(insertAuditActor(), contest.id, 888_888, 1)).toMatchObject({
			ok: false,
			status: 404,
			message: 'Participant not found',
		})
	})

	test('refused (409) once the contest is completed; the score stays', () => {
		const contest = insertContest({ status: 'active' })
		const p = insertParticipant(contest.id, 4)
		completeContest(insertAuditActor(), contest.id)
		expect(updateParticipantScore(insertAuditActor(), contest.id, p.user.id, 40)).toMatchObject({
			ok: false,
			status: 409,
			message: 'This contest is completed: its ranks are final and scores can no longer change.',
		})
		expect(getDb().select().from(contestParticipants).get()!.score).toBe(4)
	})
})

describe('deleteContest', () => {
	test('removes the contest and its participants in one go (members stay), audits, resolves alerts', () => {
		const contest = insertContest({ status: 'active', startDate: '2026-11-01', endDate: '2026-11-30' })
		const other = insertContest({ name: 'Other' })
		const a = insertParticipant(contest.id, 1)
		insertParticipant(contest.id, 2)
		insertParticipant(other.id, 3)
		checkContestAlerts(at('2026-11-29T00:00:00Z'))
		const admin = insertAuditActor()
		expect(deleteContest(admin, contest.id)).toEqual({ ok: true, value: { id: contest.id, participantsRemoved: 2 } })
		expect(getContest(contest.id)).toBeNull()
		expect(
			getDb()
				.select()
				.from(contestParticipants)
				.all()
				.map((p) => p.contestId),
		).toEqual([other.id])
		expect(getDb().select().from(users).where(eq(users.id, a.user.id)).get()).toBeDefined()
		expect(auditRows()).toMatchObject([
			{
				action: 'contest.delete',
				targetId: String(contest.id),
				before: { name: 'Test Contest', participantCount: 2 },
				after: null,
			},
		])
		expect(getDb().select().from(systemAlerts).get()!.resolvedAt).not.toBeNull()
		expect(deleteContest(admin, contest.id)).toMatchObject({ ok: false, status: 404 })
	})
})

describe('listContests', () => {
	test('newest first with participant counts; search in name and description; status and type filters', () => {
		const a = insertContest({
			name: 'Alpha Referral',
			type: 'referral',
			status: 'active',
			createdAt: at('2026-01-01T00:00:00Z'),
		})
		const b = insertContest({
			name: 'Beta',
			description: 'Deposit race 100%_off',
			type: 'deposit',
			createdAt: at('2026-02-01T00:00:00Z'),
		})
		const c = insertContest({
			name: 'Gamma',
			type: 'trading',
			status: 'completed',
			createdAt: at('2026-03-01T00:00:00Z'),
		})
		insertParticipant(a.id, 1)
		insertParticipant(a.id, 1)
		insertParticipant(c.id, 1)
		expect(listContests(filters()).map((x) => [x.name, x.participantCount])).toEqual([
			['Gamma', 1],
			['Beta', 0],
			['Alpha Referral', 2],
		])
		expect(listContests(filters('search=alpha')).map((x) => x.id)).toEqual([a.id])
		expect(listContests(filters('search=RACE')).map((x) => x.id)).toEqual([b.id])
		// % and _ match themselves, not anything.
		expect(listContests(filters('search=%25_')).map((x) => x.id)).toEqual([b.id])
		expect(listContests(filters('search=a%25a'))).toEqual([])
		expect(listContests(filters('status=completed')).map((x) => x.id)).toEqual([c.id])
		expect(listContests(filters('type=referral&status=active')).map((x) => x.id)).toEqual([a.id])
		expect(listContests(filters('type=activity'))).toEqual([])
		// A value that is not an option reads as all on the page.
		expect(listContests(filters('status=bogus&type=%27%20or%201%3D1'))).toHaveLength(3)
		expect(listContests({ ...filters(), sortBy: 'name', sortOrder: 'asc' }).map((x) => x.name)).toEqual([
			'Alpha Referral',
			'Beta',
			'Gamma',
		])
	})
})

describe('participants, leaderboard and stats', () => {
	test('participants in ranking order with name, email, live rank, paging', () => {
		const contest = insertContest({ status: 'active' })
		const low = insertParticipant(contest.id, 1, at('2026-11-02T00:00:00Z'))
		const high = insertParticipant(contest.id, 7, at('2026-11-03T00:00:00Z'))
		const mid = insertParticipant(contest.id, 4, at('2026-11-01T00:00:00Z'))
		const listed = listParticipants(contest.id)!
		expect(listed.participants.map((p) => [p.rank, p.user.email, p.score])).toEqual([
			[1, high.user.email, 7],
			[2, mid.user.email, 4],
			[3, low.user.email, 1],
		])
		expect(listed.participants[0]).toEqual({
			id: high.participant.id,
			userId: high.user.id,
			rank: 1,
			user: { name: high.user.name, email: high.user.email },
			score: 7,
			joinedAt: '2026-11-03T00:00:00.000Z',
		})
		const page2 = listParticipants(contest.id, { page: 2, limit: 2 })!
		expect(page2.participants.map((p) => p.rank)).toEqual([3])
		expect(page2.pagination).toEqual({ page: 2, limit: 2, totalPages: 2, totalCount: 3, currentPage: 2 })
		expect(listParticipants(12345)).toBeNull()
		expect(getAdminLeaderboard(contest.id, 2)!.leaderboard).toEqual([
			{ rank: 1, userId: high.user.id, name: high.user.name, email: high.user.email, score: 7 },
			{ rank: 2, userId: mid.user.id, name: mid.user.name, email: mid.user.email, score: 4 },
		])
	})

	test('stats: participants, total, top, average, days left (0 once completed), places left', () => {
		const contest = insertContest({
			status: 'active',
			startDate: '2026-11-01',
			endDate: '2026-11-30',
			maxParticipants: 10,
		})
		insertParticipant(contest.id, 3)
		insertParticipant(contest.id, 4)
		expect(getContestStats(contest.id, at('2026-11-20T12:00:00Z'))).toMatchObject({
			status: 'active',
			participants: 2,
			totalScore: 7,
			topScore: 4,
			averageScore: 3.5,
			daysLeft: 11,
			spotsLeft: 8,
		})
		expect(getContestStats(contest.id, at('2026-12-05T00:00:00Z'))!.daysLeft).toBe(0)
		completeContest(insertAuditActor(), contest.id)
		expect(getContestStats(contest.id, at('2026-11-20T12:00:00Z'))).toMatchObject({ status: 'completed', daysLeft: 0 })
		const empty = insertContest()
		expect(getContestStats(empty.id, at('2026-11-20T12:00:00Z'))).toMatchObject({
			participants: 0,
			totalScore: 0,
			topScore: 0,
			averageScore: 0,
			spotsLeft: null,
		})
		expect(getContestStats(999_999)).toBeNull()
	})
})
