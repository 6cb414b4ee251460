import { renderToString } from 'react-dom/server'
import { createRoutesStub, UNSAFE_ErrorResponseImpl as ErrorResponse } from 'react-router'
import { describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { auditLog, revenueEntries } from '#db/schema.ts'
import { insertAdmin, insertMember } from '#tests/factories.ts'
import { noticeAfter } from '#tests/flash.ts'
import { memberAuth } from '#app/auth/member.server.ts'
import { staffAuth } from '#app/auth/staff.server.ts'
import { utcMonth } from '#app/features/revenue/schemas.ts'
import { action, ErrorBoundary, loader } from './dashboard.tsx'
import { routeArgs } from '#tests/route-args.ts'

// The route module's loader, action and error view, called as React Router
// would (the browser tests cover the page itself).

async function adminCookie(role: 'admin' | 'super_admin' = 'admin') {
	const admin = insertAdmin({ role })
	const cookie = (await staffAuth.cookie.serialize(staffAuth.sessions.create(admin.id, 'web').token)).split(';')[0]!
	return { admin, cookie }
}

function post(cookie: string, fields: Record<string, string>) {
	return new Request('http://localhost:3000/admin/dashboard', {
		method: 'POST',
		headers: { Cookie: cookie },
		body: new URLSearchParams(fields),
	})
}

type Args = Parameters<typeof action>[0]
const args = (request: Request) => routeArgs({ request, params: {}, context: {} }) as unknown as Args

async function caught(promise: Promise<unknown>) {
	try {
		return await promise
	} catch (error) {
		return error
	}
}

describe('dashboard action (revenue form)', () => {
	test('records the entry with its audit row and redirects to the confirmation', async () => {
		const { admin, cookie } = await adminCookie('admin')
		const month = utcMonth(new Date())
		const response = (await caught(
			action(args(post(cookie, { broker: 'Exness', month, amount: '$1,250.50' }))),
		)) as Response
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe('/admin/dashboard#revenue')
		expect(await noticeAfter(response)).toBe('Revenue entry recorded.')
		expect(getDb().select().from(revenueEntries).all()).toMatchObject([
			{ broker: 'Exness', month, amountCents: 125_050, adminId: admin.id },
		])
		expect(getDb().select().from(auditLog).all()).toMatchObject([{ adminId: admin.id, action: 'revenue.record' }])
	})

	test('bad input: 400 with field errors, nothing stored', async () => {
		const { cookie } = await adminCookie()
		const result = (await action(args(post(cookie, { broker: '', month: '2999-01', amount: 'abc' })))) as unknown as {
			init: { status: number }
			data: { result: { error: Record<string, string[]> } }
		}
		expect(result.init.status).toBe(400)
		expect(result.data.result.error).toEqual({
			broker: ['Broker is required'],
			month: ['Month cannot be in the future'],
			amount: ['Enter an amount in USD, like 1250 or 1250.50'],
		})
		expect(getDb().select().from(revenueEntries).all()).toEqual([])
	})

	test('no admin session: redirect to /admin/login; a member session: 403; nothing stored', async () => {
		const anonymous = (await caught(action(args(post('', { broker: 'X', month: '2020-01', amount: '1' }))))) as Response
		expect(anonymous.headers.get('Location')).toBe('/admin/login')
		const member = insertMember()
		const memberCookie = (await memberAuth.cookie.serialize(memberAuth.sessions.create(member.id, 'web').token)).split(
			';',
		)[0]!
		const denied = (await caught(action(args(post(memberCookie, { broker: 'X', month: '2020-01', amount: '1' }))))) as {
			init: { status: number }
		}
		expect(denied.init.status).toBe(403)
		expect(getDb().select().from(revenueEntries).all()).toEqual([])
	})
})

describe('dashboard loader', () => {
	test('figures, the 5 newest users and alerts', async () => {
		const { cookie } = await adminCookie()
		for (let i = 0; i < 6; i++)
			insertMember({ name: `Member ${i}`, createdAt: new Date(Date.now() - (10 - i) * 60_000) })
		const request = new Request('http://localhost:3000/admin/dashboard', { headers: { Cookie: cookie } })
		const data = await loader(args(request) as never)
		expect(data.stats.totalUsers).toBe(6)
		expect(data.recentUsers.map((u) => u.name)).toEqual(['Member 5', 'Member 4', 'Member 3', 'Member 2', 'Member 1'])
		expect(data.recentUsers[0]).toMatchObject({
			initials: 'M5',
			plan: 'regular',
			planName: 'Regular',
			status: 'active',
		})
		expect(data.alerts).toEqual([])
		expect(data.canRecordRevenue).toBe(true)
	})
})

describe('dashboard ErrorBoundary', () => {
	function render(error: unknown) {
		const Stub = createRoutesStub([{ id: 'dashboard', path: '/admin/dashboard', Component: () => null, ErrorBoundary }])
		return renderToString(
			<Stub initialEntries={['/admin/dashboard?x=1']} hydrationData={{ errors: { dashboard: error } }} />,
		)
	}

	test("an unexpected failure: 'Error Loading Dashboard', 'Failed to load dashboard data' and a Retry link to the page", () => {
		const html = render(new Error('SqliteError: database is locked at /srv/app/build/server/index.js:1:1'))
		expect(html).toContain('Error Loading Dashboard')
		expect(html).toContain('Failed to load dashboard data')
		expect(html).toMatch(/<a href="\/admin\/dashboard\?x=1"[^>]*>Retry<\/a>/)
		expect(html).not.toContain('SqliteError')
	})

	test("the server's message is shown when it sent one", () => {
		const html = render(new ErrorResponse(503, 'Service Unavailable', { message: 'Statistics are being rebuilt' }))
		expect(html).toContain('Statistics are being rebuilt')
		expect(html).not.toContain('Failed to load dashboard data')
	})

	test("the guards' 403 shows 'Access Denied', the reason and 'Back to Login'", () => {
		const html = render(
			new ErrorResponse(403, 'Forbidden', { accessDenied: true, reason: 'Access denied. Admin privileges required.' }),
		)
		expect(html).toContain('Access Denied')
		expect(html).toContain('Access denied. Admin privileges required.')
		expect(html).toMatch(/<a[^>]*href="\/admin\/login"[^>]*>Back to Login<\/a>/)
	})
})
