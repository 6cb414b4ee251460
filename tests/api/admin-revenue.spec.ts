import { randomUUID } from 'node:crypto'
import type { APIRequestContext } from '@playwright/test'
import { bearer, withE2eDatabase } from '../admin-utils.ts'
import { expect, test } from '../fixtures.ts'

// /api/admin/revenue corrections: the list (GET), PATCH /:id and POST
// /:id/void with their guards (401), bad input (400), unknown ids (404) and
// state conflicts (409). Entries are for 2000-02, far from the current month
// whose Monthly Revenue other suites read.

const MONTH = '2000-02'

let token: string
test.beforeEach(async ({ createAdmin }) => {
	// Role admin has revenue:correct too (only staff accounts are super admin only).
	token = (await createAdmin({ role: 'admin' })).token
})

async function record(request: APIRequestContext, amount = 100) {
	const broker = `Broker ${randomUUID().slice(0, 8)}`
	const res = await request.post('/api/admin/revenue', {
		headers: bearer(token),
		data: { broker, month: MONTH, amount },
	})
	expect(res.status()).toBe(201)
	return (await res.json()).data as { id: number; broker: string }
}

function monthTotalCents() {
	return withE2eDatabase(
		(db) =>
			(
				db
					.prepare(
						'select coalesce(sum(amount_cents), 0) as n from revenue_entries where month = ? and voided_at is null',
					)
					.get(MONTH) as { n: number }
			).n,
	)
}

test('no token: 401 on each route', async ({ request }) => {
	expect((await request.get('/api/admin/revenue')).status()).toBe(401)
	expect((await request.patch('/api/admin/revenue/1', { data: { reason: 'x', amount: 1 } })).status()).toBe(401)
	expect((await request.post('/api/admin/revenue/1/void', { data: { reason: 'x' } })).status()).toBe(401)
})

test('a member token: 403', async ({ request, createMember }) => {
	const member = await createMember()
	expect((await request.get('/api/admin/revenue', { headers: bearer(member.token) })).status()).toBe(403)
})

test('edit with a reason, then void: the figures follow, the list keeps it, twice is a 409', async ({ request }) => {
	const entry = await record(request, 100)
	const before = monthTotalCents()
	const edited = await request.patch(`/api/admin/revenue/${entry.id}`, {
		headers: bearer(token),
		data: { amount: 150.25, reason: 'The broker re-issued the report' },
	})
	expect(edited.status()).toBe(200)
	expect((await edited.json()).data).toMatchObject({
		id: entry.id,
		amount: 150.25,
		correctionReason: 'The broker re-issued the report',
		voidedAt: null,
	})
	expect(monthTotalCents()).toBe(before + 5025)

	const voided = await request.post(`/api/admin/revenue/${entry.id}/void`, {
		headers: bearer(token),
		data: { reason: 'Duplicate' },
	})
	expect(voided.status()).toBe(200)
	expect((await voided.json()).data).toMatchObject({ voidReason: 'Duplicate', voidedAt: expect.any(String) })
	expect(monthTotalCents()).toBe(before - 10000)

	const again = await request.post(`/api/admin/revenue/${entry.id}/void`, {
		headers: bearer(token),
		data: { reason: 'x' },
	})
	expect(again.status()).toBe(409)
	const edit = await request.patch(`/api/admin/revenue/${entry.id}`, {
		headers: bearer(token),
		data: { amount: 1, reason: 'x' },
	})
	expect(edit.status()).toBe(409)

	const list = await request.get('/api/admin/revenue', { headers: bearer(token), params: { limit: '100' } })
	expect(list.status()).toBe(200)
	const body = await list.json()
	expect(body.data.pagination).toMatchObject({ page: 1, limit: 100 })
	expect(body.data.entries.find((e: { id: number }) => e.id === entry.id)).toMatchObject({ voidReason: 'Duplicate' })
	// The audit log has both changes with their reasons.
	const actions = withE2eDatabase((db) =>
		db
			.prepare("select action, after from audit_log where target_type = 'revenue' and target_id = ? order by id")
			.all(String(entry.id)),
	) as Array<{ action: string; after: string }>
	expect(actions.map((a) => a.action)).toEqual(['revenue.record', 'revenue.update', 'revenue.void'])
	expect(actions[1]!.after).toContain('The broker re-issued the report')
})

test('bad input is a 400 with the field and stores nothing', async ({ request }) => {
	const entry = await record(request, 100)
	const before = monthTotalCents()
	const cases: Array<[unknown, string]> = [
		[{ amount: 5 }, 'reason'],
		[{ amount: 5, reason: '   ' }, 'reason'],
		[{ amount: 5, reason: 'x'.repeat(501) }, 'reason'],
		[{ amount: 5, reason: 'bad\u0000char' }, 'reason'],
		[{ reason: 'nothing to change' }, 'broker'],
		[{ amount: -1, reason: 'x' }, 'amount'],
		[{ month: '2999-01', reason: 'x' }, 'month'],
		[{ amount: 5, reason: 'x', extra: true }, ''],
	]
	for (const [data, path] of cases) {
		const res = await request.patch(`/api/admin/revenue/${entry.id}`, { headers: bearer(token), data })
		expect(res.status(), JSON.stringify(data)).toBe(400)
		if (path) expect((await res.json()).errors.map((e: { path: string }) => e.path)).toContain(path)
	}
	const voidRes = await request.post(`/api/admin/revenue/${entry.id}/void`, { headers: bearer(token), data: {} })
	expect(voidRes.status()).toBe(400)
	expect((await request.get('/api/admin/revenue', { headers: bearer(token), params: { page: '0' } })).status()).toBe(
		400,
	)
	expect((await request.get('/api/admin/revenue', { headers: bearer(token), params: { limit: '101' } })).status()).toBe(
		400,
	)
	expect(monthTotalCents()).toBe(before)
})

test('unknown or malformed ids: 404', async ({ request }) => {
	for (const id of ['999999999', 'abc', '0']) {
		expect(
			(
				await request.patch(`/api/admin/revenue/${id}`, { headers: bearer(token), data: { amount: 1, reason: 'x' } })
			).status(),
		).toBe(404)
		expect(
			(await request.post(`/api/admin/revenue/${id}/void`, { headers: bearer(token), data: { reason: 'x' } })).status(),
		).toBe(404)
	}
})
