// scripts/wrk.mjs: the bench's load generator (docs/decisions/035). Its
// figures come from wrk's own summary through a Lua hook; these checks run
// it against a server of known behaviour. CI installs wrk (.ci/run); a
// machine without it skips them outside CI.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { allowedCpus } from '../../scripts/bench/cpus.mjs'
import { hasWrk, wrk } from '../../scripts/wrk.mjs'

const run = hasWrk() || process.env.CI ? test : test.skip

let server: http.Server
let base = ''
const seen: { path: string; header: string | undefined }[] = []
beforeAll(async () => {
	server = http.createServer((req, res) => {
		seen.push({ path: req.url ?? '', header: req.headers['x-bench'] as string | undefined })
		if (req.url === '/slow') {
			setTimeout(() => res.end('late'), 20)
			return
		}
		res.writeHead(req.url === '/ok' ? 200 : req.url === '/moved' ? 302 : 404, { 'Content-Type': 'text/plain' })
		res.end('body')
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

run('counts the answers, their rate and latencies in milliseconds, and sends the headers given', async () => {
	seen.length = 0
	const r = await wrk({ url: `${base}/ok`, connections: 4, duration: 1, headers: { 'X-Bench': 'yes' } })
	expect(r.requests.total).toBeGreaterThan(100)
	// Requests over about one second of run.
	expect(r.requests.average).toBeGreaterThan(r.requests.total * 0.5)
	expect(r.requests.average).toBeLessThan(r.requests.total * 1.5)
	expect(r.errors + r.non2xx + r.timeouts).toBe(0)
	expect(r.latency.p50).toBeGreaterThan(0)
	expect(r.latency.p50).toBeLessThanOrEqual(r.latency.p99)
	expect(r.latency.p99).toBeLessThanOrEqual(r.latency.max)
	expect(seen.length).toBeGreaterThanOrEqual(r.requests.total)
	expect(seen.every((s) => s.path === '/ok' && s.header === 'yes')).toBe(true)
})

run('reads a 20 ms answer as about 20 ms (microseconds, not whole milliseconds)', async () => {
	const r = await wrk({ url: `${base}/slow`, connections: 2, duration: 1 })
	expect(r.latency.p50).toBeGreaterThanOrEqual(19)
	expect(r.latency.p50).toBeLessThan(60)
	expect(Number.isInteger(r.latency.mean)).toBe(false)
})

run('paces each connection with pauseMs: 4 connections pausing 20 ms send about 200 requests a second', async () => {
	const r = await wrk({ url: `${base}/ok`, connections: 4, duration: 2, pauseMs: 20 })
	// 4 connections, one request each per 20 ms pause (plus the answer's time): at most 200 a second.
	expect(r.requests.average).toBeGreaterThan(100)
	expect(r.requests.average).toBeLessThan(210)
	// The pause is not counted in the latency.
	expect(r.latency.p50).toBeLessThan(10)
	expect(r.errors + r.non2xx).toBe(0)
})

run('counts answers of 400 or more as failed, and a redirect as answered', async () => {
	const missing = await wrk({ url: `${base}/missing`, connections: 2, duration: 1 })
	expect(missing.requests.total).toBeGreaterThan(0)
	expect(missing.non2xx).toBe(missing.requests.total)
	const moved = await wrk({ url: `${base}/moved`, connections: 2, duration: 1 })
	expect(moved.non2xx).toBe(0)
})

run('fails, saying why, when nothing listens', async () => {
	const closed = http.createServer()
	await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
	const port = (closed.address() as AddressInfo).port
	await new Promise<void>((resolve) => closed.close(() => resolve()))
	await expect(wrk({ url: `http://127.0.0.1:${port}/`, connections: 2, duration: 1 })).rejects.toThrow(
		/unable to connect/,
	)
})

// The bench's every-core step starts wrk on every core from the load generator's own (taskset).
const onLinux = process.platform === 'linux' ? run : test.skip
onLinux('runs on the CPUs given (taskset) when asked', async () => {
	const r = await wrk({ url: `${base}/ok`, connections: 2, duration: 1, cpus: allowedCpus().join(',') })
	expect(r.requests.total).toBeGreaterThan(0)
	expect(r.errors + r.non2xx).toBe(0)
	await expect(wrk({ url: `${base}/ok`, connections: 2, duration: 1, cpus: '99999' })).rejects.toThrow(/taskset|exited/)
})
