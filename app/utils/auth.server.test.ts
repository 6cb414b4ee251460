import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { sessions, users } from '#db/schema.ts'
import { makeRegistration } from '#tests/factories.ts'
import { registerMember } from '#app/models/account.server.ts'
import { countActiveSessions, createSession, getSessionUser } from '#app/models/session.server.ts'
import {
	endMemberSession,
	getApiMember,
	getBearerToken,
	getMember,
	requireAnonymous,
	requireMember,
	requireUnlockedMember,
	startMemberSession,
} from './auth.server.ts'
import { sha256 } from './crypto.server.ts'
import { readSessionToken, serializeSessionToken } from './session.server.ts'
import { RegisterApiSchema } from './validation.ts'

async function member() {
	const result = await registerMember(RegisterApiSchema.parse(makeRegistration()), { ip: '10.2.2.2' })
	if (!result.ok) throw new Error(result.message)
	return result.value
}

function pageRequest(path: string, cookie?: string) {
	return new Request(`http://localhost:3000${path}`, { headers: cookie ? { Cookie: cookie } : {} })
}

async function cookieFor(token: string) {
	return (await serializeSessionToken(token)).split(';')[0]!
}

async function thrownResponse(promise: Promise<unknown>) {
	try {
		await promise
	} catch (error) {
		if (error instanceof Response) return error
		throw error
	}
	throw new Error('expected a thrown Response')
}

describe('startMemberSession (no fixation)', () => {
	test('issues a new session id and ends the one the request carried', async () => {
		const user = await member()
		const old = createSession(user.id, 'web').token
		const setCookie = await startMemberSession(pageRequest('/login', await cookieFor(old)), user.id)
		const fresh = await readSessionToken(pageRequest('/', setCookie.split(';')[0]!))
		expect(fresh).toBeTruthy()
		expect(fresh).not.toBe(old)
		expect(getSessionUser(old, 'web')).toBeNull()
		expect(getSessionUser(fresh!, 'web')?.id).toBe(user.id)
		expect(countActiveSessions(user.id)).toBe(1)
	})

	test("a planted id of someone else's session is ended, not adopted", async () => {
		const victim = await member()
		const attacker = await member()
		const planted = createSession(attacker.id, 'web').token
		const setCookie = await startMemberSession(pageRequest('/login', await cookieFor(planted)), victim.id)
		const fresh = await readSessionToken(pageRequest('/', setCookie.split(';')[0]!))
		expect(fresh).not.toBe(planted)
		expect(getSessionUser(fresh!, 'web')?.id).toBe(victim.id)
	})

	test('without a previous cookie a session is simply created', async () => {
		const user = await member()
		await startMemberSession(pageRequest('/login'), user.id)
		expect(countActiveSessions(user.id)).toBe(1)
	})
})

describe('endMemberSession', () => {
	test('deletes the session row and clears the cookie', async () => {
		const user = await member()
		const token = createSession(user.id, 'web').token
		const other = createSession(user.id, 'web').token
		const setCookie = await endMemberSession(pageRequest('/logout', await cookieFor(token)))
		expect(setCookie).toMatch(/Max-Age=0/)
		expect(getDb().select().from(sessions).where(eq(sessions.tokenHash, sha256(token))).all()).toHaveLength(0)
		expect(getSessionUser(token, 'web')).toBeNull()
		// Other devices stay signed in.
		expect(getSessionUser(other, 'web')?.id).toBe(user.id)
	})
})

describe('guards', () => {
	test('getMember reads the cookie session, never an api token', async () => {
		const user = await member()
		const web = createSession(user.id, 'web').token
		const api = createSession(user.id, 'api').token
		expect((await getMember(pageRequest('/', await cookieFor(web))))?.id).toBe(user.id)
		expect(await getMember(pageRequest('/', await cookieFor(api)))).toBeNull()
		expect(await getMember(pageRequest('/'))).toBeNull()
	})

	test('requireMember sends a visitor to /login with redirectTo', async () => {
		const response = await thrownResponse(requireMember(pageRequest('/dashboard/plans?tab=gold')))
		expect(response.status).toBe(302)
		const location = new URL(response.headers.get('Location')!, 'http://localhost:3000')
		expect(location.pathname).toBe('/login')
		expect(location.searchParams.get('redirectTo')).toBe('/dashboard/plans?tab=gold')
		expect(response.headers.get('Set-Cookie')).toBeNull()
	})

	test('requireMember clears a stale cookie', async () => {
		const user = await member()
		const token = createSession(user.id, 'web').token
		const cookie = await cookieFor(token)
		getDb().delete(sessions).run()
		const response = await thrownResponse(requireMember(pageRequest('/dashboard', cookie)))
		expect(response.headers.get('Location')).toMatch(/^\/login\?redirectTo=/)
		expect(response.headers.get('Set-Cookie')).toMatch(/Max-Age=0/)
	})

	test('requireMember refuses a suspended member at once', async () => {
		const user = await member()
		const cookie = await cookieFor(createSession(user.id, 'web').token)
		expect((await requireMember(pageRequest('/dashboard', cookie))).id).toBe(user.id)
		getDb().update(users).set({ status: 'suspended' }).where(eq(users.id, user.id)).run()
		const response = await thrownResponse(requireMember(pageRequest('/dashboard', cookie)))
		expect(response.headers.get('Location')).toMatch(/^\/login/)
	})

	test('requireUnlockedMember sends a locked member to /next-steps', async () => {
		const user = await member()
		const cookie = await cookieFor(createSession(user.id, 'web').token)
		const response = await thrownResponse(requireUnlockedMember(pageRequest('/dashboard', cookie)))
		expect(response.headers.get('Location')).toBe('/next-steps')
		getDb().update(users).set({ isVerified: true }).where(eq(users.id, user.id)).run()
		expect((await requireUnlockedMember(pageRequest('/dashboard', cookie))).id).toBe(user.id)
	})

	test('requireAnonymous sends a member to /dashboard and lets a visitor pass', async () => {
		const user = await member()
		const cookie = await cookieFor(createSession(user.id, 'web').token)
		const response = await thrownResponse(requireAnonymous(pageRequest('/login', cookie)))
		expect(response.headers.get('Location')).toBe('/dashboard')
		await expect(requireAnonymous(pageRequest('/login'))).resolves.toBeUndefined()
	})
})

describe('bearer tokens', () => {
	test('getBearerToken reads only a well-formed Authorization header', () => {
		const token = 'A'.repeat(43)
		const req = (value?: string) =>
			new Request('http://localhost:3000/api/auth/me', { headers: value === undefined ? {} : { Authorization: value } })
		expect(getBearerToken(req(`Bearer ${token}`))).toBe(token)
		expect(getBearerToken(req())).toBeNull()
		expect(getBearerToken(req(token))).toBeNull()
		expect(getBearerToken(req(`Bearer ${'a'.repeat(19)}`))).toBeNull()
		expect(getBearerToken(req(`Bearer ${'a'.repeat(101)}`))).toBeNull()
		expect(getBearerToken(req(`Bearer ${token}=`))).toBeNull()
		expect(getBearerToken(req(`Bearer ${token}, Bearer ${token}`))).toBeNull()
	})

	test('getApiMember finds the member of an api token only', async () => {
		const user = await member()
		const api = createSession(user.id, 'api').token
		const web = createSession(user.id, 'web').token
		const req = (t: string) => new Request('http://localhost:3000/api/auth/me', { headers: { Authorization: `Bearer ${t}` } })
		expect(getApiMember(req(api)).user?.id).toBe(user.id)
		expect(getApiMember(req(web))).toEqual({ token: web, user: null })
	})
})
