import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { sessions, users } from '#db/schema.ts'
import { makeRegistration } from '#tests/factories.ts'
import { sha256 } from '#app/utils/crypto.server.ts'
import { RegisterApiSchema } from '#app/utils/validation.ts'
import { registerMember } from './account.server.ts'
import {
	countActiveSessions,
	createSession,
	deleteExpiredSessions,
	deleteSessionByToken,
	deleteUserSessions,
	getSessionUser,
	SESSION_EXPIRATION_MS,
} from './session.server.ts'

let n = 0
async function member() {
	const result = await registerMember(RegisterApiSchema.parse(makeRegistration()), { ip: `10.0.0.${++n}` })
	if (!result.ok) throw new Error(result.message)
	return result.value
}

function sessionRows() {
	return getDb().select().from(sessions).all()
}

describe('createSession', () => {
	test('returns a random token of at least 128 bits, stored only as its SHA-256', async () => {
		const user = await member()
		const { token, expiresAt } = createSession(user.id, 'web')
		expect(token).toMatch(/^[A-Za-z0-9_-]+$/)
		// base64url: 6 bits a character
		expect(token.length * 6).toBeGreaterThanOrEqual(128)
		expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16)
		const rows = sessionRows()
		expect(rows).toHaveLength(1)
		expect(rows[0]!.tokenHash).toBe(sha256(token))
		expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/)
		expect(rows[0]!.userId).toBe(user.id)
		expect(rows[0]!.kind).toBe('web')
		expect(rows[0]!.expiresAt.getTime()).toBe(expiresAt.getTime())
		const raw = JSON.stringify(getDb().$client.prepare('select * from sessions').all())
		expect(raw).not.toContain(token)
	})

	test('sessions last 30 days from creation', async () => {
		const user = await member()
		const now = new Date('2030-01-01T00:00:00Z')
		const { expiresAt } = createSession(user.id, 'api', now)
		expect(SESSION_EXPIRATION_MS).toBe(30 * 24 * 60 * 60 * 1000)
		expect(expiresAt.toISOString()).toBe('2030-01-31T00:00:00.000Z')
		expect(sessionRows()[0]!.expiresAt.toISOString()).toBe('2030-01-31T00:00:00.000Z')
	})

	test('1000 tokens are all distinct', async () => {
		const user = await member()
		const tokens = new Set<string>()
		for (let i = 0; i < 1000; i++) tokens.add(createSession(user.id, i % 2 ? 'web' : 'api').token)
		expect(tokens.size).toBe(1000)
		expect(new Set(sessionRows().map((r) => r.tokenHash)).size).toBe(1000)
	})
})

describe('getSessionUser', () => {
	test('finds the member of a token of the same kind', async () => {
		const user = await member()
		const web = createSession(user.id, 'web').token
		const api = createSession(user.id, 'api').token
		expect(getSessionUser(web, 'web')?.id).toBe(user.id)
		expect(getSessionUser(api, 'api')?.id).toBe(user.id)
	})

	test("'web' and 'api' sessions do not mix", async () => {
		const user = await member()
		const web = createSession(user.id, 'web').token
		const api = createSession(user.id, 'api').token
		expect(getSessionUser(web, 'api')).toBeNull()
		expect(getSessionUser(api, 'web')).toBeNull()
		// Refusing the wrong kind does not delete the session.
		expect(getSessionUser(web, 'web')?.id).toBe(user.id)
	})

	test('unknown, altered and hashed tokens are refused', async () => {
		const user = await member()
		const { token } = createSession(user.id, 'web')
		const altered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A')
		for (const bad of ['', 'x', altered, token.toUpperCase(), sha256(token), `${token} `]) {
			expect(getSessionUser(bad, 'web')).toBeNull()
		}
	})

	test('each member gets their own session user', async () => {
		const a = await member()
		const b = await member()
		expect(getSessionUser(createSession(a.id, 'web').token, 'web')?.id).toBe(a.id)
		expect(getSessionUser(createSession(b.id, 'web').token, 'web')?.id).toBe(b.id)
	})

	test('an expired session is refused and deleted', async () => {
		const user = await member()
		const created = new Date('2030-01-01T00:00:00Z')
		const { token, expiresAt } = createSession(user.id, 'web', created)
		const keep = createSession(user.id, 'web', created).token
		expect(getSessionUser(token, 'web', new Date(expiresAt.getTime() - 1))?.id).toBe(user.id)
		expect(getSessionUser(token, 'web', expiresAt)).toBeNull()
		expect(sessionRows().map((r) => r.tokenHash)).toEqual([sha256(keep)])
		// Even when asked again with an earlier clock, the row is gone.
		expect(getSessionUser(token, 'web', created)).toBeNull()
	})

	test('an expired session in real time is refused', async () => {
		const user = await member()
		const { token } = createSession(user.id, 'api', new Date(Date.now() - SESSION_EXPIRATION_MS - 1000))
		expect(getSessionUser(token, 'api')).toBeNull()
		expect(sessionRows()).toHaveLength(0)
	})

	test.each(['suspended', 'banned'] as const)("a %s member's session returns null", async (status) => {
		const user = await member()
		const { token } = createSession(user.id, 'web')
		getDb().update(users).set({ status }).where(eq(users.id, user.id)).run()
		expect(getSessionUser(token, 'web')).toBeNull()
		getDb().update(users).set({ status: 'active' }).where(eq(users.id, user.id)).run()
		expect(getSessionUser(token, 'web')?.id).toBe(user.id)
	})

	test('a deleted member has no session', async () => {
		const user = await member()
		const { token } = createSession(user.id, 'web')
		getDb().delete(users).where(eq(users.id, user.id)).run()
		expect(getSessionUser(token, 'web')).toBeNull()
		expect(sessionRows()).toHaveLength(0)
	})

	test('lastSeenAt is updated, at most every 5 minutes', async () => {
		const user = await member()
		const t0 = new Date('2030-06-01T10:00:00Z')
		getDb().update(users).set({ lastSeenAt: null }).where(eq(users.id, user.id)).run()
		const { token } = createSession(user.id, 'web', t0)
		const lastSeen = () => getDb().select().from(users).where(eq(users.id, user.id)).get()!.lastSeenAt?.getTime()

		expect(getSessionUser(token, 'web', t0)?.lastSeenAt?.getTime()).toBe(t0.getTime())
		expect(lastSeen()).toBe(t0.getTime())
		getSessionUser(token, 'web', new Date(t0.getTime() + 4 * 60_000))
		expect(lastSeen()).toBe(t0.getTime())
		const later = new Date(t0.getTime() + 6 * 60_000)
		getSessionUser(token, 'web', later)
		expect(lastSeen()).toBe(later.getTime())
	})
})

describe('ending sessions', () => {
	test('deleteSessionByToken ends that session only', async () => {
		const user = await member()
		const a = createSession(user.id, 'web').token
		const b = createSession(user.id, 'web').token
		expect(deleteSessionByToken(a)).toBe(true)
		expect(deleteSessionByToken(a)).toBe(false)
		expect(getSessionUser(a, 'web')).toBeNull()
		expect(getSessionUser(b, 'web')?.id).toBe(user.id)
	})

	test('deleteUserSessions ends every session of one member, web and api', async () => {
		const user = await member()
		const other = await member()
		const tokens = [createSession(user.id, 'web'), createSession(user.id, 'web'), createSession(user.id, 'api')].map(
			(s) => s.token,
		)
		const otherToken = createSession(other.id, 'api').token
		expect(countActiveSessions(user.id)).toBe(3)
		expect(deleteUserSessions(user.id)).toBe(3)
		expect(countActiveSessions(user.id)).toBe(0)
		for (const token of tokens) {
			expect(getSessionUser(token, 'web')).toBeNull()
			expect(getSessionUser(token, 'api')).toBeNull()
		}
		expect(getSessionUser(otherToken, 'api')?.id).toBe(other.id)
		expect(deleteUserSessions(user.id)).toBe(0)
	})

	test('deleteExpiredSessions removes only expired rows', async () => {
		const user = await member()
		const now = new Date('2030-01-01T00:00:00Z')
		createSession(user.id, 'web', new Date(now.getTime() - SESSION_EXPIRATION_MS - 1))
		createSession(user.id, 'api', new Date(now.getTime() - SESSION_EXPIRATION_MS - 2))
		const live = createSession(user.id, 'web', now).token
		expect(deleteExpiredSessions(now)).toBe(2)
		expect(sessionRows().map((r) => r.tokenHash)).toEqual([sha256(live)])
	})

	test('countActiveSessions ignores expired sessions', async () => {
		const user = await member()
		const now = new Date('2030-01-01T00:00:00Z')
		createSession(user.id, 'web', new Date(now.getTime() - SESSION_EXPIRATION_MS - 1))
		createSession(user.id, 'web', now)
		expect(countActiveSessions(user.id, now)).toBe(1)
	})
})
