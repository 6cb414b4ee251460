import crypto from 'node:crypto'
import zlib from 'node:zlib'
import { expect, test } from '../fixtures.ts'
import { E2E_BASE_URL } from '../setup/e2e-config.ts'

// The landing and terms pages for visitors come from the page cache
// (server/page-cache.ts) with a hash-based CSP; members get pages rendered
// for them. Plus the pages' SEO tags, robots.txt and sitemap.xml.

const sha = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest('base64')
const inlineScripts = (html: string) =>
	[...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
		.filter((m) => !/\bsrc\s*=/i.test(m[1]!))
		.map((m) => m[2]!)
/** The attributes of every <script> that loads a file. */
const externalScripts = (html: string) =>
	[...html.matchAll(/<script\b([^>]*)>/gi)].map((m) => m[1]!).filter((attributes) => /\bsrc\s*=/i.test(attributes))
const scriptSrc = (csp: string) => /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1]?.trim().split(/\s+/) ?? []

for (const path of ['/', '/terms']) {
	test(`${path} for a visitor: cached, not hydrated, CSP allows 'self' plus exactly its inline scripts by hash, security headers kept`, async ({
		request,
	}) => {
		const a = await request.get(path)
		expect(a.status()).toBe(200)
		const headers = a.headers()
		const csp = headers['content-security-policy']!
		expect(csp).not.toContain('nonce')
		expect(csp).toContain("object-src 'none'")
		expect(csp).toContain("base-uri 'none'")
		expect(csp).toContain("frame-ancestors 'none'")
		const html = await a.text()
		// Any inline script would be allowed by its hash, and nothing else is.
		const scripts = inlineScripts(html)
		expect(scriptSrc(csp)).toEqual(["'self'", ...new Set(scripts.map((script) => `'sha256-${sha(script)}'`))])
		// Not hydrated (handle.hydrate false): no router context or hydration
		// data inline, only the enhancement module from /assets/ ('self').
		expect(scripts).toEqual([])
		expect(html).not.toContain('__reactRouterContext')
		expect(html).not.toContain('modulepreload')
		const external = externalScripts(html)
		expect(external).toHaveLength(1)
		expect(external[0]).toMatch(/^ type="module" src="\/assets\/public-pages-[\w-]+\.js"$/)
		expect(headers['cache-control']).toBe('no-cache')
		expect(headers.vary).toContain('Cookie')
		expect(headers.etag).toBeTruthy()
		expect(headers['x-content-type-options']).toBe('nosniff')
		expect(headers['x-frame-options']).toBe('DENY')
		expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
		expect(headers['x-request-id']).toBeTruthy()
		expect(html).toContain('Sign In')
		expect(html).not.toContain('Sign Out')

		// The same bytes for everyone, revalidated with a 304.
		const b = await request.get(path)
		expect(await b.text()).toBe(html)
		const again = await request.get(path, { headers: { 'If-None-Match': headers.etag! } })
		expect(again.status()).toBe(304)
	})

	test(`${path}: brotli and gzip copies decode to the same page; HEAD has no body`, async () => {
		// Raw bytes: Node's fetch would decode them for us.
		const url = `${E2E_BASE_URL}${path}`
		const plain = Buffer.from(await (await fetch(url, { headers: { 'Accept-Encoding': 'identity' } })).arrayBuffer())
		const http = await import('node:http')
		const raw = (encoding: string, method = 'GET') =>
			new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
				const req = http.request(url, { method, headers: { 'Accept-Encoding': encoding } }, (res) => {
					const chunks: Buffer[] = []
					res.on('data', (c: Buffer) => chunks.push(c))
					res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }))
				})
				req.on('error', reject)
				req.end()
			})
		const br = await raw('gzip, deflate, br')
		expect(br.headers['content-encoding']).toBe('br')
		expect(zlib.brotliDecompressSync(br.body).equals(plain)).toBe(true)
		const gz = await raw('gzip')
		expect(gz.headers['content-encoding']).toBe('gzip')
		expect(zlib.gunzipSync(gz.body).equals(plain)).toBe(true)
		const head = await raw('gzip', 'HEAD')
		expect(head.body.byteLength).toBe(0)
		expect(head.headers['content-type']).toBe('text/html; charset=utf-8')
	})

	test(`${path} with a session: rendered for the member (nonce CSP, no-store), never cached for others`, async ({
		playwright,
		request,
		createMember,
		sessionCookie,
	}) => {
		// A request context holding a member's session cookie (written by the fixtures, not the sign-in form).
		const cookie = await sessionCookie(await createMember({ unlocked: true }))
		const context = await playwright.request.newContext({
			baseURL: E2E_BASE_URL,
			storageState: { cookies: [cookie], origins: [] },
		})
		const mine = await context.get(path)
		expect(mine.status()).toBe(200)
		expect(mine.headers()['cache-control']).toBe('private, no-store')
		expect(mine.headers()['content-security-policy']).toMatch(/'nonce-[^']+' 'strict-dynamic'/)
		const html = await mine.text()
		expect(html).toContain('Sign Out')
		expect(html).toContain('href="/dashboard"')
		expect(html).not.toContain('>Sign In<')
		// Sign Out is a plain form post (the page is not hydrated), and the
		// enhancement module carries this answer's nonce.
		const form = /<form\b([^>]*)>/.exec(html)?.[1] ?? ''
		expect(form).toContain('action="/logout"')
		expect(form).toContain('method="post"')
		const nonce = /'nonce-([^']+)'/.exec(mine.headers()['content-security-policy']!)![1]
		const external = externalScripts(html)
		expect(external).toHaveLength(1)
		expect(external[0]).toContain(`nonce="${nonce}"`)
		expect(inlineScripts(html)).toEqual([])

		// A visitor right after still gets the visitor's page.
		const visitor = await request.get(path)
		const visitorHtml = await visitor.text()
		expect(visitorHtml).not.toContain('Sign Out')
		expect(visitor.headers()['content-security-policy']).not.toContain('nonce')
		await context.dispose()
	})
}

test('the enhancement script of / and /terms is one small hashed asset, precompressed and cached for a year', async ({
	request,
}) => {
	const landing = externalScripts(await (await request.get('/')).text())
	const terms = externalScripts(await (await request.get('/terms')).text())
	expect(terms).toEqual(landing)
	const src = /src="([^"]+)"/.exec(landing[0]!)![1]!
	expect(src).toMatch(/^\/assets\/public-pages-[\w-]+\.js$/)
	const http = await import('node:http')
	const res = await new Promise<{ status?: number; headers: Record<string, unknown>; body: Buffer }>(
		(resolve, reject) => {
			const req = http.request(`${E2E_BASE_URL}${src}`, { headers: { 'Accept-Encoding': 'br' } }, (r) => {
				const chunks: Buffer[] = []
				r.on('data', (c: Buffer) => chunks.push(c))
				r.on('end', () => resolve({ status: r.statusCode, headers: r.headers, body: Buffer.concat(chunks) }))
			})
			req.on('error', reject)
			req.end()
		},
	)
	expect(res.status).toBe(200)
	expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
	expect(res.headers['content-type']).toMatch(/javascript/)
	expect(res.headers['content-encoding']).toBe('br')
	// "A few KB": the whole of the public pages' JavaScript.
	expect(res.body.byteLength).toBeLessThan(4_000)
	expect(zlib.brotliDecompressSync(res.body).toString()).toContain('data-enhanced')
})

test('a stale or forged session cookie gets the visitor page, rendered fresh (not the cache)', async ({ request }) => {
	const res = await request.get('/', { headers: { Cookie: 'session=forged.value' } })
	expect(res.status()).toBe(200)
	expect(res.headers()['content-security-policy']).toContain("'nonce-")
	const html = await res.text()
	expect(html).toContain('Get Started Free')
	expect(html).not.toContain('Sign Out')
})

test('a query string renders fresh; canonical URLs use APP_ORIGIN whatever the Host header says', async ({
	request,
}) => {
	for (const [path, headers] of [
		['/?utm_source=test', { Host: 'evil.example' }],
		['/', { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example' }],
		['/terms?x=1', { 'X-Forwarded-Host': 'evil.example' }],
	] as const) {
		const html = await (await request.get(path, { headers })).text()
		const canonicalPath = path.startsWith('/terms') ? '/terms' : '/'
		expect(html).toContain(`<link rel="canonical" href="${E2E_BASE_URL}${canonicalPath}"/>`)
		expect(html).not.toContain('evil.example')
	}
})

test('each public page has its own title, description, Open Graph tags and canonical URL', async ({ request }) => {
	const landing = await (await request.get('/')).text()
	const terms = await (await request.get('/terms')).text()
	const tag = (html: string, re: RegExp) => re.exec(html)?.[1]
	for (const [html, path] of [
		[landing, '/'],
		[terms, '/terms'],
	] as const) {
		expect(tag(html, /<title>([^<]+)<\/title>/)).toBeTruthy()
		expect(tag(html, /<meta name="description" content="([^"]+)"/)!.length).toBeGreaterThan(50)
		expect(tag(html, /<meta property="og:title" content="([^"]+)"/)).toBe(tag(html, /<title>([^<]+)<\/title>/))
		expect(tag(html, /<meta property="og:description" content="([^"]+)"/)).toBeTruthy()
		expect(tag(html, /<meta property="og:type" content="([^"]+)"/)).toBe('website')
		expect(tag(html, /<meta property="og:url" content="([^"]+)"/)).toBe(`${E2E_BASE_URL}${path}`)
		expect(tag(html, /<link rel="canonical" href="([^"]+)"/)).toBe(`${E2E_BASE_URL}${path}`)
	}
	expect(tag(landing, /<title>([^<]+)<\/title>/)).not.toBe(tag(terms, /<title>([^<]+)<\/title>/))
	expect(terms).toContain('<title>Terms &amp; Conditions | TradeCircle</title>')
})

test('robots.txt and sitemap.xml', async ({ request }) => {
	const robots = await request.get('/robots.txt')
	expect(robots.status()).toBe(200)
	expect(robots.headers()['content-type']).toBe('text/plain; charset=utf-8')
	const text = await robots.text()
	expect(text).toContain('User-agent: *')
	expect(text).toContain('Disallow: /dashboard')
	expect(text).toContain(`Sitemap: ${E2E_BASE_URL}/sitemap.xml`)

	const sitemap = await request.get('/sitemap.xml')
	expect(sitemap.status()).toBe(200)
	expect(sitemap.headers()['content-type']).toBe('application/xml; charset=utf-8')
	const xml = await sitemap.text()
	expect(xml).toContain(`<loc>${E2E_BASE_URL}/</loc>`)
	expect(xml).toContain(`<loc>${E2E_BASE_URL}/terms</loc>`)
})

test("the landing's dashboard preview draws a sparkline per sample trader in the server HTML, with its summary", async ({
	request,
}) => {
	const html = await (await request.get('/')).text()
	expect(html.match(/data-chart="sparkline"/g)).toHaveLength(3)
	expect(html).toContain(
		'aria-label="Amara O., weekly returns: 12 weeks from +1.2% to +4.8%, 10 of 12 positive (sample figures)"',
	)
	expect(html).toContain('<path d="M')
})
