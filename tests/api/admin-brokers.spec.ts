import { randomUUID } from 'node:crypto'
import { bearer, withE2eDatabase } from '../admin-utils.ts'
import { expect, test } from '../fixtures.ts'

// /api/admin/brokers*: list and read (brokers:view, both roles), add, edit,
// deactivate and reactivate (brokers:manage, super admins), with their 4xx
// answers and messages and the audit rows. Brokers made here have slugs
// "ab-…" and are removed after the suite, so members' cards stay as seeded.

// Tests run in parallel workers: each removes the brokers it made, never another worker's.
const made: string[] = []
test.afterAll(() => {
	const slugs = made.splice(0)
	if (slugs.length === 0) return
	withE2eDatabase((db) =>
		db.prepare(`delete from brokers where slug in (${slugs.map(() => '?').join(', ')})`).run(...slugs),
	)
})

function payload(overrides: Record<string, unknown> = {}) {
	const slug = `ab-${randomUUID().slice(0, 8)}`
	made.push(slug)
	return {
		name: `Broker ${slug}`,
		slug,
		regulator: 'Test Regulator',
		licence: 'Licence 42',
		lossPercent: 68.5,
		minDeposit: 25.5,
		affiliateUrl: `https://${slug}.example/join?sub={trackingId}`,
		rating: 4.2,
		features: ['Fast withdrawals', 'Copy trading'],
		sortOrder: 9000,
		...overrides,
	}
}

function auditActions(brokerId: number) {
	return withE2eDatabase((db) =>
		(
			db
				.prepare("select action from audit_log where target_type = 'broker' and target_id = ? order by id")
				.all(String(brokerId)) as { action: string }[]
		).map((r) => r.action),
	)
}

test('no token: 401; a member token: 403', async ({ request, createMember }) => {
	expect((await request.get('/api/admin/brokers')).status()).toBe(401)
	expect((await request.post('/api/admin/brokers', { data: payload() })).status()).toBe(401)
	expect((await request.post('/api/admin/brokers/xm/deactivate')).status()).toBe(401)
	const member = await createMember()
	expect((await request.get('/api/admin/brokers', { headers: bearer(member.token) })).status()).toBe(403)
})

test('role admin reads brokers but cannot change them', async ({ request, createAdmin }) => {
	const headers = bearer((await createAdmin({ role: 'admin' })).token)
	const list = await request.get('/api/admin/brokers', { headers })
	expect(list.status()).toBe(200)
	const { brokers } = (await list.json()).data
	expect(brokers.map((b: { slug: string }) => b.slug)).toEqual(expect.arrayContaining(['exness', 'xm', 'hfm']))
	expect(brokers.find((b: { slug: string }) => b.slug === 'xm')).toMatchObject({
		name: 'XM',
		active: expect.any(Boolean),
		clicksLast30Days: expect.any(Number),
		membersConnected: expect.any(Number),
	})
	expect((await request.get('/api/admin/brokers/xm', { headers })).status()).toBe(200)
	expect((await request.post('/api/admin/brokers', { headers, data: payload() })).status()).toBe(403)
	expect((await request.patch('/api/admin/brokers/xm', { headers, data: { rating: 1 } })).status()).toBe(403)
	expect((await request.post('/api/admin/brokers/xm/deactivate', { headers })).status()).toBe(403)
})

test('add, read, edit, deactivate, reactivate: each audited', async ({ request, createAdmin }) => {
	const headers = bearer((await createAdmin({ role: 'super_admin' })).token)
	const data = payload()
	const created = await request.post('/api/admin/brokers', { headers, data })
	expect(created.status()).toBe(201)
	const body = await created.json()
	expect(body).toMatchObject({
		success: true,
		message: 'Broker added.',
		data: { slug: data.slug, minDeposit: 25.5, features: ['Fast withdrawals', 'Copy trading'], active: true },
	})
	const id = body.data.id as number
	const stored = withE2eDatabase((db) =>
		db.prepare('select min_deposit_cents as cents, features from brokers where id = ?').get(id),
	)
	expect(stored).toEqual({ cents: 2550, features: 'Fast withdrawals\nCopy trading' })

	const read = await request.get(`/api/admin/brokers/${data.slug}`, { headers })
	expect((await read.json()).data).toMatchObject({ id, lossPercent: 68.5 })

	const edited = await request.patch(`/api/admin/brokers/${data.slug}`, {
		headers,
		data: { lossPercent: 72.01, recommended: true },
	})
	expect(edited.status()).toBe(200)
	expect((await edited.json()).data).toMatchObject({ lossPercent: 72.01, recommended: true, name: data.name })

	const off = await request.post(`/api/admin/brokers/${data.slug}/deactivate`, { headers })
	expect(off.status()).toBe(200)
	expect((await off.json()).data.active).toBe(false)
	const again = await request.post(`/api/admin/brokers/${data.slug}/deactivate`, { headers })
	expect(again.status()).toBe(409)
	expect((await again.json()).message).toBe('This broker is already inactive.')
	const on = await request.post(`/api/admin/brokers/${data.slug}/activate`, { headers })
	expect((await on.json()).data.active).toBe(true)

	expect(auditActions(id)).toEqual(['broker.create', 'broker.update', 'broker.deactivate', 'broker.activate'])
	const audit = withE2eDatabase(
		(db) =>
			db
				.prepare("select before, after from audit_log where target_id = ? and action = 'broker.update'")
				.get(String(id)) as { before: string; after: string },
	)
	expect(JSON.parse(audit.before)).toMatchObject({ lossPercent: 68.5, recommended: false })
	expect(JSON.parse(audit.after)).toMatchObject({ lossPercent: 72.01, recommended: true })
})

test('bad input: messages at the fields; a taken slug is a 409; unknown slugs 404', async ({
	request,
	createAdmin,
}) => {
	const headers = bearer((await createAdmin({ role: 'super_admin' })).token)
	const bad = await request.post('/api/admin/brokers', {
		headers,
		data: payload({ slug: 'Bad Slug', affiliateUrl: 'http://x.example/?sub={trackingId}', lossPercent: 120 }),
	})
	expect(bad.status()).toBe(400)
	const badBody = await bad.json()
	expect(badBody.message).toBe('Validation failed')
	expect(badBody.errors).toEqual(
		expect.arrayContaining([
			{ path: 'slug', message: expect.stringContaining('lowercase letters') },
			{ path: 'affiliateUrl', message: expect.stringContaining('must be an https:// link') },
			{ path: 'lossPercent', message: 'Loss percentage must be from 0 to 100' },
		]),
	)
	const noPlaceholder = await request.post('/api/admin/brokers', {
		headers,
		data: payload({ affiliateUrl: 'https://x.example/?sub=1' }),
	})
	expect((await noPlaceholder.json()).errors).toEqual([
		{ path: 'affiliateUrl', message: expect.stringContaining('{trackingId}') },
	])
	const unknown = await request.post('/api/admin/brokers', { headers, data: payload({ extra: 1 }) })
	expect((await unknown.json()).errors).toEqual([{ path: 'extra', message: 'Unknown field' }])

	const taken = await request.post('/api/admin/brokers', { headers, data: payload({ slug: 'xm' }) })
	expect(taken.status()).toBe(409)
	expect(await taken.json()).toMatchObject({
		success: false,
		message: 'This slug is already used by another broker',
		errors: [{ path: 'slug', message: 'This slug is already used by another broker' }],
	})
	expect((await request.get('/api/admin/brokers/nope-none', { headers })).status()).toBe(404)
	expect((await request.patch('/api/admin/brokers/nope-none', { headers, data: { rating: 1 } })).status()).toBe(404)
	expect((await request.post('/api/admin/brokers/nope-none/activate', { headers })).status()).toBe(404)
	const empty = await request.patch('/api/admin/brokers/xm', { headers, data: {} })
	expect(empty.status()).toBe(400)
})
