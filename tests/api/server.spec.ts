import { expect, test } from '@playwright/test'
import { createMember } from '../playwright-utils.ts'

// The production server's own layer: security headers, CSP, caching,
// compression, health, 404s and body limits.

test('HTML pages carry an enforced CSP with a fresh nonce and the security headers', async ({ request }) => {
	// A query keeps the sign-in page out of the page cache (which answers with a hash CSP: decision 026).
	const a = await request.get('/login?redirectTo=%2Fdashboard')
	const b = await request.get('/login?redirectTo=%2Fdashboard')
	expect(a.status()).toBe(200)
	const csp = a.headers()['content-security-policy']
	expect(csp).toBeTruthy()
	expect(a.headers()['content-security-policy-report-only']).toBeUndefined()
	expect(csp).toContain("frame-ancestors 'none'")
	expect(csp).toContain("object-src 'none'")
	expect(csp).toContain("base-uri 'none'")
	const nonceA = /'nonce-([^']+)'/.exec(csp)?.[1]
	const nonceB = /'nonce-([^']+)'/.exec(b.headers()['content-security-policy'])?.[1]
	expect(nonceA).toBeTruthy()
	expect(nonceA).not.toBe(nonceB)
	const html = await a.text()
	const scripts = html.match(/<script\b[^>]*>/g) ?? []
	expect(scripts.length).toBeGreaterThan(0)
	for (const tag of scripts) expect(tag).toContain(`nonce="${nonceA}"`)
	expect(a.headers()['x-content-type-options']).toBe('nosniff')
	expect(a.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin')
	expect(a.headers()['x-frame-options']).toBe('DENY')
	expect(a.headers()['content-type']).toBe('text/html; charset=utf-8')
	expect(a.headers()['x-powered-by']).toBeUndefined()
})

test('API answers, static files and 404s get nosniff too', async ({ request }) => {
	for (const path of ['/api/auth/me', '/favicon.svg', '/no-such-page', '/api/none']) {
		const res = await request.get(path)
		expect(res.headers()['x-content-type-options'], path).toBe('nosniff')
		expect(res.headers()['content-security-policy'], path).toContain("frame-ancestors 'none'")
	}
})

test('hashed assets are cached for a year and served precompressed', async ({ request }) => {
	const html = await (await request.get('/login')).text()
	const asset = /\/assets\/[^"']+\.js/.exec(html)?.[0]
	expect(asset).toBeTruthy()
	const res = await request.get(asset!, { headers: { 'Accept-Encoding': 'br, gzip' } })
	expect(res.status()).toBe(200)
	expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
	expect(res.headers()['content-encoding']).toBe('br')
})

test('dynamic HTML is compressed with gzip', async ({ request }) => {
	const res = await request.get('/signup', { headers: { 'Accept-Encoding': 'gzip' } })
	expect(res.headers()['content-encoding']).toBe('gzip')
})

test('health route answers 200, is not cached, and reports the scheduler’s last successful tick', async ({
	request,
}) => {
	const res = await request.get('/healthz')
	expect(res.status()).toBe(200)
	expect(res.headers()['cache-control']).toBe('no-store')
	// The scheduler ticks once at start-up (app/utils/scheduler.server.ts).
	const tick = res.headers()['x-scheduler-last-tick']!
	expect(tick).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
	expect(Date.now() - Date.parse(tick)).toBeLessThan(10 * 60_000)
	expect(await res.text()).toBe(`OK\nscheduler last tick: ${tick}\n`)
})

test('unknown pages get a real 404 page; private files are not served', async ({ request }) => {
	const res = await request.get('/definitely/not/here')
	expect(res.status()).toBe(404)
	expect(await res.text()).toContain('Page not found')
	for (const path of [
		'/.env',
		'/package.json',
		'/build/server/index.js',
		'/server.js',
		'/.git/config',
		'/node_modules/react/package.json',
	]) {
		const r = await request.get(path)
		expect(r.status(), path).toBe(404)
		expect(await r.text()).not.toContain('"dependencies"')
	}
})

test('page form posts: body limit 413, cross-site 403, authenticated pages not cached', async ({ request }) => {
	const big = await request.post('/login', {
		headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
		data: `email=${'a'.repeat(200_000)}`,
	})
	expect(big.status()).toBe(413)
	const cross = await request.post('/login', {
		headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'cross-site' },
		data: 'email=a%40b.co&password=x',
	})
	expect(cross.status()).toBe(403)
	const evil = await request.post('/login', {
		headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://evil.example' },
		data: 'email=a%40b.co&password=x',
	})
	expect(evil.status()).toBe(400)
	expect(evil.headers()['set-cookie']).toBeUndefined()
})

test('a form action sent JSON is refused without a 500', async ({ request }) => {
	const res = await request.post('/signup', { data: { email: 'a@b.co' } })
	expect(res.status()).toBeLessThan(500)
	expect(await res.text()).not.toMatch(/\bat \S+ \(|node_modules/)
})

test('sign-in cookie: HttpOnly, SameSite=Lax, Path=/; a new id at every sign-in', async ({ request, playwright }) => {
	const member = await createMember(request)
	const jar = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL })
	const form = { email: member.email, password: member.password }
	const first = await jar.post('/login', { form, maxRedirects: 0 })
	expect(first.status()).toBe(302)
	const cookie = first.headers()['set-cookie']
	expect(cookie).toMatch(/HttpOnly/i)
	expect(cookie).toMatch(/SameSite=Lax/i)
	expect(cookie).toMatch(/Path=\//)
	const second = await jar.post('/login', { form, maxRedirects: 0 })
	const value = (c: string) => /^[^=]+=([^;]*)/.exec(c)?.[1]
	expect(value(second.headers()['set-cookie'])).not.toBe(value(cookie))
	await jar.dispose()
	// The first cookie was replaced on the server too: replaying it fails.
	const replay = await request.get('/dashboard', { headers: { Cookie: cookie.split(';')[0]! }, maxRedirects: 0 })
	expect(replay.status()).toBe(302)
	expect(replay.headers()['location']).toContain('/login')
})

test('GET /logout never signs out; the POST does, on the server', async ({ request, playwright }) => {
	const member = await createMember(request, { unlocked: true })
	const jar = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL })
	await jar.post('/login', { form: { email: member.email, password: member.password } })
	expect((await jar.get('/dashboard', { maxRedirects: 0 })).status()).toBe(200)
	await jar.get('/logout')
	expect((await jar.get('/dashboard', { maxRedirects: 0 })).status()).toBe(200)
	const state = await jar.storageState()
	const out = await jar.post('/logout', { maxRedirects: 0 })
	expect(out.status()).toBe(302)
	expect(out.headers()['set-cookie']).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i)
	const cookie = state.cookies.map((c) => `${c.name}=${c.value}`).join('; ')
	const replay = await request.get('/dashboard', { headers: { Cookie: cookie }, maxRedirects: 0 })
	expect(replay.status()).toBe(302)
	await jar.dispose()
})

test('a tampered session cookie is just signed out, not an error', async ({ request }) => {
	const res = await request.get('/dashboard', { headers: { Cookie: 'session=garbage.value' }, maxRedirects: 0 })
	expect(res.status()).toBe(302)
	expect(res.headers()['location']).toBe('/login?redirectTo=%2Fdashboard')
})

test('methods a route does not take: 405 with Allow, never a hang or a 500', async ({ request }) => {
	for (const method of ['PUT', 'PATCH', 'DELETE', 'PROPFIND', 'TRACE']) {
		const page = await request.fetch('/login', { method })
		expect(page.status(), `${method} /login`).toBe(405)
		expect(page.headers()['allow']).toBe('GET, HEAD, POST')
		const api = await request.fetch('/api/auth/login', { method })
		expect(api.status(), `${method} /api/auth/login`).toBe(405)
		expect(api.headers()['allow']).toBeTruthy()
		expect((await api.json()).success).toBe(false)
	}
	// The method override header is ignored: this stays a POST (a 400 here).
	const override = await request.post('/api/auth/login', { headers: { 'X-HTTP-Method-Override': 'DELETE' }, data: {} })
	expect(override.status()).toBe(400)
	expect((await request.get('/healthz')).status()).toBe(200)
})
