import type { APIRequestContext } from '@playwright/test'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { E2E_PORT, E2E_ROOT } from '../setup/e2e-config.ts'
import { startServer } from '../setup/server-process.ts'
import { registration } from '../playwright-utils.ts'

// The real limits (RATE_LIMIT_MULTIPLIER=1) on a server of their own.
const PORT = E2E_PORT + 11
const base = `http://localhost:${PORT}`
let server: Awaited<ReturnType<typeof startServer>>

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
	server = await startServer({
		port: PORT,
		dataDir: path.join(E2E_ROOT, 'rate-limits'),
		env: { RATE_LIMIT_MULTIPLIER: '1', UNLOCK_CODE: 'RATE-LIMIT-CODE' },
	})
})

test.afterAll(async () => {
	await server?.stop()
})

async function hammer(
	request: APIRequestContext,
	url: string,
	data: unknown | (() => unknown),
	headers: Record<string, string> = {},
	target = base,
	times = 11,
) {
	const statuses: number[] = []
	let last
	for (let i = 0; i < times; i++) {
		last = await request.post(`${target}${url}`, {
			data: typeof data === 'function' ? data() : data,
			// Rotating X-Forwarded-For must not reset the per-IP count.
			headers: { 'X-Forwarded-For': `10.0.0.${i}`, ...headers },
		})
		statuses.push(last.status())
	}
	return { statuses, last: last! }
}

test('sign-in: the 11th attempt within a minute is refused with 429', async ({ request }) => {
	const { statuses, last } = await hammer(request, '/api/auth/login', {
		email: 'nobody@example.com',
		password: 'Wr0ngPassword',
	})
	expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true)
	expect(statuses[10]).toBe(429)
	expect(Number(last.headers()['retry-after'])).toBeGreaterThan(0)
	const body = await last.json()
	expect(body.success).toBe(false)
	expect(body.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/)
	// The sign-in page shares the limit and says so.
	const page = await request.post(`${base}/login`, { form: { email: 'nobody@example.com', password: 'x' } })
	expect(page.status()).toBe(429)
	expect(await page.text()).toContain('Too many attempts')
})

test('sign-up, forgot password, reset and code entry are limited too', async ({ request }) => {
	const signup = await hammer(request, '/api/auth/register', () => registration())
	expect(signup.statuses.slice(0, 10).every((s) => s === 201)).toBe(true)
	expect(signup.statuses[10]).toBe(429)
	const forgot = await hammer(request, '/api/auth/forgot-password', { email: 'someone@example.com' })
	expect(forgot.statuses.slice(0, 10).every((s) => s === 200)).toBe(true)
	expect(forgot.statuses[10]).toBe(429)
	const reset = await hammer(request, '/api/auth/reset-password', { token: 'a'.repeat(43), password: 'N3wPassword!' })
	expect(reset.statuses[10]).toBe(429)
})

test('per-account limits hold when every attempt comes from another address', async ({ playwright }) => {
	// Behind a trusted proxy each attempt below has its own client IP, so
	// only the per-account counters can stop them (docs/security.md A9).
	// A port of its own (PORT + 1 is lifecycle.spec's, and files run in parallel).
	const port = E2E_PORT + 34
	const proxied = await startServer({
		port,
		dataDir: path.join(E2E_ROOT, 'rate-limits-proxy'),
		env: { RATE_LIMIT_MULTIPLIER: '1', TRUST_PROXY: 'true', UNLOCK_CODE: 'RATE-LIMIT-CODE' },
	})
	const target = `http://localhost:${port}`
	const api = await playwright.request.newContext()
	try {
		const payload = registration()
		const reg = await api.post(`${target}/api/auth/register`, { data: payload })
		expect(reg.status()).toBe(201)
		const token = (await reg.json()).data.token as string
		const login = await hammer(api, '/api/auth/login', { email: payload.email, password: 'Wr0ngPassword' }, {}, target)
		expect(login.statuses.slice(0, 10).every((s) => s === 401)).toBe(true)
		expect(login.statuses[10]).toBe(429)
		const code = await hammer(
			api,
			'/api/auth/verify-code',
			{ code: 'WRONG-CODE' },
			{ Authorization: `Bearer ${token}` },
			target,
		)
		expect(code.statuses.slice(0, 10).every((s) => s === 400)).toBe(true)
		expect(code.statuses[10]).toBe(429)
		expect((await code.last.json()).message).toContain('Too many attempts')

		// A plan activation code, by an unlocked member (the member API), from a new address each time.
		const other = await api.post(`${target}/api/auth/register`, { data: registration() })
		const otherToken = (await other.json()).data.token as string
		const bearer = { Authorization: `Bearer ${otherToken}` }
		const unlock = await api.post(`${target}/api/auth/verify-code`, {
			data: { code: 'RATE-LIMIT-CODE' },
			headers: bearer,
		})
		expect(unlock.status()).toBe(200)
		const activate = await hammer(api, '/api/member/plans/activate', { code: 'NOPE-0000-0000' }, bearer, target)
		expect(activate.statuses.slice(0, 10).every((s) => s === 400)).toBe(true)
		expect(activate.statuses[10]).toBe(429)
		expect(Number(activate.last.headers()['retry-after'])).toBeGreaterThan(0)
		expect((await activate.last.json()).message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/)
		const plans = await api.get(`${target}/api/member/plans`, { headers: bearer })
		expect((await plans.json()).data.current).toBe('regular')
	} finally {
		await api.dispose()
		await proxied.stop()
	}
})
