import { describe, expect, test, vi } from 'vitest'
import { CACHED_PAGES, createPageCache, hasPageCookie, preferredEncoding } from './page-cache.ts'
import zlib from 'node:zlib'

describe('hasPageCookie', () => {
	test.each([
		['session=abc', true],
		['__Host-session=abc', true],
		['admin_session=abc', true],
		['__Host-admin_session=abc', true],
		['theme=dark; admin_pending=x', true],
		['__Host-admin_pending=x', true],
		['flash=abc', true],
		['__Host-flash=abc', true],
		['flashy=1; admin_sessions=2; codes-reveal=3', false],
		['theme=dark; session=abc', true],
		[' a=1 ;  __Host-session=x; b=2', true],
		['session', true],
		[undefined, false],
		['', false],
		['theme=dark', false],
		['mysession=abc', false],
		['session_hint=1; sessions=2', false],
		['a=session=1', false],
	])('%s -> %s', (header, expected) => {
		expect(hasPageCookie(header)).toBe(expected)
	})
})

describe('preferredEncoding', () => {
	test.each([
		[undefined, 'identity'],
		['', 'identity'],
		['gzip', 'gzip'],
		['gzip, deflate, br', 'br'],
		['br;q=0.5, gzip', 'gzip'],
		['br;q=0, gzip;q=0', 'identity'],
		['BR', 'br'],
		['deflate', 'identity'],
		['gzip;q=1.0, br;q=1.0', 'br'],
		// What browsers send (looked up, not parsed: the same answers).
		['gzip, deflate, br, zstd', 'br'],
		['br, gzip, deflate', 'br'],
		['gzip, deflate', 'gzip'],
		['br', 'br'],
		['*', 'identity'],
	])('%s -> %s', (header, expected) => {
		expect(preferredEncoding(header)).toBe(expected)
	})
})

const HTML = '<!DOCTYPE html><html><body><h1>Hello</h1><script>1</script></body></html>'.repeat(20)

function fakeRender(status = 200) {
	return vi.fn(
		async (path: string) =>
			new Response(`${HTML}<!-- ${path} -->`, {
				status,
				headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': "script-src 'self'" },
			}),
	)
}

describe('createPageCache', () => {
	test('warm renders each page once; answers carry the CSP, ETag and no-cache, Vary Cookie', async () => {
		const render = fakeRender()
		const cache = createPageCache(render)
		await cache.warm()
		expect(render.mock.calls.map((c) => c[0]).sort()).toEqual([...CACHED_PAGES].sort())
		expect(CACHED_PAGES).toEqual(['/', '/terms', '/login', '/signup', '/forgot-password', '/admin/login'])
		const a = cache.answer('GET', '/', {})!
		expect(a.status).toBe(200)
		expect(a.body!.toString()).toBe(`${HTML}<!-- / -->`)
		expect(a.headers['Content-Security-Policy']).toBe("script-src 'self'")
		expect(a.headers['Cache-Control']).toBe('no-cache')
		expect(a.headers.Vary).toBe('Accept-Encoding, Cookie')
		expect(a.headers.ETag).toMatch(/^"[A-Za-z0-9_-]+"$/)
		expect(a.headers['Content-Length']).toBe(String(a.body!.byteLength))
		expect(a.headers['Content-Encoding']).toBeUndefined()
		expect(cache.answer('GET', '/terms', {})!.body!.toString()).toContain('<!-- /terms -->')
		cache.answer('GET', '/', {})
		expect(render).toHaveBeenCalledTimes(CACHED_PAGES.length)
	})

	test('serves brotli and gzip copies that decode to the page', async () => {
		const cache = createPageCache(fakeRender())
		await cache.warm()
		const br = cache.answer('GET', '/', { 'accept-encoding': 'gzip, deflate, br' })!
		expect(br.headers['Content-Encoding']).toBe('br')
		expect(zlib.brotliDecompressSync(br.body!).toString()).toBe(`${HTML}<!-- / -->`)
		const gz = cache.answer('GET', '/', { 'accept-encoding': 'gzip' })!
		expect(gz.headers['Content-Encoding']).toBe('gzip')
		expect(zlib.gunzipSync(gz.body!).toString()).toBe(`${HTML}<!-- / -->`)
		expect(gz.body!.byteLength).toBeLessThan(HTML.length / 4)
	})

	test('each answer is built once: the same object every time, its flat header list equal to its headers', async () => {
		const cache = createPageCache(fakeRender())
		await cache.warm()
		for (const headers of [{}, { 'accept-encoding': 'gzip' }, { 'accept-encoding': 'br' }]) {
			const first = cache.answer('GET', '/login', headers)!
			expect(cache.answer('GET', '/login', headers)).toBe(first)
			expect(Object.isFrozen(first.rawHeaders)).toBe(true)
			expect(first.rawHeaders).toEqual(Object.entries(first.headers).flat())
		}
		const head = cache.answer('HEAD', '/login', { 'accept-encoding': 'gzip' })!
		const get = cache.answer('GET', '/login', { 'accept-encoding': 'gzip' })!
		expect(head.rawHeaders).toEqual(get.rawHeaders)
		expect(head.body).toBeNull()
	})

	test('304 for a matching If-None-Match; HEAD has headers and no body', async () => {
		const cache = createPageCache(fakeRender())
		await cache.warm()
		const { ETag } = cache.answer('GET', '/', {})!.headers
		const notModified = cache.answer('GET', '/', { 'if-none-match': `"other", ${ETag}` })!
		expect(notModified.status).toBe(304)
		expect(notModified.body).toBeNull()
		expect(notModified.headers.ETag).toBe(ETag)
		expect(cache.answer('GET', '/', { 'if-none-match': '"other"' })!.status).toBe(200)
		const head = cache.answer('HEAD', '/terms', {})!
		expect(head.status).toBe(200)
		expect(head.body).toBeNull()
		expect(Number(head.headers['Content-Length'])).toBeGreaterThan(0)
	})

	test('not ours: session, pending sign-in and flash cookies, query strings, other paths and methods', async () => {
		const cache = createPageCache(fakeRender())
		await cache.warm()
		expect(cache.answer('GET', '/', { cookie: 'session=abc' })).toBeNull()
		expect(cache.answer('GET', '/terms', { cookie: 'x=1; __Host-session=abc' })).toBeNull()
		expect(cache.answer('GET', '/login', { cookie: 'session=abc' })).toBeNull()
		expect(cache.answer('GET', '/login', { cookie: 'flash=abc' })).toBeNull()
		expect(cache.answer('GET', '/admin/login', { cookie: 'admin_session=abc' })).toBeNull()
		expect(cache.answer('GET', '/admin/login', { cookie: 'admin_pending=abc' })).toBeNull()
		expect(cache.answer('GET', '/?utm_source=x', {})).toBeNull()
		expect(cache.answer('GET', '/login?redirectTo=%2Fdashboard', {})).toBeNull()
		expect(cache.answer('GET', '/signup?ref=ABC123', {})).toBeNull()
		expect(cache.answer('GET', '/forgot-password?error=x', {})).toBeNull()
		expect(cache.answer('GET', '/terms/', {})).toBeNull()
		expect(cache.answer('GET', '/login/', {})).toBeNull()
		expect(cache.answer('GET', '/login.data', {})).toBeNull()
		expect(cache.answer('GET', '/_root.data', {})).toBeNull()
		expect(cache.answer('GET', '/_.data', {})).toBeNull()
		expect(cache.answer('GET', '/login/_.data', {})).toBeNull()
		expect(cache.answer('POST', '/', {})).toBeNull()
		for (const path of ['/login', '/signup', '/forgot-password', '/admin/login']) {
			expect(cache.answer('POST', path, {})).toBeNull()
			expect(cache.answer('GET', path, { cookie: 'theme=dark' })!.status).toBe(200)
		}
		expect(cache.answer('GET', '/', { cookie: 'theme=dark' })).not.toBeNull()
	})

	test('a failed render is reported and not cached; the next request retries', async () => {
		const errors: string[] = []
		const render = fakeRender(500)
		const cache = createPageCache(render, (path) => errors.push(path))
		await cache.warm()
		expect(errors.sort()).toEqual([...CACHED_PAGES].sort())
		expect(cache.answer('GET', '/', {})).toBeNull()
		render.mockImplementation(fakeRender(200))
		await vi.waitFor(() => expect(cache.answer('GET', '/', {})).not.toBeNull())
	})

	test('a moved content counter refreshes every page: the request that sees it is not answered from the cache, the next gets the new render', async () => {
		let version = 7
		let words = 'first'
		const render = vi.fn(
			async (path: string) =>
				new Response(`${HTML}<!-- ${path} ${words} -->`, {
					headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': "script-src 'self'" },
				}),
		)
		const cache = createPageCache(render, undefined, () => version)
		await cache.warm()
		const before = cache.answer('GET', '/', {})!
		expect(before.body!.toString()).toContain('/ first')
		expect(render).toHaveBeenCalledTimes(CACHED_PAGES.length)
		// A write elsewhere (another process, the scheduler) bumps the counter.
		words = 'second'
		version = 8
		expect(cache.answer('GET', '/', {})).toBeNull()
		expect(cache.answer('GET', '/', { 'if-none-match': before.headers.ETag })).toBeNull()
		await vi.waitFor(() => expect(cache.answer('GET', '/', {})).not.toBeNull())
		const after = cache.answer('GET', '/', {})!
		expect(after.body!.toString()).toContain('/ second')
		expect(after.headers.ETag).not.toBe(before.headers.ETag)
		// Each page is rendered again on its own next request, once.
		expect(cache.answer('GET', '/terms', {})).toBeNull()
		await vi.waitFor(() => expect(cache.answer('GET', '/terms', {})!.body!.toString()).toContain('second'))
		cache.answer('GET', '/', {})
		cache.answer('GET', '/terms', {})
		expect(render).toHaveBeenCalledTimes(CACHED_PAGES.length + 2)
	})

	test('a request turned down for a moved counter can wait for the new render (whenFresh) and is answered from it, once rendered for all', async () => {
		let version = 1
		let words = 'first'
		const render = vi.fn(
			async (path: string) =>
				new Response(`${HTML}<!-- ${path} ${words} -->`, {
					headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': "script-src 'self'" },
				}),
		)
		const cache = createPageCache(render, undefined, () => version)
		await cache.warm()
		// Current entry, or not the cache's request: nothing to wait for.
		expect(cache.whenFresh('GET', '/', {})).toBeNull()
		expect(cache.whenFresh('POST', '/', {})).toBeNull()
		expect(cache.whenFresh('GET', '/?ref=x', {})).toBeNull()
		expect(cache.whenFresh('GET', '/', { cookie: 'session=abc' })).toBeNull()
		words = 'second'
		version = 2
		expect(cache.answer('GET', '/', {})).toBeNull()
		// Two visitors waiting share one render, each answered from it.
		const [get, head] = await Promise.all([cache.whenFresh('GET', '/', {}), cache.whenFresh('HEAD', '/', {})])
		expect(get!.body!.toString()).toContain('/ second')
		expect(head!.status).toBe(200)
		expect(head!.body).toBeNull()
		expect(cache.answer('GET', '/', {})).toBe(get)
		expect(cache.whenFresh('GET', '/', {})).toBeNull()
		expect(render).toHaveBeenCalledTimes(CACHED_PAGES.length + 1)
	})

	test('whenFresh answers from a render at least as new as what the request saw, else null after three failed renders', async () => {
		let version = 1
		let bumps = 0
		const render = vi.fn(async (path: string) => {
			// A write lands during each of the next `bumps` renders.
			if (bumps > 0) {
				bumps--
				version++
			}
			return new Response(`${HTML}<!-- ${path} v${version} -->`, {
				headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': "script-src 'self'" },
			})
		})
		const cache = createPageCache(render, undefined, () => version)
		await cache.warm()
		// One write during the first render: the entry is older than the counter
		// then, but not older than what the request saw; it is answered.
		version = 10
		bumps = 1
		const answered = await cache.whenFresh('GET', '/', {})
		expect(answered!.body!.toString()).toContain('v11')
		// A render that started before the request's view is not enough: the
		// request waits for the next one.
		version = 30
		const early = cache.whenFresh('GET', '/terms', {})!
		version = 31
		const late = cache.whenFresh('GET', '/terms', {})!
		expect((await early)!.body!.toString()).toContain('v30')
		expect((await late)!.body!.toString()).toContain('v31')
		// Renders that keep failing: null after three tries (the caller renders the page itself).
		const before = render.mock.calls.length
		render.mockRejectedValue(new Error('render failed'))
		version = 40
		expect(await cache.whenFresh('GET', '/login', {})).toBeNull()
		expect(render.mock.calls.length - before).toBe(3)
	})

	test('a write during a render leaves that entry behind: it is rendered again', async () => {
		let version = 1
		const render = vi.fn(async (path: string) => {
			version++
			return new Response(`${HTML}<!-- ${path} v${version} -->`, {
				headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': "script-src 'self'" },
			})
		})
		const cache = createPageCache(render, undefined, () => version)
		await cache.warm()
		expect(cache.answer('GET', '/', {})).toBeNull()
	})
})
