import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { contests, systemAlerts } from '#db/schema.ts'
import { resetEnv } from '#app/utils/env.server.ts'
import { sendMail } from '#app/utils/mail.server.ts'
import {
	checkContestAlerts,
	FAILED_SIGN_IN_THRESHOLD,
	listAlerts,
	noteFailedAdminSignIn,
	raiseAlert,
	resetAlertCounters,
	resolveAlert,
	watchMailFailures,
} from './alerts.server.ts'

beforeEach(() => resetAlertCounters())

function allAlerts() {
	return getDb().select().from(systemAlerts).all()
}

describe('raiseAlert', () => {
	test('stores an alert; the same dedupe key raises it once', () => {
		const first = raiseAlert({ type: 'warning', title: 'T', message: 'M', dedupeKey: 'k1' })
		const again = raiseAlert({ type: 'error', title: 'T2', message: 'M2', dedupeKey: 'k1' })
		expect(first.created).toBe(true)
		expect(again).toEqual({ id: first.id, created: false })
		expect(allAlerts()).toHaveLength(1)
		// Without a key, every call is its own alert.
		raiseAlert({ type: 'info', title: 'A', message: 'a' })
		raiseAlert({ type: 'info', title: 'A', message: 'a' })
		expect(allAlerts()).toHaveLength(3)
	})

	test('keeps a same-site action path and drops anything else', () => {
		const urls = [
			'/admin/contests',
			'https://evil.example/x',
			'//evil.example',
			'javascript:alert(1)',
			'/\\evil.example',
			'admin',
		]
		const stored = urls.map((actionUrl, i) => {
			const { id } = raiseAlert({ type: 'info', title: 't', message: 'm', actionUrl, dedupeKey: `u${i}` })
			return getDb().select().from(systemAlerts).where(eq(systemAlerts.id, id)).get()!.actionUrl
		})
		expect(stored).toEqual(['/admin/contests', null, null, null, null, null])
	})
})

describe('listAlerts', () => {
	test('open alerts only, newest first, at most `limit` (3 by default)', () => {
		const at = (m: number) => new Date(Date.UTC(2030, 0, 1, 0, m))
		for (let i = 1; i <= 5; i++) raiseAlert({ type: 'info', title: `Alert ${i}`, message: 'm' }, at(i))
		const five = listAlerts(10)
		expect(five.map((a) => a.title)).toEqual(['Alert 5', 'Alert 4', 'Alert 3', 'Alert 2', 'Alert 1'])
		expect(listAlerts().map((a) => a.title)).toEqual(['Alert 5', 'Alert 4', 'Alert 3'])
		expect(resolveAlert(five[0]!.id)).toBe(true)
		expect(resolveAlert(five[0]!.id)).toBe(false)
		expect(listAlerts().map((a) => a.title)).toEqual(['Alert 4', 'Alert 3', 'Alert 2'])
		expect(listAlerts(1)[0]).toEqual({
			id: five[1]!.id,
			type: 'info',
			title: 'Alert 4',
			message: 'm',
			actionUrl: null,
			createdAt: at(4).toISOString(),
		})
	})
})

describe('failed admin sign-ins', () => {
	test(`${FAILED_SIGN_IN_THRESHOLD} failures within 15 minutes raise one warning`, () => {
		const start = new Date('2030-01-01T10:00:00Z')
		for (let i = 0; i < FAILED_SIGN_IN_THRESHOLD - 1; i++) {
			expect(noteFailedAdminSignIn(new Date(start.getTime() + i * 60_000))).toBeNull()
		}
		expect(allAlerts()).toHaveLength(0)
		const raised = noteFailedAdminSignIn(new Date(start.getTime() + 5 * 60_000))
		expect(raised?.created).toBe(true)
		const [alert] = listAlerts()
		expect(alert).toMatchObject({ type: 'warning', title: 'Repeated failed admin sign-ins' })
		expect(alert!.message).toContain('5 failed admin sign-ins in the last 15 minutes')
	})

	test('more failures in the same hour add nothing; the next hour may warn again', () => {
		const start = new Date('2030-01-01T10:00:00Z')
		for (let i = 0; i < 20; i++) noteFailedAdminSignIn(new Date(start.getTime() + i * 60_000))
		expect(allAlerts()).toHaveLength(1)
		for (let i = 0; i < 5; i++) noteFailedAdminSignIn(new Date(Date.UTC(2030, 0, 1, 11, i)))
		expect(allAlerts()).toHaveLength(2)
	})

	test('failures spread wider than 15 minutes never reach the threshold', () => {
		const start = new Date('2030-01-01T10:00:00Z')
		for (let i = 0; i < 12; i++) noteFailedAdminSignIn(new Date(start.getTime() + i * 4 * 60_000))
		expect(allAlerts()).toHaveLength(0)
	})
})

function insertContest(values: Partial<typeof contests.$inferInsert> = {}) {
	return getDb()
		.insert(contests)
		.values({
			name: 'November Referral Contest',
			description: 'd',
			type: 'referral',
			status: 'active',
			startDate: '2030-01-01',
			endDate: '2030-01-31',
			prizeFirst: '$1,000',
			rules: 'r',
			...values,
		})
		.returning()
		.get()
}

describe('checkContestAlerts', () => {
	const now = new Date('2030-01-29T08:00:00Z')

	test('warns once for an active contest that ends within 3 days', () => {
		const soon = insertContest({ endDate: '2030-01-31' })
		insertContest({ name: 'Later', endDate: '2030-02-01' })
		insertContest({ name: 'Draft', status: 'draft', endDate: '2030-01-30' })
		insertContest({ name: 'Paused', status: 'paused', endDate: '2030-01-30' })
		insertContest({ name: 'Over', endDate: '2030-01-28' })
		expect(checkContestAlerts(now)).toEqual({ raised: 1, resolved: 0 })
		expect(checkContestAlerts(now)).toEqual({ raised: 0, resolved: 0 })
		const [alert] = listAlerts()
		expect(alert).toMatchObject({ type: 'warning', title: 'Contest ending soon', actionUrl: '/admin/contests' })
		expect(alert!.message).toBe(
			'"November Referral Contest" ends on Jan 31, 2030 (UTC). Review its participants and complete it when it ends.',
		)
		expect(getDb().select().from(systemAlerts).get()!.dedupeKey).toBe(`contest-ending:${soon.id}:2030-01-31`)
	})

	test('exactly 3 days before the end counts; a moment earlier does not', () => {
		insertContest({ endDate: '2030-01-31' }) // ends 2030-02-01T00:00Z
		expect(checkContestAlerts(new Date('2030-01-28T23:59:59Z')).raised).toBe(0)
		expect(checkContestAlerts(new Date('2030-01-29T00:00:00Z')).raised).toBe(1)
	})

	test('resolves the alert once the contest is completed, deleted or over', () => {
		const a = insertContest({ name: 'A', endDate: '2030-01-30' })
		const b = insertContest({ name: 'B', endDate: '2030-01-30' })
		const c = insertContest({ name: 'C', endDate: '2030-01-30' })
		expect(checkContestAlerts(now).raised).toBe(3)
		getDb().update(contests).set({ status: 'completed' }).where(eq(contests.id, a.id)).run()
		getDb().delete(contests).where(eq(contests.id, b.id)).run()
		expect(checkContestAlerts(now)).toEqual({ raised: 0, resolved: 2 })
		expect(listAlerts().map((x) => x.message)).toEqual([expect.stringContaining('"C"')])
		expect(checkContestAlerts(new Date('2030-01-31T00:00:00Z'))).toEqual({ raised: 0, resolved: 1 })
		expect(listAlerts()).toEqual([])
		expect(c.id).toBeGreaterThan(0)
	})

	test('a contest moved to a new end date can warn again', () => {
		const contest = insertContest({ endDate: '2030-01-30' })
		checkContestAlerts(now)
		getDb().update(contests).set({ endDate: '2030-01-31' }).where(eq(contests.id, contest.id)).run()
		expect(checkContestAlerts(now).raised).toBe(1)
	})
})

describe('mail delivery failures', () => {
	let stop: (() => void) | undefined
	afterEach(() => {
		stop?.()
		delete process.env.SMTP_URL
		resetEnv()
	})

	test('a failed delivery raises one error alert per hour; the sender still gets false', async () => {
		process.env.SMTP_URL = 'smtp://127.0.0.1:1'
		resetEnv()
		stop = watchMailFailures()
		watchMailFailures() // subscribing twice is harmless
		expect(await sendMail({ to: 'a@example.com', subject: 'Reset your password', text: 'x' })).toBe(false)
		expect(await sendMail({ to: 'b@example.com', subject: 'Reset your password', text: 'x' })).toBe(false)
		const alerts = listAlerts(10)
		expect(alerts).toHaveLength(1)
		expect(alerts[0]).toMatchObject({ type: 'error', title: 'Mail delivery failing' })
		// nodemailer's error code (ESOCKET for a refused connection), never its text.
		expect(alerts[0]!.message).toMatch(
			/^A mail \(password reset or notification\) could not be delivered \(E[A-Z]+\)\. Check SMTP_URL and the mail server\.$/,
		)
	})

	test('a delivered mail raises nothing', async () => {
		stop = watchMailFailures()
		expect(await sendMail({ to: 'a@example.com', subject: 'Hello', text: 'x' })).toBe(true)
		expect(listAlerts()).toEqual([])
	})
})
