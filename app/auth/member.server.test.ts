import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { sessions, users } from '#db/schema.ts'
import { GOOD_PASSWORD, makeRegistration } from '#tests/factories.ts'
import { registerMember } from '#app/features/auth/member-auth.server.ts'
import { getUserById } from '#app/features/users/user.server.ts'
import { randomToken, sha256 } from '#app/utils/crypto.server.ts'
import { resetEnv } from '#app/utils/env.server.ts'
import { HONEYPOT_FIELD } from '#app/utils/honeypot.server.ts'
import { AUTH_MESSAGES } from '#app/auth/messages.ts'
import type { Failure, Result } from '#app/utils/result.ts'
import { NewPasswordSchema } from '#app/utils/validation.ts'
import { LoginApiSchema, RegisterApiSchema, type RegistrationInput } from '#app/features/auth/schemas.ts'
import { getBearerToken } from './kit.server.ts'
import {
	getMember,
	MEMBER_SESSION_ABSOLUTE_MS,
	memberAuth,
	requireApiMember,
	requireMember,
	requireUnlockedMember,
	startMemberSession,
} from './member.server.ts'
import { routeArgs } from '#tests/route-args.ts'

const { cookie, sessions: store, checkCredentials } = memberAuth

const meta = { ip: '203.0.113.1' }
let ipCounter = 0
/** A fresh client IP each call (rotating IPs, so only per-account limits apply). */
const rotatingIp = () => ({ ip: `198.51.100.${++ipCounter % 250}-${ipCounter}` })

afterEach(() => {
	vi.useRealTimers()
	delete process.env.APP_ORIGIN
	delete process.env.SESSION_SECRET
	resetEnv()
})

function expectFailure<T>(result: Result<T>): Failure {
	if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result.value)}`)
	return result
}

function expectOk<T>(result: Result<T>): T {
	if (!result.ok) throw new Error(`expected success, got ${result.status} ${result.message}`)
	return result.value
}

/** Registers through the API schema, as the routes do (emails normalised). */
async function registered(overrides: Partial<Record<keyof RegistrationInput, unknown>> = {}) {
	const input = RegisterApiSchema.parse({ ...makeRegistration(), ...overrides })
	return expectOk(await registerMember(input, rotatingIp()))
}

const member = () => registered()

function sessionRows() {
	return getDb().select().from(sessions).all()
}

function activeSessions(userId: number, now = new Date()) {
	return sessionRows().filter((r) => r.userId === userId && r.expiresAt > now).length
}

function pageRequest(path: string, cookieHeader?: string, init: RequestInit = {}) {
	return new Request(`http://localhost:3000${path}`, {
		...init,
		headers: { ...(cookieHeader ? { Cookie: cookieHeader } : {}), ...(init.headers as Record<string, string>) },
	})
}

/** The `name=value` pair of a Set-Cookie header, as a browser sends it back. */
function cookiePair(setCookie: string) {
	return setCookie.split(';')[0]!
}

async function cookieFor(token: string) {
	return cookiePair(await cookie.serialize(token))
}

async function thrownResponse(promise: Promise<unknown> | (() => unknown)) {
	try {
		if (typeof promise === 'function') promise()
		else await promise
	} catch (error) {
		if (error instanceof Response) return error
		throw error
	}
	throw new Error('expected a thrown Response')
}

describe('member sessions (the sessions table)', () => {
	test('a session secret has at least 128 random bits and is stored only as its SHA-256', async () => {
		const user = await member()
		const { token, expiresAt } = store.create(user.id, 'web')
		expect(token).toMatch(/^[A-Za-z0-9_-]+$/)
		expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16)
		const rows = sessionRows()
		expect(rows).toHaveLength(1)
		expect(rows[0]!.tokenHash).toBe(sha256(token))
		expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/)
		expect(rows[0]!.userId).toBe(user.id)
		expect(rows[0]!.kind).toBe('web')
		expect(rows[0]!.expiresAt.getTime()).toBe(expiresAt.getTime())
		expect(JSON.stringify(getDb().$client.prepare('select * from sessions').all())).not.toContain(token)
	})

	test('sessions last 30 days from creation', async () => {
		const user = await member()
		const now = new Date('2030-01-01T00:00:00Z')
		const { expiresAt } = store.create(user.id, 'api', now)
		expect(MEMBER_SESSION_ABSOLUTE_MS).toBe(30 * 24 * 60 * 60 * 1000)
		expect(expiresAt.toISOString()).toBe('2030-01-31T00:00:00.000Z')
		expect(sessionRows()[0]!.expiresAt.toISOString()).toBe('2030-01-31T00:00:00.000Z')
	})

	test('1000 secrets are all distinct', async () => {
		const user = await member()
		const tokens = new Set<string>()
		for (let i = 0; i < 1000; i++) tokens.add(store.create(user.id, i % 2 ? 'web' : 'api').token)
		expect(tokens.size).toBe(1000)
		expect(new Set(sessionRows().map((r) => r.tokenHash)).size).toBe(1000)
	})

	test('finds the member of a secret of the same kind; web and api never mix', async () => {
		const user = await member()
		const web = store.create(user.id, 'web').token
		const api = store.create(user.id, 'api').token
		expect(store.find(web, 'web')?.id).toBe(user.id)
		expect(store.find(api, 'api')?.id).toBe(user.id)
		expect(store.find(web, 'api')).toBeNull()
		expect(store.find(api, 'web')).toBeNull()
		// Refusing the wrong kind does not delete the session.
		expect(store.find(web, 'web')?.id).toBe(user.id)
	})

	test('the member is loaded without the password hash, with what the pages and /api/auth/me read', async () => {
		const user = await member()
		const found = store.find(store.create(user.id, 'web').token, 'web')!
		expect(found).not.toHaveProperty('passwordHash')
		expect(JSON.stringify(found)).not.toMatch(/\$2[aby]\$/)
		expect(found).toMatchObject({
			id: user.id,
			email: user.email,
			name: user.name,
			plan: 'regular',
			status: 'active',
			referralCode: user.referralCode,
			isVerified: false,
			createdAt: user.createdAt,
		})
	})

	test('unknown, altered and hashed secrets are refused', async () => {
		const user = await member()
		const { token } = store.create(user.id, 'web')
		const altered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A')
		for (const bad of ['', 'x', altered, token.toUpperCase(), sha256(token), `${token} `]) {
			expect(store.find(bad, 'web')).toBeNull()
		}
	})

	test('an expired session is refused and deleted', async () => {
		const user = await member()
		const created = new Date('2030-01-01T00:00:00Z')
		const { token, expiresAt } = store.create(user.id, 'web', created)
		const keep = store.create(user.id, 'web', created).token
		expect(store.find(token, 'web', new Date(expiresAt.getTime() - 1))?.id).toBe(user.id)
		expect(store.find(token, 'web', expiresAt)).toBeNull()
		expect(sessionRows().map((r) => r.tokenHash)).toEqual([sha256(keep)])
		// Even when asked again with an earlier clock, the row is gone.
		expect(store.find(token, 'web', created)).toBeNull()
	})

	test('an expired session in real time is refused', async () => {
		const user = await member()
		const { token } = store.create(user.id, 'api', new Date(Date.now() - MEMBER_SESSION_ABSOLUTE_MS - 1000))
		expect(store.find(token, 'api')).toBeNull()
		expect(sessionRows()).toHaveLength(0)
	})

	test('members have no idle limit: 29 days without a request still count', async () => {
		const user = await member()
		const created = new Date('2030-01-01T00:00:00Z')
		const { token } = store.create(user.id, 'web', created)
		expect(store.find(token, 'web', new Date(created.getTime() + 29 * 24 * 60 * 60_000))?.id).toBe(user.id)
	})

	test.each(['suspended', 'banned'] as const)("a %s member's session returns null", async (status) => {
		const user = await member()
		const { token } = store.create(user.id, 'web')
		getDb().update(users).set({ status }).where(eq(users.id, user.id)).run()
		expect(store.find(token, 'web')).toBeNull()
		getDb().update(users).set({ status: 'active' }).where(eq(users.id, user.id)).run()
		expect(store.find(token, 'web')?.id).toBe(user.id)
	})

	test('a deleted member has no session', async () => {
		const user = await member()
		const { token } = store.create(user.id, 'web')
		getDb().delete(users).where(eq(users.id, user.id)).run()
		expect(store.find(token, 'web')).toBeNull()
		expect(sessionRows()).toHaveLength(0)
	})

	test('lastSeenAt is updated, at most every 5 minutes', async () => {
		const user = await member()
		const t0 = new Date('2030-06-01T10:00:00Z')
		getDb().update(users).set({ lastSeenAt: null }).where(eq(users.id, user.id)).run()
		const { token } = store.create(user.id, 'web', t0)
		const lastSeen = () => getUserById(user.id)!.lastSeenAt?.getTime()

		expect(store.find(token, 'web', t0)?.lastSeenAt?.getTime()).toBe(t0.getTime())
		expect(lastSeen()).toBe(t0.getTime())
		store.find(token, 'web', new Date(t0.getTime() + 4 * 60_000))
		expect(lastSeen()).toBe(t0.getTime())
		const later = new Date(t0.getTime() + 6 * 60_000)
		store.find(token, 'web', later)
		expect(lastSeen()).toBe(later.getTime())
	})

	test('endByToken ends that session only', async () => {
		const user = await member()
		const a = store.create(user.id, 'web').token
		const b = store.create(user.id, 'web').token
		expect(store.endByToken(a)).toBe(true)
		expect(store.endByToken(a)).toBe(false)
		expect(store.find(a, 'web')).toBeNull()
		expect(store.find(b, 'web')?.id).toBe(user.id)
	})

	test('deleteExpired removes only expired rows', async () => {
		const user = await member()
		const now = new Date('2030-01-01T00:00:00Z')
		store.create(user.id, 'web', new Date(now.getTime() - MEMBER_SESSION_ABSOLUTE_MS - 1))
		store.create(user.id, 'api', new Date(now.getTime() - MEMBER_SESSION_ABSOLUTE_MS - 2))
		const live = store.create(user.id, 'web', now).token
		expect(store.deleteExpired(now)).toBe(2)
		expect(sessionRows().map((r) => r.tokenHash)).toEqual([sha256(live)])
	})
})

describe('checkCredentials (the sign-in rule of the page and the API)', () => {
	test('the right password signs in', async () => {
		const member = await registered({ email: 'sign.in@example.com' })
		const user = expectOk(await checkCredentials({ email: 'sign.in@example.com', password: GOOD_PASSWORD }, meta))
		expect(user.id).toBe(member.id)
	})

	test('a wrong password and an unknown email get the same 401', async () => {
		const member = await registered()
		const wrong = expectFailure(
			await checkCredentials({ email: member.email, password: 'Wrong-Passw0rd' }, rotatingIp()),
		)
		const unknown = expectFailure(
			await checkCredentials({ email: 'nobody@example.com', password: 'Wrong-Passw0rd' }, rotatingIp()),
		)
		expect(wrong).toEqual({ ok: false, status: 401, message: 'Invalid email or password' })
		expect(unknown).toEqual(wrong)
		expect(AUTH_MESSAGES.invalidCredentials).toBe('Invalid email or password')
	})

	test('an unknown email still spends a bcrypt compare (no timing oracle)', async () => {
		const member = await registered()
		// warm the dummy hash
		await checkCredentials({ email: 'warm@example.com', password: 'x' }, rotatingIp())
		const time = async (email: string) => {
			const start = performance.now()
			await checkCredentials({ email, password: 'Wrong-Passw0rd' }, rotatingIp())
			return performance.now() - start
		}
		const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
		const known: number[] = []
		const unknown: number[] = []
		for (let i = 0; i < 5; i++) {
			known.push(await time(member.email))
			unknown.push(await time(`nobody${i}@example.com`))
		}
		// A bcrypt compare at cost >= 10 takes tens of milliseconds; a skipped one takes ~0.
		expect(median(unknown)).toBeGreaterThan(median(known) * 0.4)
		expect(median(unknown)).toBeGreaterThan(10)
	})

	test('case matters: PASSWORD is not password', async () => {
		const member = await registered({ password: 'Password1password' })
		for (const password of ['PASSWORD1PASSWORD', 'password1password', 'Password1Password']) {
			const failure = expectFailure(await checkCredentials({ email: member.email, password }, rotatingIp()))
			expect(failure.status).toBe(401)
		}
		expectOk(await checkCredentials({ email: member.email, password: 'Password1password' }, rotatingIp()))
	})

	test('leading and trailing spaces are part of the password', async () => {
		const member = await registered({ password: ' Str0ngPassw0rd ' })
		expect(getUserById(member.id)!.passwordHash).toBeTruthy()
		expectFailure(await checkCredentials({ email: member.email, password: 'Str0ngPassw0rd' }, rotatingIp()))
		expectOk(await checkCredentials({ email: member.email, password: ' Str0ngPassw0rd ' }, rotatingIp()))
	})

	test('a NUL byte does not cut the comparison', async () => {
		const member = await registered({ password: 'Pa1\u0000secretpart' })
		expectFailure(await checkCredentials({ email: member.email, password: 'Pa1' }, rotatingIp()))
		expectFailure(await checkCredentials({ email: member.email, password: 'Pa1\u0000other' }, rotatingIp()))
		expectOk(await checkCredentials({ email: member.email, password: 'Pa1\u0000secretpart' }, rotatingIp()))
	})

	test('no truncation: "a"*72+"X" cannot be registered and "…Y" cannot sign in to a 72-byte account', async () => {
		const base = 'Aa1' + 'a'.repeat(69)
		expect(Buffer.byteLength(base)).toBe(72)
		// 73 bytes are refused at registration, so bcrypt never cuts a stored password.
		expect(RegisterApiSchema.safeParse(makeRegistration({ password: `${base}X` })).success).toBe(false)
		expect(NewPasswordSchema.safeParse(`${base}X`).success).toBe(false)

		const member = await registered({ password: base })
		// The same 72 bytes plus anything: refused by the login schema before bcrypt sees it.
		const login = LoginApiSchema.safeParse({ email: member.email, password: `${base}Y` })
		expect(login.success).toBe(false)
		expect(login.error?.issues[0]?.message).toBe('Password is too long (at most 72 bytes)')
		// A 72-byte password that differs in its last byte does not match.
		expectFailure(await checkCredentials({ email: member.email, password: `${base.slice(0, 71)}b` }, rotatingIp()))
		expectOk(await checkCredentials({ email: member.email, password: base }, rotatingIp()))
	})

	test('a 72-byte emoji password round-trips', async () => {
		const password = 'Aa1' + '😀'.repeat(17) + 'b'
		expect(Buffer.byteLength(password)).toBe(72)
		const member = await registered({ password })
		expectOk(await checkCredentials({ email: member.email, password }, rotatingIp()))
		expectFailure(
			await checkCredentials({ email: member.email, password: 'Aa1' + '😀'.repeat(17) + 'c' }, rotatingIp()),
		)
	})

	test.each(['suspended', 'banned'] as const)('a %s member gets 403 with the right password', async (status) => {
		const member = await registered()
		getDb().update(users).set({ status }).where(eq(users.id, member.id)).run()
		const failure = expectFailure(
			await checkCredentials({ email: member.email, password: GOOD_PASSWORD }, rotatingIp()),
		)
		expect(failure.status).toBe(403)
		expect(failure.message).toBe(AUTH_MESSAGES.accountNotActive)
		// With a wrong password it is the plain 401: status is not revealed.
		const wrong = expectFailure(
			await checkCredentials({ email: member.email, password: 'Wrong-Passw0rd' }, rotatingIp()),
		)
		expect(wrong.status).toBe(401)
	})

	test('a pending member can sign in', async () => {
		const member = await registered()
		getDb().update(users).set({ status: 'pending' }).where(eq(users.id, member.id)).run()
		expectOk(await checkCredentials({ email: member.email, password: GOOD_PASSWORD }, rotatingIp()))
	})

	test('per-account limit: 10 failures from rotating IPs, then 429 even with the right password', async () => {
		const member = await registered()
		for (let i = 0; i < 10; i++) {
			const failure = expectFailure(
				await checkCredentials({ email: member.email, password: `Wrong-${i}` }, rotatingIp()),
			)
			expect(failure.status).toBe(401)
		}
		const blocked = expectFailure(
			await checkCredentials({ email: member.email, password: GOOD_PASSWORD }, rotatingIp()),
		)
		expect(blocked.status).toBe(429)
		expect(blocked.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/)
		expect(blocked.retryAfterSeconds).toBeGreaterThan(14 * 60)
		expect(blocked.retryAfterSeconds).toBeLessThanOrEqual(15 * 60)
		// Another account is not affected.
		const other = await registered()
		expectOk(await checkCredentials({ email: other.email, password: GOOD_PASSWORD }, rotatingIp()))
	})

	test('the per-account limit ends with its window (no permanent lock-out)', async () => {
		vi.useFakeTimers({ toFake: ['Date'] })
		const start = new Date('2030-01-01T10:00:00Z')
		vi.setSystemTime(start)
		const member = await registered()
		for (let i = 0; i < 11; i++) await checkCredentials({ email: member.email, password: `Wrong-${i}` }, rotatingIp())
		expect(
			expectFailure(await checkCredentials({ email: member.email, password: GOOD_PASSWORD }, rotatingIp())).status,
		).toBe(429)
		vi.setSystemTime(new Date(start.getTime() + 14 * 60_000))
		expect(
			expectFailure(await checkCredentials({ email: member.email, password: GOOD_PASSWORD }, rotatingIp())).status,
		).toBe(429)
		vi.setSystemTime(new Date(start.getTime() + 15 * 60_000 + 1000))
		expectOk(await checkCredentials({ email: member.email, password: GOOD_PASSWORD }, rotatingIp()))
	})

	test('a successful sign-in resets the per-account counter', async () => {
		const member = await registered()
		const attempt = (password: string) => checkCredentials({ email: member.email, password }, rotatingIp())
		for (let i = 0; i < 9; i++) expect(expectFailure(await attempt(`Wrong-${i}`)).status).toBe(401)
		expectOk(await attempt(GOOD_PASSWORD))
		// Without the reset, the 11th attempt of the window would be refused here.
		for (let i = 0; i < 10; i++) expect(expectFailure(await attempt(`Again-${i}`)).status).toBe(401)
		expect(expectFailure(await attempt(`Again-x`)).status).toBe(429)
	})

	test('the per-account limit also counts unknown emails (no enumeration by limits)', async () => {
		for (let i = 0; i < 10; i++) {
			expect(
				expectFailure(await checkCredentials({ email: 'ghost@example.com', password: 'x' }, rotatingIp())).status,
			).toBe(401)
		}
		expect(
			expectFailure(await checkCredentials({ email: 'ghost@example.com', password: 'x' }, rotatingIp())).status,
		).toBe(429)
	})

	test('per-IP limit: 10 attempts a minute from one IP, whatever the account', async () => {
		const member = await registered()
		const ip = { ip: '192.0.2.200' }
		for (let i = 0; i < 10; i++) {
			await checkCredentials({ email: `someone${i}@example.com`, password: 'x' }, ip)
		}
		const failure = expectFailure(await checkCredentials({ email: member.email, password: GOOD_PASSWORD }, ip))
		expect(failure.status).toBe(429)
		expect(failure.retryAfterSeconds).toBeLessThanOrEqual(60)
		expectOk(await checkCredentials({ email: member.email, password: GOOD_PASSWORD }, { ip: '192.0.2.201' }))
	})
})

describe('the member cookie', () => {
	function useSecrets(value: string) {
		process.env.SESSION_SECRET = value
		resetEnv()
	}

	test('round-trips a serialized secret, among other cookies too', async () => {
		const token = randomToken(32)
		const pair = cookiePair(await cookie.serialize(token))
		expect(await cookie.read(pageRequest('/dashboard', pair))).toBe(token)
		expect(await cookie.read(pageRequest('/dashboard', `theme=dark; ${pair}; other=1`))).toBe(token)
	})

	test('holds a signed value, not the bare secret, with the safe attributes', async () => {
		const token = randomToken(32)
		const setCookie = await cookie.serialize(token)
		expect(setCookie.startsWith('session=')).toBe(true)
		expect(cookiePair(setCookie)).not.toBe(`session=${token}`)
		expect(setCookie).toMatch(/; HttpOnly/)
		expect(setCookie).toMatch(/; SameSite=Lax/i)
		expect(setCookie).toMatch(/; Path=\//)
		expect(setCookie).toMatch(/; Max-Age=2592000/)
		expect(setCookie).not.toMatch(/; Secure/)
		expect(setCookie).not.toMatch(/Domain=/i)
	})

	test('a tampered cookie reads as null', async () => {
		const token = randomToken(32)
		const value = decodeURIComponent(cookiePair(await cookie.serialize(token)).slice('session='.length))
		// Flip one character of the value, then of the signature.
		const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1)
		for (const i of [2, value.length - 2]) {
			expect(await cookie.read(pageRequest('/', `session=${encodeURIComponent(flip(value, i))}`))).toBeNull()
		}
		// A secret of my choosing, unsigned or base64 without a signature.
		expect(await cookie.read(pageRequest('/', `session=${token}`))).toBeNull()
		expect(await cookie.read(pageRequest('/', `session=${btoa(JSON.stringify(token))}`))).toBeNull()
		expect(await cookie.read(pageRequest('/', 'session='))).toBeNull()
		expect(await cookie.read(pageRequest('/', 'session=%E0%A4%A'))).toBeNull()
	})

	test('a cookie signed with another secret reads as null; an older secret still verifies after rotation', async () => {
		useSecrets('first-secret-0123456789abcdef0123456789')
		const foreign = cookiePair(await cookie.serialize(randomToken(32)))
		useSecrets('other-secret-0123456789abcdef0123456789')
		expect(await cookie.read(pageRequest('/', foreign))).toBeNull()

		useSecrets('old-secret-0123456789abcdef0123456789ab')
		const token = randomToken(32)
		const pair = cookiePair(await cookie.serialize(token))
		useSecrets('new-secret-0123456789abcdef0123456789ab,old-secret-0123456789abcdef0123456789ab')
		expect(await cookie.read(pageRequest('/', pair))).toBe(token)
	})

	test('a signed value that is not a session id shape reads as null', async () => {
		for (const value of ['short', 'x'.repeat(101), 'has space in it and more', '<script>alert(1)</script>xxxx']) {
			const pair = cookiePair(await cookie.cookie().serialize(value))
			expect(await cookie.read(pageRequest('/', pair))).toBeNull()
		}
		const pair = cookiePair(await cookie.cookie().serialize({ userId: 1 }))
		expect(await cookie.read(pageRequest('/', pair))).toBeNull()
		expect(await cookie.read(pageRequest('/'))).toBeNull()
	})

	test('over HTTPS it is __Host-session and Secure; a plain `session` cookie is not read', async () => {
		process.env.APP_ORIGIN = 'https://app.example.com'
		resetEnv()
		const token = randomToken(32)
		const setCookie = await cookie.serialize(token)
		expect(setCookie.startsWith('__Host-session=')).toBe(true)
		expect(setCookie).toMatch(/; Secure/)
		expect(setCookie).toMatch(/; Path=\//)
		expect(setCookie).not.toMatch(/Domain=/i)
		expect(await cookie.read(pageRequest('/', cookiePair(setCookie)))).toBe(token)
		// A subdomain could plant a plain `session` cookie.
		const plain = cookiePair(setCookie).replace('__Host-session=', 'session=')
		expect(await cookie.read(pageRequest('/', plain))).toBeNull()
	})

	test('serializeEnd clears the cookie', async () => {
		const setCookie = await cookie.serializeEnd()
		expect(setCookie.startsWith('session=;')).toBe(true)
		expect(setCookie).toMatch(/Max-Age=0/)
		expect(setCookie).toMatch(/Expires=Thu, 01 Jan 1970/)
		expect(await cookie.read(pageRequest('/', cookiePair(setCookie)))).toBeNull()
	})
})

describe('startMemberSession (no fixation)', () => {
	test('issues a new session id and ends the one the request carried', async () => {
		const user = await member()
		const old = store.create(user.id, 'web').token
		const setCookie = await startMemberSession(pageRequest('/login', await cookieFor(old)), user.id)
		const fresh = await cookie.read(pageRequest('/', cookiePair(setCookie)))
		expect(fresh).toBeTruthy()
		expect(fresh).not.toBe(old)
		expect(store.find(old, 'web')).toBeNull()
		expect(store.find(fresh!, 'web')?.id).toBe(user.id)
		expect(activeSessions(user.id)).toBe(1)
	})

	test("a planted id of someone else's session is ended, not adopted", async () => {
		const victim = await member()
		const attacker = await member()
		const planted = store.create(attacker.id, 'web').token
		const setCookie = await startMemberSession(pageRequest('/login', await cookieFor(planted)), victim.id)
		const fresh = await cookie.read(pageRequest('/', cookiePair(setCookie)))
		expect(fresh).not.toBe(planted)
		expect(store.find(fresh!, 'web')?.id).toBe(victim.id)
		expect(store.find(planted, 'web')).toBeNull()
	})

	test('without a previous cookie a session is simply created', async () => {
		const user = await member()
		await startMemberSession(pageRequest('/login'), user.id)
		expect(activeSessions(user.id)).toBe(1)
	})
})

describe('guards', () => {
	test('getMember reads the cookie session, never an api token', async () => {
		const user = await member()
		const web = store.create(user.id, 'web').token
		const api = store.create(user.id, 'api').token
		expect((await getMember(pageRequest('/', await cookieFor(web))))?.id).toBe(user.id)
		expect(await getMember(pageRequest('/', await cookieFor(api)))).toBeNull()
		expect(await getMember(pageRequest('/'))).toBeNull()
	})

	test('requireMember sends a visitor to /login with redirectTo', async () => {
		const response = await thrownResponse(requireMember(routeArgs(pageRequest('/dashboard/plans?tab=gold'))))
		expect(response.status).toBe(302)
		const location = new URL(response.headers.get('Location')!, 'http://localhost:3000')
		expect(location.pathname).toBe('/login')
		expect(location.searchParams.get('redirectTo')).toBe('/dashboard/plans?tab=gold')
		expect(response.headers.get('Set-Cookie')).toBeNull()
	})

	test('requireMember clears a stale cookie', async () => {
		const user = await member()
		const pair = await cookieFor(store.create(user.id, 'web').token)
		getDb().delete(sessions).run()
		const response = await thrownResponse(requireMember(routeArgs(pageRequest('/dashboard', pair))))
		expect(response.headers.get('Location')).toMatch(/^\/login\?redirectTo=/)
		expect(response.headers.get('Set-Cookie')).toMatch(/Max-Age=0/)
	})

	test('requireMember refuses a suspended member at once', async () => {
		const user = await member()
		const pair = await cookieFor(store.create(user.id, 'web').token)
		expect((await requireMember(routeArgs(pageRequest('/dashboard', pair)))).id).toBe(user.id)
		getDb().update(users).set({ status: 'suspended' }).where(eq(users.id, user.id)).run()
		const response = await thrownResponse(requireMember(routeArgs(pageRequest('/dashboard', pair))))
		expect(response.headers.get('Location')).toMatch(/^\/login/)
	})

	test('requireUnlockedMember sends a locked member to /next-steps', async () => {
		const user = await member()
		const pair = await cookieFor(store.create(user.id, 'web').token)
		const response = await thrownResponse(requireUnlockedMember(routeArgs(pageRequest('/dashboard', pair))))
		expect(response.headers.get('Location')).toBe('/next-steps')
		getDb().update(users).set({ isVerified: true }).where(eq(users.id, user.id)).run()
		expect((await requireUnlockedMember(routeArgs(pageRequest('/dashboard', pair)))).id).toBe(user.id)
	})

	test('the sign-in page sends a member to /dashboard, and keeps only a same-site redirectTo', async () => {
		const user = await member()
		const pair = await cookieFor(store.create(user.id, 'web').token)
		const response = await thrownResponse(memberAuth.signInPage(routeArgs(pageRequest('/login', pair))))
		expect(response.headers.get('Location')).toBe('/dashboard')
		expect(await memberAuth.signInPage(routeArgs(pageRequest('/login')))).toEqual({ redirectTo: '' })
		expect(await memberAuth.signInPage(routeArgs(pageRequest('/login?redirectTo=%2Fdashboard%2Fplans')))).toEqual({
			redirectTo: '/dashboard/plans',
		})
		expect(await memberAuth.signInPage(routeArgs(pageRequest('/login?redirectTo=%2F%2Fevil.example')))).toEqual({
			redirectTo: '',
		})
	})
})

describe('bearer tokens', () => {
	function withAuth(value?: string, headers: Record<string, string> = {}) {
		return new Request('http://localhost:3000/api/auth/me', {
			headers: { ...(value === undefined ? {} : { Authorization: value }), ...headers },
		})
	}

	async function expect401(request: Request) {
		const response = await thrownResponse(() => requireApiMember(request))
		expect(response.status).toBe(401)
		expect(response.headers.get('WWW-Authenticate')).toBe('Bearer')
		expect(await response.json()).toEqual({ success: false, message: 'Not authenticated' })
	}

	test('getBearerToken reads only a well-formed Authorization header', () => {
		const token = 'A'.repeat(43)
		expect(getBearerToken(withAuth(`Bearer ${token}`))).toBe(token)
		expect(getBearerToken(withAuth())).toBeNull()
		expect(getBearerToken(withAuth(token))).toBeNull()
		expect(getBearerToken(withAuth(`Bearer ${'a'.repeat(19)}`))).toBeNull()
		expect(getBearerToken(withAuth(`Bearer ${'a'.repeat(101)}`))).toBeNull()
		expect(getBearerToken(withAuth(`Bearer ${token}=`))).toBeNull()
		expect(getBearerToken(withAuth(`Bearer ${token}, Bearer ${token}`))).toBeNull()
	})

	test('a valid api token gives the member', async () => {
		const user = await member()
		const { token } = store.create(user.id, 'api')
		const result = requireApiMember(withAuth(`Bearer ${token}`))
		expect(result.token).toBe(token)
		expect(result.user.id).toBe(user.id)
		expect(result.user).not.toHaveProperty('passwordHash')
	})

	test('missing, malformed, web-kind and revoked tokens are a 401', async () => {
		const user = await member()
		const web = store.create(user.id, 'web').token
		const api = store.create(user.id, 'api').token
		expect(memberAuth.getApiAccount(withAuth(`Bearer ${web}`))).toEqual({ token: web, account: null })
		await expect401(withAuth())
		await expect401(withAuth(''))
		await expect401(withAuth(api))
		await expect401(withAuth(`bearer ${api}`))
		await expect401(withAuth(`Bearer  ${api}`))
		await expect401(withAuth(`Bearer ${api} x`))
		await expect401(withAuth(`Basic ${api}`))
		await expect401(withAuth(`Bearer ${web}`))
		await expect401(withAuth(`Bearer ${'a'.repeat(43)}`))
		store.endByToken(api)
		await expect401(withAuth(`Bearer ${api}`))
	})

	test('a cookie is ignored by the API', async () => {
		const user = await member()
		const web = store.create(user.id, 'web').token
		await expect401(withAuth(undefined, { Cookie: await cookieFor(web) }))
	})
})

describe('sign-in and sign-out flows', () => {
	function form(fields: Record<string, string>, cookieHeader?: string) {
		return pageRequest('/login', cookieHeader, { method: 'POST', body: new URLSearchParams(fields) })
	}

	function json(path: string, body: unknown, token?: string) {
		return new Request(`http://localhost:3000${path}`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
			body: JSON.stringify(body),
		})
	}

	/** A `data(value, { status })` answer: its status and value. */
	function dataOf(value: unknown) {
		const d = value as {
			type?: string
			data?: { result?: { error?: Record<string, string[]> } }
			init?: { status?: number; headers?: Record<string, string> }
		}
		if (d?.type !== 'DataWithResponseInit') throw new Error('expected data()')
		return { status: d.init?.status, formErrors: d.data?.result?.error?.[''], headers: d.init?.headers }
	}

	test('the page sign-in starts a new session and redirects with its cookie', async () => {
		const user = await registered({ email: 'page.sign.in@example.com' })
		const old = store.create(user.id, 'web').token
		const response = await thrownResponse(
			memberAuth.signInWithForm(
				form(
					{ email: 'page.sign.in@example.com', password: GOOD_PASSWORD, redirectTo: '/dashboard/plans' },
					await cookieFor(old),
				),
			),
		)
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe('/dashboard/plans')
		const fresh = await cookie.read(pageRequest('/', cookiePair(response.headers.get('Set-Cookie')!)))
		expect(store.find(fresh!, 'web')?.id).toBe(user.id)
		expect(store.find(old, 'web')).toBeNull()
	})

	test('a foreign redirectTo falls back to /dashboard', async () => {
		const user = await registered()
		const response = await thrownResponse(
			memberAuth.signInWithForm(form({ email: user.email, password: GOOD_PASSWORD, redirectTo: '//evil.example' })),
		)
		expect(response.headers.get('Location')).toBe('/dashboard')
	})

	test('a refused page sign-in is a form error with its status, and no cookie', async () => {
		const user = await registered()
		const wrong = dataOf(await memberAuth.signInWithForm(form({ email: user.email, password: 'Wrong-Passw0rd' })))
		expect(wrong).toMatchObject({ status: 401, formErrors: [AUTH_MESSAGES.invalidCredentials] })
		getDb().update(users).set({ status: 'banned' }).where(eq(users.id, user.id)).run()
		const banned = dataOf(await memberAuth.signInWithForm(form({ email: user.email, password: GOOD_PASSWORD })))
		expect(banned).toMatchObject({ status: 403, formErrors: [AUTH_MESSAGES.accountNotActive] })
		expect(sessionRows()).toHaveLength(0)
	})

	test('an invalid form is a 400 before any check; a filled honeypot is refused', async () => {
		expect(dataOf(await memberAuth.signInWithForm(form({ email: 'not-an-email', password: '' }))).status).toBe(400)
		const honeypot = await memberAuth
			.signInWithForm(form({ email: 'a@b.io', password: 'x', [HONEYPOT_FIELD]: 'bot' }))
			.catch((e: unknown) => e)
		expect((honeypot as { init?: { status?: number } }).init?.status).toBe(400)
	})

	test('the page sign-out ends the session on the server and clears the cookie', async () => {
		const user = await member()
		const token = store.create(user.id, 'web').token
		const other = store.create(user.id, 'web').token
		const response = await memberAuth.signOutWithForm(
			pageRequest('/logout', await cookieFor(token), { method: 'POST' }),
		)
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe('/')
		expect(response.headers.get('Set-Cookie')).toMatch(/^session=;.*Max-Age=0/)
		expect(
			getDb()
				.select()
				.from(sessions)
				.where(eq(sessions.tokenHash, sha256(token)))
				.all(),
		).toHaveLength(0)
		// Other devices stay signed in.
		expect(store.find(other, 'web')?.id).toBe(user.id)
	})

	test('the API sign-in gives an api token; the API sign-out ends it', async () => {
		const user = await registered()
		const response = await memberAuth.signInWithJson(
			json('/api/auth/login', { email: user.email, password: GOOD_PASSWORD }),
			(token, account) => Response.json({ token, id: account.id }),
		)
		const { token, id } = (await response.json()) as { token: string; id: number }
		expect(id).toBe(user.id)
		expect(store.find(token, 'api')?.id).toBe(user.id)
		expect(store.find(token, 'web')).toBeNull()

		// Input refusals are thrown, as apiRoute expects (parseJsonBody).
		const refused = await thrownResponse(memberAuth.signOutWithJson(json('/api/auth/logout', { extra: 1 }, token)))
		expect(refused.status).toBe(400)
		const out = await memberAuth.signOutWithJson(json('/api/auth/logout', {}, token))
		expect(await out.json()).toEqual({ success: true, message: 'Signed out' })
		expect(store.find(token, 'api')).toBeNull()
		await expect(
			thrownResponse(memberAuth.signOutWithJson(json('/api/auth/logout', {}, token))),
		).resolves.toMatchObject({ status: 401 })
	})

	test('the API sign-in refuses a non-strict body and wrong credentials', async () => {
		const user = await registered()
		const respond = () => new Response('unexpected')
		expect(
			(
				await thrownResponse(
					memberAuth.signInWithJson(
						json('/api/auth/login', { email: user.email, password: GOOD_PASSWORD, role: 'admin' }),
						respond,
					),
				)
			).status,
		).toBe(400)
		const wrong = await memberAuth.signInWithJson(
			json('/api/auth/login', { email: user.email, password: 'Wrong-Passw0rd' }),
			respond,
		)
		expect(wrong.status).toBe(401)
		expect(await wrong.json()).toEqual({ success: false, message: AUTH_MESSAGES.invalidCredentials })
	})
})
