import fs from 'node:fs'
import path from 'node:path'
import bcrypt from 'bcryptjs'
import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { passwordResetTokens, sessions, unlockCodes, users } from '#db/schema.ts'
import { GOOD_PASSWORD, makeRegistration } from '#tests/factories.ts'
import { randomToken, sha256 } from '#app/utils/crypto.server.ts'
import { getEnv, resetEnv } from '#app/utils/env.server.ts'
import { RegisterApiSchema, type RegistrationInput, AUTH_FLOW_MESSAGES } from '#app/features/auth/schemas.ts'
import { verifyPassword } from '#app/utils/password.server.ts'
import type { Failure, Result } from '#app/utils/result.ts'
import {
	isResetTokenUsable,
	registerMember,
	requestPasswordReset,
	resetPassword,
	unlockMember,
} from './member-auth.server.ts'
import { createResetToken, findUsableResetToken, RESET_TOKEN_TTL_MS } from './password-reset.server.ts'
import { addUnlockCode } from '#app/features/codes/unlock-code.server.ts'
import { getUserById } from '#app/features/users/user.server.ts'

const meta = { ip: '203.0.113.1' }
let ipCounter = 0
/** A fresh client IP each call (rotating IPs, so only per-account limits apply). */
const rotatingIp = () => ({ ip: `198.51.100.${++ipCounter % 250}-${ipCounter}` })

afterEach(() => {
	vi.useRealTimers()
})

function expectFailure<T>(result: Result<T>): Failure {
	if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result.value)}`)
	return result
}

function expectOk<T>(result: Result<T>): T {
	if (!result.ok) throw new Error(`expected success, got ${result.status} ${result.message}`)
	return result.value
}

/** Registers through the API schema, as the routes do (emails normalised, codes upper-cased). */
async function register(overrides: Partial<Record<keyof RegistrationInput, unknown>> = {}, m = rotatingIp()) {
	const input = RegisterApiSchema.parse({ ...makeRegistration(), ...overrides })
	return registerMember(input, m)
}

async function registered(overrides: Partial<Record<keyof RegistrationInput, unknown>> = {}) {
	return expectOk(await register(overrides))
}

/** A member session row as sign-in stores it (the secret itself does not matter here). */
function insertSession(userId: number, kind: 'web' | 'api') {
	getDb()
		.insert(sessions)
		.values({ tokenHash: sha256(randomToken()), userId, kind, expiresAt: new Date(Date.now() + 60 * 60_000) })
		.run()
}

function sessionCount(userId: number) {
	return getDb().select().from(sessions).where(eq(sessions.userId, userId)).all().length
}

function userCount() {
	return getDb().select().from(users).all().length
}

function outboxFiles() {
	const dir = getEnv().mailOutbox
	if (!fs.existsSync(dir)) return []
	return fs
		.readdirSync(dir)
		.filter((f) => f.endsWith('.eml'))
		.map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
}

/** The mail bodies, quoted-printable decoded. */
function decodeMail(raw: string) {
	return raw
		.replace(/=\r?\n/g, '')
		.replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}

async function waitForMails(count: number, timeoutMs = 3000) {
	// performance.now(): Date may be faked in a test.
	const start = performance.now()
	let previous: string[] = []
	for (;;) {
		const files = outboxFiles()
		// A file may be seen while it is still being written: wait until
		// two reads in a row agree.
		const stable = files.length === previous.length && files.every((f, i) => f === previous[i] && f.length > 0)
		if (files.length >= count && stable) return files
		if (performance.now() - start > timeoutMs) return files
		previous = files
		await new Promise((r) => setTimeout(r, 25))
	}
}

/** Waits a little and returns whatever arrived (to prove that nothing was sent). */
async function settleMails(ms = 300) {
	await new Promise((r) => setTimeout(r, ms))
	return outboxFiles()
}

function resetLinkToken(mail: string) {
	const match = /\/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(decodeMail(mail))
	if (!match) throw new Error('no reset link in mail')
	return decodeURIComponent(match[1]!)
}

describe('registerMember', () => {
	test('stores the member with a consent record, a referral code and a bcrypt hash', async () => {
		const before = Date.now()
		const input = RegisterApiSchema.parse(makeRegistration({ email: 'Ada.Lovelace@Example.COM' }))
		const user = expectOk(await registerMember(input, meta))
		const row = getUserById(user.id)!
		expect(row.email).toBe('ada.lovelace@example.com')
		expect(row.name).toBe(input.name)
		expect(row.phone).toBe(input.phone)
		expect(row.country).toBe(input.country)
		expect(row.telegram).toBe(input.telegram)
		expect(row.investmentAmount).toBe('$100-$500')
		expect(row.termsVersion).toBe('June 29, 2025')
		expect(row.termsAcceptedAt).toBeInstanceOf(Date)
		expect(row.termsAcceptedAt!.getTime()).toBeGreaterThanOrEqual(before - 1)
		expect(row.termsAcceptedAt!.getTime()).toBeLessThanOrEqual(Date.now() + 1)
		expect(row.referralCode).toMatch(/^[A-HJ-NP-Z2-9]{8}$/)
		expect(row.referredBy).toBeNull()
		expect(row.referrerId).toBeNull()
		expect(row.status).toBe('active')
		expect(row.plan).toBe('regular')
		expect(row.isVerified).toBe(false)
		expect(row.unlockedAt).toBeNull()
		expect(row.referralCount).toBe(0)
		expect(row.referralPoints).toBe(0)

		expect(row.passwordHash).not.toContain(GOOD_PASSWORD)
		expect(row.passwordHash).toMatch(/^\$2[aby]\$\d\d\$/)
		expect(bcrypt.getRounds(row.passwordHash)).toBeGreaterThanOrEqual(10)
		expect(await bcrypt.compare(GOOD_PASSWORD, row.passwordHash)).toBe(true)
		expect(await bcrypt.compare(GOOD_PASSWORD.toLowerCase(), row.passwordHash)).toBe(false)
	})

	test('no column holds the plaintext password', async () => {
		const password = 'Unique-Plaintext-9'
		await registered({ password })
		const dump = JSON.stringify(getDb().$client.prepare('select * from users').all())
		expect(dump).not.toContain(password)
	})

	test('every member gets a distinct referral code', async () => {
		const codes = new Set<string>()
		for (let i = 0; i < 8; i++) codes.add((await registered()).referralCode)
		expect(codes.size).toBe(8)
	})

	test('a taken email is a 409 field error, nothing stored', async () => {
		const first = await registered()
		const failure = expectFailure(await register({ email: first.email, name: 'Someone Else' }))
		expect(failure.status).toBe(409)
		expect(failure.message).toBe(AUTH_FLOW_MESSAGES.emailTaken)
		expect(failure.fieldErrors).toEqual({ email: ['An account with this email already exists'] })
		expect(userCount()).toBe(1)
		expect(getUserById(first.id)!.name).toBe(first.name)
	})

	test('the duplicate check ignores case and surrounding spaces', async () => {
		await registered({ email: 'member@example.com' })
		for (const email of ['MEMBER@example.com', '  Member@Example.Com ', 'member@EXAMPLE.COM']) {
			const failure = expectFailure(await register({ email }))
			expect(failure.status).toBe(409)
			expect(failure.fieldErrors?.email).toEqual([AUTH_FLOW_MESSAGES.emailTaken])
		}
		expect(userCount()).toBe(1)
	})

	test('two sign-ups with one email at the same moment: one wins, the other is a 409', async () => {
		const input = RegisterApiSchema.parse(makeRegistration())
		const results = await Promise.all([registerMember(input, rotatingIp()), registerMember(input, rotatingIp())])
		expect(results.filter((r) => r.ok)).toHaveLength(1)
		const failure = expectFailure(results.find((r) => !r.ok)!)
		expect(failure.status).toBe(409)
		expect(failure.fieldErrors).toEqual({ email: [AUTH_FLOW_MESSAGES.emailTaken] })
		expect(userCount()).toBe(1)
	})

	test('an unknown referral code is a 400 field error and nothing is stored', async () => {
		const failure = expectFailure(await register({ referralCode: 'NOPE2345' }))
		expect(failure.status).toBe(400)
		expect(failure.message).toBe(AUTH_FLOW_MESSAGES.unknownReferralCode)
		expect(failure.fieldErrors).toEqual({ referralCode: ['Invalid referral code'] })
		expect(userCount()).toBe(0)
	})

	test('a known referral code in any case stores referredBy and referrerId', async () => {
		const referrer = await registered()
		const variants = [
			referrer.referralCode,
			referrer.referralCode.toLowerCase(),
			` ${referrer.referralCode.toLowerCase()} `,
		]
		for (const referralCode of variants) {
			const member = await registered({ referralCode })
			const row = getUserById(member.id)!
			expect(row.referredBy).toBe(referrer.referralCode)
			expect(row.referrerId).toBe(referrer.id)
			expect(row.referralCode).not.toBe(referrer.referralCode)
		}
		// The referrer earns nothing before the referred member unlocks.
		expect(getUserById(referrer.id)!.referralCount).toBe(0)
	})

	test('an empty referral code is no referral', async () => {
		const member = await registered({ referralCode: '' })
		expect(getUserById(member.id)!.referredBy).toBeNull()
	})

	test('sign-ups are limited per IP (429 with retry time), nothing stored past the limit', async () => {
		const ip = { ip: '192.0.2.77' }
		for (let i = 0; i < 10; i++) expectOk(await register({}, ip))
		const failure = expectFailure(await register({}, ip))
		expect(failure.status).toBe(429)
		expect(failure.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/)
		expect(failure.retryAfterSeconds).toBeGreaterThan(0)
		expect(failure.retryAfterSeconds).toBeLessThanOrEqual(60)
		expect(userCount()).toBe(10)
		// Another IP is not affected.
		expectOk(await register({}, { ip: '192.0.2.78' }))
	})
})

describe('registerMember per-email limit', () => {
	test('one email can be tried 5 times in 15 minutes, from any IP', async () => {
		const email = 'popular@example.com'
		expectOk(await register({ email }))
		for (let i = 0; i < 4; i++) expect(expectFailure(await register({ email })).status).toBe(409)
		const blocked = expectFailure(await register({ email }))
		expect(blocked.status).toBe(429)
		expect(blocked.retryAfterSeconds).toBeGreaterThan(14 * 60)
		// Another email from the same moment is not affected.
		expectOk(await register({ email: 'other@example.com' }))
	})
})

describe('unlockMember', () => {
	const CODE = 'TEST-2345'

	test('a wrong code is a 400 with the spec message, the member stays locked', async () => {
		addUnlockCode(CODE)
		const member = await registered()
		for (const code of ['WRONG-0000', 'TEST-234', 'TEST-23456', "' OR 1=1 --", '000000', 'TEST 2345']) {
			const failure = expectFailure(unlockMember(member.id, code, rotatingIp()))
			expect(failure.status).toBe(400)
			expect(failure.message).toBe('Invalid code. Please try again.')
			expect(failure.fieldErrors).toEqual({ code: [AUTH_FLOW_MESSAGES.invalidUnlockCode] })
		}
		expect(getUserById(member.id)!.isVerified).toBe(false)
	})

	test('the right code, in any case and with spaces around it, unlocks', async () => {
		addUnlockCode(CODE)
		const member = await registered()
		const before = Date.now()
		const user = expectOk(unlockMember(member.id, '  test-2345 \t', meta))
		expect(user.isVerified).toBe(true)
		const row = getUserById(member.id)!
		expect(row.isVerified).toBe(true)
		expect(row.unlockedAt!.getTime()).toBeGreaterThanOrEqual(before - 1)
		// A second unlock changes nothing.
		const again = expectOk(unlockMember(member.id, CODE, meta))
		expect(again.unlockedAt!.getTime()).toBe(row.unlockedAt!.getTime())
	})

	test('only the given member is unlocked', async () => {
		addUnlockCode(CODE)
		const a = await registered()
		const b = await registered()
		expectOk(unlockMember(a.id, CODE, meta))
		expect(getUserById(b.id)!.isVerified).toBe(false)
	})

	test('no code on the server: nothing unlocks', async () => {
		const member = await registered()
		expect(expectFailure(unlockMember(member.id, CODE, meta)).status).toBe(400)
		expect(expectFailure(unlockMember(member.id, '', rotatingIp())).status).toBe(400)
	})

	test('an expired code is refused, an unexpired one works', async () => {
		addUnlockCode('OLD-CODE', new Date(Date.now() - 1000))
		addUnlockCode('FRESH-CODE', new Date(Date.now() + 60_000))
		const member = await registered()
		expect(expectFailure(unlockMember(member.id, 'OLD-CODE', meta)).status).toBe(400)
		expect(getUserById(member.id)!.isVerified).toBe(false)
		expectOk(unlockMember(member.id, 'fresh-code', meta))
	})

	test('a deactivated code is refused', async () => {
		addUnlockCode(CODE)
		getDb().update(unlockCodes).set({ active: false }).where(eq(unlockCodes.code, CODE)).run()
		const member = await registered()
		expect(expectFailure(unlockMember(member.id, CODE, meta)).status).toBe(400)
		expect(getUserById(member.id)!.isVerified).toBe(false)
	})

	test('an unknown member with the right code is a 401', () => {
		addUnlockCode(CODE)
		const failure = expectFailure(unlockMember(999_999, CODE, meta))
		expect(failure.status).toBe(401)
	})

	test('code entry is limited per IP: the 11th try is a 429, even with the right code', async () => {
		addUnlockCode(CODE)
		const member = await registered()
		const ip = { ip: '192.0.2.50' }
		for (let i = 0; i < 10; i++) expect(expectFailure(unlockMember(member.id, `BAD-${i}`, ip)).status).toBe(400)
		const blocked = expectFailure(unlockMember(member.id, CODE, ip))
		expect(blocked.status).toBe(429)
		expect(blocked.retryAfterSeconds).toBeGreaterThan(0)
		expect(getUserById(member.id)!.isVerified).toBe(false)
	})

	test('code entry is limited per account across rotating IPs', async () => {
		addUnlockCode(CODE)
		const member = await registered()
		for (let i = 0; i < 10; i++)
			expect(expectFailure(unlockMember(member.id, `BAD-${i}`, rotatingIp())).status).toBe(400)
		const blocked = expectFailure(unlockMember(member.id, CODE, rotatingIp()))
		expect(blocked.status).toBe(429)
		expect(blocked.retryAfterSeconds).toBeGreaterThan(14 * 60)
		expect(getUserById(member.id)!.isVerified).toBe(false)
		// Another member is not affected.
		const other = await registered()
		expectOk(unlockMember(other.id, CODE, rotatingIp()))
	})
})

describe('requestPasswordReset', () => {
	test('a known email gets a mail with a link built from APP_ORIGIN', async () => {
		process.env.APP_ORIGIN = 'https://members.example.test'
		resetEnv()
		try {
			const member = await registered()
			const result = await requestPasswordReset(member.email, meta)
			expect(result).toEqual({ ok: true, value: null })
			const mails = await waitForMails(1)
			expect(mails).toHaveLength(1)
			const mail = decodeMail(mails[0]!)
			expect(mail).toContain(`To: ${member.email}`)
			expect(mail).toContain('Subject: Reset your password')
			expect(mail).toContain('https://members.example.test/reset-password?token=')
			const token = resetLinkToken(mails[0]!)
			expect(token.length).toBeGreaterThanOrEqual(22)
			expect(isResetTokenUsable(token)).toBe(true)
			expect(findUsableResetToken(token)!.userId).toBe(member.id)
		} finally {
			delete process.env.APP_ORIGIN
			resetEnv()
		}
	})

	test('the default link uses the default origin', async () => {
		const member = await registered()
		await requestPasswordReset(member.email, meta)
		const [mail] = await waitForMails(1)
		expect(decodeMail(mail!)).toContain(`${getEnv().appOrigin}/reset-password?token=`)
		expect(getEnv().appOrigin).toBe('http://localhost:3000')
	})

	test('the email is matched as normalised by the schema', async () => {
		const member = await registered({ email: 'case@example.com' })
		await requestPasswordReset('case@example.com', meta)
		expect(await waitForMails(1)).toHaveLength(1)
		expect(
			getDb().select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, member.id)).all(),
		).toHaveLength(1)
	})

	test('an unknown email gets the same answer and no mail', async () => {
		await registered()
		const result = await requestPasswordReset('nobody@example.com', meta)
		expect(result).toEqual({ ok: true, value: null })
		expect(await settleMails()).toHaveLength(0)
		expect(getDb().select().from(passwordResetTokens).all()).toHaveLength(0)
	})

	test('the request changes nothing about the account until the token is used', async () => {
		const member = await registered()
		const hash = getUserById(member.id)!.passwordHash
		insertSession(member.id, 'web')
		await requestPasswordReset(member.email, meta)
		await waitForMails(1)
		expect(getUserById(member.id)!.passwordHash).toBe(hash)
		expect(sessionCount(member.id)).toBe(1)
		expect(await verifyPassword(GOOD_PASSWORD, getUserById(member.id)!.passwordHash)).toBe(true)
	})

	test('at most 5 mails per account per hour, same answer past the cap', async () => {
		vi.useFakeTimers({ toFake: ['Date'] })
		const start = new Date('2030-03-01T08:00:00Z')
		vi.setSystemTime(start)
		const member = await registered()
		for (let i = 0; i < 7; i++) {
			expect(await requestPasswordReset(member.email, rotatingIp())).toEqual({ ok: true, value: null })
		}
		expect(await waitForMails(5)).toHaveLength(5)
		expect(await settleMails()).toHaveLength(5)
		// Only the newest link is live.
		expect(getDb().select().from(passwordResetTokens).all()).toHaveLength(1)

		vi.setSystemTime(new Date(start.getTime() + 60 * 60_000 + 1000))
		await requestPasswordReset(member.email, rotatingIp())
		expect(await waitForMails(6)).toHaveLength(6)
	})

	test('forgot password is limited per IP', async () => {
		const ip = { ip: '192.0.2.90' }
		for (let i = 0; i < 10; i++) expectOk(await requestPasswordReset(`x${i}@example.com`, ip))
		const failure = expectFailure(await requestPasswordReset('x@example.com', ip))
		expect(failure.status).toBe(429)
		expect(failure.retryAfterSeconds).toBeGreaterThan(0)
	})

	test('the mail goes to the stored address and the token is not logged in any table but hashed', async () => {
		const member = await registered()
		await requestPasswordReset(member.email, meta)
		const [mail] = await waitForMails(1)
		const token = resetLinkToken(mail!)
		const dump = JSON.stringify(getDb().$client.prepare('select * from password_reset_tokens').all())
		expect(dump).not.toContain(token)
		expect(dump).toContain(sha256(token))
	})
})

describe('resetPassword', () => {
	const NEW_PASSWORD = 'N3w-Password-Here'

	test('a token works once and changes the password', async () => {
		const member = await registered()
		const oldHash = getUserById(member.id)!.passwordHash
		const token = createResetToken(member.id)
		expect(isResetTokenUsable(token)).toBe(true)

		expect(await resetPassword({ token, password: NEW_PASSWORD }, meta)).toEqual({ ok: true, value: null })
		const row = getUserById(member.id)!
		expect(row.passwordHash).not.toBe(oldHash)
		expect(await verifyPassword(NEW_PASSWORD, row.passwordHash)).toBe(true)
		expect(bcrypt.getRounds(row.passwordHash)).toBeGreaterThanOrEqual(10)
		expect(isResetTokenUsable(token)).toBe(false)

		const again = expectFailure(await resetPassword({ token, password: 'An0ther-Password' }, meta))
		expect(again.status).toBe(400)
		expect(again.message).toBe(AUTH_FLOW_MESSAGES.invalidResetLink)
		expect(again.fieldErrors).toEqual({ token: [AUTH_FLOW_MESSAGES.invalidResetLink] })
		expect(await verifyPassword(NEW_PASSWORD, getUserById(member.id)!.passwordHash)).toBe(true)

		expect(await verifyPassword(GOOD_PASSWORD, getUserById(member.id)!.passwordHash)).toBe(false)
	})

	test('two resets racing with one token: exactly one wins', async () => {
		const member = await registered()
		const token = createResetToken(member.id)
		const results = await Promise.all([
			resetPassword({ token, password: 'First-Passw0rd' }, rotatingIp()),
			resetPassword({ token, password: 'Second-Passw0rd' }, rotatingIp()),
		])
		expect(results.filter((r) => r.ok)).toHaveLength(1)
		expect(expectFailure(results.find((r) => !r.ok)!).status).toBe(400)
	})

	test('the token is stored only as its SHA-256', async () => {
		const member = await registered()
		const token = createResetToken(member.id)
		expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
		const rows = getDb().$client.prepare('select * from password_reset_tokens').all() as Record<string, unknown>[]
		expect(rows).toHaveLength(1)
		expect(rows[0]!.token_hash).toBe(sha256(token))
		expect(JSON.stringify(rows)).not.toContain(token)
	})

	test('unknown, altered, truncated and empty tokens are refused', async () => {
		const member = await registered()
		const token = createResetToken(member.id)
		const altered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A')
		for (const bad of [altered, token.slice(0, 20), `${token}x`, sha256(token), 'nope', '']) {
			expect(isResetTokenUsable(bad)).toBe(false)
			const failure = expectFailure(await resetPassword({ token: bad, password: NEW_PASSWORD }, rotatingIp()))
			expect(failure.status).toBe(400)
			expect(failure.message).toBe(AUTH_FLOW_MESSAGES.invalidResetLink)
		}
		expect(await verifyPassword(GOOD_PASSWORD, getUserById(member.id)!.passwordHash)).toBe(true)
	})

	test('expires after 1 hour (now parameter)', async () => {
		const member = await registered()
		const issued = new Date('2030-05-01T12:00:00Z')
		const token = createResetToken(member.id, issued)
		expect(RESET_TOKEN_TTL_MS).toBe(60 * 60 * 1000)
		expect(findUsableResetToken(token, new Date(issued.getTime() + 59 * 60_000 + 59_000))).not.toBeNull()
		expect(findUsableResetToken(token, new Date(issued.getTime() + 60 * 60_000))).toBeNull()
		expect(findUsableResetToken(token, new Date(issued.getTime() + 60 * 60_000 + 1000))).toBeNull()
	})

	test('expires after 1 hour (fake clock through the whole rule)', async () => {
		vi.useFakeTimers({ toFake: ['Date'] })
		const issued = new Date('2030-05-01T12:00:00Z')
		vi.setSystemTime(issued)
		const member = await registered()
		const token = createResetToken(member.id)
		vi.setSystemTime(new Date(issued.getTime() + 59 * 60_000 + 59_000))
		expect(isResetTokenUsable(token)).toBe(true)
		vi.setSystemTime(new Date(issued.getTime() + 60 * 60_000 + 1000))
		expect(isResetTokenUsable(token)).toBe(false)
		const failure = expectFailure(await resetPassword({ token, password: NEW_PASSWORD }, meta))
		expect(failure.status).toBe(400)
		expect(await verifyPassword(GOOD_PASSWORD, getUserById(member.id)!.passwordHash)).toBe(true)
	})

	test('a newer request voids the older token', async () => {
		const member = await registered()
		const older = createResetToken(member.id)
		const newer = createResetToken(member.id)
		expect(newer).not.toBe(older)
		expect(isResetTokenUsable(older)).toBe(false)
		expect(isResetTokenUsable(newer)).toBe(true)
		expect(expectFailure(await resetPassword({ token: older, password: NEW_PASSWORD }, meta)).status).toBe(400)
		expectOk(await resetPassword({ token: newer, password: NEW_PASSWORD }, meta))
	})

	test('a newer mailed link voids the older mailed link', async () => {
		const member = await registered()
		await requestPasswordReset(member.email, rotatingIp())
		const [first] = await waitForMails(1)
		await requestPasswordReset(member.email, rotatingIp())
		const mails = await waitForMails(2)
		const tokens = mails.map(resetLinkToken)
		const firstToken = resetLinkToken(first!)
		const secondToken = tokens.find((t) => t !== firstToken)!
		expect(isResetTokenUsable(firstToken)).toBe(false)
		expect(isResetTokenUsable(secondToken)).toBe(true)
	})

	test("a token resets only its own member's password", async () => {
		const a = await registered()
		const b = await registered()
		const bHash = getUserById(b.id)!.passwordHash
		expectOk(await resetPassword({ token: createResetToken(a.id), password: NEW_PASSWORD }, meta))
		expect(getUserById(b.id)!.passwordHash).toBe(bHash)
	})

	test('a reset ends every session of the member, and only theirs', async () => {
		const member = await registered()
		const other = await registered()
		insertSession(member.id, 'web')
		insertSession(member.id, 'web')
		insertSession(member.id, 'api')
		insertSession(other.id, 'web')
		expect(sessionCount(member.id)).toBe(3)

		expectOk(await resetPassword({ token: createResetToken(member.id), password: NEW_PASSWORD }, meta))

		// Signed out everywhere (app/auth/member.server.test.ts: a missing row is no session).
		expect(sessionCount(member.id)).toBe(0)
		expect(sessionCount(other.id)).toBe(1)
	})

	test('the member is told by mail that the password changed, without secrets', async () => {
		const member = await registered()
		const token = createResetToken(member.id)
		expectOk(await resetPassword({ token, password: NEW_PASSWORD }, meta))
		const mails = await waitForMails(1)
		expect(mails).toHaveLength(1)
		const mail = decodeMail(mails[0]!)
		expect(mail).toContain('Subject: Your password was changed')
		expect(mail).toContain(`To: ${member.email}`)
		expect(mail).not.toContain(token)
		expect(mail).not.toContain(NEW_PASSWORD)
	})

	test('one link can be tried 5 times, from any IP', async () => {
		for (let i = 0; i < 5; i++) {
			expect(
				expectFailure(await resetPassword({ token: 'same-guess', password: NEW_PASSWORD }, rotatingIp())).status,
			).toBe(400)
		}
		const blocked = expectFailure(await resetPassword({ token: 'same-guess', password: NEW_PASSWORD }, rotatingIp()))
		expect(blocked.status).toBe(429)
		// A real link is counted apart.
		const member = await registered()
		expectOk(await resetPassword({ token: createResetToken(member.id), password: NEW_PASSWORD }, rotatingIp()))
	})

	test('reset attempts are limited per IP', async () => {
		const ip = { ip: '192.0.2.120' }
		for (let i = 0; i < 10; i++) {
			expect(expectFailure(await resetPassword({ token: `guess-${i}`, password: NEW_PASSWORD }, ip)).status).toBe(400)
		}
		const member = await registered()
		const token = createResetToken(member.id)
		const blocked = expectFailure(await resetPassword({ token, password: NEW_PASSWORD }, ip))
		expect(blocked.status).toBe(429)
		// The token was not spent by the refused attempt.
		expect(isResetTokenUsable(token)).toBe(true)
	})
})
