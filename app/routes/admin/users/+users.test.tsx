import { renderToString } from 'react-dom/server'
import { createRoutesStub, UNSAFE_ErrorResponseImpl as ErrorResponse } from 'react-router'
import { describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { auditLog, users } from '#db/schema.ts'
import { insertAdmin, insertMember } from '#tests/factories.ts'
import { noticeAfter } from '#tests/flash.ts'
import { memberAuth } from '#app/auth/member.server.ts'
import { staffAuth } from '#app/auth/staff.server.ts'
import { action as deleteAction, loader as deleteLoader } from './$userId/delete.tsx'
import { action as editAction } from './$userId/edit.tsx'
import { action as createAction } from './new.tsx'
import { action, ErrorBoundary, loader } from './_layout.tsx'
import { loader as exportLoader } from '../../admin_/users/export[.csv].ts'
import { loader as userLoader } from '../users_/$userId.tsx'
import { routeArgs } from '#tests/route-args.ts'

// The users screens' loaders and actions, called as React Router would
// (the browser tests cover the pages themselves).

async function adminCookie(role: 'admin' | 'super_admin' = 'admin') {
	const admin = insertAdmin({ role })
	const cookie = (await staffAuth.cookie.serialize(staffAuth.sessions.create(admin.id, 'web').token)).split(';')[0]!
	return { admin, cookie }
}

const BASE = 'http://localhost:3000'

function get(path: string, cookie: string) {
	return new Request(`${BASE}${path}`, { headers: { Cookie: cookie } })
}

function post(path: string, cookie: string, fields: Array<[string, string]>) {
	const body = new URLSearchParams()
	for (const [k, v] of fields) body.append(k, v)
	return new Request(`${BASE}${path}`, { method: 'POST', headers: { Cookie: cookie }, body })
}

type AnyArgs = { request: Request; url: URL; params: Record<string, string>; context: object }
const args = (request: Request, params: Record<string, string> = {}) =>
	routeArgs({ request, params, context: {} }) as AnyArgs as never

async function caught(promise: Promise<unknown>) {
	try {
		return await promise
	} catch (error) {
		return error
	}
}

type DataResult = {
	init: { status: number } | null
	data: { result?: { error?: Record<string, string[]> }; confirmDelete?: { users: Array<{ id: number }> } | null }
}

describe('/admin/users loader', () => {
	test('the page of users, pagination, totals and what the role may do', async () => {
		const { cookie } = await adminCookie('admin')
		for (let i = 0; i < 12; i++)
			insertMember({ name: `Member ${String(i).padStart(2, '0')}`, createdAt: new Date(Date.now() - i * 60_000) })
		const data = await loader(args(get('/admin/users?page=2', cookie)))
		expect(data.users.map((u) => u.name)).toEqual(['Member 10', 'Member 11'])
		expect(data.pagination).toMatchObject({ page: 2, totalPages: 2, totalCount: 12, from: 11, to: 12 })
		expect(data.totalUsers).toBe(12)
		expect(data.can).toEqual({
			create: true,
			update: true,
			delete: false,
			bulkUpdate: true,
			bulkDelete: false,
			bulkBan: false,
		})
		const su = await adminCookie('super_admin')
		expect((await loader(args(get('/admin/users', su.cookie)))).can).toMatchObject({
			delete: true,
			bulkDelete: true,
			bulkBan: true,
		})
	})

	test('bad values fall back; a page past the end shows the last page', async () => {
		const { cookie } = await adminCookie()
		insertMember()
		const data = await loader(
			args(get('/admin/users?page=99&status=nope&plan=x&sortBy=evil&sortOrder=up&notice=<script>', cookie)),
		)
		expect(data.query).toMatchObject({ page: 1, status: null, plan: null, sortBy: 'createdAt', sortOrder: 'desc' })
		expect(data.users).toHaveLength(1)
	})

	test("the filter form's sort value becomes sortBy/sortOrder on a canonical link, at page 1", async () => {
		const { cookie } = await adminCookie()
		const response = (await caught(
			loader(args(get('/admin/users?search=ada&status=&plan=gold&sort=totalInvested-asc&page=4', cookie))),
		)) as Response
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe(
			'/admin/users?search=ada&plan=gold&sortBy=totalInvested&sortOrder=asc',
		)
		const unknown = (await caught(loader(args(get('/admin/users?sort=bogus', cookie))))) as Response
		expect(unknown.headers.get('Location')).toBe('/admin/users')
	})

	test('no admin session: /admin/login with the way back; a member session: 403', async () => {
		const anonymous = (await caught(loader(args(get('/admin/users?page=2', ''))))) as Response
		expect(anonymous.headers.get('Location')).toBe('/admin/login?redirectTo=%2Fadmin%2Fusers%3Fpage%3D2')
		const member = insertMember()
		const memberCookie = (await memberAuth.cookie.serialize(memberAuth.sessions.create(member.id, 'web').token)).split(
			';',
		)[0]!
		const denied = (await caught(loader(args(get('/admin/users', memberCookie))))) as { init: { status: number } }
		expect(denied.init.status).toBe(403)
	})
})

describe('/admin/users action (bulk update)', () => {
	test('set status: redirects to the same list with "N users updated"; audit rows; sessions of suspended members end', async () => {
		const { admin, cookie } = await adminCookie('admin')
		const a = insertMember()
		const b = insertMember()
		const token = memberAuth.sessions.create(a.id, 'web').token
		const response = (await caught(
			action(
				args(
					post('/admin/users?status=active&page=2', cookie, [
						['userIds', String(a.id)],
						['userIds', String(b.id)],
						['bulkAction', 'set-status'],
						['bulkValue', 'suspended'],
					]),
				),
			),
		)) as Response
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe('/admin/users?status=active&page=2')
		expect(await noticeAfter(response)).toBe('2 users updated')
		expect(memberAuth.sessions.find(token, 'web')).toBeNull()
		expect(getDb().select().from(auditLog).all()).toHaveLength(2)
		expect(getDb().select().from(auditLog).all()[0]).toMatchObject({ adminId: admin.id, action: 'user.bulk-update' })
	})

	test('field errors without a selection, an action or a value', async () => {
		const { cookie } = await adminCookie()
		const result = (await action(
			args(post('/admin/users', cookie, [['bulkAction', 'set-plan']])),
		)) as unknown as DataResult
		expect(result.init?.status).toBe(400)
		expect(result.data.result?.error).toEqual({ userIds: ['Select at least one user'], bulkValue: ['Choose a plan'] })
	})

	test('role admin may not ban or delete in bulk: 403 and nothing changes', async () => {
		const { cookie } = await adminCookie('admin')
		const a = insertMember()
		for (const fields of [
			[
				['bulkAction', 'set-status'],
				['bulkValue', 'banned'],
			],
			[
				['bulkAction', 'delete'],
				['confirm', 'yes'],
			],
		] as Array<Array<[string, string]>>) {
			const result = (await action(
				args(post('/admin/users', cookie, [['userIds', String(a.id)], ...fields])),
			)) as unknown as DataResult
			expect(result.init?.status).toBe(403)
			expect(result.data.result?.error).toEqual({ '': ['Access denied. Super admin privileges required.'] })
		}
		expect(getDb().select().from(users).all()).toMatchObject([{ id: a.id, status: 'active' }])
	})

	test('a bulk delete asks first, then deletes once confirmed', async () => {
		const { cookie } = await adminCookie('super_admin')
		const a = insertMember({ name: 'Gone Soon' })
		const keep = insertMember()
		const asked = (await action(
			args(
				post('/admin/users', cookie, [
					['userIds', String(a.id)],
					['bulkAction', 'delete'],
				]),
			),
		)) as unknown as DataResult['data']
		expect(asked.confirmDelete?.users).toEqual([{ id: a.id, name: 'Gone Soon', email: a.email }])
		expect(getDb().select().from(users).all()).toHaveLength(2)
		const done = (await caught(
			action(
				args(
					post('/admin/users', cookie, [
						['userIds', String(a.id)],
						['bulkAction', 'delete'],
						['confirm', 'yes'],
					]),
				),
			),
		)) as Response
		expect(done.headers.get('Location')).toBe('/admin/users')
		expect(await noticeAfter(done)).toBe('1 user deleted')
		expect(getDb().select({ id: users.id }).from(users).all()).toEqual([{ id: keep.id }])
	})

	test('a JSON body is a 415, not a 500', async () => {
		const { cookie } = await adminCookie()
		const request = new Request(`${BASE}/admin/users`, {
			method: 'POST',
			headers: { Cookie: cookie, 'Content-Type': 'application/json' },
			body: '{"userIds":[1]}',
		})
		const result = (await caught(action(args(request)))) as { init: { status: number } }
		expect(result.init.status).toBe(415)
	})
})

describe('create, edit and delete actions', () => {
	test('create: redirect to the list at page 1 with "User created"; field errors; taken email', async () => {
		const { cookie } = await adminCookie()
		const fields: Array<[string, string]> = [
			['name', 'Ada'],
			['email', 'ada@example.com'],
			['password', 'Str0ngPassw0rd'],
			['plan', 'gold'],
			['status', 'pending'],
			['phone', ''],
			['role', 'super_admin'],
		]
		const created = (await caught(
			createAction(args(post('/admin/users/new?status=pending&page=3', cookie, fields))),
		)) as Response
		expect(created.headers.get('Location')).toBe('/admin/users?status=pending')
		expect(await noticeAfter(created)).toBe('User created')
		expect(getDb().select().from(users).all()).toMatchObject([
			{ name: 'Ada', email: 'ada@example.com', plan: 'gold', status: 'pending', phone: '' },
		])
		const taken = (await createAction(args(post('/admin/users/new', cookie, fields)))) as unknown as DataResult
		expect(taken.init?.status).toBe(409)
		expect(taken.data.result?.error).toEqual({ email: ['An account with this email already exists'] })
		const invalid = (await createAction(
			args(post('/admin/users/new', cookie, [['email', 'x']])),
		)) as unknown as DataResult
		expect(invalid.init?.status).toBe(400)
		expect(invalid.data.result?.error).toMatchObject({
			name: ['Name is required'],
			email: ['Invalid email address'],
			password: ['Password is required'],
		})
	})

	test('edit: a blank contact field clears it; a blank password keeps it; unknown id 404', async () => {
		const { cookie } = await adminCookie()
		const member = insertMember({ phone: '+2348000000000', country: 'Ghana' })
		const fields: Array<[string, string]> = [
			['name', 'New Name'],
			['email', member.email],
			['password', ''],
			['phone', ''],
			['country', 'Kenya'],
			['telegram', ''],
			['plan', 'platinum'],
			['status', 'active'],
		]
		const response = (await caught(
			editAction(args(post(`/admin/users/${member.id}/edit?plan=gold`, cookie, fields), { userId: String(member.id) })),
		)) as Response
		expect(response.headers.get('Location')).toBe('/admin/users?plan=gold')
		expect(await noticeAfter(response)).toBe('User updated')
		expect(getDb().select().from(users).all()[0]).toMatchObject({
			name: 'New Name',
			phone: '',
			country: 'Kenya',
			plan: 'platinum',
			passwordHash: member.passwordHash,
		})
		const missing = (await caught(
			editAction(args(post('/admin/users/999/edit', cookie, fields), { userId: '999' })),
		)) as { init: { status: number } }
		expect(missing.init.status).toBe(404)
	})

	test('delete: super_admin only (role admin gets Access Denied); removes the member and ends their sessions', async () => {
		const staff = await adminCookie('admin')
		const member = insertMember()
		const token = memberAuth.sessions.create(member.id, 'api').token
		const denied = (await caught(
			deleteLoader(args(get(`/admin/users/${member.id}/delete`, staff.cookie), { userId: String(member.id) })),
		)) as { init: { status: number }; data: { accessDenied: boolean } }
		expect(denied.init.status).toBe(403)
		expect(denied.data.accessDenied).toBe(true)
		const deniedPost = (await caught(
			deleteAction(args(post(`/admin/users/${member.id}/delete`, staff.cookie, []), { userId: String(member.id) })),
		)) as { init: { status: number } }
		expect(deniedPost.init.status).toBe(403)
		expect(getDb().select().from(users).all()).toHaveLength(1)

		const su = await adminCookie('super_admin')
		const done = (await caught(
			deleteAction(
				args(post(`/admin/users/${member.id}/delete?search=x`, su.cookie, []), { userId: String(member.id) }),
			),
		)) as Response
		expect(done.headers.get('Location')).toBe('/admin/users?search=x')
		expect(await noticeAfter(done)).toBe('User deleted')
		expect(getDb().select().from(users).all()).toEqual([])
		expect(memberAuth.sessions.find(token, 'api')).toBeNull()
		expect(getDb().select().from(auditLog).all()).toMatchObject([
			{ action: 'user.delete', targetId: String(member.id) },
		])
		const again = (await deleteAction(
			args(post(`/admin/users/${member.id}/delete`, su.cookie, []), { userId: String(member.id) }),
		)) as unknown as DataResult
		expect(again.init?.status).toBe(404)
	})
})

describe('the user page and the export', () => {
	test('the user page: figures, 404 for unknown ids', async () => {
		const { cookie } = await adminCookie()
		const member = insertMember({ name: 'Viewed Member' })
		const data = await userLoader(args(get(`/admin/users/${member.id}`, cookie), { userId: String(member.id) }))
		expect(data.stats.user.name).toBe('Viewed Member')
		expect(data.can).toEqual({ update: true, delete: false, audit: true })
		for (const id of ['424242', '0', 'abc']) {
			const missing = (await caught(userLoader(args(get(`/admin/users/${id}`, cookie), { userId: id })))) as {
				init: { status: number }
			}
			expect(missing.init.status).toBe(404)
		}
	})

	test('export.csv: a download of the filtered list', async () => {
		const { cookie } = await adminCookie()
		insertMember({ name: 'Banned One', status: 'banned' })
		insertMember({ name: 'Active One' })
		const response = (await exportLoader(
			args(get('/admin/users/export.csv?status=banned&page=abc', cookie)),
		)) as Response
		expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
		expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename="users-\d{4}-\d\d-\d\d\.csv"$/)
		const text = await response.text()
		expect(text).toContain('Banned One')
		expect(text).not.toContain('Active One')
		const anonymous = (await caught(exportLoader(args(get('/admin/users/export.csv', ''))))) as Response
		expect(anonymous.status).toBe(302)
	})
})

describe('users ErrorBoundary', () => {
	function render(error: unknown) {
		const Stub = createRoutesStub([{ id: 'users', path: '/admin/users', Component: () => null, ErrorBoundary }])
		return renderToString(
			<Stub initialEntries={['/admin/users?page=2']} hydrationData={{ errors: { users: error } }} />,
		)
	}

	test("'Error Loading Users', 'Failed to load users' and a Retry link", () => {
		const html = render(new Error('SqliteError: no such table'))
		expect(html).toContain('Error Loading Users')
		expect(html).toContain('Failed to load users')
		expect(html).toMatch(/<a href="\/admin\/users\?page=2"[^>]*>Retry<\/a>/)
		expect(html).not.toContain('SqliteError')
	})

	test("the guards' 403 shows 'Access Denied'", () => {
		const html = render(
			new ErrorResponse(403, 'Forbidden', {
				accessDenied: true,
				reason: 'Access denied. Super admin privileges required.',
			}),
		)
		expect(html).toContain('Access Denied')
		expect(html).toContain('Back to Login')
	})
})
