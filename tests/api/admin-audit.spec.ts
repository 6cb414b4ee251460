import { randomUUID } from 'node:crypto'
import type { APIResponse } from '@playwright/test'
import { bearer } from '../admin-utils.ts'
import { expect, test, type Fixtures, type TestMember } from '../fixtures.ts'

// /api/admin/audit and /api/admin/audit/export: a change made through the
// API is found by each filter, pages follow nextCursor without repeats, the
// export holds the filtered view, bad values are a 400 naming the field
// (never a 500), and members or no token are refused.

let staffToken: string
let staffId: number
let makeMember: Fixtures['createMember']

test.beforeEach(async ({ createAdmin, createMember }) => {
	const staff = await createAdmin({ role: 'admin' })
	staffToken = staff.token
	staffId = staff.id
	makeMember = createMember
})

const staff = () => bearer(staffToken)
const today = () => new Date().toISOString().slice(0, 10)

async function json(res: APIResponse) {
	expect(res.headers()['content-type']).toBe('application/json; charset=utf-8')
	return res.json()
}

/** Renames a member through the API (one user.update row each time). */
async function rename(request: Parameters<Parameters<typeof test>[2]>[0]['request'], member: TestMember, name: string) {
	const res = await request.put(`/api/admin/users/${member.id}`, {
		headers: staff(),
		data: { name, email: member.email },
	})
	expect(res.status()).toBe(200)
}

test('guards: no token 401, a member 403', async ({ request }) => {
	const member = await makeMember()
	for (const path of ['/api/admin/audit', '/api/admin/audit/export']) {
		expect((await request.get(path)).status()).toBe(401)
		expect((await request.get(path, { headers: bearer(member.token) })).status()).toBe(403)
	}
})

test('a change is found by each filter, with its changed fields', async ({ request }) => {
	const member = await makeMember()
	const name = `Audited ${randomUUID().slice(0, 8)}`
	await rename(request, member, name)
	const filters = [
		`targetType=user&targetId=${member.id}`,
		`adminId=${staffId}`,
		`adminId=${staffId}&action=user.update&from=${today()}&to=${today()}`,
		`action=user.update&targetType=user&targetId=${member.id}`,
	]
	for (const query of filters) {
		const body = await json(await request.get(`/api/admin/audit?${query}`, { headers: staff() }))
		expect(body.success).toBe(true)
		const entry = body.data.entries.find((e: { targetId: string }) => e.targetId === String(member.id))
		expect(entry, query).toMatchObject({
			adminId: staffId,
			action: 'user.update',
			targetType: 'user',
			targetId: String(member.id),
		})
		expect(entry.changes).toContainEqual({ field: 'name', before: member.name, after: name })
		expect(JSON.stringify(entry)).not.toMatch(/passwordHash|password_hash/)
	}
	// Another action, another day, the system actor: not there.
	for (const query of [
		`targetType=user&targetId=${member.id}&action=user.delete`,
		`targetType=user&targetId=${member.id}&to=2020-01-01`,
		`targetType=user&targetId=${member.id}&adminId=system`,
	]) {
		const body = await json(await request.get(`/api/admin/audit?${query}`, { headers: staff() }))
		expect(body.data.entries, query).toEqual([])
	}
})

test('keyset pages: nextCursor walks every row once, newest first', async ({ request }) => {
	const member = await makeMember()
	for (let i = 0; i < 3; i++) await rename(request, member, `Paged ${i} ${randomUUID().slice(0, 6)}`)
	const seen: number[] = []
	let cursor: string | null = null
	for (let page = 0; page < 10; page++) {
		const query: string = `targetType=user&targetId=${member.id}&limit=1${cursor ? `&cursor=${cursor}` : ''}`
		const body = await json(await request.get(`/api/admin/audit?${query}`, { headers: staff() }))
		seen.push(...body.data.entries.map((e: { id: number }) => e.id))
		cursor = body.data.nextCursor
		if (!cursor) break
	}
	expect(seen).toHaveLength(3)
	expect([...seen].sort((a, b) => b - a)).toEqual(seen)
})

test('bad values: 400 with the field named, never a 500', async ({ request }) => {
	const cases: Array<[string, string]> = [
		['cursor=nope', 'cursor'],
		['cursor=1-0', 'cursor'],
		['from=2030-02-30', 'from'],
		['to=2030/01/01', 'to'],
		['from=2030-02-02&to=2030-02-01', 'to'],
		['adminId=abc', 'adminId'],
		['adminId=1e3', 'adminId'],
		[`action=user.${'x'.repeat(80)}`, 'action'],
		['action=DROP%20TABLE', 'action'],
		['targetType=user%00', 'targetType'],
		['targetType=user&targetId=a%0Ab', 'targetId'],
		['targetId=12', 'targetId'],
		['limit=0', 'limit'],
		['limit=201', 'limit'],
		['action=user.update&action=user.delete', 'action'],
	]
	for (const [query, field] of cases) {
		for (const path of ['/api/admin/audit', '/api/admin/audit/export']) {
			const res = await request.get(`${path}?${query}`, { headers: staff() })
			expect(res.status(), `${path}?${query}`).toBe(400)
			const body = await json(res)
			expect(body.success).toBe(false)
			expect(
				body.errors.map((e: { path: string }) => e.path),
				`${path}?${query}`,
			).toContain(field)
		}
	}
})

test('the export: the filtered view as CSV', async ({ request }) => {
	const member = await makeMember()
	const name = `=HYPERLINK("x") ${randomUUID().slice(0, 6)}`
	await rename(request, member, name)
	const res = await request.get(`/api/admin/audit/export?targetType=user&targetId=${member.id}`, { headers: staff() })
	expect(res.status()).toBe(200)
	expect(res.headers()['content-type']).toBe('text/csv; charset=utf-8')
	expect(res.headers()['content-disposition']).toMatch(/^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/)
	expect(res.headers()['x-export-capped']).toBe('false')
	const lines = (await res.text())
		.replace(/^\uFEFF/, '')
		.trim()
		.split('\r\n')
	expect(lines[0]).toBe('ID,Time (UTC),Staff,Staff ID,Action,Target type,Target ID,Changes,Before,After')
	expect(lines).toHaveLength(2)
	expect(lines[1]).toContain(`,${staffId},user.update,user,${member.id},`)
	expect(lines[1]).toContain('name: ')
})
