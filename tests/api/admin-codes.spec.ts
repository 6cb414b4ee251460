import { bearer } from '../admin-utils.ts'
import { expect, test } from '../fixtures.ts'

// /api/admin/unlock-codes and /api/admin/plan-code-*: success, 401 without a
// token, 403 for a member, 400 for bad input (nothing stored), 404 for an
// unknown target, 409 for a state conflict. Rotations keep the previous
// codes valid for 7 days, so the other specs' UNLOCK_CODE keeps working.

const routes: Array<[string, string]> = [
	['GET', '/api/admin/unlock-codes'],
	['POST', '/api/admin/unlock-codes'],
	['POST', '/api/admin/unlock-codes/1/retire'],
	['GET', '/api/admin/plan-code-batches'],
	['POST', '/api/admin/plan-code-batches'],
	['GET', '/api/admin/plan-code-batches/1'],
	['GET', '/api/admin/plan-code-batches/1/export'],
	['POST', '/api/admin/plan-code-batches/1/revoke'],
	['POST', '/api/admin/plan-codes/1/revoke'],
]

const batch = (over: Record<string, unknown> = {}) => ({
	plan: 'gold',
	count: 3,
	usesPerCode: 1,
	note: 'API spec campaign',
	...over,
})

test('every codes route: 401 without a token, 403 for a member', async ({ request, memberToken }) => {
	for (const [method, path] of routes) {
		const none = await request.fetch(path, { method, data: method === 'POST' ? {} : undefined })
		expect(none.status(), `${method} ${path}`).toBe(401)
		const member = await request.fetch(path, {
			method,
			headers: bearer(memberToken),
			data: method === 'POST' ? {} : undefined,
		})
		expect(member.status(), `${method} ${path}`).toBe(403)
	}
})

test('rotate with grace, list, retire; bad input 400, taken code 409, unknown 404', async ({ request, adminToken }) => {
	const auth = bearer(adminToken)
	const typed = `API-${Date.now().toString(36).toUpperCase()}`
	const rotated = await request.post('/api/admin/unlock-codes', {
		headers: auth,
		data: { code: typed.toLowerCase(), graceHours: 168 },
	})
	expect(rotated.status(), await rotated.text()).toBe(201)
	const { code } = (await rotated.json()).data
	expect(code).toMatchObject({ code: typed, current: true, status: 'active' })

	const list = await (await request.get('/api/admin/unlock-codes', { headers: auth })).json()
	expect(list.data.codes[0]).toMatchObject({ id: code.id, current: true })
	expect(list.data.codes.filter((c: { status: string }) => c.status !== 'retired').length).toBeGreaterThan(1)

	const taken = await request.post('/api/admin/unlock-codes', { headers: auth, data: { code: typed, graceHours: 168 } })
	expect(taken.status()).toBe(409)
	expect((await taken.json()).errors[0].path).toBe('code')
	for (const data of [
		{ code: 'ab' },
		{ code: 'has space' },
		{ graceHours: 5 },
		{ expiresAt: '2000-01-01T00:00:00Z' },
		{ expiresAt: 'tomorrow' },
		{ other: true },
	]) {
		const res = await request.post('/api/admin/unlock-codes', { headers: auth, data })
		expect(res.status(), JSON.stringify(data)).toBe(400)
	}

	const retired = await request.post(`/api/admin/unlock-codes/${code.id}/retire`, { headers: auth })
	expect(retired.status(), await retired.text()).toBe(200)
	expect((await retired.json()).data.code.status).toBe('retired')
	expect((await request.post(`/api/admin/unlock-codes/${code.id}/retire`, { headers: auth })).status()).toBe(409)
	expect((await request.post('/api/admin/unlock-codes/999999999/retire', { headers: auth })).status()).toBe(404)
	expect((await request.post('/api/admin/unlock-codes/abc/retire', { headers: auth })).status()).toBe(404)
})

test('issue a batch, list, read, export, revoke a code and the batch', async ({ request, adminToken }) => {
	const auth = bearer(adminToken)
	for (const data of [
		batch({ count: 0 }),
		batch({ count: 10_001 }),
		batch({ plan: 'diamond' }),
		batch({ plan: 'regular' }),
		batch({ usesPerCode: 0 }),
		batch({ note: '' }),
		batch({ note: 'x'.repeat(201) }),
		batch({ note: 'bad\u0007note' }),
		batch({ expiresAt: '2001-01-01T00:00:00Z' }),
	]) {
		const res = await request.post('/api/admin/plan-code-batches', { headers: auth, data })
		expect(res.status(), JSON.stringify(data)).toBe(400)
	}
	const issued = await request.post('/api/admin/plan-code-batches', {
		headers: auth,
		data: batch({ plan: 'platinum' }),
	})
	expect(issued.status(), await issued.text()).toBe(201)
	const { batch: created, codes } = (await issued.json()).data
	expect(codes).toHaveLength(3)
	for (const c of codes) expect(c).toMatch(/^PLAT-[A-Z0-9]{12}$/)

	const list = await (await request.get('/api/admin/plan-code-batches', { headers: auth })).json()
	expect(list.data.batches[0]).toMatchObject({ id: created.id, count: 3, counts: { unused: 3 } })
	expect((await request.get('/api/admin/plan-code-batches?page=0', { headers: auth })).status()).toBe(400)

	const one = await (await request.get(`/api/admin/plan-code-batches/${created.id}`, { headers: auth })).json()
	expect(one.data.codes).toHaveLength(3)
	for (const c of one.data.codes) expect(codes).not.toContain(c.code)
	expect(
		(await request.get(`/api/admin/plan-code-batches/${created.id}?status=lost`, { headers: auth })).status(),
	).toBe(400)
	expect((await request.get('/api/admin/plan-code-batches/999999999', { headers: auth })).status()).toBe(404)

	const csv = await request.get(`/api/admin/plan-code-batches/${created.id}/export`, { headers: auth })
	expect(csv.status()).toBe(200)
	expect(csv.headers()['content-type']).toContain('text/csv')
	const text = await csv.text()
	for (const c of codes) expect(text).toContain(c)
	expect((await request.get('/api/admin/plan-code-batches/999999999/export', { headers: auth })).status()).toBe(404)

	const firstId = one.data.codes[0].id
	expect((await request.post(`/api/admin/plan-codes/${firstId}/revoke`, { headers: auth })).status()).toBe(200)
	expect((await request.post(`/api/admin/plan-codes/${firstId}/revoke`, { headers: auth })).status()).toBe(409)
	expect((await request.post('/api/admin/plan-codes/999999999/revoke', { headers: auth })).status()).toBe(404)

	const revoked = await request.post(`/api/admin/plan-code-batches/${created.id}/revoke`, { headers: auth })
	expect(revoked.status(), await revoked.text()).toBe(200)
	expect((await revoked.json()).data).toMatchObject({ revoked: 2, batch: { counts: { revoked: 3 } } })
	expect((await request.post(`/api/admin/plan-code-batches/${created.id}/revoke`, { headers: auth })).status()).toBe(
		409,
	)
	expect((await request.post('/api/admin/plan-code-batches/999999999/revoke', { headers: auth })).status()).toBe(404)
})
