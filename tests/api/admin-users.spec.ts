import { randomUUID } from 'node:crypto'
import type { APIResponse } from '@playwright/test'
import { bearer, withE2eDatabase } from '../admin-utils.ts'
import { apiLogin } from '../e2e/support.ts'
import { expect, test, type Fixtures, type MemberOptions } from '../fixtures.ts'
import { E2E_UNLOCK_CODE, PASSWORD } from '../playwright-utils.ts'
import { connectMember, insertAppliedReport, insertTestBroker, removeTestBrokers } from '../member-broker-utils.ts'

// /api/admin/users*: every route with success, validation errors, the
// member token refused (403), no or bad token (401), role admin refused
// where super_admin is needed, bad pagination and filter values (400,
// never a 500), and deleting or banning a member revokes their sessions.

async function json(res: APIResponse) {
	expect(res.headers()['content-type']).toBe('application/json; charset=utf-8')
	expect(res.headers()['cache-control']).toBe('no-store')
	return res.json()
}

// Each test's own super admin and admin, and its members, from the fixtures.
let superToken: string
let staffToken: string
let makeMember: Fixtures['createMember']

test.beforeEach(async ({ createAdmin, createMember }) => {
	superToken = (await createAdmin({ role: 'super_admin' })).token
	staffToken = (await createAdmin({ role: 'admin' })).token
	makeMember = createMember
})

const su = () => bearer(superToken)
const staff = () => bearer(staffToken)

/** A tag that makes this test's users findable by search, apart from other tests' users. */
const newTag = () => `zq${randomUUID().replace(/-/g, '').slice(0, 10)}`

function userPayload(tag: string, overrides: Record<string, unknown> = {}) {
	const id = randomUUID().slice(0, 8)
	return { name: `Api User ${tag} ${id}`, email: `api-${id}-${tag}@example.com`, password: PASSWORD, ...overrides }
}

/** A member as an admin makes one (no contact details), named and mailed like userPayload. */
async function createUser(tag: string, overrides: Pick<MemberOptions, 'name' | 'plan' | 'status'> = {}) {
	const { name, email } = userPayload(tag, overrides) as { name: string; email: string }
	return makeMember({ phone: '', country: '', telegram: '', investmentAmount: null, ...overrides, name, email })
}

function setMoney(email: string, deposit: number, withdraw: number) {
	withE2eDatabase((db) =>
		db.prepare('update users set total_deposit = ?, total_withdraw = ? where email = ?').run(deposit, withdraw, email),
	)
}

test.describe('guards of /api/admin/users*', () => {
	const routes: Array<[string, string, unknown?]> = [
		['GET', '/api/admin/users'],
		['POST', '/api/admin/users', { name: 'X', email: 'x@example.com', password: PASSWORD }],
		['PUT', '/api/admin/users/1', { name: 'X', email: 'x@example.com' }],
		['DELETE', '/api/admin/users/1'],
		['GET', '/api/admin/users/1/stats'],
		['POST', '/api/admin/users/bulk-update', { userIds: [1], action: 'set-plan', data: { plan: 'gold' } }],
		['GET', '/api/admin/users/export'],
	]
	for (const [method, path, body] of routes) {
		test(`${method} ${path}: no token 401, bad token 401, member token 403`, async ({ request, memberToken }) => {
			const opts = (headers: Record<string, string>) => ({
				method,
				headers,
				...(body === undefined ? {} : { data: body }),
			})
			const none = await request.fetch(path, opts({}))
			expect(none.status()).toBe(401)
			expect(none.headers()['www-authenticate']).toBe('Bearer')
			expect(await json(none)).toEqual({ success: false, message: 'Not authenticated' })
			expect((await request.fetch(path, opts(bearer('not-a-real-token-0123456789abcdef')))).status()).toBe(401)
			const member = await request.fetch(path, opts(bearer(memberToken)))
			expect(member.status()).toBe(403)
			expect(await json(member)).toEqual({ success: false, message: 'Access denied. Admin privileges required.' })
		})
	}

	test('other methods: 405 with Allow', async ({ request }) => {
		const patch = await request.fetch('/api/admin/users', { method: 'PATCH', headers: su(), data: {} })
		expect(patch.status()).toBe(405)
		expect(patch.headers()['allow']).toBe('GET, POST, HEAD')
		expect((await request.fetch('/api/admin/users/1', { method: 'GET', headers: su() })).status()).toBe(405)
		expect(
			(await request.fetch('/api/admin/users/bulk-update', { method: 'PUT', headers: su(), data: {} })).status(),
		).toBe(405)
	})
})

test.describe('GET /api/admin/users', () => {
	test('data.users and data.pagination; search, filters, each sort, pages', async ({ request }) => {
		const tag = newTag()
		const ada = await createUser(tag, { name: `Ada ${tag}`, plan: 'gold' })
		const bola = await createUser(tag, { name: `bola ${tag}`, status: 'banned' })
		const chidi = await createUser(tag, { name: `Chidi ${tag}`, plan: 'gold', status: 'pending' })
		setMoney(ada.email, 100, 50)
		setMoney(bola.email, 1000, 0)
		setMoney(chidi.email, 10, 5)

		const res = await request.get(`/api/admin/users?search=${tag}`, { headers: su() })
		expect(res.status()).toBe(200)
		const body = await json(res)
		expect(body.success).toBe(true)
		expect(body.data.pagination).toEqual({
			page: 1,
			limit: 10,
			totalPages: 1,
			totalCount: 3,
			currentPage: 1,
			totalCountCapped: false,
		})
		expect(body.data.users.map((u: { id: number }) => u.id)).toEqual([chidi.id, bola.id, ada.id])
		expect(Object.keys(body.data.users[0]).sort()).toEqual(
			[
				'closedAt',
				'country',
				'createdAt',
				'email',
				'id',
				'name',
				'phone',
				'plan',
				'status',
				'telegram',
				'totalDeposit',
				'totalInvested',
				'totalWithdraw',
			].sort(),
		)
		expect(body.data.users.find((u: { id: number }) => u.id === ada.id)).toMatchObject({
			totalDeposit: 100,
			totalWithdraw: 50,
			totalInvested: 150,
		})
		expect(JSON.stringify(body)).not.toMatch(/passwordHash|\$2[aby]\$|referralCode/)

		const names = async (query: string) => {
			const r = await json(await request.get(`/api/admin/users?search=${tag}&${query}`, { headers: su() }))
			return r.data.users.map((u: { name: string }) => u.name.split(' ')[0])
		}
		expect(await names('sortBy=createdAt&sortOrder=asc')).toEqual(['Ada', 'bola', 'Chidi'])
		expect(await names('sortBy=name&sortOrder=asc')).toEqual(['Ada', 'bola', 'Chidi'])
		expect(await names('sortBy=name&sortOrder=desc')).toEqual(['Chidi', 'bola', 'Ada'])
		expect(await names('sortBy=totalInvested&sortOrder=desc')).toEqual(['bola', 'Ada', 'Chidi'])
		expect(await names('sortBy=totalInvested&sortOrder=asc')).toEqual(['Chidi', 'Ada', 'bola'])
		expect(await names('status=banned')).toEqual(['bola'])
		expect(await names('plan=gold')).toEqual(['Chidi', 'Ada'])
		expect(await names('plan=gold&status=pending')).toEqual(['Chidi'])
		expect(await names('status=suspended')).toEqual([])
		// Search by email, any case.
		expect(
			(
				await json(
					await request.get(`/api/admin/users?search=${encodeURIComponent(ada.email.toUpperCase())}`, {
						headers: su(),
					}),
				)
			).data.users,
		).toHaveLength(1)

		const page2 = await json(await request.get(`/api/admin/users?search=${tag}&limit=2&page=2`, { headers: su() }))
		expect(page2.data.pagination).toEqual({
			page: 2,
			limit: 2,
			totalPages: 2,
			totalCount: 3,
			currentPage: 2,
			totalCountCapped: false,
		})
		expect(page2.data.users.map((u: { id: number }) => u.id)).toEqual([ada.id])
		const past = await json(await request.get(`/api/admin/users?search=${tag}&page=9`, { headers: su() }))
		expect(past.data.users).toEqual([])
		expect(past.data.pagination.totalCount).toBe(3)
	})

	test('role admin may list; the limit goes up to 100', async ({ request }) => {
		const res = await request.get('/api/admin/users?limit=100', { headers: staff() })
		expect(res.status()).toBe(200)
		const body = await json(res)
		expect(body.data.users.length).toBeLessThanOrEqual(100)
		expect(body.data.pagination.limit).toBe(100)
	})

	test('bad pagination and filter values: 400 with errors, never a 500 (B13, B17, V6)', async ({ request }) => {
		const bad = [
			'page=0',
			'page=-1',
			'page=1.5',
			'page=1e3',
			'page=0x10',
			'page=%20',
			'page=1abc',
			'page=NaN',
			'page=Infinity',
			'page=9007199254740993',
			'page=99999999999999999999',
			'limit=0',
			'limit=-1',
			'limit=1000000',
			'limit=abc',
			'limit=101',
			'status=deleted',
			'plan=diamond',
			'sortBy=password_hash',
			'sortBy=name%3B%20DROP',
			'sortBy=(CASE%20WHEN%201%20THEN%20name%20END)',
			'sortOrder=id%20desc,%20(select%201)',
			'status=active&status=banned',
			`search=${'x'.repeat(101)}`,
			'search=a%00b',
		]
		for (const query of bad) {
			const res = await request.get(`/api/admin/users?${query}`, { headers: su() })
			expect(res.status(), query).toBe(400)
			const body = await json(res)
			expect(body.success).toBe(false)
			expect(body.message).toBe('Validation failed')
			expect(body.errors.length, query).toBeGreaterThan(0)
		}
		// Odd but harmless values: treated as data, answered normally.
		for (const query of [
			"search=' OR '1'='1",
			'search=%25',
			'search=_',
			`search=${'%25'.repeat(100)}`,
			'search=%22',
			'page[]=1',
			'status=&plan=',
		]) {
			const res = await request.get(`/api/admin/users?${query}`, { headers: su() })
			expect(res.status(), query).toBe(200)
		}
	})
})

test.describe('POST /api/admin/users', () => {
	test('201 with the user; defaults plan regular and status active; the member can sign in', async ({ request }) => {
		const payload = userPayload(newTag(), { phone: '+2348012345678', country: 'Nigeria', telegram: '@ada_api' })
		const res = await request.post('/api/admin/users', { headers: staff(), data: payload })
		expect(res.status()).toBe(201)
		const body = await json(res)
		expect(body).toMatchObject({ success: true, message: 'User created' })
		expect(body.data.user).toMatchObject({
			name: payload.name,
			email: payload.email,
			plan: 'regular',
			status: 'active',
			phone: '+2348012345678',
			country: 'Nigeria',
			telegram: '@ada_api',
			totalInvested: 0,
		})
		expect(JSON.stringify(body)).not.toMatch(/password/i)
		const login = await apiLogin(request, payload.email, PASSWORD)
		expect(login.status).toBe(200)
	})

	test('validation errors with their path and message; a taken email is 409', async ({ request }) => {
		const empty = await request.post('/api/admin/users', { headers: su(), data: {} })
		expect(empty.status()).toBe(400)
		expect((await json(empty)).errors).toEqual([
			{ path: 'name', message: 'Name is required' },
			{ path: 'email', message: 'Email is required' },
			{ path: 'password', message: 'Password is required' },
		])
		const bad = await request.post('/api/admin/users', {
			headers: su(),
			data: {
				name: 'X',
				email: 'not-an-email',
				password: 'alllowercase1',
				telegram: 'nope',
				plan: 'diamond',
				status: 'deleted',
			},
		})
		expect((await json(bad)).errors).toEqual([
			{ path: 'email', message: 'Invalid email address' },
			{ path: 'password', message: 'Password must contain uppercase, lowercase, and number' },
			{ path: 'telegram', message: 'Telegram username must start with @' },
			{ path: 'plan', message: 'Plan must be one of regular, gold, titanium, platinum' },
			{ path: 'status', message: 'Status must be one of active, pending, suspended, banned' },
		])
		const long = await request.post('/api/admin/users', {
			headers: su(),
			data: userPayload(newTag(), { password: `Aa1${'x'.repeat(70)}` }),
		})
		expect((await json(long)).errors).toEqual([
			{ path: 'password', message: 'Password is too long (at most 72 bytes)' },
		])

		const first = await createUser(newTag())
		const taken = await request.post('/api/admin/users', {
			headers: su(),
			data: userPayload(newTag(), { email: first.email.toUpperCase() }),
		})
		expect(taken.status()).toBe(409)
		expect(await json(taken)).toEqual({
			success: false,
			message: 'An account with this email already exists',
			errors: [{ path: 'email', message: 'An account with this email already exists' }],
		})
	})

	test('unknown fields, wrong types and bad bodies: 400 or 415, nothing stored (B2, B4, B6, B7)', async ({
		request,
	}) => {
		const tag = newTag()
		for (const extra of [
			{ role: 'super_admin' },
			{ passwordHash: 'x' },
			{ referralPoints: 99 },
			{ totalDeposit: 5 },
			{ id: 1 },
			{ isVerified: true },
		]) {
			const res = await request.post('/api/admin/users', { headers: su(), data: userPayload(tag, extra) })
			expect(res.status(), JSON.stringify(extra)).toBe(400)
		}
		for (const email of [['a@b.co'], { $ne: null }, 42, null, true]) {
			expect(
				(await request.post('/api/admin/users', { headers: su(), data: userPayload(tag, { email }) })).status(),
			).toBe(400)
		}
		const proto = await request.post('/api/admin/users', {
			headers: { ...su(), 'Content-Type': 'application/json' },
			data: `{"name":"P","email":"p-${tag}@example.com","password":"${PASSWORD}","__proto__":{"isAdmin":true}}`,
		})
		expect(proto.status()).toBe(400)
		expect(
			(
				await request.post('/api/admin/users', { headers: { ...su(), 'Content-Type': 'text/plain' }, data: 'x' })
			).status(),
		).toBe(415)
		expect((await request.post('/api/admin/users', { headers: su(), form: { name: 'x' } })).status()).toBe(415)
		const broken = await request.post('/api/admin/users', {
			headers: { ...su(), 'Content-Type': 'application/json' },
			data: '{"name":',
		})
		expect(broken.status()).toBe(400)
		for (const data of ['[]', '"x"', '123', 'null']) {
			expect(
				(
					await request.post('/api/admin/users', { headers: { ...su(), 'Content-Type': 'application/json' }, data })
				).status(),
			).toBe(400)
		}
		const list = await json(await request.get(`/api/admin/users?search=${tag}`, { headers: su() }))
		expect(list.data.pagination.totalCount).toBe(0)
	})
})

test.describe('PUT /api/admin/users/:id', () => {
	test('updates the fields; a blank or missing password keeps the current one; a new one replaces it and ends sessions', async ({
		request,
	}) => {
		const member = await makeMember()
		const id = member.id
		const res = await request.put(`/api/admin/users/${id}`, {
			headers: staff(),
			data: {
				name: 'Renamed Member',
				email: member.email,
				password: '',
				plan: 'platinum',
				status: 'pending',
				country: 'Ghana',
			},
		})
		expect(res.status()).toBe(200)
		const body = await json(res)
		expect(body).toMatchObject({ success: true, message: 'User updated' })
		expect(body.data.user).toMatchObject({
			id,
			name: 'Renamed Member',
			plan: 'platinum',
			status: 'pending',
			country: 'Ghana',
			phone: member.phone,
		})
		// The token still works and the old password too.
		expect((await request.get('/api/auth/me', { headers: bearer(member.token) })).status()).toBe(200)
		expect((await apiLogin(request, member.email, PASSWORD)).status).toBe(200)

		const again = await request.put(`/api/admin/users/${id}`, {
			headers: staff(),
			data: { name: 'Renamed Member', email: member.email, password: 'N3w-Passw0rd' },
		})
		expect(again.status()).toBe(200)
		expect((await request.get('/api/auth/me', { headers: bearer(member.token) })).status()).toBe(401)
		expect((await apiLogin(request, member.email, PASSWORD)).status).toBe(401)
		expect((await apiLogin(request, member.email, 'N3w-Passw0rd')).status).toBe(200)
	})

	for (const status of ['banned', 'suspended']) {
		test(`status ${status} ends the member's sessions at once`, async ({ request }) => {
			const member = await makeMember({ unlocked: true })
			const second = await apiLogin(request, member.email, PASSWORD)
			const res = await request.put(`/api/admin/users/${member.id}`, {
				headers: staff(),
				data: { name: member.name, email: member.email, status },
			})
			expect(res.status()).toBe(200)
			for (const token of [member.token, second.token!]) {
				expect((await request.get('/api/auth/me', { headers: bearer(token) })).status()).toBe(401)
			}
			expect((await apiLogin(request, member.email, PASSWORD)).status).toBe(403)
		})
	}

	test("404 for unknown or malformed ids; 409 for another member's email; 400 for bad fields (B18)", async ({
		request,
	}) => {
		const a = await createUser(newTag())
		const b = await createUser(newTag())
		for (const id of ['999999999', '0', '-1', '1.0', '01', '1abc', 'x'.repeat(1000), '%00']) {
			const res = await request.put(`/api/admin/users/${id}`, {
				headers: su(),
				data: { name: 'X', email: 'x@example.com' },
			})
			expect(res.status(), id).toBe(404)
			expect(await json(res)).toEqual({ success: false, message: 'User not found' })
		}
		const taken = await request.put(`/api/admin/users/${a.id}`, { headers: su(), data: { name: 'X', email: b.email } })
		expect(taken.status()).toBe(409)
		const missing = await request.put(`/api/admin/users/${a.id}`, { headers: su(), data: { email: a.email } })
		expect(missing.status()).toBe(400)
		expect((await json(missing)).errors).toEqual([{ path: 'name', message: 'Name is required' }])
		const weak = await request.put(`/api/admin/users/${a.id}`, {
			headers: su(),
			data: { name: 'X', email: a.email, password: 'short' },
		})
		expect((await json(weak)).errors).toEqual([{ path: 'password', message: 'Password must be at least 8 characters' }])
		const extra = await request.put(`/api/admin/users/${a.id}`, {
			headers: su(),
			data: { name: 'X', email: a.email, role: 'super_admin' },
		})
		expect(extra.status()).toBe(400)
		const list = await json(
			await request.get(`/api/admin/users?search=${encodeURIComponent(a.email)}`, { headers: su() }),
		)
		expect(list.data.users[0].name).toBe(a.name)
	})
})

test.describe('DELETE /api/admin/users/:id', () => {
	test("super_admin deletes: the member's tokens stop working at once; a second delete is 404", async ({ request }) => {
		const member = await makeMember({ unlocked: true })
		const id = member.id
		expect((await request.get('/api/auth/me', { headers: bearer(member.token) })).status()).toBe(200)
		const res = await request.delete(`/api/admin/users/${id}`, { headers: su() })
		expect(res.status()).toBe(200)
		expect(await json(res)).toEqual({ success: true, message: 'User deleted', data: { id } })
		expect((await request.get('/api/auth/me', { headers: bearer(member.token) })).status()).toBe(401)
		expect((await apiLogin(request, member.email, PASSWORD)).status).toBe(401)
		expect((await request.delete(`/api/admin/users/${id}`, { headers: su() })).status()).toBe(404)
		expect((await request.get(`/api/admin/users/${id}/stats`, { headers: su() })).status()).toBe(404)
		expect((await request.delete('/api/admin/users/abc', { headers: su() })).status()).toBe(404)
	})

	test('role admin is refused (403) and nothing is deleted', async ({ request }) => {
		const member = await makeMember()
		const res = await request.delete(`/api/admin/users/${member.id}`, { headers: staff() })
		expect(res.status()).toBe(403)
		expect(await json(res)).toEqual({ success: false, message: 'Access denied. Super admin privileges required.' })
		expect((await request.get('/api/auth/me', { headers: bearer(member.token) })).status()).toBe(200)
	})
})

test.describe('GET /api/admin/users/:id/stats', () => {
	test('the user, referrals, points, plan history, sessions, activity', async ({ request }) => {
		const referrer = await makeMember({ unlocked: true })
		// A member the referrer referred unlocks: the referral is credited.
		const friend = await makeMember({ referrer })
		expect(
			(
				await request.post('/api/auth/verify-code', { data: { code: E2E_UNLOCK_CODE }, headers: bearer(friend.token) })
			).status(),
		).toBe(200)
		await request.put(`/api/admin/users/${referrer.id}`, {
			headers: staff(),
			data: { name: referrer.name, email: referrer.email, plan: 'gold' },
		})
		const res = await request.get(`/api/admin/users/${referrer.id}/stats`, { headers: staff() })
		expect(res.status()).toBe(200)
		const { data } = await json(res)
		expect(data.user).toMatchObject({
			id: referrer.id,
			email: referrer.email,
			plan: 'gold',
			referralCode: referrer.referralCode,
			isVerified: true,
		})
		expect(data.user.lastSeenAt).toEqual(expect.any(String))
		expect(data.referrals).toMatchObject({ count: 1, points: 1, referredMembers: 1 })
		expect(data.planHistory[0]).toMatchObject({ from: 'regular', to: 'gold', source: 'Changed by an admin' })
		expect(data.sessions.active).toBeGreaterThanOrEqual(1)
		expect(data.activity).toEqual({ lessonsCompleted: 0, contestsJoined: expect.any(Number), offersClaimed: 0 })
		expect(JSON.stringify(data)).not.toMatch(/passwordHash|\$2[aby]\$|tokenHash/)
		for (const id of ['987654321', '0', 'abc']) {
			expect((await request.get(`/api/admin/users/${id}/stats`, { headers: su() })).status()).toBe(404)
		}
	})
})

test.describe('GET /api/admin/users/:id/stats: brokers', () => {
	test("the member's broker accounts with tracking id and clicks, the reports' figures by month", async ({
		request,
	}) => {
		const member = await makeMember({ unlocked: true })
		const xm = insertTestBroker('XM Api')
		const other = insertTestBroker('Other Api', { active: false })
		try {
			expect(
				(await json(await request.get(`/api/admin/users/${member.id}/stats`, { headers: staff() }))).data.brokers,
			).toEqual([])
			const trackingId = connectMember(member.id, xm.id, {
				clicks: 2,
				firstClickAt: new Date('2026-09-01T10:00:00Z'),
				lastClickAt: new Date('2026-09-03T10:00:00Z'),
			})
			const otherId = connectMember(member.id, other.id, { firstClickAt: new Date('2026-09-05T10:00:00Z') })
			insertAppliedReport(xm.id, '2026-09', [{ userId: member.id, depositsCents: 10_000 }])
			insertAppliedReport(xm.id, '2026-10', [{ userId: member.id, depositsCents: 125_050, withdrawalsCents: 2_000 }])
			insertAppliedReport(other.id, '2026-10', [{ userId: member.id, depositsCents: 70_000 }], { reversed: true })

			const res = await request.get(`/api/admin/users/${member.id}/stats`, { headers: staff() })
			expect(res.status()).toBe(200)
			const { data } = await json(res)
			expect(data.brokers).toEqual([
				{
					brokerId: xm.id,
					name: 'XM Api',
					slug: xm.slug,
					active: true,
					trackingId,
					clickCount: 2,
					firstClickAt: '2026-09-01T10:00:00.000Z',
					lastClickAt: '2026-09-03T10:00:00.000Z',
					funded: true,
					months: [
						{ month: '2026-10', deposits: 1250.5, withdrawals: 20 },
						{ month: '2026-09', deposits: 100, withdrawals: 0 },
					],
					totals: { deposits: 1350.5, withdrawals: 20, reportMonths: 2 },
				},
				expect.objectContaining({ slug: other.slug, active: false, trackingId: otherId, funded: false, months: [] }),
			])
		} finally {
			removeTestBrokers(xm.id, other.id)
		}
	})
})

test.describe('POST /api/admin/users/bulk-update', () => {
	test('set status and set plan: data.updated counts the rows that changed', async ({ request }) => {
		const tag = newTag()
		const a = await createUser(tag)
		const b = await createUser(tag, { status: 'suspended' })
		const res = await request.post('/api/admin/users/bulk-update', {
			headers: staff(),
			data: { userIds: [a.id, b.id], action: 'set-status', data: { status: 'suspended' } },
		})
		expect(res.status()).toBe(200)
		expect(await json(res)).toEqual({ success: true, message: '1 user updated', data: { updated: 1 } })
		const plan = await request.post('/api/admin/users/bulk-update', {
			headers: staff(),
			data: { userIds: [a.id, b.id], action: 'set-plan', data: { plan: 'titanium' } },
		})
		expect(await json(plan)).toEqual({ success: true, message: '2 users updated', data: { updated: 2 } })
		const list = await json(await request.get(`/api/admin/users?search=${tag}`, { headers: su() }))
		expect(list.data.users.map((u: { status: string; plan: string }) => `${u.status}/${u.plan}`)).toEqual([
			'suspended/titanium',
			'suspended/titanium',
		])
	})

	test('ban ends sessions; role admin may not ban or delete (403, nothing changes)', async ({ request }) => {
		const member = await makeMember()
		const id = member.id
		for (const data of [
			{ userIds: [id], action: 'set-status', data: { status: 'banned' } },
			{ userIds: [id], action: 'delete' },
		]) {
			const res = await request.post('/api/admin/users/bulk-update', { headers: staff(), data })
			expect(res.status()).toBe(403)
			expect(await json(res)).toEqual({ success: false, message: 'Access denied. Super admin privileges required.' })
		}
		expect((await request.get('/api/auth/me', { headers: bearer(member.token) })).status()).toBe(200)
		const ban = await request.post('/api/admin/users/bulk-update', {
			headers: su(),
			data: { userIds: [id], action: 'set-status', data: { status: 'banned' } },
		})
		expect(await json(ban)).toMatchObject({ data: { updated: 1 } })
		expect((await request.get('/api/auth/me', { headers: bearer(member.token) })).status()).toBe(401)
	})

	test('bulk delete (super_admin) removes the members and revokes their tokens', async ({ request }) => {
		const one = await makeMember()
		const two = await makeMember()
		const res = await request.post('/api/admin/users/bulk-update', {
			headers: su(),
			data: { userIds: [one.id, two.id], action: 'delete' },
		})
		expect(await json(res)).toEqual({ success: true, message: '2 users deleted', data: { updated: 2 } })
		for (const m of [one, two]) {
			expect((await request.get('/api/auth/me', { headers: bearer(m.token) })).status()).toBe(401)
			expect((await request.get(`/api/admin/users/${m.id}/stats`, { headers: su() })).status()).toBe(404)
		}
	})

	test('all or nothing: an unknown id changes nothing (404); bad payloads 400 (C8, B18)', async ({ request }) => {
		const tag = newTag()
		const a = await createUser(tag)
		const unknown = await request.post('/api/admin/users/bulk-update', {
			headers: su(),
			data: { userIds: [a.id, 999999999], action: 'set-plan', data: { plan: 'gold' } },
		})
		expect(unknown.status()).toBe(404)
		expect((await json(unknown)).message).toBe('Some of the selected users no longer exist; nothing was changed')
		const list = await json(await request.get(`/api/admin/users?search=${tag}`, { headers: su() }))
		expect(list.data.users[0].plan).toBe('regular')
		for (const data of [
			{},
			{ userIds: [], action: 'delete' },
			{ userIds: [a.id, a.id], action: 'set-plan', data: { plan: 'gold' } },
			{ userIds: [String(a.id)], action: 'set-plan', data: { plan: 'gold' } },
			{ userIds: [null], action: 'delete' },
			{ userIds: Array.from({ length: 501 }, (_, i) => i + 1), action: 'set-plan', data: { plan: 'gold' } },
			{ userIds: [a.id], action: 'promote' },
			{ userIds: [a.id], action: 'set-status', data: { status: 'deleted' } },
			{ userIds: [a.id], action: 'set-status' },
			{ userIds: [a.id], action: 'set-plan', data: { plan: 'gold', role: 'super_admin' } },
			{ userIds: [a.id], action: 'set-plan', data: { plan: 'gold' }, extra: 1 },
		]) {
			const res = await request.post('/api/admin/users/bulk-update', { headers: su(), data })
			expect(res.status(), JSON.stringify(data).slice(0, 60)).toBe(400)
			expect((await json(res)).success).toBe(false)
		}
		expect(
			(
				await request.post('/api/admin/users/bulk-update', {
					headers: { ...su(), 'Content-Type': 'text/plain' },
					data: 'x',
				})
			).status(),
		).toBe(415)
	})
})

test.describe('GET /api/admin/users/export', () => {
	test('the filtered list as a CSV download, formula cells made text', async ({ request }) => {
		const tag = newTag()
		await createUser(tag, { name: `=HYPERLINK("http://evil","x") ${tag}` })
		await createUser(tag, { name: `Plain ${tag}`, status: 'pending' })
		const res = await request.get(`/api/admin/users/export?search=${tag}&sortBy=name&sortOrder=asc`, {
			headers: staff(),
		})
		expect(res.status()).toBe(200)
		expect(res.headers()['content-type']).toBe('text/csv; charset=utf-8')
		expect(res.headers()['content-disposition']).toMatch(/^attachment; filename="users-\d{4}-\d\d-\d\d\.csv"$/)
		expect(res.headers()['cache-control']).toBe('no-store')
		const lines = (await res.text())
			.replace(/^\uFEFF/, '')
			.trim()
			.split('\r\n')
		expect(lines[0]).toBe(
			'ID,Name,Email,Phone,Country,Telegram,Plan,Status,Total Deposit,Total Withdraw,Investment,Joined',
		)
		expect(lines).toHaveLength(3)
		expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"",""x"") ${tag}"`)
		expect(lines[2]).toContain(`Plain ${tag}`)
		const pending = await request.get(`/api/admin/users/export?search=${tag}&status=pending`, { headers: staff() })
		expect((await pending.text()).trim().split('\r\n')).toHaveLength(2)
		expect((await request.get('/api/admin/users/export?status=nope', { headers: staff() })).status()).toBe(400)
	})
})
