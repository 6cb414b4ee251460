import { afterEach, describe, expect, test } from 'vitest'
import { insertAdmin, insertMember } from '#tests/factories.ts'
import { createAdminSession, getAdminSession } from '#app/models/admin-session.server.ts'
import { createSession } from '#app/models/session.server.ts'
import {
	adminRedirectTarget,
	endAdminSession,
	getAdmin,
	readAdminSessionToken,
	requireAdmin,
	requireAdminCapability,
	requireAnonymousAdmin,
	requireApiAdmin,
	requireApiCapability,
	requireApiSuperAdmin,
	requireSuperAdmin,
	serializeAdminSessionToken,
	startAdminSession,
} from './admin-auth.server.ts'
import { resetEnv } from './env.server.ts'
import { serializeSessionToken } from './session.server.ts'

function pageRequest(path: string, cookies: string[] = []) {
	return new Request(`http://localhost:3000${path}`, { headers: cookies.length ? { Cookie: cookies.join('; ') } : {} })
}

function apiRequest(path: string, token?: string) {
	return new Request(`http://localhost:3000${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} })
}

async function adminCookie(adminId: number) {
	return (await serializeAdminSessionToken(createAdminSession(adminId, 'web').token)).split(';')[0]!
}

async function memberCookie() {
	const member = insertMember()
	return (await serializeSessionToken(createSession(member.id, 'web').token)).split(';')[0]!
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
		const found = await requireAdmin(pageRequest('/admin/dashboard', [await adminCookie(admin.id)]))
		expect(found).toMatchObject({ id: admin.id, email: admin.email, role: 'admin' })
	})

	test('no session: a redirect to /admin/login (with redirectTo for deeper pages)', async () => {
		const response = (await thrown(requireAdmin(pageRequest('/admin/dashboard')))) as Response
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe('/admin/login')
		const deeper = (await thrown(requireAdmin(pageRequest('/admin/users?page=2')))) as Response
		expect(deeper.headers.get('Location')).toBe('/admin/login?redirectTo=%2Fadmin%2Fusers%3Fpage%3D2')
		expect(deeper.headers.get('Set-Cookie')).toBeNull()
	})

	test('an ended or forged admin cookie: redirect, and the cookie is cleared', async () => {
		const admin = insertAdmin()
		const cookie = await adminCookie(admin.id)
		const request = pageRequest('/admin/dashboard', [cookie])
		await endAdminSession(request)
		const response = (await thrown(requireAdmin(request))) as Response
		expect(response.headers.get('Location')).toBe('/admin/login')
		expect(response.headers.get('Set-Cookie')).toMatch(/^admin_session=;.*Max-Age=0/)
		const forged = (await thrown(requireAdmin(pageRequest('/admin', ['admin_session=forged-value-0123456789abcdefgh'])))) as Response
		expect(forged.headers.get('Location')).toBe('/admin/login')
	})

	test("a member's session is not an admin session: 403 'Access Denied' data", async () => {
		const error = await thrown(requireAdmin(pageRequest('/admin/dashboard', [await memberCookie()])))
		expect(thrownData(error)).toEqual({
			status: 403,
			data: { accessDenied: true, reason: 'Access denied. Admin privileges required.' },
		})
	})

	test('a member cookie value placed in the admin cookie is no admin session', async () => {
		const member = insertMember()
		const token = createSession(member.id, 'web').token
		const cookie = (await serializeAdminSessionToken(token)).split(';')[0]!
		const response = (await thrown(requireAdmin(pageRequest('/admin/dashboard', [cookie])))) as Response
		expect(response.headers.get('Location')).toBe('/admin/login')
	})

	test('an admin who is also signed in as a member is an admin', async () => {
		const admin = insertAdmin()
		const found = await requireAdmin(pageRequest('/admin', [await memberCookie(), await adminCookie(admin.id)]))
		expect(found.id).toBe(admin.id)
	})
})

describe('role guards', () => {
	test('requireSuperAdmin and requireAdminCapability refuse role admin with 403', async () => {
		const admin = insertAdmin({ role: 'admin' })
		const cookie = await adminCookie(admin.id)
		for (const error of [
			await thrown(requireSuperAdmin(pageRequest('/admin/users', [cookie]))),
			await thrown(requireAdminCapability(pageRequest('/admin/users', [cookie]), 'users:delete')),
		]) {
			expect(thrownData(error)).toEqual({
				status: 403,
				data: { accessDenied: true, reason: 'Access denied. Super admin privileges required.' },
			})
		}
		expect((await requireAdminCapability(pageRequest('/admin/users', [cookie]), 'users:update')).id).toBe(admin.id)
	})

	test('a super_admin passes both', async () => {
		const admin = insertAdmin({ role: 'super_admin' })
		const cookie = await adminCookie(admin.id)
		expect((await requireSuperAdmin(pageRequest('/admin', [cookie]))).id).toBe(admin.id)
		expect((await requireAdminCapability(pageRequest('/admin', [cookie]), 'contests:delete')).id).toBe(admin.id)
	})
})

describe('sign-in and sign-out sessions', () => {
	test('startAdminSession issues a new id and ends the one the request carried', async () => {
		const admin = insertAdmin()
		const old = createAdminSession(admin.id, 'web').token
		const oldCookie = (await serializeAdminSessionToken(old)).split(';')[0]!
		const setCookie = await startAdminSession(pageRequest('/admin/login', [oldCookie]), admin.id)
		const fresh = await readAdminSessionToken(pageRequest('/', [setCookie.split(';')[0]!]))
		expect(fresh).toBeTruthy()
		expect(fresh).not.toBe(old)
		expect(getAdminSession(old, 'web')).toBeNull()
		expect(getAdminSession(fresh!, 'web')?.id).toBe(admin.id)
	})

	test('the cookie: admin_session, HttpOnly, SameSite=Lax, Path=/, 12 hours', async () => {
		const admin = insertAdmin()
		const setCookie = await startAdminSession(pageRequest('/admin/login'), admin.id)
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
		expect(await readAdminSessionToken(request)).toBeNull()
		expect(await getAdmin(pageRequest('/', [await adminCookie(admin.id)]))).not.toBeNull()
	})

	test('endAdminSession deletes the row and clears the cookie', async () => {
		const admin = insertAdmin()
		const token = createAdminSession(admin.id, 'web').token
		const cookie = (await serializeAdminSessionToken(token)).split(';')[0]!
		const cleared = await endAdminSession(pageRequest('/admin/logout', [cookie]))
		expect(cleared).toMatch(/^admin_session=;.*Max-Age=0/)
		expect(getAdminSession(token, 'web')).toBeNull()
	})

	test('requireAnonymousAdmin sends a signed-in admin to the dashboard', async () => {
		const admin = insertAdmin()
		const response = (await thrown(requireAnonymousAdmin(pageRequest('/admin/login', [await adminCookie(admin.id)])))) as Response
		expect(response.headers.get('Location')).toBe('/admin/dashboard')
		await expect(requireAnonymousAdmin(pageRequest('/admin/login', [await memberCookie()]))).resolves.toBeUndefined()
	})

	test('adminRedirectTarget keeps same-site /admin paths only', () => {
		expect(adminRedirectTarget('/admin/users?page=2')).toBe('/admin/users?page=2')
		expect(adminRedirectTarget('/admin')).toBe('/admin')
		for (const bad of ['/dashboard', '//evil.example', 'https://evil.example/admin', '/admin/login', '/administrator', undefined, '']) {
			expect(adminRedirectTarget(bad), String(bad)).toBe('/admin/dashboard')
		}
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
		const setCookie = await startAdminSession(new Request('https://tradecircle.example/admin/login'), admin.id)
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
		const { token } = createSession(member.id, 'api')
		const response = (await thrown(() => requireApiAdmin(apiRequest('/api/admin/me', token)))) as Response
		expect(response.status).toBe(403)
		expect(await response.json()).toEqual({ success: false, message: 'Access denied. Admin privileges required.' })
	})

	test("an admin's cookie secret is not a bearer token", async () => {
		const admin = insertAdmin()
		const { token } = createAdminSession(admin.id, 'web')
		const response = (await thrown(() => requireApiAdmin(apiRequest('/api/admin/me', token)))) as Response
		expect(response.status).toBe(401)
	})

	test('an admin token passes; the super_admin guards refuse role admin with 403', async () => {
		const admin = insertAdmin({ role: 'admin' })
		const boss = insertAdmin({ role: 'super_admin' })
		const adminToken = createAdminSession(admin.id, 'api').token
		const bossToken = createAdminSession(boss.id, 'api').token
		expect(requireApiAdmin(apiRequest('/api/admin/me', adminToken)).admin.id).toBe(admin.id)
		for (const call of [
			() => requireApiSuperAdmin(apiRequest('/api/admin/x', adminToken)),
			() => requireApiCapability(apiRequest('/api/admin/x', adminToken), 'users:bulk-delete'),
		]) {
			const response = (await thrown(call)) as Response
			expect(response.status).toBe(403)
			expect(await response.json()).toEqual({ success: false, message: 'Access denied. Super admin privileges required.' })
		}
		expect(requireApiSuperAdmin(apiRequest('/api/admin/x', bossToken)).admin.id).toBe(boss.id)
		expect(requireApiCapability(apiRequest('/api/admin/x', adminToken), 'revenue:record').admin.id).toBe(admin.id)
	})
})
