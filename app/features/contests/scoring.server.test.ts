import { and, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import {
	brokerReports,
	contestParticipants,
	contests,
	lessonCompletions,
	memberActivityDays,
	referralCredits,
	users,
} from '#db/schema.ts'
import { ensureSampleLessons } from '#app/features/content/lessons.server.ts'
import { insertBroker, insertTrackedMember, reportCsv } from '#tests/broker-report-factories.ts'
import { insertContest, insertReport } from '#tests/contest-factories.ts'
import { insertAuditActor, insertMember, makeRegistration } from '#tests/factories.ts'
import { memberAuth } from '#app/auth/member.server.ts'
import { changeContestStatus, updateContest, updateParticipantScore } from './admin-contests.server.ts'
import { completeLesson } from '#app/features/academy/academy.server.ts'
import { applyReport } from '#app/features/broker-reports/broker-reports.server.ts'
import { registerMember, unlockMember } from '#app/features/auth/member-auth.server.ts'
import { listRanking } from './contest.server.ts'
import { addUnlockCode } from '#app/features/codes/unlock-code.server.ts'
import { ACTIVITY_POINTS, recordSignInDay, rescoreContests, type RescoreScope } from './scoring.server.ts'

/** A real lesson of the academy: the first sample (seeded where a test completes it). */
const LESSON_ID = 'basics-1'

const NOW = new Date('2026-11-20T12:00:00.000Z')

function rescore(scope: RescoreScope, now = NOW) {
	getDb().transaction((tx) => rescoreContests(tx, scope, now))
}

/** An unlocked, active member: eligible. */
function eligible(overrides: Parameters<typeof insertMember>[0] = {}) {
	return insertMember({ isVerified: true, unlockedAt: NOW, ...overrides })
}

/** Active contest in November 2026 (the factory's dates). */
function running(type: 'deposit' | 'trading' | 'activity', values: Parameters<typeof insertContest>[0] = {}) {
	return insertContest({ type, status: 'active', ...values })
}

function scores(contestId: number) {
	return listRanking(contestId, { limit: 100 }).map((r) => ({ userId: r.userId, score: r.score }))
}

function participant(contestId: number, userId: number) {
	return getDb()
		.select()
		.from(contestParticipants)
		.where(and(eq(contestParticipants.contestId, contestId), eq(contestParticipants.userId, userId)))
		.get()
}

const dollars = (n: number) => n * 100

describe('deposit contests', () => {
	test('sum the deposits of applied reports whose month overlaps the dates, in whole dollars; ranking high to low', () => {
		const contest = running('deposit', { startDate: '2026-10-15', endDate: '2026-11-10' })
		const [a, b, c] = [eligible(), eligible(), eligible()]
		const broker = insertBroker()
		insertReport(
			[
				{ userId: a.id, depositsCents: dollars(100) + 99, volumeCents: dollars(5_000) },
				{ userId: b.id, depositsCents: dollars(300) },
			],
			{ month: '2026-10', brokerId: broker.id },
		)
		insertReport([{ userId: a.id, depositsCents: dollars(250) }], { month: '2026-11', brokerId: broker.id })
		// Outside the dates: September and December.
		insertReport([{ userId: c.id, depositsCents: dollars(1_000) }], { month: '2026-09', brokerId: broker.id })
		insertReport([{ userId: c.id, depositsCents: dollars(1_000) }], { month: '2026-12', brokerId: broker.id })
		rescore({ types: ['deposit', 'trading'] })
		expect(scores(contest.id)).toEqual([
			{ userId: a.id, score: 350 },
			{ userId: b.id, score: 300 },
		])
	})

	test('a reversed report is left out; a member whose score falls to 0 leaves the contest', () => {
		const contest = running('deposit')
		const member = eligible()
		const other = eligible()
		const broker = insertBroker()
		const first = insertReport(
			[
				{ userId: member.id, depositsCents: dollars(40) },
				{ userId: other.id, depositsCents: dollars(10) },
			],
			{ month: '2026-11', brokerId: broker.id },
		)
		rescore({ types: ['deposit'], userIds: [member.id, other.id] })
		expect(scores(contest.id)).toEqual([
			{ userId: member.id, score: 40 },
			{ userId: other.id, score: 10 },
		])
		// Replaced: the first report reversed, the new one names only `other`.
		getDb().update(brokerReports).set({ reversedAt: NOW }).where(eq(brokerReports.id, first.id)).run()
		insertReport([{ userId: other.id, depositsCents: dollars(15) }], { month: '2026-11', brokerId: broker.id })
		rescore({ types: ['deposit'], userIds: [member.id, other.id] })
		expect(scores(contest.id)).toEqual([{ userId: other.id, score: 15 }])
	})

	test('unverified and suspended members are not eligible', () => {
		const contest = running('deposit')
		const locked = insertMember({ isVerified: false })
		const suspended = eligible({ status: 'suspended' })
		const ok = eligible()
		insertReport(
			[locked, suspended, ok].map((m) => ({ userId: m.id, depositsCents: dollars(50) })),
			{ month: '2026-11' },
		)
		rescore({ types: ['deposit'] })
		expect(scores(contest.id)).toEqual([{ userId: ok.id, score: 50 }])
	})

	test('drafts, paused and completed contests keep their rows; referral contests are never touched', () => {
		const member = eligible()
		insertReport([{ userId: member.id, depositsCents: dollars(70), volumeCents: dollars(70) }], { month: '2026-11' })
		const others = (['draft', 'paused', 'completed'] as const).map((status) =>
			insertContest({ type: 'deposit', status }),
		)
		const referral = insertContest({ type: 'referral', status: 'active' })
		rescore({ types: ['deposit', 'trading', 'activity', 'referral'] })
		for (const c of [...others, referral]) expect(scores(c.id)).toEqual([])
	})

	test('scoredAt moves only when the score changes: the first to reach a score keeps the tie-break', () => {
		const contest = running('deposit')
		const [early, late] = [eligible(), eligible()]
		const broker = insertBroker()
		insertReport([{ userId: early.id, depositsCents: dollars(100) }], { month: '2026-10', brokerId: broker.id })
		const contestOct = running('deposit', { startDate: '2026-10-01', endDate: '2026-11-30' })
		rescore({ types: ['deposit'] }, new Date('2026-11-02T00:00:00Z'))
		insertReport([{ userId: late.id, depositsCents: dollars(100) }], { month: '2026-11', brokerId: broker.id })
		rescore({ types: ['deposit'] }, new Date('2026-12-02T00:00:00Z'))
		// Same score; `early` reached it a month before.
		expect(scores(contestOct.id)).toEqual([
			{ userId: early.id, score: 100 },
			{ userId: late.id, score: 100 },
		])
		expect(participant(contestOct.id, early.id)!.scoredAt.toISOString()).toBe('2026-11-02T00:00:00.000Z')
		// Rescoring with the same data leaves scoredAt alone.
		rescore({ types: ['deposit'] }, new Date('2026-12-05T00:00:00Z'))
		expect(participant(contestOct.id, early.id)!.scoredAt.toISOString()).toBe('2026-11-02T00:00:00.000Z')
		expect(participant(contestOct.id, late.id)!.scoredAt.toISOString()).toBe('2026-12-02T00:00:00.000Z')
		expect(scores(contest.id)).toEqual([{ userId: late.id, score: 100 }])
	})

	test('max participants limits newcomers (best scores first); members already in keep their place', () => {
		const contest = running('deposit', { maxParticipants: 2 })
		const [a, b, c, d] = [eligible(), eligible(), eligible(), eligible()]
		const broker = insertBroker()
		insertReport(
			[
				{ userId: a.id, depositsCents: dollars(10) },
				{ userId: b.id, depositsCents: dollars(30) },
				{ userId: c.id, depositsCents: dollars(20) },
			],
			{ month: '2026-11', brokerId: broker.id },
		)
		rescore({ types: ['deposit'] })
		expect(scores(contest.id)).toEqual([
			{ userId: b.id, score: 30 },
			{ userId: c.id, score: 20 },
		])
		insertReport([{ userId: d.id, depositsCents: dollars(500) }], { month: '2026-10', brokerId: broker.id })
		getDb().update(contests).set({ startDate: '2026-10-01' }).where(eq(contests.id, contest.id)).run()
		rescore({ types: ['deposit'] })
		// Full: d (500) is not admitted; b and c stay.
		expect(scores(contest.id).map((s) => s.userId)).toEqual([b.id, c.id])
	})
})

describe('trading contests', () => {
	test('score the traded volume in whole dollars', () => {
		const contest = running('trading')
		const [a, b] = [eligible(), eligible()]
		insertReport(
			[
				{ userId: a.id, depositsCents: dollars(900), volumeCents: dollars(12_345) + 50 },
				{ userId: b.id, depositsCents: dollars(900), volumeCents: 0 },
			],
			{ month: '2026-11' },
		)
		rescore({ types: ['deposit', 'trading'], userIds: [a.id, b.id] })
		expect(scores(contest.id)).toEqual([{ userId: a.id, score: 12_345 }])
	})
})

describe('activity contests', () => {
	test('1 per distinct sign-in day, 2 per lesson, 5 per referral credited, all within the dates', () => {
		expect(ACTIVITY_POINTS).toEqual({ signInDay: 1, lesson: 2, referral: 5 })
		const contest = running('activity')
		const member = eligible()
		const db = getDb()
		db.insert(memberActivityDays)
			.values(
				['2026-10-31', '2026-11-01', '2026-11-02', '2026-11-30', '2026-12-01'].map((day) => ({
					userId: member.id,
					day,
				})),
			)
			.run()
		db.insert(lessonCompletions)
			.values([
				{ userId: member.id, lessonId: 'a', completedAt: new Date('2026-11-30T23:59:59.999Z') },
				{ userId: member.id, lessonId: 'b', completedAt: new Date('2026-12-01T00:00:00.000Z') },
			])
			.run()
		const friend = insertMember()
		db.insert(referralCredits)
			.values({
				referrerId: member.id,
				referredUserId: friend.id,
				points: 1,
				reason: 'x',
				createdAt: new Date('2026-11-01T00:00:00Z'),
			})
			.run()
		rescore({ types: ['activity'], userIds: [member.id] })
		// 3 days + 1 lesson + 1 referral.
		expect(scores(contest.id)).toEqual([{ userId: member.id, score: 3 * 1 + 2 + 5 }])
	})

	test('a sign-in day is recorded once per UTC day; the first of the day rescores activity', () => {
		const contest = running('activity')
		const member = eligible()
		const signIn = (at: string) => getDb().transaction((tx) => recordSignInDay(tx, member.id, new Date(at)))
		expect(signIn('2026-11-05T08:00:00Z')).toBe(true)
		expect(signIn('2026-11-05T23:00:00Z')).toBe(false)
		expect(signIn('2026-11-06T00:30:00Z')).toBe(true)
		expect(
			getDb().select().from(memberActivityDays).where(eq(memberActivityDays.userId, member.id)).all(),
		).toHaveLength(2)
		expect(scores(contest.id)).toEqual([{ userId: member.id, score: 2 }])
	})

	test('completing a lesson rescores activity in its transaction; a second completion changes nothing', () => {
		const contest = running('activity', { startDate: '2000-01-01', endDate: '2099-12-31' })
		const member = eligible()
		ensureSampleLessons()
		expect(completeLesson(member.id, LESSON_ID).ok).toBe(true)
		expect(scores(contest.id)).toEqual([{ userId: member.id, score: 2 }])
		const scoredAt = participant(contest.id, member.id)!.scoredAt
		expect(completeLesson(member.id, LESSON_ID, new Date(Date.now() + 60_000)).ok).toBe(true)
		expect(participant(contest.id, member.id)!.scoredAt).toEqual(scoredAt)
	})
})

describe('admin actions', () => {
	test('starting a contest computes its scores at once; editing its dates rescores it', () => {
		const admin = insertAuditActor()
		const contest = insertContest({ type: 'deposit', status: 'draft' })
		const member = eligible()
		insertReport([{ userId: member.id, depositsCents: dollars(80) }], { month: '2026-10' })
		insertReport([{ userId: member.id, depositsCents: dollars(20) }], { month: '2026-11' })
		expect(changeContestStatus(admin, contest.id, 'active', NOW).ok).toBe(true)
		expect(scores(contest.id)).toEqual([{ userId: member.id, score: 20 }])
		const edited = updateContest(
			admin,
			contest.id,
			{
				name: contest.name,
				description: contest.description,
				type: 'deposit',
				startDate: '2026-10-01',
				endDate: '2026-11-30',
				prizeFirst: contest.prizeFirst,
				prizeSecond: null,
				prizeThird: null,
				rules: contest.rules,
				maxParticipants: null,
			},
			NOW,
		)
		expect(edited.ok).toBe(true)
		expect(scores(contest.id)).toEqual([{ userId: member.id, score: 100 }])
	})

	test('a paused contest keeps its scores; resuming catches up', () => {
		const admin = insertAuditActor()
		const contest = running('deposit')
		const member = eligible()
		insertReport([{ userId: member.id, depositsCents: dollars(5) }], { month: '2026-11' })
		rescore({ types: ['deposit'] })
		expect(changeContestStatus(admin, contest.id, 'paused', NOW).ok).toBe(true)
		insertReport([{ userId: member.id, depositsCents: dollars(7) }], { month: '2026-11' })
		rescore({ types: ['deposit'] })
		expect(scores(contest.id)).toEqual([{ userId: member.id, score: 5 }])
		expect(changeContestStatus(admin, contest.id, 'active', NOW).ok).toBe(true)
		expect(scores(contest.id)).toEqual([{ userId: member.id, score: 12 }])
	})

	test('manual score edits are refused for data-scored contests (409), allowed for referral contests', () => {
		const admin = insertAuditActor()
		const member = eligible()
		const deposit = running('deposit')
		insertReport([{ userId: member.id, depositsCents: dollars(5) }], { month: '2026-11' })
		rescore({ types: ['deposit'] })
		const refused = updateParticipantScore(admin, deposit.id, member.id, 99, NOW)
		expect(refused).toMatchObject({ ok: false, status: 409 })
		expect(scores(deposit.id)).toEqual([{ userId: member.id, score: 5 }])
		const referral = insertContest({
			type: 'referral',
			status: 'active',
			startDate: '2030-01-01',
			endDate: '2030-01-31',
		})
		getDb().insert(contestParticipants).values({ contestId: referral.id, userId: member.id, score: 1 }).run()
		expect(updateParticipantScore(admin, referral.id, member.id, 3, NOW).ok).toBe(true)
	})
})

describe('timing', () => {
	test('10,000 members with report rows are rescored well under a second', () => {
		const db = getDb()
		const ids = db.$client.transaction(() => {
			const insert = db.$client.prepare(
				"insert into users (email, password_hash, name, referral_code, is_verified, status) values (?, 'x', 'Bench Member', ?, 1, 'active') returning id",
			)
			return Array.from(
				{ length: 10_000 },
				(_, i) => (insert.get(`bench-${i}@example.com`, `BENCH${i}`) as { id: number }).id,
			)
		})()
		insertReport(
			ids.map((userId, i) => ({ userId, depositsCents: dollars(1 + (i % 997)), volumeCents: dollars(10 + (i % 503)) })),
			{ month: '2026-11' },
		)
		const deposit = running('deposit')
		const trading = running('trading', { maxParticipants: 5_000 })
		const started = performance.now()
		rescore({ types: ['deposit', 'trading'], userIds: ids })
		const elapsed = performance.now() - started
		console.info(`rescore of 10,000 members in two contests: ${Math.round(elapsed)} ms`)
		expect(
			db.select().from(contestParticipants).where(eq(contestParticipants.contestId, deposit.id)).all(),
		).toHaveLength(10_000)
		expect(
			db.select().from(contestParticipants).where(eq(contestParticipants.contestId, trading.id)).all(),
		).toHaveLength(5_000)
		expect(elapsed).toBeLessThan(1_000)
		// A second pass (nothing changed) and a whole-contest pass stay as fast.
		const again = performance.now()
		rescore({ types: ['deposit', 'trading'] })
		expect(performance.now() - again).toBeLessThan(1_000)
	})
})

describe('the sign-in, sign-up and unlock hooks', () => {
	/** An activity contest running today, whatever today is. */
	function activityToday() {
		return running('activity', { startDate: '2000-01-01', endDate: '2099-12-31' })
	}

	test('sign-up records today as an activity day; unlocking makes the member score it, and credits the referrer 5', async () => {
		const contest = activityToday()
		const referrer = eligible()
		const meta = { ip: '203.0.113.9' }
		const registered = await registerMember({ ...makeRegistration(), referralCode: referrer.referralCode }, meta)
		expect(registered.ok).toBe(true)
		const user = registered.ok ? registered.value : null
		const today = new Date().toISOString().slice(0, 10)
		expect(getDb().select().from(memberActivityDays).where(eq(memberActivityDays.userId, user!.id)).all()).toEqual([
			{ userId: user!.id, day: today },
		])
		// Not unlocked yet: not eligible.
		expect(scores(contest.id)).toEqual([])
		addUnlockCode('TEST-2345')
		expect(unlockMember(user!.id, 'TEST-2345', meta).ok).toBe(true)
		expect(scores(contest.id)).toEqual([
			{ userId: referrer.id, score: ACTIVITY_POINTS.referral },
			{ userId: user!.id, score: ACTIVITY_POINTS.signInDay },
		])
	})

	test('a password sign-in (the page and the API share it) records the day once and rescores', async () => {
		const contest = activityToday()
		const registration = makeRegistration()
		const registered = await registerMember(registration, { ip: '203.0.113.10' })
		const user = registered.ok ? registered.value : null
		getDb().update(users).set({ isVerified: true }).where(eq(users.id, user!.id)).run()
		getDb().delete(memberActivityDays).run()
		const signIn = () =>
			memberAuth.checkCredentials(
				{ email: registration.email, password: registration.password },
				{ ip: '203.0.113.10' },
			)
		expect((await signIn()).ok).toBe(true)
		expect((await signIn()).ok).toBe(true)
		expect(getDb().select().from(memberActivityDays).where(eq(memberActivityDays.userId, user!.id)).all()).toHaveLength(
			1,
		)
		expect(scores(contest.id)).toEqual([{ userId: user!.id, score: 1 }])
	})
})

describe('through the report import', () => {
	test('applying a report ranks the deposit contest in its transaction; replacing it moves the ranking', () => {
		const contest = running('deposit', { startDate: '2026-10-01', endDate: '2026-11-30' })
		const broker = insertBroker()
		const a = insertTrackedMember(broker.id, { isVerified: true })
		const b = insertTrackedMember(broker.id, { isVerified: true })
		const admin = insertAuditActor()
		const file = (aDeposits: string, bDeposits: string) =>
			reportCsv([
				{ trackingId: a.trackingId, deposits: aDeposits, month: '2026-10' },
				{ trackingId: b.trackingId, deposits: bDeposits, month: '2026-10' },
			])
		const input = (content: string) => ({ brokerSlug: broker.slug, month: '2026-10', fileName: 'oct.csv', content })
		expect(applyReport(admin, input(file('300', '100.99')), { replace: false }, NOW).ok).toBe(true)
		expect(scores(contest.id)).toEqual([
			{ userId: a.user.id, score: 300 },
			{ userId: b.user.id, score: 100 },
		])
		expect(applyReport(admin, input(file('0', '450')), { replace: true }, NOW).ok).toBe(true)
		expect(scores(contest.id)).toEqual([{ userId: b.user.id, score: 450 }])
	})
})
