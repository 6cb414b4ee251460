import path from 'node:path'
import { expect, test } from '@playwright/test'
import { E2E_PORT, E2E_ROOT } from '../setup/e2e-config.ts'
import { startServer } from '../setup/server-process.ts'
import { registration } from '../playwright-utils.ts'

// Served over HTTPS (APP_ORIGIN https://, behind a TLS proxy): the session
// cookie is __Host- prefixed and Secure, and HSTS is sent (docs/security.md S1, H1).
const PORT = E2E_PORT + 14
const base = `http://localhost:${PORT}`

test('https origin: __Host- Secure session cookie and HSTS', async ({ playwright }) => {
	const server = await startServer({
		port: PORT,
		dataDir: path.join(E2E_ROOT, 'https'),
		env: { APP_ORIGIN: 'https://tradecircle.example', RATE_LIMIT_MULTIPLIER: '100' },
	})
	const api = await playwright.request.newContext()
	try {
		const member = registration()
		expect((await api.post(`${base}/api/auth/register`, { data: member })).status()).toBe(201)
		const res = await api.post(`${base}/login`, {
			form: { email: member.email, password: member.password },
			maxRedirects: 0,
		})
		expect(res.status()).toBe(302)
		const cookie = res.headers()['set-cookie']
		expect(cookie).toMatch(/^__Host-session=[^;]+;/)
		expect(cookie).toMatch(/;\s*Secure/i)
		expect(cookie).toMatch(/;\s*Path=\//)
		expect(cookie).not.toMatch(/Domain=/i)
		const page = await api.get(`${base}/login`)
		expect(page.headers()['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
	} finally {
		await api.dispose()
		await server.stop()
	}
})
