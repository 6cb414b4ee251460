import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import Database from 'better-sqlite3'
import type { APIRequestContext } from '@playwright/test'
import { expect, test } from '../fixtures.ts'
import { E2E_ADMIN, E2E_DATA_DIR, E2E_PORT, E2E_ROOT } from '../setup/e2e-config.ts'
import { startServer } from '../setup/server-process.ts'
import { PASSWORD, registration } from '../playwright-utils.ts'

// One request from anyone must never end the process or produce a 500
// (issue 9): oversized bodies in any framing, field names of thousands of
// segments, cross-origin posts, a database locked by another process, and
// where the server listens.
const E2E_HOST = `127.0.0.1:${E2E_PORT}`

/** Sends raw HTTP on one connection; resolves with what came back. */
function rawRequest(port: number, parts: (string | Buffer)[], options: { abortAfter?: boolean } = {}) {
	return new Promise<string>((resolve) => {
		const socket = net.connect(port, '127.0.0.1')
		let answer = ''
		socket.on('data', (d) => (answer += d.toString('latin1')))
		socket.on('error', () => resolve(answer))
		socket.on('close', () => resolve(answer))
		socket.on('connect', async () => {
			for (const part of parts) {
				if (socket.destroyed) return
				socket.write(part)
				await new Promise((r) => setImmediate(r))
			}
			if (options.abortAfter) socket.destroy()
		})
	})
}

function chunkedPost(pathname: string, size: number, contentType: string) {
	const parts: string[] = [
		`POST ${pathname} HTTP/1.1\r\nHost: ${E2E_HOST}\r\nTransfer-Encoding: chunked\r\nContent-Type: ${contentType}\r\n\r\n`,
	]
	const chunk = 'x'.repeat(8192)
	for (let sent = 0; sent < size; sent += chunk.length) parts.push(`${chunk.length.toString(16)}\r\n${chunk}\r\n`)
	parts.push('0\r\n\r\n')
	return parts
}

function sizedPost(pathname: string, size: number, contentType: string) {
	return [
		`POST ${pathname} HTTP/1.1\r\nHost: ${E2E_HOST}\r\nContent-Length: ${size}\r\nContent-Type: ${contentType}\r\n\r\n`,
		'x'.repeat(size),
	]
}

async function serving(request: APIRequestContext) {
	const health = await request.get('/healthz')
	expect(health.status()).toBe(200)
	const signUp = await request.post('/api/auth/register', { data: registration() })
	expect(signUp.status()).toBe(201)
}

const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1])

test.describe('oversized bodies: 413 with Connection: close, and the next request succeeds', () => {
	for (const [label, pathname, size, type] of [
		['a page URL, 70 KB', '/login', 70_000, 'application/x-www-form-urlencoded'],
		['/api, 1.1 MB', '/api/auth/login', 1_100_000, 'application/json'],
	] as const) {
		test(`chunked to ${label}`, async ({ request }) => {
			for (let i = 0; i < 5; i++) {
				const answer = await rawRequest(E2E_PORT, chunkedPost(pathname, size, type))
				expect(statusOf(answer)).toBe(413)
				expect(answer.toLowerCase()).toContain('connection: close')
			}
			await serving(request)
		})

		test(`with a Content-Length, to ${label}`, async ({ request }) => {
			const answer = await rawRequest(E2E_PORT, sizedPost(pathname, size, type))
			expect(statusOf(answer)).toBe(413)
			expect(answer.toLowerCase()).toContain('connection: close')
			await serving(request)
		})

		test(`aborted midway, to ${label}`, async ({ request }) => {
			await rawRequest(E2E_PORT, chunkedPost(pathname, size, type).slice(0, 3), { abortAfter: true })
			await rawRequest(E2E_PORT, [sizedPost(pathname, size, type)[0]!, 'x'.repeat(500)], { abortAfter: true })
			await serving(request)
		})
	}

	test('413 answers say so: a page on page URLs, the envelope on /api', async ({ request }) => {
		const page = await request.post('/login', {
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			data: 'a='.padEnd(70_000, 'x'),
		})
		expect(page.status()).toBe(413)
		expect(page.headers()['content-type']).toBe('text/html; charset=utf-8')
		expect(await page.text()).toContain('Request body is too large')
		const api = await request.post('/api/auth/login', {
			headers: { 'Content-Type': 'application/json' },
			data: 'x'.repeat(1_100_000),
		})
		expect(api.status()).toBe(413)
		expect(await api.json()).toEqual({ success: false, message: 'Request body is too large' })
	})
})

test.describe('form bodies are checked before parsing: 400, never a 500', () => {
	const deepDots = `a${'.a'.repeat(3_000)}`
	const deepBrackets = `a${'[0]'.repeat(3_000)}`
	const form = (name: string) => `email=a%40example.com&password=x&${encodeURIComponent(name).replace(/%2E/g, '.')}=1`

	for (const pathname of ['/signup', '/login', '/forgot-password', '/reset-password?token=abc', '/admin/login']) {
		test(`deep and numerous field names on ${pathname}`, async ({ request }) => {
			for (const body of [
				form(deepDots),
				form(deepBrackets),
				'a=1&'.repeat(60_000).slice(0, 63_000),
				form('x'.repeat(5_000)),
			]) {
				const res = await request.post(pathname, {
					headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: `http://localhost:${E2E_PORT}` },
					data: body,
					maxRedirects: 0,
				})
				expect(res.status(), body.slice(0, 40)).toBe(400)
				expect(await res.text()).toContain('This form could not be read.')
			}
			await serving(request)
		})
	}

	test('deep field names on /next-steps with a member session', async ({ playwright, createMember, sessionCookie }) => {
		// A member's session cookie, written by the fixtures (no sign-in form).
		const cookie = await sessionCookie(await createMember())
		const context = await playwright.request.newContext({
			baseURL: `http://localhost:${E2E_PORT}`,
			storageState: { cookies: [cookie], origins: [] },
		})
		try {
			for (const name of [deepDots, deepBrackets]) {
				const res = await context.post('/next-steps', {
					headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
					data: `code=ABC&${name}=1`,
					maxRedirects: 0,
				})
				expect(res.status()).toBe(400)
			}
			// A multipart body is checked the same way.
			const multipart = await context.post('/next-steps', {
				multipart: { code: 'ABC', [`a${'[0]'.repeat(40)}`]: '1' },
				maxRedirects: 0,
			})
			expect(multipart.status()).toBe(400)
		} finally {
			await context.dispose()
		}
	})

	test('query strings too, on pages and on /api', async ({ request }) => {
		const page = await request.get(`/admin/login?${deepDots}=1`)
		expect(page.status()).toBe(400)
		const api = await request.get(`/api/admin/users?${'[0]'.repeat(1_000)}=1`)
		expect(api.status()).toBe(400)
		expect((await api.json()).success).toBe(false)
	})
})

test('cross-origin form posts: 400, logged at warn with no body, never at error', async ({ request }) => {
	const marker = `evil-${Date.now()}.example`
	for (const origin of [`http://${marker}`, 'null', 'not a url']) {
		const res = await request.post('/login', {
			headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin },
			data: `email=${marker}%40example.com&password=secret-${marker}`,
			maxRedirects: 0,
		})
		expect(res.status()).toBe(400)
	}
	const logFile = path.join(E2E_DATA_DIR, 'server.log')
	await expect
		.poll(
			() =>
				fs
					.readFileSync(logFile, 'utf8')
					.split('\n')
					.filter((l) => l.includes('"csrf.rejected"')).length,
		)
		.toBeGreaterThanOrEqual(3)
	const lines = fs.readFileSync(logFile, 'utf8').split('\n')
	for (const line of lines.filter((l) => l.includes('"csrf.rejected"'))) expect(JSON.parse(line).level).toBe('warn')
	expect(lines.filter((l) => l.includes('origin does not match'))).toEqual([])
	expect(lines.filter((l) => l.includes(marker))).toEqual([])
})

test('a write lock held by another process: 503 with Retry-After, /healthz stays fast, no 500', async () => {
	test.setTimeout(60_000)
	const port = E2E_PORT + 16
	const dataDir = path.join(E2E_ROOT, 'db-lock')
	const server = await startServer({ port, dataDir, env: { RATE_LIMIT_MULTIPLIER: '100' } })
	const base = `http://127.0.0.1:${port}`
	const other = new Database(path.join(dataDir, 'app.db'))
	other.pragma('busy_timeout = 5000')
	try {
		other.exec('BEGIN IMMEDIATE')
		other.prepare('update users set name = name where id = 0').run()
		const started = Date.now()
		const signUps = Array.from({ length: 6 }, () =>
			fetch(`${base}/api/auth/register`, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify(registration()),
			}),
		)
		const health: number[] = []
		while (Date.now() - started < 3_000) {
			const t = performance.now()
			const res = await fetch(`${base}/healthz`)
			expect(res.status).toBe(200)
			health.push(performance.now() - t)
			await new Promise((r) => setTimeout(r, 100))
		}
		for (const res of await Promise.all(signUps)) {
			expect(res.status).toBe(503)
			expect(res.headers.get('retry-after')).toBe('5')
			expect(await res.json()).toEqual({
				success: false,
				message: 'The service is busy right now. Please try again in a few seconds.',
			})
		}
		// Each wait is bounded (1 s, decision 032) and waits do not stack:
		// /healthz never waited for seconds behind them.
		expect(Math.max(...health)).toBeLessThan(1_500)
		// A page form gets the error page with the same status.
		const page = await fetch(`${base}/signup`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams({
				...registration(),
				confirmPassword: PASSWORD,
				agreeToTerms: 'on',
				confirmAge: 'on',
				acknowledgeRisk: 'on',
			} as Record<string, string>),
			redirect: 'manual',
		})
		expect(page.status).toBe(503)
		expect(page.headers.get('retry-after')).toBe('5')
		expect(await page.text()).toContain('The service is busy right now.')
	} finally {
		other.exec('ROLLBACK')
	}
	other.close()
	// Once the lock is gone (and the 2 s cool-down over), writes go through.
	await expect
		.poll(
			async () =>
				(
					await fetch(`${base}/api/auth/register`, {
						method: 'POST',
						headers: { 'Content-Type': 'application/json' },
						body: JSON.stringify(registration()),
					})
				).status,
			{ timeout: 10_000, intervals: [500] },
		)
		.toBe(201)
	expect(fs.readFileSync(server.logFile, 'utf8')).not.toMatch(/"status":500/)
	expect(await server.stop()).toBe(0)
})

test('HOST decides the interface: 127.0.0.1 by default, 0.0.0.0 when set', async () => {
	test.setTimeout(60_000)
	const port = E2E_PORT + 17
	const dataDir = path.join(E2E_ROOT, 'host')
	const reach = (address: string) =>
		new Promise<boolean>((resolve) => {
			const socket = net.connect(port, address)
			socket.on('connect', () => (socket.destroy(), resolve(true)))
			socket.on('error', () => resolve(false))
		})
	const loopback = await startServer({ port, dataDir })
	try {
		expect(await reach('127.0.0.1')).toBe(true)
		// Another loopback address: only reachable when listening on all.
		expect(await reach('127.0.0.2')).toBe(false)
		// The banner comes once every serving process listens (healthz answers with the first).
		await expect
			.poll(() => fs.readFileSync(loopback.logFile, 'utf8'), { timeout: 30_000, intervals: [200] })
			.toContain(`listening on 127.0.0.1:${port}`)
	} finally {
		await loopback.stop()
	}
	const all = await startServer({ port, dataDir, keepData: true, env: { HOST: '0.0.0.0' } })
	try {
		expect(await reach('127.0.0.2')).toBe(true)
	} finally {
		await all.stop()
	}
})

test('an admin session and a JSON body to a page URL: refused cleanly, not a 500', async ({ request }) => {
	const res = await request.post('/admin/login', {
		headers: { 'Content-Type': 'application/json' },
		data: JSON.stringify({ email: E2E_ADMIN.email, password: E2E_ADMIN.password }),
	})
	expect(res.status()).toBe(415)
})
