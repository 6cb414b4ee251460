import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import Database from 'better-sqlite3'
import { expect, test } from '@playwright/test'
import { E2E_PORT, E2E_ROOT } from '../setup/e2e-config.ts'
import { logRecords, startServer } from '../setup/server-process.ts'
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
	// While it drains, a new connection is refused (the listener is closed
	// at once) though the process is still there finishing the others.
	let refusedWhileAlive = false
	for (let i = 0; i < 200 && server.child.exitCode === null; i++) {
		const refused = await new Promise<boolean>((resolve) => {
			const socket = net.connect(PORT, '127.0.0.1')
			socket.once('connect', () => (socket.destroy(), resolve(false)))
			socket.once('error', () => resolve(true))
		})
		if (refused) {
			refusedWhileAlive = server.child.exitCode === null
			break
		}
		await new Promise((r) => setTimeout(r, 5))
	}
	expect(refusedWhileAlive).toBe(true)
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

test('backups: scheduled while the app runs, verified, pruned; restore checks the file and brings the earlier state back', async () => {
	test.setTimeout(90_000)
	const dir = path.join(E2E_ROOT, 'backup')
	const base = `http://127.0.0.1:${PORT + 1}`
	const register = (p: Record<string, unknown>) =>
		fetch(`${base}/api/auth/register`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify(p),
		})
	const login = (p: { email: string; password: string }) =>
		fetch(`${base}/api/auth/login`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ email: p.email, password: p.password }),
		})
	const server = await startServer({
		port: PORT + 1,
		dataDir: dir,
		env: { BACKUP_INTERVAL: '3s', BACKUP_KEEP: '2', RATE_LIMIT_MULTIPLIER: '100' },
	})
	const before = Array.from({ length: 3 }, () => registration())
	for (const p of before) expect((await register(p)).status).toBe(201)
	// The schedule: the first copy a few seconds after start, then every 3 s,
	// never more than BACKUP_KEEP kept, each one checked.
	const backups = path.join(dir, 'backups')
	const list = () =>
		fs.existsSync(backups)
			? fs
					.readdirSync(backups)
					.filter((f) => /^app-\d{8}T\d{6}Z\.db$/.test(f))
					.sort()
			: []
	await expect.poll(() => list().length, { timeout: 20_000 }).toBe(2)
	await expect
		.poll(() => fs.readFileSync(server.logFile, 'utf8').match(/"event":"backup.done"/g)?.length ?? 0, {
			timeout: 20_000,
		})
		.toBeGreaterThanOrEqual(3)
	expect(list()).toHaveLength(2)
	// A manual one through the command line, while the app runs.
	const copy = path.join(E2E_ROOT, 'backup-copy.db')
	fs.rmSync(copy, { force: true })
	const cliWith = (env: Record<string, string>, ...args: string[]) =>
		execFileSync(process.execPath, ['scripts/cli.mjs', ...args], {
			env: { ...process.env, DATA_DIR: dir, CLI_SKIP_BUILD_CHECK: 'true', ...env },
			stdio: ['ignore', 'pipe', 'pipe'],
		}).toString()
	const cli = (...args: string[]) => cliWith({}, ...args)
	expect(cli('backup', copy)).toContain('integrity_check ok')
	expect(fs.readFileSync(`${copy}.sha256`, 'utf8')).toMatch(/^[0-9a-f]{64} {2}backup-copy\.db\n$/)
	// Later data, then a restore with the server stopped (refused while it runs).
	const after = registration()
	expect((await register(after)).status).toBe(201)
	expect(() => cli('restore', copy)).toThrow(/stop it first/)
	// The same database under another DATA_DIR: the pid file beside the
	// database, and without it the database's own lock, refuse it; the live
	// -wal and -shm stay.
	const dbFile = path.join(dir, 'app.db')
	const elsewhere = { DATA_DIR: path.join(E2E_ROOT, 'backup-elsewhere'), DATABASE_URL: dbFile }
	expect(() => cliWith(elsewhere, 'restore', copy)).toThrow(/A server is running on the folder of .*stop it first/)
	const pidFile = path.join(dir, 'server.pid')
	fs.renameSync(pidFile, `${pidFile}.aside`)
	try {
		expect(() => cliWith(elsewhere, 'restore', copy)).toThrow(/is open in another process.*Nothing was changed/)
	} finally {
		fs.renameSync(`${pidFile}.aside`, pidFile)
	}
	expect(fs.existsSync(`${dbFile}-wal`)).toBe(true)
	expect(fs.existsSync(`${dbFile}-shm`)).toBe(true)
	expect((await login(after)).status).toBe(200)
	expect(await server.stop()).toBe(0)
	// Every kept copy has its checksum; the schedule's check named the newest good one.
	for (const name of list()) expect(fs.existsSync(path.join(backups, `${name}.sha256`))).toBe(true)
	const checked = logRecords(fs.readFileSync(server.logFile, 'utf8')).filter((r) => r.event === 'backup.checked')
	expect(checked.length).toBeGreaterThan(0)
	expect(checked.at(-1)).toMatchObject({ bad: 0, newestGood: expect.stringMatching(/app-\d{8}T\d{6}Z\.db$/) })
	expect(cli('backup:check')).toContain(
		`The newest good backup in ${backups} is ${path.join(backups, list().at(-1)!)}.`,
	)
	expect(cli('restore', copy)).toContain('Restored')
	const again = await startServer({ port: PORT + 1, dataDir: dir, keepData: true, env: { BACKUP_INTERVAL: 'off' } })
	for (const p of before) expect((await login(p)).status).toBe(200)
	expect((await login(after)).status).toBe(401)
	expect(await again.stop()).toBe(0)
})
