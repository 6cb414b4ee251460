import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { adminPendingSignIns, adminSessions, admins, systemAlerts } from '#db/schema.ts'
import { ADMIN_PASSWORD, insertAdmin, TEST_TOTP_SECRET } from '#tests/factories.ts'
import { noteFailedAdminSignIn, resetAlertCounters } from '#app/features/alerts/alerts.server.ts'
import { codeAt } from '#app/features/staff/two-factor.server.ts'
import { resetEnv } from '#app/utils/env.server.ts'
import { codeStepAction, codeStepPage, securityAction, securityPage } from './staff-second-factor.server.ts'
import { pendingSignInCookie, requireAdmin, requireApiAdmin, staffAuth } from './staff.server.ts'
import { routeArgs } from '#tests/route-args.ts'

// The page and API flows of the staff second factor, on the real rules
// (app/features/staff/two-factor.server.test.ts covers the clock and replay).

afterEach(() => {
	delete process.env.ADMIN_2FA_REQUIRED
	resetEnv()
	resetAlertCounters()
})

const BASE = 'http://localhost:3000'
const cookieOf = (response: Response, name: string) =>
	response.headers
		.getSetCookie()
		.find((c) => c.startsWith(`${name}=`))
		?.split(';')[0]

function post(path: string, fields: Record<string, string>, cookie?: string) {
	return new Request(`${BASE}${path}`, {
		method: 'POST',
		headers: cookie ? { Cookie: cookie } : {},
		body: new URLSearchParams(fields),
	})
}

function json(path: string, body: unknown, token?: string) {
	return new Request(`${BASE}${path}`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
		body: JSON.stringify(body),
	})
}

async function thrown(promise: Promise<unknown>) {
	try {
		await promise
	} catch (error) {
		return error
	}
	throw new Error('expected a throw')
}

type Reply = { data: { result?: { error: Record<string, string[]> } }; init: { status: number } }

/** Password step of the page: returns the pending cookie. */
async function passwordStep(email: string, redirectTo = '') {
	const response = (await thrown(
		staffAuth.signInWithForm(post('/admin/login', { email, password: ADMIN_PASSWORD, redirectTo })),
	)) as Response
	expect(response.status).toBe(302)
	expect(response.headers.get('Location')).toBe('/admin/login/two-factor')
	return cookieOf(response, 'admin_pending')!
}

const sessionRows = () => getDb().select().from(adminSessions).all()
const wrongCode = () => (codeAt(TEST_TOTP_SECRET, new Date()) === '000000' ? '111111' : '000000')

describe('the sign-in page with a second factor', () => {
	test('the right password alone opens no session; the right code does, once, at the redirect', async () => {
		const admin = insertAdmin()
		const pending = await passwordStep(admin.email, '/admin/users?page=2')
		expect(sessionRows()).toHaveLength(0)
		expect(getDb().select().from(admins).where(eq(admins.id, admin.id)).get()?.lastLogin).toBeNull()
		expect(await codeStepPage(new Request(`${BASE}/admin/login/two-factor`, { headers: { Cookie: pending } }))).toEqual(
			{},
		)

		const code = codeAt(TEST_TOTP_SECRET, new Date())
		const done = (await thrown(
			codeStepAction(post('/admin/login/two-factor', { intent: 'code', code }, pending)),
		)) as Response
		expect(done.headers.get('Location')).toBe('/admin/users?page=2')
		const session = cookieOf(done, 'admin_session')!
		expect(
			await requireAdmin(routeArgs(new Request(`${BASE}/admin/users`, { headers: { Cookie: session } }))),
		).toMatchObject({
			id: admin.id,
		})
		expect(getDb().select().from(admins).where(eq(admins.id, admin.id)).get()?.lastLogin).toBeInstanceOf(Date)
		expect(getDb().select().from(adminPendingSignIns).all()).toHaveLength(0)

		// The pending sign-in was used: a second post goes back to the sign-in page, saying so.
		const again = (await thrown(
			codeStepAction(post('/admin/login/two-factor', { intent: 'code', code }, pending)),
		)) as Response
		expect(again.headers.get('Location')).toBe('/admin/login')
		expect(cookieOf(again, 'flash')).toBeDefined()
		expect(sessionRows()).toHaveLength(1)
	})

	test('a wrong code gets the wrong-credentials answer and counts towards the limit and the alert', async () => {
		const admin = insertAdmin()
		const pending = await passwordStep(admin.email)
		// One failure elsewhere; with the four wrong codes below the alert's threshold (5) is reached.
		noteFailedAdminSignIn()
		for (let i = 0; i < 4; i++) {
			const reply = (await codeStepAction(
				post('/admin/login/two-factor', { intent: 'code', code: wrongCode() }, pending),
			)) as unknown as Reply
			expect(reply.init.status).toBe(401)
			expect(reply.data.result?.error['']).toEqual(['Invalid admin credentials'])
		}
		// The password attempt and four codes: the account's fifth attempt of 15 minutes is the last.
		const limited = (await codeStepAction(
			post('/admin/login/two-factor', { intent: 'code', code: codeAt(TEST_TOTP_SECRET, new Date()) }, pending),
		)) as unknown as Reply
		expect(limited.init.status).toBe(429)
		expect(sessionRows()).toHaveLength(0)
		expect(
			getDb()
				.select()
				.from(systemAlerts)
				.all()
				.map((a) => a.title),
		).toContain('Repeated failed admin sign-ins')
	})

	test('letters or a wrong length are a field error, not an attempt', async () => {
		const admin = insertAdmin()
		const pending = await passwordStep(admin.email)
		for (const code of ['12345', '1234567', 'abcdef']) {
			const reply = (await codeStepAction(
				post('/admin/login/two-factor', { intent: 'code', code }, pending),
			)) as unknown as Reply
			expect(reply.init.status).toBe(400)
			expect(reply.data.result?.error.code).toEqual(['The code is 6 digits, like 123456'])
		}
		const recovery = (await codeStepAction(
			post('/admin/login/two-factor', { intent: 'recovery', recoveryCode: 'short' }, pending),
		)) as unknown as Reply
		expect(recovery.data.result?.error.recoveryCode?.[0]).toMatch(/recovery code looks like/)
	})

	test('without a pending sign-in (none, expired, tampered) the step goes back to the sign-in page', async () => {
		for (const cookie of [undefined, 'admin_pending=forged']) {
			const response = (await thrown(
				codeStepPage(new Request(`${BASE}/admin/login/two-factor`, cookie ? { headers: { Cookie: cookie } } : {})),
			)) as Response
			expect(response.headers.get('Location')).toBe('/admin/login')
		}
		const admin = insertAdmin()
		const pending = await passwordStep(admin.email)
		getDb()
			.update(adminPendingSignIns)
			.set({ expiresAt: new Date(Date.now() - 1) })
			.run()
		const late = (await thrown(
			codeStepAction(
				post('/admin/login/two-factor', { intent: 'code', code: codeAt(TEST_TOTP_SECRET, new Date()) }, pending),
			),
		)) as Response
		expect(late.headers.get('Location')).toBe('/admin/login')
		expect(sessionRows()).toHaveLength(0)
		expect(await pendingSignInCookie.read(new Request(BASE, { headers: { Cookie: pending } }))).toMatch(/^[\w-]+$/)
	})
})

describe('POST /api/admin/login with a second factor', () => {
	const signIn = (body: Record<string, unknown>) =>
		staffAuth.signInWithJson(json('/api/admin/login', body), (token) => Response.json({ token }))

	test('no code: 401 asking for it; a wrong one: the wrong-credentials 401; the right one: a token, once', async () => {
		const admin = insertAdmin()
		const missing = await signIn({ email: admin.email, password: ADMIN_PASSWORD })
		expect(missing.status).toBe(401)
		expect(await missing.json()).toMatchObject({ message: 'Two-factor authentication code required' })
		const wrong = await signIn({ email: admin.email, password: ADMIN_PASSWORD, code: wrongCode() })
		expect(wrong.status).toBe(401)
		expect(await wrong.json()).toMatchObject({ message: 'Invalid admin credentials' })
		const code = codeAt(TEST_TOTP_SECRET, new Date())
		const right = await signIn({ email: admin.email, password: ADMIN_PASSWORD, code })
		expect(right.status).toBe(200)
		const replay = await signIn({ email: admin.email, password: ADMIN_PASSWORD, code })
		expect(replay.status).toBe(401)
		expect(await replay.json()).toMatchObject({ message: 'Invalid admin credentials' })
		// A right code with a wrong password proves nothing.
		const other = insertAdmin()
		const badPassword = await signIn({ email: other.email, password: 'Wr0ng', code })
		expect(badPassword.status).toBe(401)
	})

	test('bad shapes are a 400 naming the field', async () => {
		const admin = insertAdmin()
		for (const body of [
			{ code: 'abcdef' },
			{ code: '12345' },
			{ code: 123456 },
			{ recoveryCode: 'nope' },
			{ code: '123456', recoveryCode: 'abcde-12345' },
		]) {
			const response = (await thrown(signIn({ email: admin.email, password: ADMIN_PASSWORD, ...body }))) as Response
			expect(response.status).toBe(400)
		}
		expect(sessionRows()).toHaveLength(0)
	})
})

describe('enrolment is enforced on every admin route', () => {
	test('a super admin without a second factor is sent to /admin/security from any other page, and the API refuses 403', async () => {
		const boss = insertAdmin({ role: 'super_admin', totpEnabledAt: null })
		const cookie = (await staffAuth.cookie.serialize(staffAuth.sessions.create(boss.id, 'web').token)).split(';')[0]!
		for (const path of ['/admin/dashboard', '/admin/users?page=2', '/admin/staff']) {
			const response = (await thrown(
				requireAdmin(routeArgs(new Request(`${BASE}${path}`, { headers: { Cookie: cookie } }))),
			)) as Response
			expect(response.headers.get('Location')).toBe('/admin/security')
		}
		expect(
			await requireAdmin(routeArgs(new Request(`${BASE}/admin/security`, { headers: { Cookie: cookie } }))),
		).toMatchObject({
			id: boss.id,
		})
		const token = staffAuth.sessions.create(boss.id, 'api').token
		const api = new Request(`${BASE}/api/admin/me`, { headers: { Authorization: `Bearer ${token}` } })
		const refused = (await thrown(Promise.resolve().then(() => requireApiAdmin(api)))) as Response
		expect(refused.status).toBe(403)
		expect(requireApiAdmin(api, { enrolment: true }).admin.id).toBe(boss.id)
	})

	test('with ADMIN_2FA_REQUIRED=false an admin (not a super admin) may work without one', async () => {
		process.env.ADMIN_2FA_REQUIRED = 'false'
		resetEnv()
		const admin = insertAdmin({ totpEnabledAt: null })
		const cookie = (await staffAuth.cookie.serialize(staffAuth.sessions.create(admin.id, 'web').token)).split(';')[0]!
		expect(
			await requireAdmin(routeArgs(new Request(`${BASE}/admin/users`, { headers: { Cookie: cookie } }))),
		).toMatchObject({
			id: admin.id,
		})
	})

	test('the security page enrols: QR and key shown, a wrong code refused, the right one answers ten codes once', async () => {
		const boss = insertAdmin({ role: 'super_admin', totpEnabledAt: null })
		const token = staffAuth.sessions.create(boss.id, 'web').token
		const other = staffAuth.sessions.create(boss.id, 'web').token
		const cookie = (await staffAuth.cookie.serialize(token)).split(';')[0]!
		const page = await securityPage(routeArgs(new Request(`${BASE}/admin/security`, { headers: { Cookie: cookie } })))
		expect(page.mustEnrol).toBe(true)
		expect(page.enrolment?.qr.d).toMatch(/^M\d+ \d+h\d+v1h-\d+z/)
		const secret = page.enrolment!.secret.replace(/ /g, '')
		expect(secret).toMatch(/^[A-Z2-7]{32}$/)

		const wrong = (await securityAction(
			routeArgs(
				post('/admin/security', { intent: 'enable', code: codeAt(secret, new Date(Date.now() - 120_000)) }, cookie),
			),
		)) as unknown as { data: { intent: string; result: { error: Record<string, string[]> } }; init: { status: number } }
		expect(wrong.init.status).toBe(400)
		expect(wrong.data.result.error.code?.[0]).toMatch(/does not match/)

		const right = (await securityAction(
			routeArgs(post('/admin/security', { intent: 'enable', code: codeAt(secret, new Date()) }, cookie)),
		)) as unknown as { data: { recoveryCodes: string[] }; init: { headers: Record<string, string> } }
		expect(right.data.recoveryCodes).toHaveLength(10)
		// This session goes on; the other one (opened with the password alone) ended.
		expect(right.init.headers['Cache-Control']).toBe('private, no-store')
		expect(staffAuth.sessions.find(other, 'web')).toBeNull()
		expect(staffAuth.sessions.find(token, 'web')?.id).toBe(boss.id)
		expect(sessionRows()).toHaveLength(1)
	})
})
