import type { APIRequestContext, APIResponse } from '@playwright/test'
import { adminApiLogin, adminPageCookie, bearer, E2E_ADMIN, uniqueAdminEmail, withE2eDatabase } from '../admin-utils.ts'
import { totpCode } from '../totp.ts'
import { endingSoon } from '../contest-e2e-utils.ts'
import { expect, test } from '../fixtures.ts'
import { PASSWORD } from '../playwright-utils.ts'

// Every /api/admin/* route of the foundation: success, validation errors,
// member token refused (403), no or bad token (401), never a 500.

async function json(res: APIResponse) {
	expect(res.headers()['content-type']).toBe('application/json; charset=utf-8')
	expect(res.headers()['cache-control']).toBe('no-store')
	return res.json()
}

const thisMonth = () => new Date().toISOString().slice(0, 7)

/** Each guarded route, as [method, path, body]. */
const guarded: Array<[string, string, unknown?]> = [
	['GET', '/api/admin/me'],
	['POST', '/api/admin/logout', {}],
	['GET', '/api/admin/dashboard/stats'],
	['GET', '/api/admin/dashboard/alerts'],
	['POST', '/api/admin/revenue', { broker: 'XM', month: '2026-01', amount: 10 }],
]

function call(
	request: APIRequestContext,
	method: string,
	path: string,
	body: unknown,
	headers: Record<string, string> = {},
) {
	return request.fetch(path, { method, headers, ...(body === undefined ? {} : { data: body }) })
}

test.describe('guards of /api/admin/*', () => {
	for (const [method, path, body] of guarded) {
		test(`${method} ${path}: no token 401, bad token 401, member token 403`, async ({ request, memberToken }) => {
			const none = await call(request, method, path, body)
			expect(none.status()).toBe(401)
			expect(none.headers()['www-authenticate']).toBe('Bearer')
			expect(await json(none)).toEqual({ success: false, message: 'Not authenticated' })

			const bad = await call(request, method, path, body, bearer('not-a-real-token-0123456789abcdef'))
			expect(bad.status()).toBe(401)

			const member = await call(request, method, path, body, bearer(memberToken))
			expect(member.status()).toBe(403)
			expect(await json(member)).toEqual({ success: false, message: 'Access denied. Admin privileges required.' })
		})
	}

	test('a token in the query string or a cookie is not accepted', async ({ request, superAdminToken: token }) => {
		expect((await request.get(`/api/admin/me?access_token=${token}`)).status()).toBe(401)
		expect((await request.get('/api/admin/me', { headers: { Cookie: `admin_session=${token}` } })).status()).toBe(401)
	})

	test('the admin session cookie of the pages does not open /api/admin', async ({ request, createAdmin }) => {
		const cookie = await adminPageCookie(request, await createAdmin({ role: 'super_admin' }))
		expect(cookie).toMatch(/^admin_session=/)
		expect((await request.get('/api/admin/me', { headers: { Cookie: cookie } })).status()).toBe(401)
		// The page it opens is never cached.
		const page = await request.get('/admin/dashboard', { headers: { Cookie: cookie }, maxRedirects: 0 })
		expect(page.status()).toBe(200)
		expect(page.headers()['cache-control']).toBe('private, no-store')
	})
})

test.describe('POST /api/admin/login', () => {
	test('signs in: token and admin (id, email, name, role, lastLogin), never the hash', async ({ request }) => {
		// E2E_ADMIN was enrolled by ADMIN_TOTP_SECRET (tests/setup/global-setup.ts).
		let res = await request.post('/api/admin/login', {
			data: {
				email: `  ${E2E_ADMIN.email.toUpperCase()} `,
				password: E2E_ADMIN.password,
				code: totpCode(E2E_ADMIN.totpSecret),
			},
		})
		// A retry within the same 30 seconds: the next step's code (a code is accepted once).
		if (res.status() === 401) {
			res = await request.post('/api/admin/login', {
				data: {
					email: E2E_ADMIN.email,
					password: E2E_ADMIN.password,
					code: totpCode(E2E_ADMIN.totpSecret, Date.now() + 30_000),
				},
			})
		}
		expect(res.status()).toBe(200)
		const body = await json(res)
		expect(body.success).toBe(true)
		expect(body.message).toBe('Login successful')
		expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
		expect(body.data.admin).toEqual({
			id: expect.any(Number),
			email: E2E_ADMIN.email,
			name: 'Super Admin',
			role: 'super_admin',
			lastLogin: expect.any(String),
		})
		expect(Date.now() - Date.parse(body.data.admin.lastLogin)).toBeLessThan(60_000)
		expect(JSON.stringify(body)).not.toMatch(/passwordHash|\$2[aby]\$/)
		// Each sign-in is its own token.
		expect(await adminApiLogin(request)).not.toBe(body.data.token)
	})

	test("wrong password, unknown email and a member's credentials all get the same 401", async ({
		request,
		createMember,
	}) => {
		const member = await createMember()
		const answers = []
		for (const data of [
			{ email: E2E_ADMIN.email, password: 'Wr0ngPassword' },
			{ email: uniqueAdminEmail('nobody'), password: 'Wr0ngPassword' },
			{ email: member.email, password: PASSWORD },
		]) {
			const res = await request.post('/api/admin/login', { data })
			expect(res.status()).toBe(401)
			answers.push(await json(res))
		}
		expect(answers).toEqual(Array(3).fill({ success: false, message: 'Invalid admin credentials' }))
	})

	test('validation errors come back with their path and message', async ({ request }) => {
		const empty = await request.post('/api/admin/login', { data: {} })
		expect(empty.status()).toBe(400)
		expect((await json(empty)).errors).toEqual([
			{ path: 'email', message: 'Email is required' },
			{ path: 'password', message: 'Password is required' },
		])
		const badEmail = await request.post('/api/admin/login', { data: { email: 'root.e2e.example', password: 'x' } })
		expect((await json(badEmail)).errors).toEqual([{ path: 'email', message: 'Invalid email address' }])
		const extra = await request.post('/api/admin/login', {
			data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password, role: 'super_admin' },
		})
		expect(extra.status()).toBe(400)
		expect((await json(extra)).errors).toEqual([{ path: 'role', message: 'Unknown field' }])
		for (const email of [['a@b.co'], { $ne: null }, 42, null, true]) {
			expect((await request.post('/api/admin/login', { data: { email, password: 'x' } })).status()).toBe(400)
		}
	})

	test('bad bodies: 415, 400, 405 for other methods; never a 500', async ({ request }) => {
		const text = await request.post('/api/admin/login', { headers: { 'Content-Type': 'text/plain' }, data: 'email=a' })
		expect(text.status()).toBe(415)
		const form = await request.post('/api/admin/login', {
			form: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
		})
		expect(form.status()).toBe(415)
		const broken = await request.post('/api/admin/login', {
			headers: { 'Content-Type': 'application/json' },
			data: Buffer.from('{"email":'),
		})
		expect(broken.status()).toBe(400)
		expect((await json(broken)).message).toBe('Malformed JSON body')
		for (const data of ['[]', '"x"', '123', 'null']) {
			const res = await request.post('/api/admin/login', { headers: { 'Content-Type': 'application/json' }, data })
			expect(res.status(), data).toBe(400)
		}
		const get = await request.get('/api/admin/login')
		expect(get.status()).toBe(405)
		expect(get.headers()['allow']).toBe('POST')
	})
})

test.describe('GET /api/admin/me and POST /api/admin/logout', () => {
	test('me answers the admin of the token; a role admin is labelled admin', async ({ request, createAdmin }) => {
		const staff = await createAdmin({ role: 'admin', name: 'Api Staff' })
		const token = await adminApiLogin(request, staff)
		const res = await request.get('/api/admin/me', { headers: bearer(token) })
		expect(res.status()).toBe(200)
		expect((await json(res)).data).toEqual({
			id: expect.any(Number),
			email: staff.email,
			name: 'Api Staff',
			role: 'admin',
			lastLogin: expect.any(String),
		})
	})

	test('logout revokes the token at once; other tokens of the admin keep working', async ({ request, createAdmin }) => {
		const admin = await createAdmin({ role: 'super_admin' })
		const token = admin.token
		const other = await adminApiLogin(request, admin)
		const out = await request.post('/api/admin/logout', { headers: bearer(token) })
		expect(out.status()).toBe(200)
		expect(await json(out)).toEqual({ success: true, message: 'Signed out' })
		expect((await request.get('/api/admin/me', { headers: bearer(token) })).status()).toBe(401)
		expect((await request.post('/api/admin/logout', { headers: bearer(token) })).status()).toBe(401)
		expect((await request.get('/api/admin/me', { headers: bearer(other) })).status()).toBe(200)
	})

	test('logout takes no payload', async ({ request, superAdminToken: token }) => {
		const res = await request.post('/api/admin/logout', { headers: bearer(token), data: { everywhere: true } })
		expect(res.status()).toBe(400)
		expect((await request.get('/api/admin/me', { headers: bearer(token) })).status()).toBe(200)
	})
})

test.describe('GET /api/admin/dashboard/stats', () => {
	test('the four figures with change and trend, from stored data', async ({
		request,
		superAdminToken: token,
		createMember,
	}) => {
		const before = (await json(await request.get('/api/admin/dashboard/stats', { headers: bearer(token) }))).data
		expect(Object.keys(before).sort()).toEqual(
			[
				'activeContests',
				'activeContestsChange',
				'activeContestsTrend',
				'monthlyRevenue',
				'monthlyRevenueChange',
				'monthlyRevenueTrend',
				'platformActivity',
				'platformActivityChange',
				'platformActivityTrend',
				'totalUsers',
				'totalUsersChange',
				'totalUsersTrend',
				'trends',
			].sort(),
		)
		for (const key of ['totalUsers', 'activeContests', 'monthlyRevenue', 'platformActivity']) {
			expect(typeof before[key], key).toBe('number')
			expect(typeof before[`${key}Change`], key).toBe('number')
			expect(['up', 'down', 'neutral']).toContain(before[`${key}Trend`])
			expect(Math.sign(before[`${key}Change`]), key).toBe(
				{ up: 1, down: -1, neutral: 0 }[before[`${key}Trend`] as string],
			)
		}
		expect(before.platformActivity).toBeGreaterThanOrEqual(0)
		expect(before.platformActivity).toBeLessThanOrEqual(100)
		// The seed's monthly referral contest is active.
		expect(before.activeContests).toBeGreaterThanOrEqual(1)

		await createMember()
		const after = (await json(await request.get('/api/admin/dashboard/stats', { headers: bearer(token) }))).data
		expect(after.totalUsers).toBeGreaterThan(before.totalUsers)
	})

	test('trends: the last 30 UTC days from the daily snapshots (a day without one is null, today the figure), 12 months of revenue', async ({
		request,
		superAdminToken: token,
	}) => {
		const DAY = 86_400_000
		const day = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10)
		// A snapshot 12 days back (as the scheduler writes them), unless one is there already.
		const pastDay = day(12)
		const inserted = withE2eDatabase(
			(db) =>
				db
					.prepare(
						'insert into stats_snapshots (day, total_users, active_contests, active_members) values (?, 4242, 7, 2121) on conflict (day) do nothing',
					)
					.run(pastDay).changes,
		)
		try {
			const revenueByMonth = () =>
				withE2eDatabase((db) =>
					Object.fromEntries(
						(
							db
								.prepare(
									'select month, sum(amount_cents) as cents from revenue_entries where voided_at is null group by month',
								)
								.all() as Array<{ month: string; cents: number }>
						).map((r) => [r.month, r.cents / 100]),
					),
				)
			const revenueBefore = revenueByMonth()
			const { data } = await json(await request.get('/api/admin/dashboard/stats', { headers: bearer(token) }))
			const revenueAfter = revenueByMonth()
			const { trends } = data
			expect(Object.keys(trends).sort()).toEqual(
				['activeContests', 'monthlyRevenue', 'platformActivity', 'totalUsers'].sort(),
			)
			const snapshots = withE2eDatabase(
				(db) =>
					db.prepare('select day, total_users, active_contests, active_members from stats_snapshots').all() as Array<{
						day: string
						total_users: number
						active_contests: number
						active_members: number
					}>,
			)
			const byDay = new Map(snapshots.map((s) => [s.day, s]))
			const share = (s: { total_users: number; active_members: number }) =>
				s.total_users > 0 ? Math.round((s.active_members / s.total_users) * 1000) / 10 : 0
			const days = Array.from({ length: 30 }, (_, i) => day(29 - i))
			if (days.at(-1) !== day(0)) throw new Error('the UTC day changed during the test')
			for (const [key, figure] of [
				['totalUsers', (s) => s.total_users],
				['activeContests', (s) => s.active_contests],
				['platformActivity', share],
			] as const satisfies ReadonlyArray<readonly [string, (s: (typeof snapshots)[number]) => number]>) {
				const series = trends[key] as Array<{ day: string; value: number | null }>
				expect(
					series.map((p) => p.day),
					key,
				).toEqual(days)
				// Today is the card's figure; every other day is its snapshot's, or null without one.
				expect(series.at(-1)!.value, key).toBe(data[key])
				for (const point of series.slice(0, -1)) {
					const snapshot = byDay.get(point.day)
					expect(point.value, `${key} ${point.day}`).toBe(snapshot ? figure(snapshot) : null)
				}
			}
			expect(trends.totalUsers.find((p: { day: string }) => p.day === pastDay).value).toBe(
				byDay.get(pastDay)!.total_users,
			)
			// Revenue: 12 UTC months up to this one, each the month's entries that count, null without any.
			const months = trends.monthlyRevenue as Array<{ month: string; value: number | null }>
			const today = new Date()
			expect(months.map((m) => m.month)).toEqual(
				Array.from({ length: 12 }, (_, i) =>
					new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 11 + i, 1)).toISOString().slice(0, 7),
				),
			)
			expect(months.at(-1)!.month).toBe(thisMonth())
			expect(months.at(-1)!.value ?? 0).toBe(data.monthlyRevenue)
			for (const { month, value } of months) {
				expect([revenueBefore[month] ?? null, revenueAfter[month] ?? null], month).toContain(value)
			}
		} finally {
			if (inserted) withE2eDatabase((db) => db.prepare('delete from stats_snapshots where day = ?').run(pastDay))
		}
	})

	test('takes no body and no other method', async ({ request, superAdminToken: token }) => {
		const post = await request.post('/api/admin/dashboard/stats', { headers: bearer(token), data: {} })
		expect(post.status()).toBe(405)
		expect(post.headers()['allow']).toBe('GET, HEAD')
	})
})

test.describe('GET /api/admin/dashboard/alerts', () => {
	test('repeated failed admin sign-ins and a contest about to end appear, newest first', async ({
		request,
		superAdminToken: token,
		createContest,
	}) => {
		for (let i = 0; i < 5; i++) {
			const res = await request.post('/api/admin/login', {
				data: { email: uniqueAdminEmail('intruder'), password: 'Wr0ngPassword' },
			})
			expect(res.status()).toBe(401)
		}
		const { name: contest } = await createContest(endingSoon())
		const res = await request.get('/api/admin/dashboard/alerts?limit=50', { headers: bearer(token) })
		expect(res.status()).toBe(200)
		const alerts = (await json(res)).data as Array<Record<string, unknown>>
		const signIns = alerts.find((a) => a.title === 'Repeated failed admin sign-ins')
		expect(signIns).toEqual({
			id: expect.any(Number),
			type: 'warning',
			title: 'Repeated failed admin sign-ins',
			message: expect.stringMatching(/^\d+ failed admin sign-ins in the last 15 minutes\./),
			createdAt: expect.any(String),
		})
		const ending = alerts.find((a) => String(a.message).includes(`"${contest}"`))
		expect(ending).toMatchObject({ type: 'warning', title: 'Contest ending soon', actionUrl: '/admin/contests' })
		const times = alerts.map((a) => Date.parse(String(a.createdAt)))
		expect([...times].sort((a, b) => b - a)).toEqual(times)
		// Asking again raises nothing new.
		const again = (await json(await request.get('/api/admin/dashboard/alerts?limit=50', { headers: bearer(token) })))
			.data
		expect(again.filter((a: Record<string, unknown>) => String(a.message).includes(`"${contest}"`))).toHaveLength(1)
	})

	test('limit is 1 to 50; anything else is a 400', async ({ request, superAdminToken: token }) => {
		const one = await request.get('/api/admin/dashboard/alerts?limit=1', { headers: bearer(token) })
		expect(one.status()).toBe(200)
		expect((await json(one)).data.length).toBeLessThanOrEqual(1)
		for (const query of [
			'limit=0',
			'limit=-1',
			'limit=51',
			'limit=abc',
			'limit=1.5',
			'limit=',
			'limit=1e3',
			'limit=0x10',
			'limit=1&limit=2',
			'page=2',
		]) {
			const res = await request.get(`/api/admin/dashboard/alerts?${query}`, { headers: bearer(token) })
			expect(res.status(), query).toBe(400)
			expect((await json(res)).success).toBe(false)
		}
	})
})

/** This month's entries that count (not voided), in cents, straight from the E2E database. */
function countedCentsThisMonth() {
	return withE2eDatabase(
		(db) =>
			(
				db
					.prepare(
						'select coalesce(sum(amount_cents), 0) as n from revenue_entries where month = ? and voided_at is null',
					)
					.get(thisMonth()) as { n: number }
			).n,
	)
}

test.describe('POST /api/admin/revenue', () => {
	test('records an entry (201) that adds to Monthly Revenue; an admin of role admin may too', async ({
		request,
		adminToken: token,
	}) => {
		const res = await request.post('/api/admin/revenue', {
			headers: bearer(token),
			data: { broker: 'Exness', month: thisMonth(), amount: 1250.5 },
		})
		expect(res.status()).toBe(201)
		const body = await json(res)
		expect(body).toEqual({
			success: true,
			message: 'Revenue recorded',
			data: {
				id: expect.any(Number),
				broker: 'Exness',
				month: thisMonth(),
				amount: 1250.5,
				createdAt: expect.any(String),
				voidedAt: null,
				voidReason: null,
				correctionReason: null,
				updatedAt: null,
			},
		})
		// Other suites record (and void: tests/e2e/admin-revenue.spec.ts)
		// this month's revenue in parallel: read until the figure and the
		// stored entries agree at one moment, then it includes this one.
		await expect(async () => {
			const after = (await json(await request.get('/api/admin/dashboard/stats', { headers: bearer(token) }))).data
				.monthlyRevenue
			expect(Math.round(after * 100)).toBe(countedCentsThisMonth())
		}).toPass({ timeout: 10_000 })
	})

	test('validation errors per field; nothing recorded', async ({ request, superAdminToken: token }) => {
		const cases: Array<[Record<string, unknown>, Array<{ path: string; message: string }>]> = [
			[
				{},
				[
					{ path: 'broker', message: 'Broker is required' },
					{ path: 'month', message: 'Month is required' },
					{ path: 'amount', message: 'Amount is required' },
				],
			],
			[{ broker: 'XM', month: '2026-13', amount: 10 }, [{ path: 'month', message: 'Enter the month as YYYY-MM' }]],
			[{ broker: 'XM', month: '2999-01', amount: 10 }, [{ path: 'month', message: 'Month cannot be in the future' }]],
			[
				{ broker: 'XM', month: '2026-01', amount: '10' },
				[{ path: 'amount', message: 'Enter an amount in USD, like 1250 or 1250.50' }],
			],
			[
				{ broker: 'XM', month: '2026-01', amount: 10.001 },
				[{ path: 'amount', message: 'Enter an amount in USD, like 1250 or 1250.50' }],
			],
			[{ broker: 'XM', month: '2026-01', amount: 0 }, [{ path: 'amount', message: 'Amount must be greater than 0' }]],
			[{ broker: 'XM', month: '2026-01', amount: -5 }, [{ path: 'amount', message: 'Amount must be greater than 0' }]],
			[
				{ broker: 'XM', month: '2026-01', amount: 1e9 },
				[{ path: 'amount', message: 'Amount must be at most $100,000,000' }],
			],
			[
				{ broker: 'x'.repeat(101), month: '2026-01', amount: 1 },
				[{ path: 'broker', message: 'Broker must be at most 100 characters' }],
			],
			[{ broker: 'XM', month: '2026-01', amount: 1, adminId: 1 }, [{ path: 'adminId', message: 'Unknown field' }]],
		]
		for (const [data, errors] of cases) {
			const res = await request.post('/api/admin/revenue', { headers: bearer(token), data })
			expect(res.status(), JSON.stringify(data)).toBe(400)
			expect((await json(res)).errors, JSON.stringify(data)).toEqual(errors)
		}
		const proto = await request.post('/api/admin/revenue', {
			headers: { ...bearer(token), 'Content-Type': 'application/json' },
			data: '{"__proto__":{"isAdmin":true},"broker":"XM","month":"2026-01","amount":1}',
		})
		expect(proto.status()).toBe(400)
		expect(
			(
				await request.post('/api/admin/revenue', {
					headers: { ...bearer(token), 'Content-Type': 'text/plain' },
					data: 'x',
				})
			).status(),
		).toBe(415)
	})
})
