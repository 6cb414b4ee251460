import http from 'node:http'
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { createNodeListener, type ClientInfo } from './node-listener.ts'

// The Node-to-Fetch bridge against real sockets: bodies over the limit,
// chunked or sized, aborted or thrown, never end the process and never
// reach the handler.
let server: http.Server
let port: number
const seen: { method: string; body: string | null; contentLength: string | null }[] = []

beforeEach(async () => {
	seen.length = 0
	const listener = createNodeListener(
		async (request: Request, client: ClientInfo) => {
			if (new URL(request.url).pathname === '/throw') throw new Error('boom')
			const body = request.body ? await request.text() : null
			seen.push({ method: request.method, body, contentLength: request.headers.get('content-length') })
			return new Response(`ok ${client.body?.byteLength ?? 0} ${request.url}`, {
				headers: { 'Content-Type': 'text/plain', 'Set-Cookie': 'a=1' },
			})
		},
		{
			bodyLimit: (url) => (url.pathname.startsWith('/api') ? 1000 : 100),
			tooLarge: () => new Response('too large', { status: 413 }),
			onError: () => new Response('failed', { status: 500 }),
			protocol: 'https:',
		},
	)
	server = http.createServer((req, res) => void listener(req, res))
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	port = (server.address() as AddressInfo).port
})

afterEach(async () => {
	server.closeAllConnections()
	await new Promise((resolve) => server.close(resolve))
})

/** Sends raw bytes on one connection; resolves with everything read back. */
function raw(chunks: (string | Buffer)[], options: { endAfter?: boolean; delayMs?: number } = {}) {
	return new Promise<string>((resolve) => {
		const socket = net.connect(port, '127.0.0.1')
		let answer = ''
		socket.on('data', (d) => (answer += d.toString()))
		socket.on('error', () => resolve(answer))
		socket.on('close', () => resolve(answer))
		socket.on('connect', async () => {
			for (const chunk of chunks) {
				if (socket.destroyed) break
				socket.write(chunk)
				if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs))
			}
			if (options.endAfter) socket.destroy()
		})
	})
}

function chunked(size: number, path = '/login') {
	const parts = [
		`POST ${path} HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n`,
	]
	for (let sent = 0; sent < size; sent += 50) parts.push(`32\r\n${'x'.repeat(50)}\r\n`)
	parts.push('0\r\n\r\n')
	return parts
}

async function stillServing() {
	const res = await fetch(`http://127.0.0.1:${port}/after`)
	expect(res.status).toBe(200)
	expect(await res.text()).toContain('ok 0 https://')
}

describe('bodies within the limit', () => {
	test('a sized body reaches the handler whole, with the client info and the configured scheme', async () => {
		const res = await fetch(`http://127.0.0.1:${port}/login`, { method: 'POST', body: 'a=1&b=2' })
		expect(res.status).toBe(200)
		expect(await res.text()).toBe(`ok 7 https://127.0.0.1:${port}/login`)
		expect(seen).toEqual([{ method: 'POST', body: 'a=1&b=2', contentLength: '7' }])
		expect(res.headers.get('set-cookie')).toBe('a=1')
	})

	test('a chunked body is read and handed over with its length', async () => {
		const answer = await raw([...chunked(100).slice(0, 2), '0\r\n\r\n'])
		expect(answer).toMatch(/^HTTP\/1.1 200/)
		expect(seen[0]).toEqual({ method: 'POST', body: 'x'.repeat(50), contentLength: '50' })
	})

	test('HEAD gets headers only; GET gets no body', async () => {
		const head = await fetch(`http://127.0.0.1:${port}/x`, { method: 'HEAD' })
		expect(head.status).toBe(200)
		expect(await head.text()).toBe('')
		await stillServing()
		expect(seen.map((s) => s.body)).toEqual([null, null])
	})
})

describe('bodies over the limit: 413, connection closed, the handler never called, the server serving', () => {
	test('declared by Content-Length on a page URL', async () => {
		const res = await fetch(`http://127.0.0.1:${port}/login`, { method: 'POST', body: 'x'.repeat(101) })
		expect(res.status).toBe(413)
		expect(res.headers.get('connection')).toBe('close')
		expect(seen).toEqual([])
		await stillServing()
	})

	test('chunked, past the page limit and past the /api limit', async () => {
		for (const [size, path] of [
			[70_000, '/login'],
			[2_000, '/api/auth/login'],
		] as const) {
			const answer = await raw(chunked(size, path))
			expect(answer).toMatch(/^HTTP\/1.1 413/)
			expect(answer.toLowerCase()).toContain('connection: close')
		}
		expect(seen).toEqual([])
		await stillServing()
	})

	test('many in a row (the old adapter crashed on most of them)', async () => {
		for (let i = 0; i < 20; i++) expect(await raw(chunked(300))).toMatch(/^HTTP\/1.1 413/)
		await stillServing()
	})

	test('an endless chunked body is answered and cut, never buffered', async () => {
		const socket = net.connect(port, '127.0.0.1')
		let answer = ''
		socket.on('data', (d) => (answer += d.toString()))
		socket.on('error', () => {})
		await new Promise((r) => socket.on('connect', r))
		socket.write('POST /login HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n')
		const closed = new Promise((r) => socket.on('close', r))
		const writer = setInterval(() => {
			if (!socket.destroyed) socket.write(`3e8\r\n${'y'.repeat(1000)}\r\n`)
		}, 1)
		await closed
		clearInterval(writer)
		expect(answer).toMatch(/^HTTP\/1.1 413/)
		await stillServing()
	})
})

describe('failures of one request stay with that request', () => {
	test('a client that aborts midway through its body', async () => {
		await raw(['POST /login HTTP/1.1\r\nHost: localhost\r\nContent-Length: 90\r\n\r\n', 'abc'], {
			endAfter: true,
			delayMs: 20,
		})
		await raw(chunked(60).slice(0, 2), { endAfter: true, delayMs: 20 })
		expect(seen).toEqual([])
		await stillServing()
	})

	test('a handler that throws gets the error answer', async () => {
		const res = await fetch(`http://127.0.0.1:${port}/throw`)
		expect(res.status).toBe(500)
		expect(await res.text()).toBe('failed')
		await stillServing()
	})

	test('a Host header that is not a host name', async () => {
		const answer = await raw(['GET /x HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n'])
		expect(answer).toMatch(/^HTTP\/1.1 (200|400)/)
		await stillServing()
	})
})
