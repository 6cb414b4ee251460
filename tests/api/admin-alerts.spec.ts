import { randomUUID } from 'node:crypto'
import type { APIResponse } from '@playwright/test'
import { bearer } from '../admin-utils.ts'
import { expect, test } from '../fixtures.ts'
import { alertRow, auditFor, deleteAlerts, insertAlert } from '../offer-alert-utils.ts'

// /api/admin/alerts*: guards, bad filters (400), unknown ids (404),
// resolving twice (409), acknowledge and resolve with their audit rows,
// and the dashboard's alerts call keeping its shape.

async function json(res: APIResponse) {
	expect(res.headers()['content-type']).toBe('application/json; charset=utf-8')
	return res.json()
}

const made: number[] = []
test.afterEach(() => deleteAlerts(...made.splice(0)))

function alert(type: 'error' | 'warning' | 'info' = 'warning') {
	const title = `Api alert ${randomUUID().slice(0, 8)}`
	const id = insertAlert(title, type)
	made.push(id)
	return { id, title }
}

test.describe('guards', () => {
	const routes: Array<[string, string]> = [
		['GET', '/api/admin/alerts'],
		['POST', '/api/admin/alerts/1/acknowledge'],
		['POST', '/api/admin/alerts/1/resolve'],
	]
	for (const [method, path] of routes) {
		test(`${method} ${path}: no token 401, member token 403`, async ({ request, memberToken }) => {
			const none = await request.fetch(path, { method })
			expect(none.status()).toBe(401)
			expect(await json(none)).toEqual({ success: false, message: 'Not authenticated' })
			expect((await request.fetch(path, { method, headers: bearer(memberToken) })).status()).toBe(403)
		})
	}
})

test('acknowledge then resolve: who and when kept, audited; twice is 409; unknown 404', async ({
	request,
	createAdmin,
}) => {
	const admin = await createAdmin({ role: 'admin' })
	const { id, title } = alert('error')
	const headers = bearer(admin.token)

	const ack = await request.post(`/api/admin/alerts/${id}/acknowledge`, { headers })
	expect(ack.status()).toBe(200)
	const ackBody = await json(ack)
	expect(ackBody).toMatchObject({ success: true, message: 'Alert acknowledged' })
	expect(ackBody.data.alert).toMatchObject({
		id,
		title,
		state: 'acknowledged',
		acknowledgedByEmail: admin.email,
		acknowledgedAt: expect.any(String),
		resolvedAt: null,
		resolvedByEmail: null,
	})
	// Acknowledged stays open: still in the dashboard's list, in its exact shape.
	const dashboard = await json(await request.get('/api/admin/dashboard/alerts?limit=50', { headers }))
	const listed = dashboard.data.find((a: { id: number }) => a.id === id)
	expect(Object.keys(listed).sort()).toEqual(['createdAt', 'id', 'message', 'title', 'type'])
	const again = await request.post(`/api/admin/alerts/${id}/acknowledge`, { headers })
	expect(again.status()).toBe(409)

	const resolve = await request.post(`/api/admin/alerts/${id}/resolve`, { headers })
	expect(resolve.status()).toBe(200)
	expect((await json(resolve)).data.alert).toMatchObject({ state: 'resolved', resolvedByEmail: admin.email })
	expect(alertRow(id)).toMatchObject({ acknowledgedByEmail: admin.email, resolvedByEmail: admin.email })
	expect(auditFor('alert', id).map((r) => [r.action, r.adminEmail])).toEqual([
		['alert.acknowledge', admin.email],
		['alert.resolve', admin.email],
	])

	const twice = await request.post(`/api/admin/alerts/${id}/resolve`, { headers })
	expect(twice.status()).toBe(409)
	expect(await json(twice)).toEqual({ success: false, message: 'This alert is already resolved' })
	expect(auditFor('alert', id)).toHaveLength(2)
	const after = await json(await request.get('/api/admin/dashboard/alerts?limit=50', { headers }))
	expect(after.data.map((a: { id: number }) => a.id)).not.toContain(id)

	for (const path of ['/api/admin/alerts/999999999/resolve', '/api/admin/alerts/x/acknowledge']) {
		const missing = await request.post(path, { headers })
		expect(missing.status()).toBe(404)
		expect(await json(missing)).toEqual({ success: false, message: 'Alert not found' })
	}
})

test('the list filters by state and type, pages, and refuses unknown values', async ({ request, adminToken }) => {
	const headers = bearer(adminToken)
	const open = alert('info')
	const done = alert('info')
	await request.post(`/api/admin/alerts/${done.id}/resolve`, { headers })

	const list = async (query: string) => {
		const res = await request.get(`/api/admin/alerts?${query}`, { headers })
		expect(res.status(), query).toBe(200)
		return (await json(res)).data as {
			alerts: Array<{ id: number; state: string; type: string }>
			pagination: { totalCount: number; limit: number }
		}
	}
	const openInfo = await list('state=open&type=info&limit=100')
	expect(openInfo.alerts.map((a) => a.id)).toContain(open.id)
	expect(openInfo.alerts.map((a) => a.id)).not.toContain(done.id)
	expect(openInfo.alerts.every((a) => a.state === 'open' && a.type === 'info')).toBe(true)
	const resolved = await list('state=resolved&limit=100')
	expect(resolved.alerts.map((a) => a.id)).toContain(done.id)
	const page = await list('limit=1&page=1')
	expect(page.alerts).toHaveLength(1)
	expect(page.pagination.limit).toBe(1)

	const bad = await request.get('/api/admin/alerts?state=closed&type=fatal&limit=0', { headers })
	expect(bad.status()).toBe(400)
	expect((await json(bad)).errors.map((e: { path: string }) => e.path)).toEqual(['state', 'type', 'limit'])
})

test('two staff resolving at once: one succeeds, the other gets 409; one audit row', async ({
	request,
	createAdmin,
}) => {
	const [a, b] = [await createAdmin({ role: 'admin' }), await createAdmin({ role: 'super_admin' })]
	const { id } = alert('warning')
	const answers = await Promise.all(
		[a, b].map((staff) => request.post(`/api/admin/alerts/${id}/resolve`, { headers: bearer(staff.token) })),
	)
	expect(answers.map((r) => r.status()).sort()).toEqual([200, 409])
	expect(auditFor('alert', id).map((r) => r.action)).toEqual(['alert.resolve'])
	expect([a.email, b.email]).toContain(alertRow(id)!.resolvedByEmail)
})
