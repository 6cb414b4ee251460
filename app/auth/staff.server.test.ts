import { eq } from 'drizzle-orm'
import type * as PasswordModule from '#app/utils/password.server.ts'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { adminSessions, admins, systemAlerts } from '#db/schema.ts'
import { ADMIN_PASSWORD, insertAdmin, insertMember } from '#tests/factories.ts'
import { resetAlertCounters } from '#app/features/alerts/alerts.server.ts'
import { sha256 } from '#app/utils/crypto.server.ts'
import { resetEnv } from '#app/utils/env.server.ts'
import { setLogSilent } from '#app/utils/log.server.ts'
import { spendDummyCompare, verifyPassword } from '#app/utils/password.server.ts'
import { memberAuth } from './member.server.ts'
import {
	requireAdmin,
	requireAdminCapability,
	requireApiAdmin,
	requireApiCapability,
	STAFF_SESSION_ABSOLUTE_MS,
	STAFF_SESSION_IDLE_MS,
	staffAuth,
} from './staff.server.ts'
import { routeArgs } from '#tests/route-args.ts'

// Watch the password module's calls (the real functions still run).
vi.mock('#app/utils/password.server.ts', async (importOriginal) => {
	const actual = await importOriginal<typeof PasswordModule>()
	return {
		...actual,
		spendDummyCompare: vi.fn(actual.spendDummyCompare),
		verifyPassword: vi.fn(actual.verifyPassword),
	}
})

const { sessions: store, checkCredentials } = staffAuth

beforeEach(() => {
	resetAlertCounters()
	vi.mocked(spendDummyCompare).mockClear()
	vi.mocked(verifyPassword).mockClear()
})

let ip = 0
const meta = () => ({ ip: `10.9.0.${++ip}` })

describe('checkCredentials (the staff sign-in rule of the page and the API)', () => {
	test('signs in with the right password; lastLogin moves to previousLogin', async () => {
		const admin = insertAdmin({ role: 'super_admin' })
		const first = new Date('2030-01-01T09:00:00Z')
		const result = await checkCredentials({ email: admin.email, password: admin.password }, meta(), first)
		expect(result.ok).toBe(true)
		if (!result.ok) return
		expect(result.value).toEqual({
			id: admin.id,
			email: admin.email,
			name: admin.name,
			role: 'super_admin',
			lastLogin: first,
			previousLogin: null,
			disabledAt: null,
			totpEnabledAt: admin.totpEnabledAt,
		})
		const second = new Date('2030-01-03T09:00:00Z')
		const again = await checkCredentials({ email: admin.email, password: admin.password }, meta(), second)
		expect(again.ok && again.value).toMatchObject({ lastLogin: second, previousLogin: first })
		expect(getDb().select().from(admins).where(eq(admins.id, admin.id)).get()).toMatchObject({
			lastLogin: second,
			previousLogin: first,
		})
	})

	test('a disabled admin is refused (403) after the password matched, and an existing session no longer opens', async () => {
		const admin = insertAdmin({ role: 'admin' })
		const web = store.create(admin.id, 'web').token
		const api = store.create(admin.id, 'api').token
		expect(store.find(web, 'web')?.id).toBe(admin.id)
		getDb().update(admins).set({ disabledAt: new Date() }).where(eq(admins.id, admin.id)).run()
		const result = await checkCredentials({ email: admin.email, password: admin.password }, meta())
		expect(result).toEqual({ ok: false, status: 403, message: 'This staff account is disabled.' })
		// A wrong password still gets the 401: the 403 says nothing before the password matched.
		const wrong = await checkCredentials({ email: admin.email, password: 'Wr0ngPassword' }, meta())
		expect(wrong).toMatchObject({ status: 401 })
		expect(store.find(web, 'web')).toBeNull()
		expect(store.find(api, 'api')).toBeNull()
	})

	test('a wrong password and an unknown email get the same 401, each after one bcrypt compare', async () => {
		const admin = insertAdmin()
		const wrong = await checkCredentials({ email: admin.email, password: 'Wr0ngPassword' }, meta())
		expect(verifyPassword).toHaveBeenCalledTimes(1)
		expect(spendDummyCompare).not.toHaveBeenCalled()
		const unknown = await checkCredentials({ email: 'nobody@example.com', password: 'Wr0ngPassword' }, meta())
		expect(spendDummyCompare).toHaveBeenCalledTimes(1)
		expect(wrong).toEqual({ ok: false, status: 401, message: 'Invalid admin credentials' })
		expect(unknown).toEqual(wrong)
		expect(
			getDb().select({ lastLogin: admins.lastLogin }).from(admins).where(eq(admins.id, admin.id)).get()!.lastLogin,
		).toBeNull()
	})

	test("a member's email and password are no admin credentials", async () => {
		const member = insertMember({ email: 'member-and-not-admin@example.com' })
		const result = await checkCredentials({ email: member.email, password: 'anything-at-all' }, meta())
		expect(result).toMatchObject({ ok: false, status: 401 })
	})

	test('the 11th attempt from one address within a minute is a 429 with Retry-After', async () => {
		const address = { ip: '10.8.8.8' }
		for (let i = 0; i < 10; i++) {
			const r = await checkCredentials({ email: `nobody${i}@example.com`, password: 'Wr0ngPassword' }, address)
			expect(r).toMatchObject({ status: 401 })
		}
		const blocked = await checkCredentials({ email: 'nobody@example.com', password: 'Wr0ngPassword' }, address)
		expect(blocked).toMatchObject({ ok: false, status: 429 })
		expect(!blocked.ok && blocked.retryAfterSeconds).toBeGreaterThan(0)
		expect(!blocked.ok && blocked.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/)
	})

	test('an account takes 5 attempts per 15 minutes from any number of addresses, even with the right password after', async () => {
		const admin = insertAdmin()
		for (let i = 0; i < 5; i++) {
			expect(await checkCredentials({ email: admin.email, password: 'Wr0ngPassword' }, meta())).toMatchObject({
				status: 401,
			})
		}
		const blocked = await checkCredentials({ email: admin.email, password: admin.password }, meta())
		expect(blocked).toMatchObject({ status: 429 })
		// No compare is spent on a refused attempt.
		expect(verifyPassword).toHaveBeenCalledTimes(5)
	})

	test('a success clears the account counter', async () => {
		const admin = insertAdmin()
		for (let i = 0; i < 4; i++) await checkCredentials({ email: admin.email, password: 'Wr0ngPassword' }, meta())
		expect((await checkCredentials({ email: admin.email, password: admin.password }, meta())).ok).toBe(true)
		for (let i = 0; i < 4; i++) {
			expect(await checkCredentials({ email: admin.email, password: 'Wr0ngPassword' }, meta())).toMatchObject({
				status: 401,
			})
		}
	})

	test('5 failures raise the repeated failed sign-ins warning', async () => {
		for (let i = 0; i < 5; i++)
			await checkCredentials({ email: `x${i}@example.com`, password: 'Wr0ngPassword' }, meta())
		const alerts = getDb().select().from(systemAlerts).all()
		expect(alerts).toHaveLength(1)
		expect(alerts[0]).toMatchObject({ type: 'warning', title: 'Repeated failed admin sign-ins' })
	})
})

const MINUTE = 60_000

function rows() {
	return getDb().select().from(adminSessions).all()
}

describe('staff sessions: create', () => {
	test('returns a 256-bit secret and stores only its SHA-256', () => {
		const admin = insertAdmin()
		const { token, expiresAt } = store.create(admin.id, 'web', new Date('2030-01-01T00:00:00Z'))
		expect(Buffer.from(token, 'base64url').length).toBe(32)
		const [row] = rows()
		expect(row!.tokenHash).toBe(sha256(token))
		expect(row!.adminId).toBe(admin.id)
		expect(row!.kind).toBe('web')
		expect(expiresAt.toISOString()).toBe('2030-01-01T12:00:00.000Z')
		expect(JSON.stringify(getDb().$client.prepare('select * from admin_sessions').all())).not.toContain(token)
	})

	test('staff sessions last 12 hours at most and 30 minutes idle', () => {
		expect(STAFF_SESSION_ABSOLUTE_MS).toBe(12 * 60 * MINUTE)
		expect(STAFF_SESSION_IDLE_MS).toBe(30 * MINUTE)
	})
})

describe('staff sessions: find', () => {
	test('finds the admin (never the hash) for the right kind only', () => {
		const admin = insertAdmin({ role: 'super_admin' })
		const web = store.create(admin.id, 'web').token
		const api = store.create(admin.id, 'api').token
		const found = store.find(web, 'web')
		expect(found).toMatchObject({ id: admin.id, email: admin.email, name: admin.name, role: 'super_admin' })
		expect(found).not.toHaveProperty('passwordHash')
		expect(store.find(web, 'api')).toBeNull()
		expect(store.find(api, 'web')).toBeNull()
		expect(store.find(api, 'api')?.id).toBe(admin.id)
		expect(store.find('unknown-token-0123456789abcdef', 'web')).toBeNull()
	})

	test('a member session secret is no admin session', () => {
		const member = insertMember()
		const { token } = memberAuth.sessions.create(member.id, 'api')
		expect(store.find(token, 'api')).toBeNull()
	})

	test('ends after 30 idle minutes and deletes the row', () => {
		const admin = insertAdmin()
		const start = new Date('2030-01-01T08:00:00Z')
		const { token } = store.create(admin.id, 'web', start)
		expect(store.find(token, 'web', new Date(start.getTime() + 29 * MINUTE))?.id).toBe(admin.id)
		// The use at 29 minutes moved the idle window: 58 minutes is fine.
		expect(store.find(token, 'web', new Date(start.getTime() + 58 * MINUTE))?.id).toBe(admin.id)
		expect(store.find(token, 'web', new Date(start.getTime() + 88 * MINUTE))).toBeNull()
		expect(rows()).toHaveLength(0)
	})

	test('activity never extends the 12-hour absolute limit', () => {
		const admin = insertAdmin()
		const start = new Date('2030-01-01T08:00:00Z')
		const { token } = store.create(admin.id, 'api', start)
		for (let minutes = 20; minutes < 12 * 60; minutes += 20) {
			expect(store.find(token, 'api', new Date(start.getTime() + minutes * MINUTE))).not.toBeNull()
		}
		expect(store.find(token, 'api', new Date(start.getTime() + 12 * 60 * MINUTE))).toBeNull()
		expect(rows()).toHaveLength(0)
	})

	test('reflects a role change at once (the role is read on every request)', () => {
		const admin = insertAdmin({ role: 'super_admin' })
		const { token } = store.create(admin.id, 'web')
		getDb().update(admins).set({ role: 'admin' }).where(eq(admins.id, admin.id)).run()
		expect(store.find(token, 'web')?.role).toBe('admin')
	})
})

describe('staff sessions: ending', () => {
	test('deleteAdminSessionByToken ends one session', () => {
		const admin = insertAdmin()
		const a = store.create(admin.id, 'web').token
		const b = store.create(admin.id, 'web').token
		expect(store.endByToken(a)).toBe(true)
		expect(store.endByToken(a)).toBe(false)
		expect(store.find(a, 'web')).toBeNull()
		expect(store.find(b, 'web')).not.toBeNull()
	})

	test('deleting an admin deletes their sessions (cascade)', () => {
		const admin = insertAdmin()
		const { token } = store.create(admin.id, 'web')
		getDb().delete(admins).where(eq(admins.id, admin.id)).run()
		expect(rows()).toHaveLength(0)
		expect(store.find(token, 'web')).toBeNull()
	})

	test('deleteExpiredAdminSessions removes absolute and idle expiries only', () => {
		const admin = insertAdmin()
		const now = new Date('2030-01-02T00:00:00Z')
		store.create(admin.id, 'web', new Date(now.getTime() - 13 * 60 * MINUTE))
		store.create(admin.id, 'web', new Date(now.getTime() - 31 * MINUTE))
		const fresh = store.create(admin.id, 'web', new Date(now.getTime() - 5 * MINUTE)).token
		expect(store.deleteExpired(now)).toBe(2)
		expect(rows()).toHaveLength(1)
		expect(store.find(fresh, 'web', now)).not.toBeNull()
	})
})

function pageRequest(path: string, cookies: string[] = []) {
	return new Request(`http://localhost:3000${path}`, { headers: cookies.length ? { Cookie: cookies.join('; ') } : {} })
}

function apiRequest(path: string, token?: string) {
	return new Request(`http://localhost:3000${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} })
}

async function adminCookie(adminId: number) {
	return (await staffAuth.cookie.serialize(store.create(adminId, 'web').token)).split(';')[0]!
}

async function memberCookie() {
	const member = insertMember()
	return (await memberAuth.cookie.serialize(memberAuth.sessions.create(member.id, 'web').token)).split(';')[0]!
}

/** A thrown `data(value, { status })`: its status and value. */
function thrownData(error: unknown) {
	const e = error as { type?: string; data?: unknown; init?: { status?: number } | null }
	return e?.type === 'DataWithResponseInit' ? { status: e.init?.status, data: e.data } : null
}

async function thrown(promise: Promise<unknown> | (() => unknown)) {
	try {
		if (typeof promise === 'function') promise()
		else await promise
	} catch (error) {
		return error
	}
	throw new Error('expected a throw')
}

describe('requireAdmin', () => {
	test('returns the admin of the admin cookie', async () => {
		const admin = insertAdmin()
		const found = await requireAdmin(routeArgs(pageRequest('/admin/dashboard', [await adminCookie(admin.id)])))
		expect(found).toMatchObject({ id: admin.id, email: admin.email, role: 'admin' })
	})

	test('no session: a redirect to /admin/login (with redirectTo for deeper pages)', async () => {
		const response = (await thrown(requireAdmin(routeArgs(pageRequest('/admin/dashboard'))))) as Response
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe('/admin/login')
		const deeper = (await thrown(requireAdmin(routeArgs(pageRequest('/admin/users?page=2'))))) as Response
		expect(deeper.headers.get('Location')).toBe('/admin/login?redirectTo=%2Fadmin%2Fusers%3Fpage%3D2')
		expect(deeper.headers.get('Set-Cookie')).toBeNull()
	})

	test('an ended or forged admin cookie: redirect, and the cookie is cleared', async () => {
		const admin = insertAdmin()
		const cookie = await adminCookie(admin.id)
		const request = pageRequest('/admin/dashboard', [cookie])
		await staffAuth.signOutWithForm(request)
		const response = (await thrown(requireAdmin(routeArgs(request)))) as Response
		expect(response.headers.get('Location')).toBe('/admin/login')
		expect(response.headers.get('Set-Cookie')).toMatch(/^admin_session=;.*Max-Age=0/)
		const forged = (await thrown(
			requireAdmin(routeArgs(pageRequest('/admin', ['admin_session=forged-value-0123456789abcdefgh']))),
		)) as Response
		expect(forged.headers.get('Location')).toBe('/admin/login')
	})

	test("a member's session is not an admin session: 403 'Access Denied' data", async () => {
		const error = await thrown(requireAdmin(routeArgs(pageRequest('/admin/dashboard', [await memberCookie()]))))
		expect(thrownData(error)).toEqual({
			status: 403,
			data: { accessDenied: true, reason: 'Access denied. Admin privileges required.' },
		})
	})

	test('a member cookie value placed in the admin cookie is no admin session', async () => {
		const member = insertMember()
		const token = memberAuth.sessions.create(member.id, 'web').token
		const cookie = (await staffAuth.cookie.serialize(token)).split(';')[0]!
		const response = (await thrown(requireAdmin(routeArgs(pageRequest('/admin/dashboard', [cookie]))))) as Response
		expect(response.headers.get('Location')).toBe('/admin/login')
	})

	test('an admin who is also signed in as a member is an admin', async () => {
		const admin = insertAdmin()
		const found = await requireAdmin(
			routeArgs(pageRequest('/admin', [await memberCookie(), await adminCookie(admin.id)])),
		)
		expect(found.id).toBe(admin.id)
	})
})

describe('role guards', () => {
	test('requireAdminCapability refuses role admin a super admin capability with 403', async () => {
		const admin = insertAdmin({ role: 'admin' })
		const cookie = await adminCookie(admin.id)
		for (const capability of ['users:delete', 'contests:delete'] as const) {
			expect(
				thrownData(await thrown(requireAdminCapability(routeArgs(pageRequest('/admin/users', [cookie])), capability))),
			).toEqual({
				status: 403,
				data: { accessDenied: true, reason: 'Access denied. Super admin privileges required.' },
			})
		}
		expect((await requireAdminCapability(routeArgs(pageRequest('/admin/users', [cookie])), 'users:update')).id).toBe(
			admin.id,
		)
	})

	test('a super_admin passes', async () => {
		const admin = insertAdmin({ role: 'super_admin' })
		const cookie = await adminCookie(admin.id)
		expect((await requireAdminCapability(routeArgs(pageRequest('/admin', [cookie])), 'contests:delete')).id).toBe(
			admin.id,
		)
	})
})

describe('page sessions', () => {
	test('startWebSession issues a new id and ends the one the request carried', async () => {
		const admin = insertAdmin()
		const old = store.create(admin.id, 'web').token
		const oldCookie = (await staffAuth.cookie.serialize(old)).split(';')[0]!
		const setCookie = await staffAuth.startWebSession(pageRequest('/admin/login', [oldCookie]), admin.id)
		const fresh = await staffAuth.cookie.read(pageRequest('/', [setCookie.split(';')[0]!]))
		expect(fresh).toBeTruthy()
		expect(fresh).not.toBe(old)
		expect(store.find(old, 'web')).toBeNull()
		expect(store.find(fresh!, 'web')?.id).toBe(admin.id)
	})

	test('the cookie: admin_session, HttpOnly, SameSite=Lax, Path=/, 12 hours', async () => {
		const admin = insertAdmin()
		const setCookie = await staffAuth.startWebSession(pageRequest('/admin/login'), admin.id)
		expect(setCookie).toMatch(/^admin_session=/)
		expect(setCookie).toMatch(/HttpOnly/)
		expect(setCookie).toMatch(/SameSite=Lax/)
		expect(setCookie).toMatch(/Path=\//)
		expect(setCookie).toMatch(/Max-Age=43200/)
		expect(setCookie).not.toMatch(/Domain=/i)
	})

	test('the member cookie and the admin cookie never read each other', async () => {
		const admin = insertAdmin()
		const request = pageRequest('/', [await memberCookie()])
		expect(await staffAuth.cookie.read(request)).toBeNull()
		expect(await staffAuth.getAccount(pageRequest('/', [await adminCookie(admin.id)]))).not.toBeNull()
	})

	test('the page sign-out deletes the row, clears the cookie and goes to /admin/login', async () => {
		const admin = insertAdmin()
		const token = store.create(admin.id, 'web').token
		const cookie = (await staffAuth.cookie.serialize(token)).split(';')[0]!
		const response = await staffAuth.signOutWithForm(pageRequest('/admin/logout', [cookie]))
		expect(response.headers.get('Location')).toBe('/admin/login')
		expect(response.headers.get('Set-Cookie')).toMatch(/^admin_session=;.*Max-Age=0/)
		expect(store.find(token, 'web')).toBeNull()
	})

	test('the sign-in page sends a signed-in admin to the dashboard (a member may see it)', async () => {
		const admin = insertAdmin()
		const response = (await thrown(
			staffAuth.signInPage(routeArgs(pageRequest('/admin/login', [await adminCookie(admin.id)]))),
		)) as Response
		expect(response.headers.get('Location')).toBe('/admin/dashboard')
		await expect(staffAuth.signInPage(routeArgs(pageRequest('/admin/login', [await memberCookie()])))).resolves.toEqual(
			{
				redirectTo: '',
			},
		)
	})

	test('redirectTo keeps same-site /admin paths only', async () => {
		const redirectTo = async (to: string) =>
			(await staffAuth.signInPage(routeArgs(pageRequest(`/admin/login?${new URLSearchParams({ redirectTo: to })}`))))
				.redirectTo
		expect(await redirectTo('/admin/users?page=2')).toBe('/admin/users?page=2')
		expect(await redirectTo('/admin')).toBe('/admin')
		for (const bad of [
			'/dashboard',
			'//evil.example',
			'https://evil.example/admin',
			'/admin/login',
			'/administrator',
		]) {
			expect(await redirectTo(bad), bad).toBe('/admin/dashboard')
		}
		expect(await redirectTo('')).toBe('')
	})
})

describe('over HTTPS', () => {
	afterEach(() => {
		delete process.env.APP_ORIGIN
		resetEnv()
	})

	test('the cookie is __Host-admin_session and Secure', async () => {
		process.env.APP_ORIGIN = 'https://tradecircle.example'
		resetEnv()
		const admin = insertAdmin()
		const setCookie = await staffAuth.startWebSession(new Request('https://tradecircle.example/admin/login'), admin.id)
		expect(setCookie).toMatch(/^__Host-admin_session=[^;]+;/)
		expect(setCookie).toMatch(/Secure/)
	})
})

describe('/api/admin guards', () => {
	test('no token or an unknown one: 401 with WWW-Authenticate: Bearer', async () => {
		for (const token of [undefined, 'unknown-token-0123456789abcdef']) {
			const response = (await thrown(() => requireApiAdmin(apiRequest('/api/admin/me', token)))) as Response
			expect(response.status).toBe(401)
			expect(response.headers.get('WWW-Authenticate')).toBe('Bearer')
			expect(await response.json()).toEqual({ success: false, message: 'Not authenticated' })
		}
	})

	test("a valid member token: 403 'Access denied. Admin privileges required.'", async () => {
		const member = insertMember()
		const { token } = memberAuth.sessions.create(member.id, 'api')
		const response = (await thrown(() => requireApiAdmin(apiRequest('/api/admin/me', token)))) as Response
		expect(response.status).toBe(403)
		expect(await response.json()).toEqual({ success: false, message: 'Access denied. Admin privileges required.' })
	})

	test("an admin's cookie secret is not a bearer token", async () => {
		const admin = insertAdmin()
		const { token } = store.create(admin.id, 'web')
		const response = (await thrown(() => requireApiAdmin(apiRequest('/api/admin/me', token)))) as Response
		expect(response.status).toBe(401)
	})

	test('an admin token passes; a super admin capability refuses role admin with 403', async () => {
		const admin = insertAdmin({ role: 'admin' })
		const boss = insertAdmin({ role: 'super_admin' })
		const adminToken = store.create(admin.id, 'api').token
		const bossToken = store.create(boss.id, 'api').token
		expect(requireApiAdmin(apiRequest('/api/admin/me', adminToken)).admin.id).toBe(admin.id)
		expect(requireApiAdmin(apiRequest('/api/admin/me', adminToken)).admin).not.toHaveProperty('passwordHash')
		const response = (await thrown(() =>
			requireApiCapability(apiRequest('/api/admin/x', adminToken), 'users:bulk-delete'),
		)) as Response
		expect(response.status).toBe(403)
		expect(await response.json()).toEqual({
			success: false,
			message: 'Access denied. Super admin privileges required.',
		})
		expect(requireApiCapability(apiRequest('/api/admin/x', bossToken), 'users:bulk-delete').admin.id).toBe(boss.id)
		expect(requireApiCapability(apiRequest('/api/admin/x', adminToken), 'revenue:record').admin.id).toBe(admin.id)
	})
})

describe('/api/admin limits per token and per admin (docs/security.md P7)', () => {
	// RATE_LIMIT_MULTIPLIER 0.01: 3 requests a minute per token, 6 per admin.
	beforeEach(() => {
		process.env.RATE_LIMIT_MULTIPLIER = '0.01'
		resetEnv()
		setLogSilent(false)
	})
	afterEach(() => {
		setLogSilent(true)
		delete process.env.RATE_LIMIT_MULTIPLIER
		resetEnv()
	})

	function captureLog() {
		const lines: string[] = []
		vi.spyOn(process.stdout, 'write').mockImplementation(((chunk: unknown) => {
			lines.push(String(chunk))
			return true
		}) as typeof process.stdout.write)
		return () => lines.map((line) => JSON.parse(line) as Record<string, unknown>)
	}

	const guard = (token?: string) => () => requireApiAdmin(apiRequest('/api/admin/me', token))

	test('over the token limit: 429 in the envelope with Retry-After and RateLimit-*, logged once', async () => {
		const logged = captureLog()
		const admin = insertAdmin({ role: 'admin' })
		const { token } = store.create(admin.id, 'api')
		for (let i = 0; i < 3; i++) expect(guard(token)().admin.id).toBe(admin.id)
		const response = (await thrown(guard(token))) as Response
		expect(response.status).toBe(429)
		const seconds = Number(response.headers.get('Retry-After'))
		expect(seconds).toBeGreaterThanOrEqual(1)
		expect(seconds).toBeLessThanOrEqual(120)
		expect(response.headers.get('RateLimit-Limit')).toBe('3')
		expect(response.headers.get('RateLimit-Remaining')).toBe('0')
		expect(response.headers.get('RateLimit-Reset')).toBe(String(seconds))
		expect(response.headers.get('Cache-Control')).toBe('no-store')
		expect(await response.json()).toEqual({
			success: false,
			message: `Too many requests. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
		})
		// Through requireApiCapability too; refused again, not logged again.
		const again = (await thrown(() =>
			requireApiCapability(apiRequest('/api/admin/x', token), 'revenue:record'),
		)) as Response
		expect(again.status).toBe(429)
		const records = logged().filter((r) => r.event === 'admin_api.rate_limited')
		expect(records).toEqual([
			expect.objectContaining({
				level: 'warn',
				adminId: admin.id,
				rule: 'admin-api:token',
				retryAfterSeconds: seconds,
			}),
		])
		expect(JSON.stringify(logged())).not.toContain(token)
	})

	test("the admin's tokens share 6; another admin's token and a missing token are not affected", async () => {
		captureLog()
		const admin = insertAdmin({ role: 'admin' })
		const other = insertAdmin({ role: 'admin' })
		const [a, b, c] = [1, 2, 3].map(() => store.create(admin.id, 'api').token)
		for (let i = 0; i < 3; i++) guard(a)()
		for (let i = 0; i < 3; i++) guard(b)()
		const refused = (await thrown(guard(c))) as Response
		expect(refused.status).toBe(429)
		expect(refused.headers.get('RateLimit-Limit')).toBe('6')
		expect(guard(store.create(other.id, 'api').token)().admin.id).toBe(other.id)
		const anonymous = (await thrown(guard())) as Response
		expect(anonymous.status).toBe(401)
	})

	test('one request is counted once, however often its handler calls the guard', async () => {
		const admin = insertAdmin({ role: 'admin' })
		const { token } = store.create(admin.id, 'api')
		const request = apiRequest('/api/admin/me', token)
		for (let i = 0; i < 5; i++) expect(requireApiAdmin(request).admin.id).toBe(admin.id)
		guard(token)()
		guard(token)()
		expect(((await thrown(guard(token))) as Response).status).toBe(429)
	})
})

describe('sign-in and sign-out flows', () => {
	function form(fields: Record<string, string>, path = '/admin/login') {
		return new Request(`http://localhost:3000${path}`, { method: 'POST', body: new URLSearchParams(fields) })
	}

	function json(path: string, body: unknown, token?: string) {
		return new Request(`http://localhost:3000${path}`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
			body: JSON.stringify(body),
		})
	}

	test('the page sign-in starts a session and goes to a same-site /admin redirectTo', async () => {
		// Without a second factor (ADMIN_2FA_REQUIRED=false, role admin): the password alone signs in.
		const admin = insertAdmin({ totpEnabledAt: null })
		const response = (await thrown(
			staffAuth.signInWithForm(
				form({ email: admin.email, password: ADMIN_PASSWORD, redirectTo: '/admin/users?page=2' }),
			),
		)) as Response
		expect(response.headers.get('Location')).toBe('/admin/users?page=2')
		expect(response.headers.get('Set-Cookie')).toMatch(/^admin_session=/)
		const token = await staffAuth.cookie.read(
			new Request('http://localhost:3000/', {
				headers: { Cookie: response.headers.get('Set-Cookie')!.split(';')[0]! },
			}),
		)
		expect(store.find(token!, 'web')?.id).toBe(admin.id)
		const member = (await thrown(
			staffAuth.signInWithForm(form({ email: admin.email, password: ADMIN_PASSWORD, redirectTo: '/dashboard' })),
		)) as Response
		expect(member.headers.get('Location')).toBe('/admin/dashboard')
	})

	test("a refused page sign-in is the form error 'Invalid admin credentials' (401)", async () => {
		const admin = insertAdmin()
		const answer = (await staffAuth.signInWithForm(
			form({ email: admin.email, password: 'Wr0ngPassword' }),
		)) as unknown as {
			data: { result: { error: Record<string, string[]> } }
			init: { status: number }
		}
		expect(answer.init.status).toBe(401)
		expect(answer.data.result.error['']).toEqual(['Invalid admin credentials'])
		expect(getDb().select().from(adminSessions).all()).toHaveLength(0)
	})

	test("an unexpected error on the page is 'Login failed. Please try again.' (500), not the error page", async () => {
		const admin = insertAdmin()
		vi.mocked(verifyPassword).mockRejectedValueOnce(new Error('worker gone'))
		const answer = (await staffAuth.signInWithForm(
			form({ email: admin.email, password: ADMIN_PASSWORD }),
		)) as unknown as {
			data: { result: { error: Record<string, string[]> } }
			init: { status: number }
		}
		expect(answer.init.status).toBe(500)
		expect(answer.data.result.error['']).toEqual(['Login failed. Please try again.'])
	})

	test('the API sign-in gives an api token that the API sign-out ends', async () => {
		const admin = insertAdmin({ totpEnabledAt: null })
		const response = await staffAuth.signInWithJson(
			json('/api/admin/login', { email: admin.email, password: ADMIN_PASSWORD }),
			(token, account) => Response.json({ token, account }),
		)
		const { token, account } = (await response.json()) as { token: string; account: Record<string, unknown> }
		expect(account).toMatchObject({ id: admin.id, email: admin.email, role: 'admin' })
		expect(account).not.toHaveProperty('passwordHash')
		expect(store.find(token, 'api')?.id).toBe(admin.id)
		const out = await staffAuth.signOutWithJson(json('/api/admin/logout', {}, token))
		expect(await out.json()).toEqual({ success: true, message: 'Signed out' })
		expect(store.find(token, 'api')).toBeNull()
	})

	test("the API sign-out refuses a member's token with 403", async () => {
		const member = insertMember()
		const { token } = memberAuth.sessions.create(member.id, 'api')
		const response = (await thrown(staffAuth.signOutWithJson(json('/api/admin/logout', {}, token)))) as Response
		expect(response.status).toBe(403)
		expect(memberAuth.sessions.find(token, 'api')?.id).toBe(member.id)
	})
})
