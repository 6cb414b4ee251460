import type { APIResponse } from '@playwright/test'
import { bearer } from '../admin-utils.ts'
import { expect, test } from '../fixtures.ts'
import { auditFor, claimRow, insertClaim } from '../offer-alert-utils.ts'

// /api/admin/offer-claims*: guards, bad filters and bodies (400, nothing
// stored), unknown claims (404), the list with its filters, the change
// with its audit row, and the CSV export.

async function json(res: APIResponse) {
	expect(res.headers()['content-type']).toBe('application/json; charset=utf-8')
	return res.json()
}

test.describe('guards', () => {
	const routes: Array<[string, string, unknown?]> = [
		['GET', '/api/admin/offer-claims'],
		['GET', '/api/admin/offer-claims/1'],
		['PATCH', '/api/admin/offer-claims/1', { status: 'done' }],
		['GET', '/api/admin/offer-claims/export'],
	]
	for (const [method, path, body] of routes) {
		test(`${method} ${path}: no token 401, member token 403`, async ({ request, memberToken }) => {
			const opts = (headers: Record<string, string>) => ({ method, headers, ...(body ? { data: body } : {}) })
			const none = await request.fetch(path, opts({}))
			expect(none.status()).toBe(401)
			expect(await json(none)).toEqual({ success: false, message: 'Not authenticated' })
			expect((await request.fetch(path, opts(bearer(memberToken)))).status()).toBe(403)
		})
	}
})

test('the list: filters by status and offer, pages, and refuses unknown values (400)', async ({
	request,
	adminToken,
	createMember,
}) => {
	const member = await createMember({ unlocked: true, plan: 'gold', name: 'Claim Lister' })
	const first = insertClaim(member.id, 'zainab-bello', Date.now() - 1000)
	const second = insertClaim(member.id, 'daniel-mensah', Date.now())
	const headers = bearer(adminToken)
	const all = await json(await request.get('/api/admin/offer-claims?limit=100', { headers }))
	expect(all.success).toBe(true)
	const mine = all.data.claims.filter((c: { userId: number }) => c.userId === member.id)
	expect(mine.map((c: { id: number }) => c.id)).toEqual([second, first])
	expect(mine[1]).toMatchObject({
		memberName: 'Claim Lister',
		memberEmail: member.email,
		offerId: 'zainab-bello',
		offerTitle: 'Zainab Bello',
		status: 'new',
		note: '',
		updatedAt: null,
	})
	expect(all.data.pagination).toMatchObject({ page: 1, limit: 100, currentPage: 1 })
	const byOffer = await json(await request.get('/api/admin/offer-claims?offer=zainab-bello&status=new', { headers }))
	expect(
		byOffer.data.claims.every(
			(c: { offerId: string; status: string }) => c.offerId === 'zainab-bello' && c.status === 'new',
		),
	).toBe(true)
	expect(byOffer.data.claims.map((c: { id: number }) => c.id)).toContain(first)

	const bad = await request.get('/api/admin/offer-claims?status=lost&offer=No%20Body&page=0&limit=101', { headers })
	expect(bad.status()).toBe(400)
	expect((await json(bad)).errors.map((e: { path: string }) => e.path)).toEqual(['status', 'offer', 'page', 'limit'])
	const repeated = await request.get('/api/admin/offer-claims?status=new&status=done', { headers })
	expect(repeated.status()).toBe(400)
})

test('PATCH sets status and note with its audit row; bad input 400 stores nothing; unknown 404', async ({
	request,
	createAdmin,
	createMember,
}) => {
	const admin = await createAdmin({ role: 'admin' })
	const member = await createMember({ unlocked: true, plan: 'gold' })
	const id = insertClaim(member.id)
	const headers = bearer(admin.token)
	for (const [data, path] of [
		[{ status: 'lost' }, 'status'],
		[{ note: 'x'.repeat(1001) }, 'note'],
		[{ note: 'bell\u0007' }, 'note'],
		[{}, 'status'],
		[{ status: 'done', other: 1 }, 'other'],
	] as const) {
		const res = await request.patch(`/api/admin/offer-claims/${id}`, { headers, data })
		expect(res.status(), JSON.stringify(data)).toBe(400)
		expect((await json(res)).errors.map((e: { path: string }) => e.path)).toContain(path)
	}
	expect(claimRow(id)).toMatchObject({ status: 'new', note: '', updatedAt: null })
	expect(auditFor('offer-claim', id)).toEqual([])

	const res = await request.patch(`/api/admin/offer-claims/${id}`, {
		headers,
		data: { status: 'contacted', note: 'Called on Telegram' },
	})
	expect(res.status()).toBe(200)
	const body = await json(res)
	expect(body).toMatchObject({ success: true, message: 'Claim updated' })
	expect(body.data.claim).toMatchObject({
		id,
		status: 'contacted',
		note: 'Called on Telegram',
		updatedAt: expect.any(String),
	})
	const audit = auditFor('offer-claim', id)
	expect(audit).toHaveLength(1)
	expect(audit[0]!.action).toBe('offer-claim.update')
	expect(audit[0]!.adminEmail).toBe(admin.email)
	expect(JSON.parse(audit[0]!.before)).toEqual({ status: 'new', note: '' })
	expect(JSON.parse(audit[0]!.after)).toEqual({ status: 'contacted', note: 'Called on Telegram' })

	const one = await json(await request.get(`/api/admin/offer-claims/${id}`, { headers }))
	expect(one.data.claim).toMatchObject({ id, status: 'contacted' })

	for (const path of ['/api/admin/offer-claims/999999999', '/api/admin/offer-claims/abc']) {
		const missing = await request.patch(path, { headers, data: { status: 'done' } })
		expect(missing.status()).toBe(404)
		expect(await json(missing)).toEqual({ success: false, message: 'Claim not found' })
		expect((await request.get(path, { headers })).status()).toBe(404)
	}
})

test('the export is the filtered list as CSV, formula cells kept as text', async ({
	request,
	adminToken,
	createMember,
}) => {
	const member = await createMember({ unlocked: true, plan: 'gold', name: '=Formula Member' })
	const id = insertClaim(member.id, 'zainab-bello')
	const headers = bearer(adminToken)
	await request.patch(`/api/admin/offer-claims/${id}`, { headers, data: { status: 'declined', note: '@note' } })
	const res = await request.get('/api/admin/offer-claims/export?status=declined&offer=zainab-bello', { headers })
	expect(res.status()).toBe(200)
	expect(res.headers()['content-type']).toBe('text/csv; charset=utf-8')
	expect(res.headers()['content-disposition']).toMatch(/^attachment; filename="offer-claims-\d{4}-\d{2}-\d{2}\.csv"$/)
	const text = await res.text()
	expect(text.split('\r\n')[0]).toBe('\uFEFFID,Member,Email,Offer,Claimed,Status,Note,Updated')
	const line = text.split('\r\n').find((l) => l.startsWith(`${id},`))
	expect(line).toContain(`${id},'=Formula Member,${member.email},Zainab Bello,`)
	expect(line).toContain(",Declined,'@note,")
	expect((await request.get('/api/admin/offer-claims/export?status=lost', { headers })).status()).toBe(400)
})
