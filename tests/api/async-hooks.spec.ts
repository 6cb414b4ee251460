import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { registration } from '../playwright-utils.ts'
import { E2E_PORT, E2E_ROOT } from '../setup/e2e-config.ts'
import { logRecords, startServer } from '../setup/server-process.ts'

// Node's async hooks, once on, cost every promise and callback of every
// request (docs/decisions/033-no-async-hooks.md). Nothing in a serving
// process may turn them on: no AsyncLocalStorage (React's Node renderer
// runs each render in one), no enabled createHook. A guard loaded before
// the app reports the first such call with its stack.
const PORT = E2E_PORT + 36
const dataDir = path.join(E2E_ROOT, 'async-hooks')
const guard = path.resolve('tests/setup/async-hooks-guard.mjs')

test('the guard reports an AsyncLocalStorage run and an enabled hook', () => {
	const run = spawnSync(
		process.execPath,
		[
			`--import=${guard}`,
			'-e',
			"const h = require('node:async_hooks'); new h.AsyncLocalStorage().run(1, () => {}); h.createHook({ init() {} }).enable()",
		],
		{ encoding: 'utf8' },
	)
	expect(run.status).toBe(0)
	const reported = logRecords(run.stderr)
		.filter((line) => line.event === 'async-hooks.enabled')
		.map((line) => line.what)
	expect(reported).toEqual(['AsyncLocalStorage.run', 'createHook().enable'])
})

test('serving cached pages, rendered pages, a form post and the API never turns async hooks on', async () => {
	test.setTimeout(60_000)
	const server = await startServer({
		port: PORT,
		dataDir,
		env: { WEB_CONCURRENCY: '2', NODE_OPTIONS: `--import=${guard}`, RATE_LIMIT_MULTIPLIER: '100' },
	})
	const base = `http://127.0.0.1:${PORT}`
	try {
		// Several of each, so both serving processes get some.
		for (let i = 0; i < 4; i++) {
			expect((await fetch(`${base}/login`)).status).toBe(200)
			const signup = await fetch(`${base}/signup?ref=NOSUCHREF`)
			expect(signup.status).toBe(200)
			expect(await signup.text()).toContain('__reactRouterContext')
			expect((await fetch(`${base}/no-such-page`)).status).toBe(404)
			const post = await fetch(`${base}/login`, {
				method: 'POST',
				headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base },
				body: new URLSearchParams({ email: 'nobody@example.com', password: 'wrong-password-1' }),
			})
			expect(post.status).toBe(401)
			const registered = await fetch(`${base}/api/auth/register`, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify(registration()),
			})
			expect(registered.status).toBe(201)
			const { token } = (await registered.json()).data
			const me = await fetch(`${base}/api/auth/me`, { headers: { Authorization: `Bearer ${token}` } })
			expect(me.status).toBe(200)
		}
	} finally {
		expect(await server.stop('SIGTERM')).toBe(0)
	}
	const lines = logRecords(fs.readFileSync(server.logFile, 'utf8'))
	// The guard ran in the primary, the start-up process and both serving processes.
	expect(new Set(lines.filter((line) => line.event === 'async-hooks.guard').map((line) => line.pid)).size).toBe(4)
	expect(lines.filter((line) => line.event === 'async-hooks.enabled')).toEqual([])
	expect(lines.filter((line) => line.level === 'error')).toEqual([])
})
