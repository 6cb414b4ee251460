import type { APIRequestContext } from '@playwright/test'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { adminApiLogin, bearer, createAdminAccount, uniqueAdminEmail } from '../admin-utils.ts'
import { registration } from '../playwright-utils.ts'
import { E2E_PORT, E2E_ROOT } from '../setup/e2e-config.ts'
import { startServer } from '../setup/server-process.ts'
import { newTotpSecret, totpCode } from '../totp.ts'

// A server of its own: the real limits (RATE_LIMIT_MULTIPLIER=1) behind a
// trusted proxy (each request names its client address), an https origin
// (__Host- cookies), and an SMTP server that refuses connections (mail
// delivery fails, which must raise an alert).
const PORT = E2E_PORT + 15
const base = `http://localhost:${PORT}`
const dataDir = path.join(E2E_ROOT, 'admin-limits')
// Enrolled in two-factor by ADMIN_TOTP_SECRET.
const ADMIN = { email: 'limits-root@admin.example', password: 'L1mits-Admin-Passw0rd', totpSecret: newTotpSecret() }
let server: Awaited<ReturnType<typeof startServer>>
let address = 0
/** A fresh client address for each request unless one is given. */
const from = (ip = `10.20.${Math.floor(++address / 250)}.${address % 250}`) => ({ 'X-Forwarded-For': ip })

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
	server = await startServer({
		port: PORT,
		dataDir,
		env: {
			RATE_LIMIT_MULTIPLIER: '1',
			TRUST_PROXY: 'true',
			APP_ORIGIN: 'https://admin-limits.example',
			SMTP_URL: 'smtp://127.0.0.1:1',
			ADMIN_EMAIL: ADMIN.email,
			ADMIN_PASSWORD: ADMIN.password,
			ADMIN_TOTP_SECRET: ADMIN.totpSecret,
		},
	})
})

test.afterAll(async () => {
	await server?.stop()
})

/** The page sign-in's password and code fields, and the API sign-in's body. */
const PASSWORD_ONLY = { email: ADMIN.email, password: ADMIN.password }

function adminToken(request: APIRequestContext) {
	return adminApiLogin(request, ADMIN, base, from)
}

/**
 * A token of a new super admin, for reading alerts: ADMIN's codes are spent
 * by the sign-in tests (a code is accepted once per account), and a third
 * sign-in of ADMIN within one step would wait for the next one.
 */
function readerToken(request: APIRequestContext) {
	const reader = createAdminAccount({ role: 'super_admin', database: path.join(dataDir, 'app.db') })
	return adminApiLogin(request, reader, base, from)
}

test('over https the admin cookies are __Host-admin_pending then __Host-admin_session, Secure, HttpOnly, SameSite=Lax', async ({
	request,
}) => {
	const res = await request.post(`${base}/admin/login`, { form: PASSWORD_ONLY, headers: from(), maxRedirects: 0 })
	expect(res.status()).toBe(302)
	expect(res.headers()['location']).toBe('/admin/login/two-factor')
	const pending = res.headers()['set-cookie']!
	expect(pending).toMatch(/^__Host-admin_pending=[^;]+;/)
	const step = await request.post(`${base}/admin/login/two-factor`, {
		form: { intent: 'code', code: totpCode(ADMIN.totpSecret) },
		headers: { ...from(), Cookie: pending.split(';')[0]! },
		maxRedirects: 0,
	})
	expect(step.status()).toBe(302)
	expect(step.headers()['location']).toBe('/admin/dashboard')
	const setCookies = step.headers()['set-cookie']!.split('\n')
	const cookie = setCookies.find((c) => c.startsWith('__Host-admin_session='))!
	for (const set of [pending, cookie]) {
		expect(set).toMatch(/^__Host-admin_(pending|session)=[^;]+;/)
		expect(set).toMatch(/;\s*Secure/i)
		expect(set).toMatch(/;\s*HttpOnly/i)
		expect(set).toMatch(/;\s*SameSite=Lax/i)
		expect(set).toMatch(/;\s*Path=\//)
		expect(set).not.toMatch(/Domain=/i)
	}
})

test('a mail that cannot be delivered raises the error alert', async ({ request }) => {
	const member = registration()
	expect((await request.post(`${base}/api/auth/register`, { data: member, headers: from() })).status()).toBe(201)
	const forgot = await request.post(`${base}/api/auth/forgot-password`, {
		data: { email: member.email },
		headers: from(),
	})
	expect(forgot.status()).toBe(200)
	const token = await readerToken(request)
	await expect
		.poll(async () => {
			const res = await request.get(`${base}/api/admin/dashboard/alerts`, { headers: { ...bearer(token), ...from() } })
			return ((await res.json()).data as Array<{ title: string; type: string }>).find(
				(a) => a.title === 'Mail delivery failing',
			)
		})
		.toMatchObject({ type: 'error', title: 'Mail delivery failing' })
})

test('sign-in: the 11th attempt from one address within a minute is a 429 with Retry-After, page and API alike', async ({
	request,
}) => {
	const one = from('10.99.0.1')
	const statuses: number[] = []
	for (let i = 0; i < 10; i++) {
		const res = await request.post(`${base}/api/admin/login`, {
			data: { email: uniqueAdminEmail('guess'), password: 'Wr0ngPassword' },
			headers: one,
		})
		statuses.push(res.status())
	}
	expect(statuses).toEqual(Array(10).fill(401))
	const blocked = await request.post(`${base}/api/admin/login`, { data: PASSWORD_ONLY, headers: one })
	expect(blocked.status()).toBe(429)
	expect(Number(blocked.headers()['retry-after'])).toBeGreaterThan(0)
	const body = await blocked.json()
	expect(body).toEqual({
		success: false,
		message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ minutes?\.$/),
	})
	const page = await request.post(`${base}/admin/login`, { form: PASSWORD_ONLY, headers: one, maxRedirects: 0 })
	expect(page.status()).toBe(429)
	const html = await page.text()
	expect(html).toContain('Authentication Failed')
	expect(html).toContain('Too many attempts')
	expect(page.headers()['set-cookie']).toBeUndefined()
	// Another address is not affected.
	expect(await adminToken(request)).toMatch(/^[\w-]{43}$/)
})

test('one account takes 5 attempts per 15 minutes, from any number of addresses', async ({ request }) => {
	const staff = createAdminAccount({ role: 'admin', database: path.join(dataDir, 'app.db') })
	for (let i = 0; i < 5; i++) {
		const res = await request.post(`${base}/api/admin/login`, {
			data: { email: staff.email, password: 'Wr0ngPassword' },
			headers: from(),
		})
		expect(res.status()).toBe(401)
	}
	const right = await request.post(`${base}/api/admin/login`, {
		data: { email: staff.email, password: staff.password },
		headers: from(),
	})
	expect(right.status()).toBe(429)
	expect(Number(right.headers()['retry-after'])).toBeGreaterThan(60)
	// The failures raised the repeated failed sign-ins warning.
	const token = await readerToken(request)
	const alerts = (
		await (await request.get(`${base}/api/admin/dashboard/alerts`, { headers: { ...bearer(token), ...from() } })).json()
	).data as Array<{ title: string }>
	expect(alerts.map((a) => a.title)).toContain('Repeated failed admin sign-ins')
})
