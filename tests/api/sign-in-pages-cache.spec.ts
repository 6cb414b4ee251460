import crypto from 'node:crypto'
import { expect, test } from '../fixtures.ts'
import { E2E_BASE_URL } from '../setup/e2e-config.ts'

// The sign-in pages for visitors without a session come from the page cache
// (server/page-cache.ts, docs/decisions/026-every-core.md) like / does: one
// document for everyone, a hash-based CSP that still lets it hydrate, an
// ETag answered with 304. A query string, a session, a pending staff
// sign-in or a flash message gets the page rendered as before; a form post
// is never answered from the cache.

const sha = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest('base64')
const inlineScripts = (html: string) =>
	[...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
		.filter((m) => !/\bsrc\s*=/i.test(m[1]!))
		.map((m) => m[2]!)
const scriptSrc = (csp: string) => /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1]?.trim().split(/\s+/) ?? []
/** A render made for this request: its own nonce, not stored anywhere. */
const rendered = (headers: Record<string, string>) => {
	expect(headers['content-security-policy']).toMatch(/'nonce-[^']+' 'strict-dynamic'/)
	expect(headers['cache-control']).toBe('private, no-store')
	expect(headers.etag).toBeUndefined()
}

const PAGES = [
	['/login', 'Welcome Back'],
	['/signup', 'Create'],
	['/forgot-password', 'Forgot'],
	['/admin/login', 'Sign'],
] as const

for (const [path, text] of PAGES) {
	test(`${path} for a visitor: cached, hydrates under a CSP of exactly its inline scripts' hashes, 304 on its ETag`, async ({
		request,
	}) => {
		const a = await request.get(path)
		expect(a.status()).toBe(200)
		const headers = a.headers()
		const csp = headers['content-security-policy']!
		expect(csp).not.toContain('nonce')
		expect(csp).toContain("object-src 'none'")
		expect(csp).toContain("form-action 'self'")
		const html = await a.text()
		expect(html).toContain(text)
		// It hydrates: React Router's context and module script, inline, each allowed by its hash and nothing else.
		const scripts = inlineScripts(html)
		expect(html).toContain('__reactRouterContext')
		expect(scripts.length).toBeGreaterThan(0)
		expect(scriptSrc(csp)).toEqual(["'self'", ...new Set(scripts.map((script) => `'sha256-${sha(script)}'`))])
		// No nonce anyone could reuse (React Router writes an empty one on its preload links).
		expect(html).not.toMatch(/nonce="[^"]/)
		expect(headers['cache-control']).toBe('no-cache')
		expect(headers.vary).toBe('Accept-Encoding, Cookie')
		expect(headers.etag).toMatch(/^"[\w-]+"$/)
		expect(headers['x-frame-options']).toBe('DENY')

		// The second answer comes from the cache: the same bytes and ETag (whichever process answers).
		for (let i = 0; i < 4; i++) {
			const again = await request.get(path)
			expect(again.headers().etag).toBe(headers.etag)
			expect(await again.text()).toBe(html)
		}
		const notModified = await request.get(path, { headers: { 'If-None-Match': headers.etag! } })
		expect(notModified.status()).toBe(304)
		expect(await notModified.body()).toHaveLength(0)
	})
}

test('a query string, a flash message or a pending staff sign-in: rendered for that request, not cached', async ({
	request,
}) => {
	for (const path of ['/login?redirectTo=%2Fdashboard%2Freferrals', '/signup?ref=ABCD1234', '/forgot-password?x=1']) {
		const res = await request.get(path)
		expect(res.status()).toBe(200)
		rendered(res.headers())
	}
	// The redirect target is carried by the page rendered for that request.
	const withTarget = await (await request.get('/login?redirectTo=%2Fdashboard%2Freferrals')).text()
	expect(withTarget).toContain('/dashboard/referrals')
	expect(await (await request.get('/signup?ref=ABCD1234')).text()).toContain('ABCD1234')
	for (const [path, cookie] of [
		['/login', 'flash=anything'],
		['/admin/login', 'admin_pending=anything'],
		['/admin/login', 'admin_session=forged'],
		['/signup', 'session=forged'],
	] as const) {
		const res = await request.get(path, { headers: { Cookie: cookie } })
		expect(res.status()).toBe(200)
		rendered(res.headers())
	}
})

test('a signed-in member or admin is not served the cached page: they get the redirect these pages give', async ({
	playwright,
	createMember,
	createAdmin,
	sessionCookie,
}) => {
	for (const [account, paths] of [
		[await createMember({ unlocked: true }), ['/login', '/signup']],
		[await createAdmin({ role: 'admin' }), ['/admin/login']],
	] as const) {
		const cookie = await sessionCookie(account)
		const context = await playwright.request.newContext({
			baseURL: E2E_BASE_URL,
			storageState: { cookies: [cookie], origins: [] },
		})
		for (const path of paths) {
			const res = await context.get(path, { maxRedirects: 0 })
			expect(res.status(), path).toBe(302)
			expect(res.headers().etag).toBeUndefined()
		}
		await context.dispose()
	}
})

test('a form post is never answered from the cache', async ({ request }) => {
	const cached = await request.get('/login')
	const etag = cached.headers().etag
	const post = await request.post('/login', {
		headers: { Origin: E2E_BASE_URL, 'If-None-Match': etag! },
		form: { email: 'nobody@example.com', password: 'wrong-password-1', website: '' },
	})
	expect(post.status()).toBe(401)
	rendered(post.headers())
	expect(await post.text()).toContain('Invalid email or password')
	const forgot = await request.post('/forgot-password', {
		headers: { Origin: E2E_BASE_URL },
		form: { email: 'nobody@example.com', website: '' },
	})
	expect(forgot.status()).toBe(200)
	rendered(forgot.headers())
})

// On a slow phone connection the one render-blocking file must be asked for
// first: React moves the scripts' module preloads into the head, and a
// stylesheet without `precedence` ended up after twenty of them, waiting
// for a connection behind them (app/root.tsx).
test('the one stylesheet comes before the module preloads, cached or rendered', async ({ request }) => {
	for (const path of ['/login', '/login?from=test']) {
		const html = await (await request.get(path)).text()
		const head = html.slice(0, html.indexOf('</head>'))
		const sheets = [...head.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*>/g)]
		expect(sheets, `${path}: stylesheets`).toHaveLength(1)
		expect(sheets[0]![0]).toMatch(/href="\/assets\/app-[\w-]+\.css"/)
		const firstPreload = head.search(/<link\b[^>]*rel="modulepreload"/)
		expect(firstPreload, `${path}: module preloads in the head`).toBeGreaterThan(-1)
		expect(sheets[0]!.index!, `${path}: stylesheet before the first preload`).toBeLessThan(firstPreload)
	}
})
