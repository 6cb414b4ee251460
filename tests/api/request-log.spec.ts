import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { E2E_PORT, E2E_ROOT } from '../setup/e2e-config.ts'
import { logRecords, startServer } from '../setup/server-process.ts'

// server.js writes one JSON line per answer through pino
// (server/logger.js): every line must parse, with the path escaped, the
// query string left out and the answer's request id.
const PORT = E2E_PORT + 35
const dataDir = path.join(E2E_ROOT, 'request-log')

/** A GET with a raw path (fetch would percent-encode quotes and backslashes). */
function rawGet(pathname: string) {
	return new Promise<{ status: number; requestId: string }>((resolve, reject) => {
		http
			.get({ host: '127.0.0.1', port: PORT, path: pathname }, (res) => {
				res.resume()
				res.on('end', () => resolve({ status: res.statusCode!, requestId: String(res.headers['x-request-id']) }))
			})
			.on('error', reject)
	})
}

test('every answer is logged as one JSON line with its path, status and request id', async () => {
	test.setTimeout(60_000)
	const server = await startServer({ port: PORT, dataDir, env: { WEB_CONCURRENCY: '1' } })
	const answers: Record<string, { status: number; requestId: string }> = {}
	// The cached page twice more: its header list is made once, its request id per answer.
	const again: { status: number; requestId: string }[] = []
	try {
		// A cached page, a rendered page with a query string, and a path
		// that holds a quote and a backslash.
		answers['/login'] = await rawGet('/login')
		answers['/terms'] = await rawGet('/terms?token=secret')
		answers['/no"such\\page'] = await rawGet('/no"such\\page')
		again.push(await rawGet('/login'), await rawGet('/login'))
	} finally {
		expect(await server.stop('SIGTERM')).toBe(0)
	}
	const lines = logRecords(fs.readFileSync(server.logFile, 'utf8'))
	const logged = lines.filter((line) => line.event === 'http')
	expect(answers['/login']!.status).toBe(200)
	expect(answers['/terms']!.status).toBe(200)
	expect(answers['/no"such\\page']!.status).toBe(404)
	for (const [pathname, answer] of Object.entries(answers)) {
		const line = logged.find((l) => l.requestId === answer.requestId)
		expect(line, pathname).toBeTruthy()
		// pino writes the level first, then the time.
		expect(Object.keys(line!)).toEqual(['level', 'time', 'event', 'method', 'path', 'status', 'ms', 'requestId'])
		expect(line).toMatchObject({ level: 'info', event: 'http', method: 'GET', status: answer.status })
		expect(new Date(String(line!.time)).toISOString()).toBe(line!.time)
		expect(Number.isInteger(line!.ms)).toBe(true)
		expect(line!.path).toBe(pathname)
	}
	const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
	const cachedIds = [answers['/login']!.requestId, ...again.map((answer) => answer.requestId)]
	expect(new Set(cachedIds).size).toBe(3)
	for (const id of cachedIds) {
		expect(id).toMatch(uuid)
		expect(logged.filter((line) => line.requestId === id && line.path === '/login')).toHaveLength(1)
	}
	// Query strings can carry reset tokens: never logged.
	expect(JSON.stringify(logged)).not.toContain('secret')
})
