import bcrypt from 'bcryptjs'
import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, test, vi } from 'vitest'
import { getDb } from '#db/client.server.ts'
import {
	emailChangeTokens,
	lessonCompletions,
	notifications,
	referralCredits,
	sessions,
	users,
	type SelectUser,
} from '#db/schema.ts'
import { memberAuth } from '#app/auth/member.server.ts'
import { auditRows, GOOD_PASSWORD, insertMember } from '#tests/factories.ts'
import { insertContest, insertReport } from '#tests/contest-factories.ts'
import { rescoreContests } from '#app/features/contests/scoring.server.ts'
import { listRanking } from '#app/features/contests/contest.server.ts'
import type * as MailModule from '#app/utils/mail.server.ts'
import type { Mail } from '#app/utils/mail.server.ts'
import { AUTH_FLOW_MESSAGES } from '#app/features/auth/schemas.ts'
import { clearRateLimits } from '#app/utils/rate-limit.server.ts'
import {
	CloseAccountApiSchema,
	PasswordChangeApiSchema,
	PasswordChangeFormSchema,
	ProfileApiSchema,
	ACCOUNT_MESSAGES,
} from '#app/features/account/schemas.ts'
import { verifyPassword } from '#app/utils/password.server.ts'
import {
	changePassword,
	closeAccount,
	closedEmail,
	confirmEmailChange,
	EMAIL_CHANGE_TTL_MS,
	endOtherSessions,
	endSession,
	exportMemberData,
	listSessions,
	requestEmailChange,
	updateProfile,
} from './account-settings.server.ts'

const sent: Mail[] = []
vi.mock('#app/utils/mail.server.ts', async (original) => ({
	...(await original<typeof MailModule>()),
	sendMail: async (mail: Mail) => {
		sent.push(mail)
		return true
	},
}))

const meta = { ip: '203.0.113.9' }
const hash = bcrypt.hashSync(GOOD_PASSWORD, 4)

function member(overrides: Partial<SelectUser> = {}) {
	return insertMember({ passwordHash: hash, ...overrides })
}

function linkToken(mail: Mail | undefined) {
	const match = /token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')
	if (!match) throw new Error('no link in the mail')
	return decodeURIComponent(match[1]!)
}

beforeEach(() => {
	sent.length = 0
	clearRateLimits()
})

describe('sessions record their device and last use', () => {
	test('the User-Agent is kept (cut to 300 characters); last use is written at most once a minute', () => {
		const user = member()
		const t0 = new Date()
		const { token } = memberAuth.sessions.create(
			user.id,
			'web',
			t0,
			`Mozilla/5.0 (Windows NT 10.0) Firefox/128.0 ${'x'.repeat(400)}`,
		)
		const row = () => getDb().select().from(sessions).where(eq(sessions.userId, user.id)).get()!
		expect(row().userAgent).toHaveLength(300)
		expect(row().lastSeenAt?.getTime()).toBe(t0.getTime())
		memberAuth.sessions.find(token, 'web', new Date(t0.getTime() + 30_000))
		expect(row().lastSeenAt?.getTime()).toBe(t0.getTime())
		const later = new Date(t0.getTime() + 61_000)
		memberAuth.sessions.find(token, 'web', later)
		expect(row().lastSeenAt?.getTime()).toBe(later.getTime())
	})

	test('the list names the device, first and last seen, and marks the current session first', () => {
		const user = member()
		const now = new Date()
		memberAuth.sessions.create(
			user.id,
			'web',
			now,
			'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Version/17.0 Mobile Safari/604.1',
		)
		const current = memberAuth.sessions.create(user.id, 'api', now, 'curl/8.5.0')
		const currentId = memberAuth.sessions.idOf(current.token)
		const list = listSessions(user.id, currentId)
		expect(list.map((s) => s.device)).toEqual(['curl', 'Safari on iPhone'])
		expect(list[0]).toMatchObject({ current: true, kind: 'api', firstSeenAt: now.toISOString() })
		expect(list[1]!.current).toBe(false)
		expect(JSON.stringify(list)).not.toContain(current.token)
	})
})

describe('profile', () => {
	test('saves the fields; the API schema takes the sign-up rules and refuses unknown fields', () => {
		const user = member()
		const saved = updateProfile(user.id, { name: 'Ada Lovelace', telegram: '@ada' })
		expect(saved.ok && saved.value).toMatchObject({ name: 'Ada Lovelace', telegram: '@ada' })
		expect(ProfileApiSchema.safeParse({ telegram: 'ada' }).error?.issues[0]?.message).toBe(
			'Telegram username must start with @',
		)
		expect(ProfileApiSchema.safeParse({ phone: 'abc' }).error?.issues[0]?.message).toBe('Enter a valid phone number')
		expect(ProfileApiSchema.safeParse({ email: 'x@example.com' }).success).toBe(false)
		expect(ProfileApiSchema.safeParse({}).success).toBe(false)
	})
})

describe('change of password', () => {
	test('a new password equal to the old one, or one that breaks the sign-up rules, is refused at its field', () => {
		const same = PasswordChangeApiSchema.safeParse({ currentPassword: GOOD_PASSWORD, newPassword: GOOD_PASSWORD })
		expect(same.error?.issues[0]).toMatchObject({ path: ['newPassword'], message: ACCOUNT_MESSAGES.passwordSameAsOld })
		const weak = PasswordChangeFormSchema.safeParse({
			currentPassword: GOOD_PASSWORD,
			newPassword: 'short',
			confirmPassword: 'short',
		})
		expect(weak.error?.issues[0]?.message).toBe('Password must be at least 8 characters')
	})

	test('a wrong current password changes nothing', async () => {
		const user = member()
		memberAuth.sessions.create(user.id, 'web')
		const result = await changePassword(user, { currentPassword: 'Wrong1234', newPassword: 'N3wPassword' }, meta)
		expect(result).toMatchObject({
			ok: false,
			status: 400,
			fieldErrors: { currentPassword: [ACCOUNT_MESSAGES.wrongCurrentPassword] },
		})
		expect(getDb().select().from(sessions).where(eq(sessions.userId, user.id)).all()).toHaveLength(1)
		expect(getDb().select().from(users).where(eq(users.id, user.id)).get()!.passwordHash).toBe(hash)
	})

	test('the right one changes it, ends every session and tells the member', async () => {
		const user = member()
		memberAuth.sessions.create(user.id, 'web')
		memberAuth.sessions.create(user.id, 'api')
		const result = await changePassword(user, { currentPassword: GOOD_PASSWORD, newPassword: 'N3wPassword' }, meta)
		expect(result.ok).toBe(true)
		expect(getDb().select().from(sessions).where(eq(sessions.userId, user.id)).all()).toHaveLength(0)
		const stored = getDb().select().from(users).where(eq(users.id, user.id)).get()!
		expect(await verifyPassword('N3wPassword', stored.passwordHash)).toBe(true)
		expect(sent.map((m) => m.to)).toEqual([user.email])
	})

	test('wrong current passwords are rate limited like the sign-in', async () => {
		const user = member()
		let last
		for (let i = 0; i < 12; i++) {
			last = await changePassword(user, { currentPassword: 'Wrong1234', newPassword: 'N3wPassword' }, meta)
		}
		expect(last).toMatchObject({ ok: false, status: 429 })
	})
})

describe('change of email', () => {
	test('a taken address or the current one is refused at the field; a wrong password too', async () => {
		const user = member()
		const other = member()
		expect(
			await requestEmailChange(user, { newEmail: other.email, currentPassword: GOOD_PASSWORD }, meta),
		).toMatchObject({ status: 409, fieldErrors: { newEmail: [AUTH_FLOW_MESSAGES.emailTaken] } })
		expect(
			await requestEmailChange(user, { newEmail: user.email, currentPassword: GOOD_PASSWORD }, meta),
		).toMatchObject({ status: 400, fieldErrors: { newEmail: [ACCOUNT_MESSAGES.emailSameAsCurrent] } })
		expect(
			await requestEmailChange(user, { newEmail: 'new@example.com', currentPassword: 'Wrong1234' }, meta),
		).toMatchObject({ status: 400, fieldErrors: { currentPassword: [ACCOUNT_MESSAGES.wrongCurrentPassword] } })
		expect(sent).toHaveLength(0)
	})

	test('the link goes to the new address, the old one is told; the email changes once, on the link', async () => {
		const user = member()
		const newEmail = `new-${user.id}@example.com`
		const asked = await requestEmailChange(user, { newEmail, currentPassword: GOOD_PASSWORD }, meta)
		expect(asked.ok).toBe(true)
		expect(sent.map((m) => m.to)).toEqual([newEmail, user.email])
		expect(getDb().select().from(users).where(eq(users.id, user.id)).get()!.email).toBe(user.email)
		const token = linkToken(sent[0])
		expect(confirmEmailChange(token, meta)).toMatchObject({ ok: true, value: { email: newEmail } })
		expect(getDb().select().from(users).where(eq(users.id, user.id)).get()!.email).toBe(newEmail)
		expect(confirmEmailChange(token, meta)).toMatchObject({
			status: 400,
			fieldErrors: { token: [ACCOUNT_MESSAGES.invalidEmailLink] },
		})
	})

	test('an expired link changes nothing; a newer request voids the older link', async () => {
		const user = member()
		const now = new Date()
		await requestEmailChange(user, { newEmail: `a-${user.id}@example.com`, currentPassword: GOOD_PASSWORD }, meta, now)
		const first = linkToken(sent[0])
		await requestEmailChange(user, { newEmail: `b-${user.id}@example.com`, currentPassword: GOOD_PASSWORD }, meta, now)
		const second = linkToken(sent[2])
		expect(confirmEmailChange(first, meta).ok).toBe(false)
		const late = new Date(now.getTime() + EMAIL_CHANGE_TTL_MS + 1)
		expect(confirmEmailChange(second, meta, late)).toMatchObject({ status: 400 })
		expect(getDb().select().from(users).where(eq(users.id, user.id)).get()!.email).toBe(user.email)
	})

	test('an address taken between the request and the link is refused', async () => {
		const user = member()
		const newEmail = `race-${user.id}@example.com`
		await requestEmailChange(user, { newEmail, currentPassword: GOOD_PASSWORD }, meta)
		member({ email: newEmail })
		expect(confirmEmailChange(linkToken(sent[0]), meta)).toMatchObject({ ok: false, status: 409 })
		expect(getDb().select().from(users).where(eq(users.id, user.id)).get()!.email).toBe(user.email)
	})
})

describe('ending sessions', () => {
	test("another member's session is a 404 and stays; one's own ends", () => {
		const user = member()
		const other = member()
		const theirs = memberAuth.sessions.idOf(memberAuth.sessions.create(other.id, 'web').token)!
		const mine = memberAuth.sessions.idOf(memberAuth.sessions.create(user.id, 'web').token)!
		expect(endSession(user.id, theirs)).toMatchObject({
			ok: false,
			status: 404,
			message: ACCOUNT_MESSAGES.sessionNotFound,
		})
		expect(getDb().select().from(sessions).where(eq(sessions.id, theirs)).get()).toBeDefined()
		expect(endSession(user.id, null)).toMatchObject({ status: 404 })
		expect(endSession(user.id, mine).ok).toBe(true)
		expect(endSession(user.id, mine)).toMatchObject({ status: 404 })
	})

	test('"everywhere else" keeps the current session only', () => {
		const user = member()
		const current = memberAuth.sessions.idOf(memberAuth.sessions.create(user.id, 'web').token)!
		memberAuth.sessions.create(user.id, 'web')
		memberAuth.sessions.create(user.id, 'api')
		expect(endOtherSessions(user.id, current)).toBe(2)
		expect(getDb().select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id)).all()).toEqual([
			{ id: current },
		])
	})
})

describe('data download', () => {
	test('has every section, the referrals by display name, sessions without secrets, never the hash', () => {
		const user = member({ name: 'Ada Lovelace' })
		const friend = member({ name: 'Grace Hopper', referrerId: user.id, unlockedAt: new Date() })
		getDb()
			.insert(referralCredits)
			.values({ referrerId: user.id, referredUserId: friend.id, points: 1, reason: 'referral' })
			.run()
		getDb().insert(lessonCompletions).values({ userId: user.id, lessonId: 'basics-1' }).run()
		getDb().insert(notifications).values({ userId: user.id, kind: 'milestone', title: 'T', body: 'B' }).run()
		const { token } = memberAuth.sessions.create(user.id, 'web', new Date(), 'curl/8')
		const data = exportMemberData(user.id, memberAuth.sessions.idOf(token))!
		expect(Object.keys(data)).toEqual(
			expect.arrayContaining([
				'profile',
				'consents',
				'referrals',
				'planHistory',
				'offerClaims',
				'lessons',
				'contestEntries',
				'brokerAccounts',
				'reportedFigures',
				'notifications',
				'sessions',
			]),
		)
		expect(data.profile).toMatchObject({ id: user.id, name: 'Ada Lovelace', email: user.email })
		expect(data.referrals.referredMembers).toEqual([expect.objectContaining({ name: 'Grace H.' })])
		expect(data.referrals.credits).toEqual([expect.objectContaining({ points: 1, status: 'credited' })])
		expect(data.lessons).toEqual([expect.objectContaining({ lessonId: 'basics-1' })])
		expect(data.notifications).toHaveLength(1)
		expect(data.sessions).toEqual([expect.objectContaining({ current: true, device: 'curl' })])
		const text = JSON.stringify(data)
		expect(text).not.toContain(token)
		expect(text).not.toMatch(/passwordHash|tokenHash|\$2[aby]\$/)
	})
})

describe('closing the account', () => {
	test('a wrong password or a missing confirmation changes nothing', async () => {
		const user = member()
		expect(await closeAccount(user, { currentPassword: 'Wrong1234' }, meta)).toMatchObject({
			status: 400,
			fieldErrors: { currentPassword: [ACCOUNT_MESSAGES.wrongCurrentPassword] },
		})
		expect(CloseAccountApiSchema.safeParse({ currentPassword: GOOD_PASSWORD }).success).toBe(false)
		expect(getDb().select().from(users).where(eq(users.id, user.id)).get()!.closedAt).toBeNull()
		expect(auditRows(user.id)).toHaveLength(0)
	})

	test('erases the personal fields, ends sessions, keeps the referrer credit, writes an audit row', async () => {
		const referrer = member()
		const user = member({ name: 'Ada Lovelace', phone: '+441234567', referrerId: referrer.id, isVerified: true })
		getDb()
			.insert(referralCredits)
			.values({ referrerId: referrer.id, referredUserId: user.id, points: 1, reason: 'referral' })
			.run()
		memberAuth.sessions.create(user.id, 'web')
		getDb()
			.insert(emailChangeTokens)
			.values({
				userId: user.id,
				newEmail: 'x@example.com',
				tokenHash: `h-${user.id}`,
				expiresAt: new Date(Date.now() + 60_000),
			})
			.run()
		expect((await closeAccount(user, { currentPassword: GOOD_PASSWORD }, meta)).ok).toBe(true)
		const row = getDb().select().from(users).where(eq(users.id, user.id)).get()!
		expect(row).toMatchObject({
			email: closedEmail(user.id),
			name: 'Closed account',
			phone: '',
			country: '',
			telegram: '',
			investmentAmount: null,
			referrerId: referrer.id,
		})
		expect(row.closedAt).toBeInstanceOf(Date)
		expect(row.referralCode).not.toBe(user.referralCode)
		expect(await verifyPassword(GOOD_PASSWORD, row.passwordHash)).toBe(false)
		expect(getDb().select().from(sessions).where(eq(sessions.userId, user.id)).all()).toHaveLength(0)
		expect(getDb().select().from(emailChangeTokens).where(eq(emailChangeTokens.userId, user.id)).all()).toHaveLength(0)
		expect(
			getDb().select().from(referralCredits).where(eq(referralCredits.referredUserId, user.id)).all(),
		).toHaveLength(1)
		const [audit] = auditRows(user.id)
		expect(audit).toMatchObject({
			action: 'user.close',
			targetType: 'user',
			adminId: null,
			adminEmail: `member #${user.id}`,
		})
		expect(JSON.stringify(audit)).not.toContain('Ada')
		// Closed once: a second attempt with the (now unknown) password is refused.
		expect((await closeAccount(user, { currentPassword: GOOD_PASSWORD }, meta)).ok).toBe(false)
	})

	test('a closed account leaves the running data-scored contests at once (no prize for it)', async () => {
		const now = new Date()
		const month = now.toISOString().slice(0, 7)
		const startDate = `${month}-01`
		const endDate = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).toISOString().slice(0, 10)
		const contest = insertContest({ type: 'deposit', status: 'active', startDate, endDate })
		const user = member({ isVerified: true, unlockedAt: now })
		const other = member({ isVerified: true, unlockedAt: now })
		insertReport(
			[
				{ userId: user.id, depositsCents: 9_000 },
				{ userId: other.id, depositsCents: 1_000 },
			],
			{ month },
		)
		getDb().transaction((tx) => rescoreContests(tx, { types: ['deposit'] }, now))
		const ranked = () => listRanking(contest.id, { limit: 10 }).map((r) => r.userId)
		expect(ranked()).toEqual([user.id, other.id])
		expect((await closeAccount(user, { currentPassword: GOOD_PASSWORD }, meta)).ok).toBe(true)
		expect(ranked()).toEqual([other.id])
		// A later rescore of everyone keeps it out.
		getDb().transaction((tx) => rescoreContests(tx, { types: ['deposit'] }, new Date()))
		expect(ranked()).toEqual([other.id])
	})
})
