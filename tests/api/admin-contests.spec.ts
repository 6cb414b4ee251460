import type { APIRequestContext, APIResponse } from '@playwright/test'
import { bearer } from '../admin-utils.ts'
import { contestAudit, contestPayload, day, participantRows, uniqueContestName } from '../contest-e2e-utils.ts'
import { expect, test, type Cleanup, type TestAdmin } from '../fixtures.ts'

// Every /api/admin/contests route: success, validation errors, member token
// refused (403), no or bad token (401), admin refused where super_admin is
// needed, transitions allowed and refused (409), bad filter and paging
// values (400, never a 500).

async function json(res: APIResponse) {
	expect(res.headers()['content-type']).toBe('application/json; charset=utf-8')
	expect(res.headers()['cache-control']).toBe('no-store')
	return res.json()
}

// Each test's own super admin and admin (fixtures); contests made through the API are removed after the test too.
let superAdmin: TestAdmin
let superToken: string
let adminToken: string
let cleanup: Cleanup

test.beforeEach(async ({ createAdmin, cleanup: testCleanup }) => {
	superAdmin = await createAdmin({ role: 'super_admin' })
	superToken = superAdmin.token
	adminToken = (await createAdmin({ role: 'admin' })).token
	cleanup = testCleanup
})

async function create(request: APIRequestContext, overrides: Record<string, unknown> = {}, token = superToken) {
	const res = await request.post('/api/admin/contests', { data: contestPayload(overrides), headers: bearer(token) })
	expect(res.status(), await res.text()).toBe(201)
	const contest = (await res.json()).data.contest as { id: number; name: string; status: string }
	cleanup.contests(contest.id)
	return contest
}

function setStatus(request: APIRequestContext, id: number, status: unknown, token = superToken) {
	return request.put(`/api/admin/contests/${id}`, { data: { status }, headers: bearer(token) })
}

function complete(request: APIRequestContext, id: number, token = superToken) {
	return request.post(`/api/admin/contests/${id}/complete`, { headers: bearer(token) })
}

/** Each route, as [method, path, body]; the id need not exist (the guard answers first). */
const routes: Array<[string, string, unknown?]> = [
	['GET', '/api/admin/contests'],
	['POST', '/api/admin/contests', contestPayload()],
	['GET', '/api/admin/contests/1'],
	['PUT', '/api/admin/contests/1', { status: 'active' }],
	['DELETE', '/api/admin/contests/1'],
	['GET', '/api/admin/contests/1/participants'],
	['PUT', '/api/admin/contests/1/participants/1', { score: 1 }],
	['GET', '/api/admin/contests/1/leaderboard'],
	['POST', '/api/admin/contests/1/complete'],
	['GET', '/api/admin/contests/1/stats'],
]

test.describe('guards of /api/admin/contests', () => {
	for (const [method, path, body] of routes) {
		test(`${method} ${path}: no token 401, bad token 401, member token 403`, async ({ request, memberToken }) => {
			const call = (headers: Record<string, string> = {}) =>
				request.fetch(path, { method, headers, ...(body === undefined ? {} : { data: body }) })
			const none = await call()
			expect(none.status()).toBe(401)
			expect(none.headers()['www-authenticate']).toBe('Bearer')
			expect(await json(none)).toEqual({ success: false, message: 'Not authenticated' })
			expect((await call(bearer('not-a-real-token-0123456789abcdef'))).status()).toBe(401)
			const member = await call(bearer(memberToken))
			expect(member.status()).toBe(403)
			expect(await json(member)).toEqual({ success: false, message: 'Access denied. Admin privileges required.' })
		})
	}

	test('an admin token in a cookie or the query string is not accepted; other methods are 405', async ({ request }) => {
		expect((await request.get(`/api/admin/contests?access_token=${superToken}`)).status()).toBe(401)
		expect(
			(await request.get('/api/admin/contests', { headers: { Cookie: `admin_session=${superToken}` } })).status(),
		).toBe(401)
		const patch = await request.fetch('/api/admin/contests', { method: 'PATCH', headers: bearer(superToken), data: {} })
		expect(patch.status()).toBe(405)
		expect(patch.headers().allow).toBe('GET, POST, HEAD')
		expect(
			(await request.fetch('/api/admin/contests/1/stats', { method: 'POST', headers: bearer(superToken) })).status(),
		).toBe(405)
	})
})

test.describe('POST /api/admin/contests', () => {
	test('creates a draft (201) with every field; it is listed with 0 participants; audited', async ({ request }) => {
		const payload = contestPayload({
			maxParticipants: 25,
			prizes: { first: '$1,000 + jacket', second: 'Phone', third: '$300' },
		})
		const res = await request.post('/api/admin/contests', { data: payload, headers: bearer(adminToken) })
		expect(res.status()).toBe(201)
		const body = await json(res)
		expect(body).toMatchObject({ success: true, message: 'Contest created' })
		expect(body.data.contest).toEqual({
			id: expect.any(Number),
			name: payload.name,
			description: payload.description,
			type: 'trading',
			status: 'draft',
			startDate: payload.startDate,
			endDate: payload.endDate,
			prizes: { first: '$1,000 + jacket', second: 'Phone', third: '$300' },
			rules: payload.rules,
			maxParticipants: 25,
			participantCount: 0,
			createdAt: expect.any(String),
			updatedAt: expect.any(String),
			completedAt: null,
		})
		const list = await json(
			await request.get(`/api/admin/contests?search=${encodeURIComponent(payload.name)}`, {
				headers: bearer(superToken),
			}),
		)
		expect(list.data.contests).toEqual([body.data.contest])
		expect(contestAudit(body.data.contest.id).map((a) => a.action)).toEqual(['contest.create'])
	})

	test('type defaults to referral; a time part of a date is trimmed; optional prizes and max may be left out', async ({
		request,
	}) => {
		const {
			type: _t,
			maxParticipants: _m,
			...payload
		} = contestPayload({
			startDate: `${day(40)}T00:00:00.000Z`,
			endDate: `${day(41)}T12:30:00Z`,
			prizes: { first: 'Cash' },
		})
		const res = await request.post('/api/admin/contests', { data: payload, headers: bearer(superToken) })
		expect(res.status()).toBe(201)
		expect((await res.json()).data.contest).toMatchObject({
			type: 'referral',
			startDate: day(40),
			endDate: day(41),
			prizes: { first: 'Cash', second: null, third: null },
			maxParticipants: null,
		})
	})

	test('validation errors with their paths; an end date before the start date is an error on endDate', async ({
		request,
	}) => {
		const empty = await request.post('/api/admin/contests', { data: {}, headers: bearer(superToken) })
		expect(empty.status()).toBe(400)
		expect(await json(empty)).toEqual({
			success: false,
			message: 'Validation failed',
			errors: [
				{ path: 'name', message: 'Name is required' },
				{ path: 'description', message: 'Description is required' },
				{ path: 'startDate', message: 'Start date is required' },
				{ path: 'endDate', message: 'End date is required' },
				{ path: 'prizes', message: 'First prize is required' },
				{ path: 'rules', message: 'Rules are required' },
			],
		})
		const order = await request.post('/api/admin/contests', {
			data: contestPayload({ startDate: day(50), endDate: day(49) }),
			headers: bearer(superToken),
		})
		expect(order.status()).toBe(400)
		expect((await order.json()).errors).toEqual([
			{ path: 'endDate', message: 'End date must be on or after the start date' },
		])
		const bad = await request.post('/api/admin/contests', {
			data: contestPayload({
				type: 'lottery',
				startDate: '2026-02-30',
				maxParticipants: 0,
				prizes: { first: '' },
				status: 'active',
			}),
			headers: bearer(superToken),
		})
		expect(bad.status()).toBe(400)
		expect((await bad.json()).errors).toEqual(
			expect.arrayContaining([
				{ path: 'type', message: 'Type must be referral, trading, deposit or activity' },
				{ path: 'startDate', message: 'Enter a date as YYYY-MM-DD' },
				{ path: 'maxParticipants', message: 'Max participants must be a whole number from 1 to 1,000,000' },
				{ path: 'prizes.first', message: 'First prize is required' },
				{ path: 'status', message: 'Unknown field' },
			]),
		)
	})

	test('bad bodies: type confusion, wrong content type, malformed JSON; never a 500 and nothing stored', async ({
		request,
	}) => {
		const name = uniqueContestName('Never')
		for (const data of [
			contestPayload({ name: ['x'] }),
			contestPayload({ name, prizes: 'lots' }),
			contestPayload({ name, maxParticipants: '10' }),
			contestPayload({ name, startDate: null }),
			contestPayload({ name, rules: { $gt: '' } }),
			[contestPayload({ name })],
		]) {
			const res = await request.post('/api/admin/contests', { data, headers: bearer(superToken) })
			expect(res.status(), JSON.stringify(data)).toBe(400)
		}
		// A "__proto__" key is just an unknown field.
		const proto = await request.post('/api/admin/contests', {
			data: `{"__proto__":{"isAdmin":true},${JSON.stringify(contestPayload({ name })).slice(1)}`,
			headers: { ...bearer(superToken), 'Content-Type': 'application/json' },
		})
		expect(proto.status()).toBe(400)
		expect((await proto.json()).errors).toEqual([{ path: '__proto__', message: 'Unknown field' }])
		const form = await request.post('/api/admin/contests', { form: { name }, headers: bearer(superToken) })
		expect(form.status()).toBe(415)
		const broken = await request.post('/api/admin/contests', {
			data: '{"name": ',
			headers: { ...bearer(superToken), 'Content-Type': 'application/json' },
		})
		expect(broken.status()).toBe(400)
		const list = await json(
			await request.get(`/api/admin/contests?search=${encodeURIComponent(name)}`, { headers: bearer(superToken) }),
		)
		expect(list.data.contests).toEqual([])
	})
})

test.describe('GET /api/admin/contests', () => {
	test('search in name and description, status and type filters, sortBy createdAt both ways', async ({ request }) => {
		const tag = uniqueContestName('Tag').split(' ')[1]!
		const a = await create(request, { name: `Alpha ${tag}`, type: 'deposit' })
		const b = await create(request, { name: `Beta ${tag}`, type: 'activity' })
		const c = await create(request, { name: 'Gamma', description: `about ${tag}`, type: 'deposit' })
		expect((await setStatus(request, b.id, 'active')).status()).toBe(200)
		const get = async (query: string) => {
			const res = await request.get(`/api/admin/contests?${query}`, { headers: bearer(adminToken) })
			expect(res.status()).toBe(200)
			return ((await json(res)).data.contests as Array<{ id: number }>).map((x) => x.id)
		}
		expect(await get(`search=${tag}`)).toEqual([c.id, b.id, a.id])
		expect(await get(`search=${tag.toUpperCase()}&sortBy=createdAt&sortOrder=asc`)).toEqual([a.id, b.id, c.id])
		expect(await get(`search=${tag}&sortBy=createdAt&sortOrder=desc&type=deposit`)).toEqual([c.id, a.id])
		expect(await get(`search=${tag}&status=active`)).toEqual([b.id])
		expect(await get(`search=${tag}&status=all&type=all`)).toEqual([c.id, b.id, a.id])
		expect(await get(`search=${tag}&status=completed`)).toEqual([])
		// SQL and wildcard strings are plain text.
		expect(await get(`search=${encodeURIComponent("' OR 1=1 --")}`)).toEqual([])
		expect(await get(`search=${encodeURIComponent('%')}&type=activity&status=paused`)).toEqual([])
	})

	test('bad filter values are a 400 with the parameter, never a 500', async ({ request }) => {
		for (const [query, path] of [
			['status=bogus', 'status'],
			['type=lottery', 'type'],
			['sortBy=passwordHash', 'sortBy'],
			['sortOrder=sideways', 'sortOrder'],
			[`search=${'x'.repeat(101)}`, 'search'],
			['search=%00', 'search'],
			['status=active&status=draft', 'status'],
			['page=2', 'page'],
			['status[]=active', 'status[]'],
		] as const) {
			const res = await request.get(`/api/admin/contests?${query}`, { headers: bearer(superToken) })
			expect(res.status(), query).toBe(400)
			const body = await json(res)
			expect(body.success).toBe(false)
			expect(
				body.errors.map((e: { path: string }) => e.path),
				query,
			).toContain(path)
		}
	})
})

test.describe('GET and PUT /api/admin/contests/:id', () => {
	test('GET answers one contest; unknown or malformed ids are 404', async ({ request }) => {
		const contest = await create(request)
		const res = await request.get(`/api/admin/contests/${contest.id}`, { headers: bearer(adminToken) })
		expect((await json(res)).data.contest).toMatchObject({ id: contest.id, name: contest.name, status: 'draft' })
		for (const id of ['999999999', 'abc', '0', '-1', '1.5', '1e3']) {
			const missing = await request.get(`/api/admin/contests/${id}`, { headers: bearer(superToken) })
			expect(missing.status(), id).toBe(404)
			expect(await json(missing)).toEqual({ success: false, message: 'Contest not found' })
		}
	})

	test('PUT with the full payload edits the contest (role admin may), keeps its status, audits', async ({
		request,
	}) => {
		const contest = await create(request)
		const payload = contestPayload({
			name: uniqueContestName('Edited'),
			type: 'activity',
			maxParticipants: 5,
			prizes: { first: '$900' },
		})
		const res = await request.put(`/api/admin/contests/${contest.id}`, { data: payload, headers: bearer(adminToken) })
		expect(res.status()).toBe(200)
		expect(await json(res)).toMatchObject({
			success: true,
			message: 'Contest updated',
			data: {
				contest: {
					id: contest.id,
					name: payload.name,
					type: 'activity',
					status: 'draft',
					maxParticipants: 5,
					prizes: { first: '$900', second: null },
				},
			},
		})
		expect(contestAudit(contest.id).map((a) => a.action)).toEqual(['contest.create', 'contest.update'])
	})

	test('PUT validation: field errors, end before start, status mixed with fields, max below the participants; unknown 404', async ({
		request,
		addParticipants,
	}) => {
		const contest = await create(request)
		const empty = await request.put(`/api/admin/contests/${contest.id}`, { data: {}, headers: bearer(superToken) })
		expect(empty.status()).toBe(400)
		const order = await request.put(`/api/admin/contests/${contest.id}`, {
			data: contestPayload({ startDate: day(10), endDate: day(9) }),
			headers: bearer(superToken),
		})
		expect((await order.json()).errors).toEqual([
			{ path: 'endDate', message: 'End date must be on or after the start date' },
		])
		const mixed = await request.put(`/api/admin/contests/${contest.id}`, {
			data: { ...contestPayload(), status: 'active' },
			headers: bearer(superToken),
		})
		expect(mixed.status()).toBe(400)
		expect((await mixed.json()).message).toBe('Send either the contest fields or only status')
		await addParticipants(contest.id, [1, 2, 3])
		const tooSmall = await request.put(`/api/admin/contests/${contest.id}`, {
			data: contestPayload({ maxParticipants: 2 }),
			headers: bearer(superToken),
		})
		expect(tooSmall.status()).toBe(400)
		expect((await tooSmall.json()).errors).toEqual([
			{
				path: 'maxParticipants',
				message: 'Max participants cannot be below the 3 participants already in the contest',
			},
		])
		const unknown = await request.put('/api/admin/contests/999999999', {
			data: contestPayload(),
			headers: bearer(superToken),
		})
		expect(unknown.status()).toBe(404)
		expect((await setStatus(request, 999999999, 'active')).status()).toBe(404)
		expect(contestAudit(contest.id).map((a) => a.action)).toEqual(['contest.create'])
	})
})

test.describe('status transitions', () => {
	test('Start, Pause, Resume and Complete are allowed; each writes its audit row', async ({ request }) => {
		const contest = await create(request)
		for (const [status, message] of [
			['active', 'Contest started'],
			['paused', 'Contest paused'],
			['active', 'Contest resumed'],
		] as const) {
			const res = await setStatus(request, contest.id, status, adminToken)
			expect(res.status()).toBe(200)
			expect(await json(res)).toMatchObject({ success: true, message, data: { contest: { id: contest.id, status } } })
		}
		const done = await complete(request, contest.id, adminToken)
		expect(done.status()).toBe(200)
		expect(await json(done)).toMatchObject({
			message: 'Contest completed',
			data: { contest: { status: 'completed', completedAt: expect.any(String) } },
		})
		expect(contestAudit(contest.id).map((a) => a.action)).toEqual([
			'contest.create',
			'contest.status',
			'contest.status',
			'contest.status',
			'contest.complete',
		])
	})

	test('refused transitions are 409 and change nothing', async ({ request }) => {
		const draft = await create(request)
		const expectRefused = async (res: APIResponse, message: string) => {
			expect(res.status()).toBe(409)
			expect(await json(res)).toEqual({ success: false, message })
		}
		await expectRefused(await setStatus(request, draft.id, 'paused'), 'A draft contest cannot be changed to paused.')
		await expectRefused(await setStatus(request, draft.id, 'draft'), 'This contest is already draft.')
		await expectRefused(await complete(request, draft.id), 'A draft contest cannot be changed to completed.')
		await expectRefused(
			await setStatus(request, draft.id, 'completed'),
			'A contest is completed through the complete action, which freezes its ranks.',
		)
		expect((await setStatus(request, draft.id, 'active')).status()).toBe(200)
		await expectRefused(await setStatus(request, draft.id, 'active'), 'This contest is already active.')
		await expectRefused(await setStatus(request, draft.id, 'draft'), 'An active contest cannot be changed to draft.')
		expect((await setStatus(request, draft.id, 'paused')).status()).toBe(200)
		await expectRefused(await complete(request, draft.id), 'A paused contest cannot be changed to completed.')
		expect((await setStatus(request, draft.id, 'active')).status()).toBe(200)
		expect((await complete(request, draft.id)).status()).toBe(200)
		for (const status of ['draft', 'active', 'paused']) {
			expect((await setStatus(request, draft.id, status)).status()).toBe(409)
		}
		await expectRefused(await complete(request, draft.id), 'This contest is already completed.')
		const current = await json(await request.get(`/api/admin/contests/${draft.id}`, { headers: bearer(superToken) }))
		expect(current.data.contest.status).toBe('completed')
	})

	test('a bad status value is a 400; complete of an unknown contest is a 404', async ({ request }) => {
		const contest = await create(request)
		for (const status of ['archived', '', null, ['active'], 1]) {
			const res = await setStatus(request, contest.id, status)
			expect(res.status(), JSON.stringify(status)).toBe(400)
			expect((await res.json()).errors).toEqual([
				{ path: 'status', message: 'Status must be draft, active, paused or completed' },
			])
		}
		expect((await complete(request, 999999999)).status()).toBe(404)
		expect(await complete(request, contest.id).then((r) => r.status())).toBe(409)
	})
})

test.describe('participants, scores, leaderboard, stats', () => {
	test('participants in ranking order with rank, user name and email, score, joinedAt; paging', async ({
		request,
		addParticipants,
	}) => {
		const contest = await create(request)
		const [low, high, tiedFirst, tiedSecond] = await addParticipants(contest.id, [1, 9, 5, 5])
		const res = await request.get(`/api/admin/contests/${contest.id}/participants`, { headers: bearer(adminToken) })
		expect(res.status()).toBe(200)
		const body = await json(res)
		expect(body.data.contest).toEqual({ id: contest.id, name: contest.name, status: 'draft' })
		expect(
			body.data.participants.map((p: { rank: number; user: { email: string } }) => [p.rank, p.user.email]),
		).toEqual([
			[1, high!.email],
			[2, tiedFirst!.email],
			[3, tiedSecond!.email],
			[4, low!.email],
		])
		expect(body.data.participants[0]).toEqual({
			id: expect.any(Number),
			userId: high!.userId,
			rank: 1,
			user: { name: high!.name, email: high!.email },
			score: 9,
			joinedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
		})
		expect(body.data.pagination).toEqual({ page: 1, limit: 50, totalPages: 1, totalCount: 4, currentPage: 1 })
		const page2 = await json(
			await request.get(`/api/admin/contests/${contest.id}/participants?page=2&limit=3`, {
				headers: bearer(superToken),
			}),
		)
		expect(page2.data.participants.map((p: { rank: number }) => p.rank)).toEqual([4])
		expect(page2.data.pagination).toEqual({ page: 2, limit: 3, totalPages: 2, totalCount: 4, currentPage: 2 })
		const empty = await create(request)
		const none = await json(
			await request.get(`/api/admin/contests/${empty.id}/participants`, { headers: bearer(superToken) }),
		)
		expect(none.data.participants).toEqual([])
		expect(
			(await request.get('/api/admin/contests/999999999/participants', { headers: bearer(superToken) })).status(),
		).toBe(404)
	})

	test('bad paging values are a 400, never a 500', async ({ request }) => {
		const contest = await create(request)
		for (const query of [
			'page=0',
			'page=-1',
			'page=abc',
			'limit=0',
			'limit=101',
			'limit=1.5',
			'page=1&page=2',
			'sort=score',
		]) {
			const res = await request.get(`/api/admin/contests/${contest.id}/participants?${query}`, {
				headers: bearer(superToken),
			})
			expect(res.status(), query).toBe(400)
		}
		for (const query of ['limit=0', 'limit=1000', 'limit=x', 'top=3']) {
			const res = await request.get(`/api/admin/contests/${contest.id}/leaderboard?${query}`, {
				headers: bearer(superToken),
			})
			expect(res.status(), query).toBe(400)
		}
	})

	test('PUT a score: the ranking moves; bad scores 400; unknown 404; audited', async ({ request, addParticipants }) => {
		// Referral contests take manual scores; deposit, trading and activity ones come from the data (409 below).
		const contest = await create(request, { type: 'referral' })
		expect((await setStatus(request, contest.id, 'active')).status()).toBe(200)
		const [first, second] = await addParticipants(contest.id, [10, 4])
		const res = await request.put(`/api/admin/contests/${contest.id}/participants/${second!.userId}`, {
			data: { score: 12 },
			headers: bearer(adminToken),
		})
		expect(res.status()).toBe(200)
		expect(await json(res)).toMatchObject({
			success: true,
			message: 'Score updated',
			data: { participant: { userId: second!.userId, score: 12, rank: 1, user: { email: second!.email } } },
		})
		const board = await json(
			await request.get(`/api/admin/contests/${contest.id}/leaderboard?limit=1`, { headers: bearer(superToken) }),
		)
		expect(board.data).toEqual({
			contest: { id: contest.id, name: contest.name, status: 'active' },
			leaderboard: [{ rank: 1, userId: second!.userId, name: second!.name, email: second!.email, score: 12 }],
		})
		for (const data of [
			{ score: -1 },
			{ score: 1.5 },
			{ score: '5' },
			{},
			{ score: null },
			{ score: 1, rank: 1 },
			{ score: 1e12 },
		]) {
			const bad = await request.put(`/api/admin/contests/${contest.id}/participants/${first!.userId}`, {
				data,
				headers: bearer(superToken),
			})
			expect(bad.status(), JSON.stringify(data)).toBe(400)
		}
		expect(
			(
				await request.put(`/api/admin/contests/${contest.id}/participants/999999999`, {
					data: { score: 1 },
					headers: bearer(superToken),
				})
			).status(),
		).toBe(404)
		expect(
			(
				await request.put(`/api/admin/contests/${contest.id}/participants/abc`, {
					data: { score: 1 },
					headers: bearer(superToken),
				})
			).status(),
		).toBe(404)
		expect(
			(
				await request.put(`/api/admin/contests/999999999/participants/${first!.userId}`, {
					data: { score: 1 },
					headers: bearer(superToken),
				})
			).status(),
		).toBe(404)
		const audit = contestAudit(contest.id).filter((a) => a.action === 'contest.participant-score')
		expect(audit).toHaveLength(1)
		expect(JSON.parse(audit[0]!.after!)).toEqual({ userId: second!.userId, score: 12 })

		// A trading contest's scores come from the broker reports: refused, unchanged, not audited.
		const trading = await create(request)
		expect((await setStatus(request, trading.id, 'active')).status()).toBe(200)
		const [player] = await addParticipants(trading.id, [4])
		const refused = await request.put(`/api/admin/contests/${trading.id}/participants/${player!.userId}`, {
			data: { score: 40 },
			headers: bearer(superToken),
		})
		expect(refused.status()).toBe(409)
		expect(await json(refused)).toEqual({
			success: false,
			message:
				'Scores of deposit, trading and activity contests come from the data (broker reports, sign-ins, lessons, referrals) and cannot be set by hand.',
		})
		expect(contestAudit(trading.id).filter((a) => a.action === 'contest.participant-score')).toHaveLength(0)
	})

	test('Complete freezes the ranks; later score changes are refused (409)', async ({ request, addParticipants }) => {
		const contest = await create(request)
		expect((await setStatus(request, contest.id, 'active')).status()).toBe(200)
		const players = await addParticipants(contest.id, [3, 7, 7, 0])
		expect((await complete(request, contest.id)).status()).toBe(200)
		const ranks = async () =>
			(
				(
					await json(
						await request.get(`/api/admin/contests/${contest.id}/participants`, { headers: bearer(superToken) }),
					)
				).data.participants as Array<{
					userId: number
					rank: number
				}>
			).map((p) => [p.userId, p.rank])
		const frozen = await ranks()
		expect(frozen).toEqual([
			[players[1]!.userId, 1],
			[players[2]!.userId, 2],
			[players[0]!.userId, 3],
			[players[3]!.userId, 4],
		])
		const refused = await request.put(`/api/admin/contests/${contest.id}/participants/${players[3]!.userId}`, {
			data: { score: 100 },
			headers: bearer(superToken),
		})
		expect(refused.status()).toBe(409)
		expect(await json(refused)).toEqual({
			success: false,
			message: 'This contest is completed: its ranks are final and scores can no longer change.',
		})
		expect(await ranks()).toEqual(frozen)
	})

	test('stats: participants, total and top score, days left, status', async ({ request, addParticipants }) => {
		const contest = await create(request, { startDate: day(-5), endDate: day(10), maxParticipants: 10 })
		await addParticipants(contest.id, [2, 5, 8])
		const res = await request.get(`/api/admin/contests/${contest.id}/stats`, { headers: bearer(adminToken) })
		expect(res.status()).toBe(200)
		expect((await json(res)).data).toEqual({
			contestId: contest.id,
			name: contest.name,
			status: 'draft',
			startDate: day(-5),
			endDate: day(10),
			participants: 3,
			totalScore: 15,
			topScore: 8,
			averageScore: 5,
			daysLeft: 11,
			maxParticipants: 10,
			spotsLeft: 7,
		})
		expect((await request.get('/api/admin/contests/999999999/stats', { headers: bearer(superToken) })).status()).toBe(
			404,
		)
		expect(
			(await request.get('/api/admin/contests/999999999/leaderboard', { headers: bearer(superToken) })).status(),
		).toBe(404)
	})
})

test.describe('DELETE /api/admin/contests/:id', () => {
	test('role admin is refused (403) and the contest stays', async ({ request, addParticipants }) => {
		const contest = await create(request)
		await addParticipants(contest.id, [1])
		const res = await request.delete(`/api/admin/contests/${contest.id}`, { headers: bearer(adminToken) })
		expect(res.status()).toBe(403)
		expect(await json(res)).toEqual({ success: false, message: 'Access denied. Super admin privileges required.' })
		expect((await request.get(`/api/admin/contests/${contest.id}`, { headers: bearer(adminToken) })).status()).toBe(200)
		expect(participantRows(contest.id)).toBe(1)
	})

	test('super_admin deletes the contest and its participants; audited; a second delete is 404', async ({
		request,
		addParticipants,
	}) => {
		const contest = await create(request)
		await addParticipants(contest.id, [1, 2, 3])
		const res = await request.delete(`/api/admin/contests/${contest.id}`, { headers: bearer(superToken) })
		expect(res.status()).toBe(200)
		expect(await json(res)).toEqual({
			success: true,
			message: 'Contest deleted',
			data: { id: contest.id, participantsRemoved: 3 },
		})
		expect(participantRows(contest.id)).toBe(0)
		expect((await request.get(`/api/admin/contests/${contest.id}`, { headers: bearer(superToken) })).status()).toBe(404)
		expect((await request.delete(`/api/admin/contests/${contest.id}`, { headers: bearer(superToken) })).status()).toBe(
			404,
		)
		expect((await request.delete('/api/admin/contests/abc', { headers: bearer(superToken) })).status()).toBe(404)
		const audit = contestAudit(contest.id)
		expect(audit.map((a) => a.action)).toEqual(['contest.create', 'contest.delete'])
		expect(audit[1]!.adminEmail).toBe(superAdmin.email)
		expect(JSON.parse(audit[1]!.before!)).toMatchObject({ name: contest.name, participantCount: 3 })
	})
})
