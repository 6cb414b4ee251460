import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { expect, test } from '@playwright/test'
import { E2E_PORT, E2E_ROOT } from '../setup/e2e-config.ts'
import { startServer } from '../setup/server-process.ts'
import { registration } from '../playwright-utils.ts'

// SIGTERM: in-flight requests finish, the process exits 0, the WAL is
// checkpointed, and every acknowledged sign-up is there after a restart.
const PORT = E2E_PORT + 12
const dataDir = path.join(E2E_ROOT, 'lifecycle')

test('graceful shutdown keeps every acknowledged write', async () => {
	test.setTimeout(60_000)
	const server = await startServer({ port: PORT, dataDir, env: { RATE_LIMIT_MULTIPLIER: '100' } })
	const payloads = Array.from({ length: 6 }, () => registration())
	const inflight = payloads.map((p) =>
		fetch(`http://127.0.0.1:${PORT}/api/auth/register`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify(p),
		}).then((r) => r.status),
	)
	// Long enough for the server to accept all six connections even on a
	// loaded machine (40 ms was not, once), short enough that most are still
	// hashing (one bcrypt worker: ~70 ms a sign-up, one after the other).
	await new Promise((r) => setTimeout(r, 150))
	const started = Date.now()
	const exited = server.stop('SIGTERM')
	const statuses = await Promise.all(inflight)
	expect(statuses).toEqual(payloads.map(() => 201))
	expect(await exited).toBe(0)
	expect(Date.now() - started).toBeLessThan(10_000)
	// New connections are refused once it has stopped.
	await expect(fetch(`http://127.0.0.1:${PORT}/healthz`)).rejects.toThrow()

	const dbFile = path.join(dataDir, 'app.db')
	const wal = `${dbFile}-wal`
	expect(!fs.existsSync(wal) || fs.statSync(wal).size === 0).toBe(true)
	const db = new Database(dbFile, { readonly: true })
	expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
	const count = db.prepare('select count(*) as n from users').get() as { n: number }
	expect(count.n).toBe(payloads.length)
	db.close()

	// Restart on the same data: the members sign in.
	fs.rmSync(path.join(dataDir, 'server.log'), { force: true })
	const again = await startServer({ port: PORT, dataDir, keepData: true })
	for (const p of payloads) {
		const res = await fetch(`http://127.0.0.1:${PORT}/api/auth/login`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ email: p.email, password: p.password }),
		})
		expect(res.status).toBe(200)
	}
	expect(await again.stop()).toBe(0)
})


test('a backup taken while the app runs is consistent and restorable', async () => {
	test.setTimeout(60_000)
	const dir = path.join(E2E_ROOT, 'backup')
	const server = await startServer({ port: PORT + 1, dataDir: dir })
	const payloads = Array.from({ length: 3 }, () => registration())
	for (const p of payloads) {
		const res = await fetch(`http://127.0.0.1:${PORT + 1}/api/auth/register`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify(p),
		})
		expect(res.status).toBe(201)
	}
	const copy = path.join(E2E_ROOT, 'backup-copy.db')
	fs.rmSync(copy, { force: true })
	const { execFileSync } = await import('node:child_process')
	const out = execFileSync(process.execPath, ['scripts/backup.mjs', copy], { env: { ...process.env, DATA_DIR: dir } }).toString()
	expect(out).toContain('integrity_check ok')
	expect(await server.stop()).toBe(0)

	// Restore: a fresh data folder holding only the copy serves the members.
	const restored = path.join(E2E_ROOT, 'restored')
	fs.rmSync(restored, { recursive: true, force: true })
	fs.mkdirSync(restored, { recursive: true })
	fs.copyFileSync(copy, path.join(restored, 'app.db'))
	const again = await startServer({ port: PORT + 1, dataDir: restored, keepData: true })
	const login = await fetch(`http://127.0.0.1:${PORT + 1}/api/auth/login`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({ email: payloads[2]!.email, password: payloads[2]!.password }),
	})
	expect(login.status).toBe(200)
	expect(await again.stop()).toBe(0)
})
