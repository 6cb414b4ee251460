import { and, eq } from 'drizzle-orm'
import { describe, expect, test, vi } from 'vitest'
import type * as MailModule from '#app/utils/mail.server.ts'
import { getDb } from '#db/client.server.ts'
import { contestParticipants, contests, notifications, users } from '#db/schema.ts'
import { insertContest, insertParticipant } from '#tests/contest-factories.ts'
import { insertAuditActor } from '#tests/factories.ts'
import { drainNotificationMails, pendingNotificationMails } from '#app/features/notifications/notifications.server.ts'
import { completeContest } from './admin-contests.server.ts'
import { getContestStanding, listRanking } from './contest.server.ts'
import { deliverContestResultsBatch, RESULTS_BATCH, RESULTS_MAIL_BACKLOG, runContestResults } from './results.server.ts'

// Mails are caught here: the test counts them and can hold them back.
const mails = vi.hoisted(() => ({ sent: [] as string[], hold: null as Promise<void> | null }))
vi.mock('#app/utils/mail.server.ts', async (importOriginal) => ({
	...(await importOriginal<typeof MailModule>()),
	sendMail: async (mail: { to: string }) => {
		if (mails.hold) await mails.hold
		mails.sent.push(mail.to)
		return true
	},
}))

const at = (iso: string) => new Date(iso)
/** A clock that stands still: a batch is never cut short by its turn. */
const still = () => 0

function told(contestId: number) {
	return getDb()
		.select({ userId: notifications.userId, body: notifications.body })
		.from(notifications)
		.innerJoin(contestParticipants, eq(contestParticipants.userId, notifications.userId))
		.where(and(eq(notifications.kind, 'contest_result'), eq(contestParticipants.contestId, contestId)))
		.all()
}

function contestRow(id: number) {
	return getDb().select().from(contests).where(eq(contests.id, id)).get()!
}

/** An active contest of `n` participants, scores n..1 (the first inserted ranks first). */
function contestOf(n: number) {
	const contest = insertContest({ status: 'active' })
	const members = Array.from({ length: n }, (_, i) => insertParticipant(contest.id, n - i).user)
	return { contest, members }
}

function ranks(contestId: number) {
	return getDb()
		.select({ userId: contestParticipants.userId, rank: contestParticipants.rank })
		.from(contestParticipants)
		.where(eq(contestParticipants.contestId, contestId))
		.all()
}

describe('completing a contest', () => {
	test('freezes the ranking order (ties: who reached it first, then who joined first); the ranks are written as members are told', () => {
		const contest = insertContest({ status: 'active' })
		const late = insertParticipant(contest.id, 5, at('2026-11-20T00:00:00Z'))
		const early = insertParticipant(contest.id, 5, at('2026-11-10T00:00:00Z'))
		const top = insertParticipant(contest.id, 9, at('2026-11-25T00:00:00Z'))
		const low = insertParticipant(contest.id, 0, at('2026-11-01T00:00:00Z'))
		const other = insertContest({ status: 'active' })
		const bystander = insertParticipant(other.id, 50)
		const result = completeContest(insertAuditActor(), contest.id, at('2026-12-01T09:00:00Z'))
		expect(result).toMatchObject({ ok: true, value: { participantCount: 4 } })
		const order = [top, early, late, low].map((p) => p.user.id)
		expect(listRanking(contest.id, { limit: 10 }).map((r) => [r.userId, r.rank])).toEqual(
			order.map((id, i) => [id, i + 1]),
		)
		// Nobody is told yet: that is the scheduler's, from a cursor at 0 of 4; meanwhile each member's place is read from the order.
		expect(told(contest.id)).toEqual([])
		expect(contestRow(contest.id)).toMatchObject({ resultsTotal: 4, resultsCursor: 0, resultsFinishedAt: null })
		expect(getContestStanding(contest.id, late.user.id)).toEqual({ rank: 3, score: 5 })
		expect(deliverContestResultsBatch(at('2026-12-01T09:00:01Z'), still)).toEqual({ contestId: contest.id, told: 4 })
		expect(Object.fromEntries(ranks(contest.id).map((r) => [r.userId, r.rank]))).toEqual(
			Object.fromEntries(order.map((id, i) => [id, i + 1])),
		)
		expect(getContestStanding(contest.id, late.user.id)).toEqual({ rank: 3, score: 5 })
		// Another contest's participants keep no rank.
		expect(ranks(other.id)).toEqual([{ userId: bystander.user.id, rank: null }])
	})
})

describe('the results delivery', () => {
	test('batches of 50 by rank from the durable cursor: a restart goes on from the last member told, each told once', () => {
		const { contest, members } = contestOf(RESULTS_BATCH * 2 + 10)
		completeContest(insertAuditActor(), contest.id, at('2026-12-01T09:00:00Z'))
		expect(deliverContestResultsBatch(at('2026-12-01T09:00:01Z'), still)).toEqual({ contestId: contest.id, told: 50 })
		expect(contestRow(contest.id)).toMatchObject({ resultsCursor: 50, resultsFinishedAt: null })
		// A new process (nothing in memory) goes on from rank 51.
		expect(deliverContestResultsBatch(at('2026-12-01T09:00:02Z'), still)).toEqual({ contestId: contest.id, told: 50 })
		expect(deliverContestResultsBatch(at('2026-12-01T09:00:03Z'), still)).toEqual({ contestId: contest.id, told: 10 })
		expect(contestRow(contest.id)).toMatchObject({ resultsCursor: 110 })
		expect(contestRow(contest.id).resultsFinishedAt?.toISOString()).toBe('2026-12-01T09:00:03.000Z')
		expect(deliverContestResultsBatch()).toBeNull()
		const bodies = new Map(told(contest.id).map((n) => [n.userId, n.body]))
		expect(bodies.size).toBe(110)
		expect(bodies.get(members[0]!.id)).toBe('Your final rank: #1 of 110. See the winners on the contests page.')
		expect(bodies.get(members[109]!.id)).toBe('Your final rank: #110 of 110. See the winners on the contests page.')
	})

	test('batches across ties go on in the ranking order, and a batch stops early when its turn is used up', () => {
		const contest = insertContest({ status: 'active' })
		const same = at('2026-11-10T00:00:00Z')
		// 120 participants on 3 scores, most at the same moment: the order is score, then time, then id.
		const rows = Array.from({ length: 120 }, (_, i) => {
			const p = insertParticipant(contest.id, 3 - (i % 3), i % 7 === 0 ? at('2026-11-01T00:00:00Z') : same)
			return p.participant
		})
		const expected = [...rows]
			.sort((a, b) => b.score - a.score || a.scoredAt.getTime() - b.scoredAt.getTime() || a.id - b.id)
			.map((p) => p.userId)
		completeContest(insertAuditActor(), contest.id)
		// A clock 5 ms later at each reading: the turn (10 ms) is used up after 2 members.
		let ms = 0
		expect(deliverContestResultsBatch(new Date(), () => (ms += 5))).toEqual({ contestId: contest.id, told: 2 })
		while (deliverContestResultsBatch(new Date(), still)) continue
		const byRank = ranks(contest.id).sort((a, b) => a.rank! - b.rank!)
		expect(byRank.map((r) => r.rank)).toEqual(Array.from({ length: 120 }, (_, i) => i + 1))
		expect(byRank.map((r) => r.userId)).toEqual(expected)
		expect(told(contest.id)).toHaveLength(120)
	})

	test('"of N" is the number who took part at completion; a member who left before being told is left out, those after move up', () => {
		const { contest, members } = contestOf(3)
		completeContest(insertAuditActor(), contest.id)
		getDb().delete(users).where(eq(users.id, members[1]!.id)).run()
		expect(deliverContestResultsBatch(new Date(), still)).toEqual({ contestId: contest.id, told: 2 })
		expect(told(contest.id).map((n) => n.body)).toEqual([
			'Your final rank: #1 of 3. See the winners on the contests page.',
			'Your final rank: #2 of 3. See the winners on the contests page.',
		])
	})

	test('a member told who then leaves: the next batch goes on after the last one still there', () => {
		const { contest, members } = contestOf(RESULTS_BATCH + 5)
		completeContest(insertAuditActor(), contest.id)
		expect(deliverContestResultsBatch(new Date(), still)?.told).toBe(RESULTS_BATCH)
		getDb()
			.delete(users)
			.where(eq(users.id, members[RESULTS_BATCH - 1]!.id))
			.run()
		expect(deliverContestResultsBatch(new Date(), still)?.told).toBe(5)
		const bodies = new Map(told(contest.id).map((n) => [n.userId, n.body]))
		expect(bodies.get(members[RESULTS_BATCH]!.id)).toContain(`#${RESULTS_BATCH + 1} of ${RESULTS_BATCH + 5}.`)
		expect(bodies.get(members[RESULTS_BATCH + 4]!.id)).toContain(`#${RESULTS_BATCH + 5} of ${RESULTS_BATCH + 5}.`)
	})

	test('contests are told oldest completion first; nothing to do is answered at once', async () => {
		const first = contestOf(2)
		const second = contestOf(2)
		completeContest(insertAuditActor(), second.contest.id, at('2026-12-01T09:00:00Z'))
		completeContest(insertAuditActor(), first.contest.id, at('2026-12-01T10:00:00Z'))
		expect(deliverContestResultsBatch(new Date(), still)?.contestId).toBe(second.contest.id)
		expect(deliverContestResultsBatch(new Date(), still)?.contestId).toBe(first.contest.id)
		expect(runContestResults(new Date())).toEqual({ batches: 0, told: 0 })
		await drainNotificationMails(5_000)
	})

	test('a run waits while the mail queue is full: the queue never holds much more than the backlog', async () => {
		mails.sent = []
		let release = () => {}
		mails.hold = new Promise<void>((resolve) => (release = resolve))
		const { contest } = contestOf(RESULTS_MAIL_BACKLOG + RESULTS_BATCH * 2)
		completeContest(insertAuditActor(), contest.id)
		const running = runContestResults(new Date())
		expect(running).toBeInstanceOf(Promise)
		// The mails are held: the run stops telling once the backlog is reached.
		await vi.waitFor(() => expect(pendingNotificationMails()).toBeGreaterThanOrEqual(RESULTS_MAIL_BACKLOG))
		await new Promise((resolve) => setTimeout(resolve, 300))
		expect(pendingNotificationMails()).toBeLessThan(RESULTS_MAIL_BACKLOG + RESULTS_BATCH)
		expect(contestRow(contest.id).resultsFinishedAt).toBeNull()
		// Mails flow again: the run goes on to the last member, each mailed once.
		mails.hold = null
		release()
		expect(await running).toMatchObject({ told: RESULTS_MAIL_BACKLOG + RESULTS_BATCH * 2 })
		expect(contestRow(contest.id).resultsFinishedAt).not.toBeNull()
		expect(await drainNotificationMails(10_000)).toBe(0)
		expect(new Set(mails.sent).size).toBe(RESULTS_MAIL_BACKLOG + RESULTS_BATCH * 2)
		expect(mails.sent).toHaveLength(RESULTS_MAIL_BACKLOG + RESULTS_BATCH * 2)
	})
})
