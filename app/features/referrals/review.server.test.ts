import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { contestParticipants, notifications, referralCredits, users } from '#db/schema.ts'
import { insertContest } from '#tests/contest-factories.ts'
import { auditRows, insertAuditActor, insertMember, makeRegistration } from '#tests/factories.ts'
import { clientHash } from '#app/utils/client-hash.server.ts'
import { registerMember, unlockMember } from '#app/features/auth/member-auth.server.ts'
import { ACTIVITY_POINTS } from '#app/features/contests/scoring.server.ts'
import { listRanking } from '#app/features/contests/contest.server.ts'
import {
	getPointsHistory,
	getPointsStatement,
	getReferralLeaderboard,
	ledgerTotals,
	milestoneProgress,
} from './referral.server.ts'
import { approveReferral, listReferralReviews, rejectReferral } from './review.server.ts'
import { isDisposableEmail, phoneDigits } from './signals.server.ts'
import { getSetting, REFERRAL_INTEGRITY_DEFAULTS, setSetting } from '#app/features/settings/settings.server.ts'
import { addUnlockCode } from '#app/features/codes/unlock-code.server.ts'
import { getUserById } from '#app/features/users/user.server.ts'

const CODE = 'UNLOCK-2345'
let ip = 0
/** A fresh address per call: no client signal unless a test reuses one. */
const freshIp = () => `198.51.100.${++ip % 250}`

function unlock(userId: number, address = freshIp()) {
	const result = unlockMember(userId, CODE, { ip: address })
	if (!result.ok) throw new Error(result.message)
}

function creditOf(referredId: number) {
	return getDb().select().from(referralCredits).where(eq(referralCredits.referredUserId, referredId)).get()!
}

function signalCodes(referredId: number) {
	const row = creditOf(referredId)
	return row.signals ? (JSON.parse(row.signals) as Array<{ code: string }>).map((s) => s.code) : []
}

/** The referrer's inbox, oldest first: what the member is told of each outcome. */
function inboxKinds(userId: number) {
	return getDb()
		.select({ kind: notifications.kind })
		.from(notifications)
		.where(eq(notifications.userId, userId))
		.orderBy(notifications.id)
		.all()
		.map((n) => n.kind)
}

function setup() {
	addUnlockCode(CODE)
	const referrer = insertMember({ isVerified: true, unlockedAt: new Date() })
	return { referrer }
}

describe('signals: each one holds the referral', () => {
	test('a clean referral is credited as before', () => {
		const { referrer } = setup()
		const referred = insertMember({ referrer, phone: '+44 20 7946 0001' })
		unlock(referred.id)
		expect(creditOf(referred.id).status).toBe('credited')
		expect(getUserById(referrer.id)!.referralPoints).toBe(1)
		expect(inboxKinds(referrer.id)).toEqual(['referral_credited'])
	})

	test('more than N sign-ups from one client address within W minutes', () => {
		const { referrer } = setup()
		const client = clientHash('203.0.113.50')
		const burst = Array.from({ length: REFERRAL_INTEGRITY_DEFAULTS.clientMaxEvents + 1 }, () =>
			insertMember({ referrer: insertMember(), signupClient: client }),
		)
		const referred = insertMember({ referrer, signupClient: client })
		unlock(referred.id)
		expect(signalCodes(referred.id)).toEqual(['client_signups'])
		expect(creditOf(referred.id).status).toBe('held')
		// Outside the window the same address counts nothing.
		const old = new Date(Date.now() - (REFERRAL_INTEGRITY_DEFAULTS.clientWindowMinutes + 5) * 60_000)
		const earlier = insertMember({ referrer, signupClient: client, createdAt: old })
		unlock(earlier.id)
		expect(creditOf(earlier.id).status).toBe('credited')
		expect(burst).toHaveLength(4)
	})

	test('more than N unlocks from one client address within W minutes', () => {
		const { referrer } = setup()
		const members = Array.from({ length: REFERRAL_INTEGRITY_DEFAULTS.clientMaxEvents + 1 }, () =>
			insertMember({ referrer: insertMember(), phone: '' }),
		)
		const last = insertMember({ referrer })
		for (const m of members) unlock(m.id, '203.0.113.60')
		unlock(last.id, '203.0.113.60')
		expect(members.slice(0, 3).map((m) => creditOf(m.id).status)).toEqual(['credited', 'credited', 'credited'])
		expect(signalCodes(members[3]!.id)).toEqual(['client_unlocks'])
		expect(signalCodes(last.id)).toEqual(['client_unlocks'])
		expect(getUserById(referrer.id)!.referralPoints).toBe(0)
	})

	test('more than M referred sign-ups for one referrer within W2', () => {
		const { referrer } = setup()
		const referred = Array.from({ length: REFERRAL_INTEGRITY_DEFAULTS.referrerMaxSignups + 1 }, () =>
			insertMember({ referrer }),
		)
		unlock(referred[0]!.id)
		expect(signalCodes(referred[0]!.id)).toEqual(['referrer_signups'])
	})

	test('more than M referred unlocks for one referrer within W2 (sign-ups spread out, unlocked together)', () => {
		const { referrer } = setup()
		const window = REFERRAL_INTEGRITY_DEFAULTS.referrerWindowMinutes * 60_000
		// One sign-up every two windows: no sign-up burst, no shared address.
		const referred = Array.from({ length: REFERRAL_INTEGRITY_DEFAULTS.referrerMaxSignups + 1 }, (_, i) =>
			insertMember({ referrer, phone: '', createdAt: new Date(Date.now() - (i + 1) * 2 * window) }),
		)
		for (const m of referred) unlock(m.id)
		const limit = REFERRAL_INTEGRITY_DEFAULTS.referrerMaxSignups
		expect(referred.slice(0, limit).map((m) => creditOf(m.id).status)).toEqual(Array(limit).fill('credited'))
		expect(signalCodes(referred[limit]!.id)).toEqual(['referrer_unlocks'])
		expect(getUserById(referrer.id)!.referralPoints).toBe(limit)
	})

	test('a disposable email domain (the mailchecker list), subdomains too', () => {
		expect(isDisposableEmail('someone@mailinator.com')).toBe(true)
		expect(isDisposableEmail('someone@eu.mailinator.com')).toBe(true)
		expect(isDisposableEmail('someone@example.com')).toBe(false)
		const { referrer } = setup()
		const referred = insertMember({ referrer, email: `burner-${ip}@mailinator.com` })
		unlock(referred.id)
		expect(signalCodes(referred.id)).toEqual(['disposable_email'])
		expect(JSON.parse(creditOf(referred.id).signals!)[0]).toEqual({
			code: 'disposable_email',
			domain: 'mailinator.com',
		})
	})

	test('the same phone used by another member, however it is written', () => {
		expect(phoneDigits('+234 (801) 234-5678')).toBe('2348012345678')
		const { referrer } = setup()
		insertMember({ phone: '+234 801 234 5678' })
		const referred = insertMember({ referrer, phone: '+2348012345678' })
		unlock(referred.id)
		expect(signalCodes(referred.id)).toEqual(['duplicate_phone'])
	})

	test('thresholds are settings: raised or switched off, the same referral is clean', () => {
		const { referrer } = setup()
		const admin = insertAuditActor()
		const saved = setSetting(admin, 'referral_integrity', { ...REFERRAL_INTEGRITY_DEFAULTS, disposableEmail: false })
		expect(saved.disposableEmail).toBe(false)
		expect(getSetting('referral_integrity').disposableEmail).toBe(false)
		expect(auditRows().find((r) => r.action === 'settings.update')).toMatchObject({
			targetType: 'settings',
			targetId: 'referral_integrity',
			before: expect.objectContaining({ disposableEmail: true }),
			after: expect.objectContaining({ disposableEmail: false }),
		})
		const referred = insertMember({ referrer, email: `burner-${ip}@mailinator.com` })
		unlock(referred.id)
		expect(creditOf(referred.id).status).toBe('credited')
		expect(() =>
			setSetting(admin, 'referral_integrity', { ...REFERRAL_INTEGRITY_DEFAULTS, clientMaxEvents: 0 }),
		).toThrow()
	})

	test('sign-up and unlock store a keyed hash of the address, never the address', async () => {
		addUnlockCode(CODE)
		const result = await registerMember(makeRegistration({ phone: '+1 555 0100 77' }), { ip: '203.0.113.70' })
		if (!result.ok) throw new Error(result.message)
		unlock(result.value.id, '203.0.113.71')
		const row = getUserById(result.value.id)!
		expect(row.signupClient).toBe(clientHash('203.0.113.70'))
		expect(row.unlockClient).toBe(clientHash('203.0.113.71'))
		expect(row.signupClient).not.toContain('203.0.113')
		expect(row.signupClient).not.toBe(row.unlockClient)
		expect(clientHash('unknown')).toBeNull()
	})
})

describe('held referrals count nowhere until approved', () => {
	function heldReferral() {
		const { referrer } = setup()
		const referral = insertContest({
			type: 'referral',
			status: 'active',
			startDate: '2000-01-01',
			endDate: '2099-12-31',
		})
		const activity = insertContest({
			type: 'activity',
			status: 'active',
			startDate: '2000-01-01',
			endDate: '2099-12-31',
		})
		const referred = insertMember({ referrer, name: 'Held Person', email: `h-${++ip}@mailinator.com` })
		unlock(referred.id)
		return { referrer, referred, credit: creditOf(referred.id), referral, activity }
	}

	test('not in points, count, milestones, history, leaderboard, the referral or the activity contest', () => {
		const { referrer, credit, referral, activity } = heldReferral()
		expect(credit.status).toBe('held')
		const row = getUserById(referrer.id)!
		expect([row.referralPoints, row.referralCount, row.lastReferralAt]).toEqual([0, 0, null])
		expect(milestoneProgress(row.referralPoints).milestones.some((m) => m.achieved)).toBe(false)
		expect(ledgerTotals(referrer.id)).toEqual({ points: 0, count: 0 })
		expect(getPointsHistory(referrer.id)).toBeNull()
		expect(getReferralLeaderboard().some((e) => e.userId === referrer.id)).toBe(false)
		expect(listRanking(referral.id, { limit: 10 })).toEqual([])
		expect(listRanking(activity.id, { limit: 10 }).find((r) => r.userId === referrer.id)).toBeUndefined()
		expect(getPointsStatement(referrer.id)).toEqual([
			expect.objectContaining({ status: 'held', points: 1, reviewReason: null }),
		])
		expect(listReferralReviews('held', 1, 20).referrals.map((r) => r.id)).toEqual([credit.id])
		// The referrer is told it is held (and nothing about a credit).
		expect(inboxKinds(referrer.id)).toEqual(['referral_held'])
	})

	test('approve credits exactly as a clean credit would, audited; deciding again is a 409', () => {
		const { referrer, referred, credit, referral, activity } = heldReferral()
		const admin = insertAuditActor()
		const approved = approveReferral(admin, credit.id)
		expect(approved.ok && approved.value).toMatchObject({
			status: 'credited',
			referrer: { id: referrer.id },
			referred: { id: referred.id },
			reviewedBy: admin.id,
		})
		const row = getUserById(referrer.id)!
		expect([row.referralPoints, row.referralCount]).toEqual([1, 1])
		expect(row.lastReferralAt).not.toBeNull()
		expect(ledgerTotals(referrer.id)).toEqual({ points: 1, count: 1 })
		expect(getPointsHistory(referrer.id)!.periods.at(-1)!.total).toBe(1)
		expect(listRanking(referral.id, { limit: 10 }).map((r) => [r.userId, r.score])).toEqual([[referrer.id, 1]])
		expect(listRanking(activity.id, { limit: 10 }).find((r) => r.userId === referrer.id)?.score).toBe(
			ACTIVITY_POINTS.referral,
		)
		expect(auditRows(credit.id).filter((r) => r.targetType === 'referral')).toEqual([
			expect.objectContaining({
				action: 'referral.approve',
				adminId: admin.id,
				before: expect.objectContaining({ status: 'held', signals: ['disposable_email'] }),
				after: { status: 'credited' },
			}),
		])
		// Held, then credited on approval (deciding again tells nothing more).
		expect(inboxKinds(referrer.id)).toEqual(['referral_held', 'referral_credited'])
		const again = approveReferral(admin, credit.id)
		expect(again.ok ? 200 : again.status).toBe(409)
		const reject = rejectReferral(admin, credit.id, 'Too late')
		expect(reject.ok ? 200 : reject.status).toBe(409)
		expect(getUserById(referrer.id)!.referralPoints).toBe(1)
		expect(listReferralReviews('held', 1, 20).referrals).toEqual([])
		expect(listReferralReviews('decided', 1, 20).referrals.map((r) => r.id)).toEqual([credit.id])
		expect(inboxKinds(referrer.id)).toEqual(['referral_held', 'referral_credited'])
	})

	test('reject keeps it out for good, with the reason on the statement; audited; 409 after, 404 unknown', () => {
		const { referrer, credit, referral } = heldReferral()
		const admin = insertAuditActor()
		const rejected = rejectReferral(admin, credit.id, 'Same person, second account')
		expect(rejected.ok && rejected.value).toMatchObject({
			status: 'rejected',
			reviewReason: 'Same person, second account',
		})
		expect(getUserById(referrer.id)!.referralPoints).toBe(0)
		expect(listRanking(referral.id, { limit: 10 })).toEqual([])
		expect(getPointsStatement(referrer.id)).toEqual([
			expect.objectContaining({ status: 'rejected', reviewReason: 'Same person, second account' }),
		])
		expect(auditRows(credit.id).find((r) => r.action === 'referral.reject')).toMatchObject({
			after: { status: 'rejected', reason: 'Same person, second account' },
		})
		expect(inboxKinds(referrer.id)).toEqual(['referral_held', 'referral_rejected'])
		const again = approveReferral(admin, credit.id)
		expect(again.ok ? 200 : again.status).toBe(409)
		const unknown = approveReferral(admin, 999_999)
		expect(unknown.ok ? 200 : unknown.status).toBe(404)
		expect(getDb().select().from(contestParticipants).all()).toEqual([])
		expect(getDb().select({ p: users.referralPoints }).from(users).where(eq(users.id, referrer.id)).get()).toEqual({
			p: 0,
		})
	})
})
