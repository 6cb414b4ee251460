import { randomUUID } from 'node:crypto'
import { bearer, uniqueAdminEmail, withE2eDatabase } from '../admin-utils.ts'
import { expect, test, type Cleanup, type TestAdmin } from '../fixtures.ts'
import { totpCode } from '../totp.ts'

// /api/admin/staff*: super admins only (403 for role admin, 401 without a
// token), create with a generated password returned once (and typed ones
// following the sign-up rules), role changes, disable (ends sessions, sign
// in refused) and enable, reset password, the last active super admin kept.

let boss: TestAdmin
let adminToken: string
let cleanup: Cleanup

test.beforeEach(async ({ createAdmin, cleanup: testCleanup }) => {
	boss = await createAdmin({ role: 'super_admin' })
	adminToken = (await createAdmin({ role: 'admin' })).token
	cleanup = testCleanup
})

const routes: Array<[string, string, unknown?]> = [
	['GET', '/api/admin/staff'],
	['POST', '/api/admin/staff', { name: 'X', email: 'x@example.com', role: 'admin' }],
	['GET', '/api/admin/staff/1'],
	['PATCH', '/api/admin/staff/1', { role: 'admin' }],
	['POST', '/api/admin/staff/1/reset-password', {}],
]

test('no token: 401; role admin: 403; a member: 403 (every route)', async ({ request, createMember }) => {
	const member = await createMember()
	for (const [method, url, data] of routes) {
		expect((await request.fetch(url, { method, data })).status(), `${method} ${url}`).toBe(401)
		expect((await request.fetch(url, { method, data, headers: bearer(adminToken) })).status(), `${method} ${url}`).toBe(
			403,
		)
		expect(
			(await request.fetch(url, { method, data, headers: bearer(member.token) })).status(),
			`${method} ${url}`,
		).toBe(403)
	}
})

test('create with a generated password: returned once, signs in; the email again is a 409', async ({ request }) => {
	const email = uniqueAdminEmail('created')
	const res = await request.post('/api/admin/staff', {
		headers: bearer(boss.token),
		data: { name: 'Created Admin', email, role: 'admin' },
	})
	expect(res.status()).toBe(201)
	const { admin, password } = (await res.json()).data
	cleanup.admins(admin.id)
	expect(admin).toMatchObject({ email, role: 'admin', status: 'active', lastLogin: null })
	expect(password).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{20}$/)
	const login = await request.post('/api/admin/login', { data: { email, password } })
	expect(login.status()).toBe(200)
	// Never shown again.
	const read = await request.get(`/api/admin/staff/${admin.id}`, { headers: bearer(boss.token) })
	expect(JSON.stringify(await read.json())).not.toContain(password)
	const audit = withE2eDatabase((db) =>
		db
			.prepare("select action, after from audit_log where target_type = 'admin' and target_id = ?")
			.all(String(admin.id)),
	) as Array<{ action: string; after: string }>
	expect(audit.map((a) => a.action)).toEqual(['admin.create'])
	expect(audit[0]!.after).not.toContain(password)
	const again = await request.post('/api/admin/staff', {
		headers: bearer(boss.token),
		data: { name: 'Again', email, role: 'admin' },
	})
	expect(again.status()).toBe(409)
})

test('create: bad input is a 400 with the field; a typed password follows the sign-up rules', async ({ request }) => {
	const email = uniqueAdminEmail('typed')
	const cases: Array<[Record<string, unknown>, string]> = [
		[{ name: '', email, role: 'admin' }, 'name'],
		[{ name: 'A', email: 'not-an-email', role: 'admin' }, 'email'],
		[{ name: 'A', email, role: 'owner' }, 'role'],
		[{ name: 'A', email, role: 'admin', password: 'short' }, 'password'],
		[{ name: 'A', email, role: 'admin', password: 'nouppercase1' }, 'password'],
	]
	for (const [data, path] of cases) {
		const res = await request.post('/api/admin/staff', { headers: bearer(boss.token), data })
		expect(res.status(), JSON.stringify(data)).toBe(400)
		expect((await res.json()).errors.map((e: { path: string }) => e.path)).toContain(path)
	}
	const typed = await request.post('/api/admin/staff', {
		headers: bearer(boss.token),
		data: { name: 'Typed', email, role: 'super_admin', password: 'Typed-Passw0rd' },
	})
	expect(typed.status()).toBe(201)
	const body = (await typed.json()).data
	cleanup.admins(body.admin.id)
	expect(body.password).toBeUndefined()
	expect((await request.post('/api/admin/login', { data: { email, password: 'Typed-Passw0rd' } })).status()).toBe(200)
})

test('disable ends their sessions and refuses sign-in; enable lets them back; role changes', async ({
	request,
	createAdmin,
}) => {
	const staff = await createAdmin({ role: 'admin' })
	expect((await request.get('/api/admin/me', { headers: bearer(staff.token) })).status()).toBe(200)
	const disabled = await request.patch(`/api/admin/staff/${staff.id}`, {
		headers: bearer(boss.token),
		data: { disabled: true },
	})
	expect(disabled.status()).toBe(200)
	expect((await disabled.json()).data.admin).toMatchObject({ status: 'disabled', disabledAt: expect.any(String) })
	expect((await request.get('/api/admin/me', { headers: bearer(staff.token) })).status()).toBe(401)
	const refused = await request.post('/api/admin/login', { data: { email: staff.email, password: staff.password } })
	expect(refused.status()).toBe(403)
	expect((await refused.json()).message).toBe('This staff account is disabled.')

	const enabled = await request.patch(`/api/admin/staff/${staff.id}`, {
		headers: bearer(boss.token),
		data: { disabled: false, role: 'super_admin' },
	})
	expect((await enabled.json()).data.admin).toMatchObject({ status: 'active', role: 'super_admin' })
	expect(
		(
			await request.post('/api/admin/login', {
				data: { email: staff.email, password: staff.password, code: totpCode(staff.totpSecret) },
			})
		).status(),
	).toBe(200)
	const listed = await request.get('/api/admin/staff', { headers: bearer(boss.token) })
	expect((await listed.json()).data.staff.find((s: { id: number }) => s.id === staff.id)).toMatchObject({
		role: 'super_admin',
	})
})

test('PATCH: 400 for bad input, 404 unknown, 409 for disabling oneself', async ({ request }) => {
	for (const data of [{}, { role: 'owner' }, { disabled: 'yes' }, { role: 'admin', extra: 1 }]) {
		const res = await request.patch(`/api/admin/staff/${boss.id}`, { headers: bearer(boss.token), data })
		expect(res.status(), JSON.stringify(data)).toBe(400)
	}
	expect(
		(
			await request.patch('/api/admin/staff/999999999', { headers: bearer(boss.token), data: { role: 'admin' } })
		).status(),
	).toBe(404)
	expect((await request.get('/api/admin/staff/abc', { headers: bearer(boss.token) })).status()).toBe(404)
	const self = await request.patch(`/api/admin/staff/${boss.id}`, {
		headers: bearer(boss.token),
		data: { disabled: true },
	})
	expect(self.status()).toBe(409)
	expect((await self.json()).message).toBe('You cannot disable your own account.')
})

// The last active super admin rule (409) needs a database with one super admin:
// app/features/staff/staff.server.test.ts covers it, with the two-process race.

test('reset password: generated one returned once, ends their sessions; typed one follows the rules; 404', async ({
	request,
	createAdmin,
}) => {
	const staff = await createAdmin({ role: 'admin' })
	const res = await request.post(`/api/admin/staff/${staff.id}/reset-password`, { headers: bearer(boss.token) })
	expect(res.status()).toBe(200)
	const { password } = (await res.json()).data
	expect(typeof password).toBe('string')
	expect((await request.get('/api/admin/me', { headers: bearer(staff.token) })).status()).toBe(401)
	expect(
		(
			await request.post('/api/admin/login', {
				data: { email: staff.email, password, code: totpCode(staff.totpSecret) },
			})
		).status(),
	).toBe(200)
	const weak = await request.post(`/api/admin/staff/${staff.id}/reset-password`, {
		headers: bearer(boss.token),
		data: { password: 'weak' },
	})
	expect(weak.status()).toBe(400)
	const typed = await request.post(`/api/admin/staff/${staff.id}/reset-password`, {
		headers: bearer(boss.token),
		data: { password: `Typed-${randomUUID().slice(0, 6)}A1` },
	})
	expect(typed.status()).toBe(200)
	expect((await typed.json()).data.password).toBeUndefined()
	expect(
		(await request.post('/api/admin/staff/999999999/reset-password', { headers: bearer(boss.token) })).status(),
	).toBe(404)
	const audit = withE2eDatabase((db) =>
		db
			.prepare("select action, after from audit_log where target_type = 'admin' and target_id = ? order by id")
			.all(String(staff.id)),
	) as Array<{ action: string; after: string }>
	expect(audit.map((a) => a.action)).toEqual(['staff.reset-password', 'staff.reset-password'])
	expect(JSON.stringify(audit)).not.toContain(password)
})
