import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, describe, expect, test } from 'vitest'
import { raiseAlert } from '#app/features/alerts/alerts.server.ts'
import { getEnv, resetEnv } from '#app/utils/env.server.ts'
import {
	backupFileName,
	checkBackups,
	checkDatabaseFile,
	checksumFile,
	listBackups,
	newestBackupTime,
	pruneBackups,
} from '#db/backup.server.ts'
import { closeDb, getDb } from '#db/client.server.ts'
import { users } from '#db/schema.ts'
import { runScheduledBackup } from '../../server/backup-schedule.ts'
import { runCli } from '../../server/cli.ts'
import { insertMember } from '../factories.ts'

async function cli(...args: string[]) {
	let stdout = ''
	let stderr = ''
	const status = await runCli(args, { out: (t) => (stdout += t), err: (t) => (stderr += t) })
	return { status, stdout, stderr }
}

const emails = () =>
	getDb()
		.select({ email: users.email })
		.from(users)
		.all()
		.map((u) => u.email)
		.sort()

describe('backups', () => {
	test('back up, change data, restore: the earlier state is back, the replaced one kept beside it', async () => {
		const ada = insertMember({ email: 'ada@example.com' })
		const backup = await cli('backup')
		expect(backup.stderr).toBe('')
		expect(backup.status).toBe(0)
		const file = /Backup written to (\S+) \(/.exec(backup.stdout)![1]!
		expect(path.dirname(file)).toBe(getEnv().backupDir)
		expect(checkDatabaseFile(file)).toBeNull()

		insertMember({ email: 'grace@example.com' })
		getDb()
			.delete(users)
			.where((await import('drizzle-orm')).eq(users.id, ada.id))
			.run()
		expect(emails()).toEqual(['grace@example.com'])
		closeDb()

		const restore = await cli('restore', file)
		expect(restore.stderr).toBe('')
		expect(restore.status).toBe(0)
		expect(emails()).toEqual(['ada@example.com'])
		const previous = /kept as (\S+)\.\n/.exec(restore.stdout)![1]!
		expect(checkDatabaseFile(previous)).toBeNull()
	})

	test('restore checks the file first and refuses under a running server', async () => {
		insertMember({ email: 'kept@example.com' })
		closeDb()
		const junk = path.join(getEnv().dataDir, 'junk.db')
		fs.writeFileSync(junk, 'not a database')
		const bad = await cli('restore', junk)
		expect(bad.status).toBe(1)
		expect(bad.stderr).toMatch(
			/cannot be restored: it cannot be read as a SQLite database|cannot be restored: integrity_check/,
		)
		expect((await cli('restore', path.join(getEnv().dataDir, 'missing.db'))).stderr).toMatch(/does not exist/)
		expect((await cli('restore')).stderr).toMatch(/Usage: npm run restore/)

		const backup = await cli('backup', path.join(getEnv().dataDir, 'manual.db'))
		expect(backup.status).toBe(0)
		fs.writeFileSync(
			path.join(getEnv().dataDir, 'server.pid'),
			JSON.stringify({ pid: process.pid, host: (await import('node:os')).hostname() }),
		)
		const refused = await cli('restore', path.join(getEnv().dataDir, 'manual.db'))
		expect(refused.status).toBe(1)
		expect(refused.stderr).toMatch(/The server is running on this data folder \(pid \d+\): stop it first/)
		fs.rmSync(path.join(getEnv().dataDir, 'server.pid'))
		expect(emails()).toEqual(['kept@example.com'])
	})

	test('a scheduled backup is checked and only the newest BACKUP_KEEP are kept', async () => {
		insertMember()
		const dir = getEnv().backupDir
		const times = [0, 1, 2, 3].map((i) => new Date(Date.UTC(2026, 10, 20 + i, 3, 0, 0)))
		for (const now of times) {
			const run = await runScheduledBackup({ intervalMs: 86_400_000, keep: 2, dir }, now)
			expect(run.file).toBe(path.join(dir, backupFileName(now)))
			expect(run.newestGood).toBe(run.file)
			expect(run.bad).toEqual([])
		}
		expect(listBackups(dir).map((f) => path.basename(f))).toEqual([backupFileName(times[3]), backupFileName(times[2])])
		// Each kept copy has its checksum beside it, and only those: pruning removes a copy's with it.
		expect(fs.readdirSync(dir).sort()).toEqual(
			[times[2], times[3]].flatMap((t) => [backupFileName(t), `${backupFileName(t)}.sha256`]),
		)
		expect(newestBackupTime(dir)).toEqual(times[3])
		expect(pruneBackups(dir, 1)).toHaveLength(1)
		expect(fs.readdirSync(dir).sort()).toEqual([backupFileName(times[3]), `${backupFileName(times[3])}.sha256`])
	})

	test('a backup that cannot be written raises an alert and keeps nothing half-made', async () => {
		const dir = path.join(getEnv().dataDir, 'not-a-folder')
		fs.writeFileSync(dir, 'a file where the folder should be')
		expect(await runScheduledBackup({ intervalMs: 1_000, keep: 2, dir }, new Date())).toEqual({
			file: null,
			newestGood: null,
			bad: [],
		})
		const alerts = getDb().$client.prepare("select title from system_alerts where title = 'Backup failed'").all()
		expect(alerts).toHaveLength(1)
	})

	test('a backup carries its SHA-256 in sha256sum format, checked as sha256sum -c checks it', async () => {
		insertMember({ email: 'sum@example.com' })
		const file = path.join(getEnv().dataDir, 'manual.db')
		const backup = await cli('backup', file)
		expect(backup.status).toBe(0)
		const sha256 = crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex')
		expect(fs.readFileSync(checksumFile(file), 'utf8')).toBe(`${sha256}  manual.db\n`)
		expect(backup.stdout).toContain(`SHA-256 ${sha256} written to ${file}.sha256`)
		let sha256sum = true
		try {
			execFileSync('sha256sum', ['--version'], { stdio: 'ignore' })
		} catch {
			sha256sum = false
		}
		if (sha256sum) {
			const out = execFileSync('sha256sum', ['-c', 'manual.db.sha256'], { cwd: getEnv().dataDir }).toString()
			expect(out).toBe('manual.db: OK\n')
		}
	})
})

/** Changes one letter of `text` inside the backup file (a value stored in a row): the pages stay well formed. */
function changeOneByte(file: string, text: string) {
	const bytes = fs.readFileSync(file)
	const at = bytes.indexOf(Buffer.from(text))
	expect(at).toBeGreaterThan(0)
	bytes[at] = bytes[at]! ^ 0x01
	fs.writeFileSync(file, bytes)
}

describe('checksums', () => {
	test('a backup with one byte changed inside a text value passes integrity_check but is not restored', async () => {
		insertMember({ email: 'first@example.com' })
		const dir = getEnv().backupDir
		const older = new Date(Date.UTC(2026, 10, 20, 3))
		const newer = new Date(Date.UTC(2026, 10, 21, 3))
		await runScheduledBackup({ intervalMs: 86_400_000, keep: 5, dir }, older)
		raiseAlert({ type: 'info', title: 'A marker', message: 'zanzibar-marker in a text value' })
		await runScheduledBackup({ intervalMs: 86_400_000, keep: 5, dir }, newer)
		const damaged = path.join(dir, backupFileName(newer))
		const good = path.join(dir, backupFileName(older))
		const recorded = fs.readFileSync(checksumFile(damaged), 'utf8').slice(0, 64)
		changeOneByte(damaged, 'zanzibar-marker')
		// What integrity_check cannot see:
		expect(checkDatabaseFile(damaged)).toBeNull()
		const actual = crypto.createHash('sha256').update(fs.readFileSync(damaged)).digest('hex')

		insertMember({ email: 'live@example.com' })
		const live = emails()
		closeDb()
		const refused = await cli('restore', damaged)
		expect(refused.status).toBe(1)
		expect(refused.stdout).toBe('')
		expect(refused.stderr).toContain(
			`${damaged} cannot be restored: its SHA-256 is ${actual} but ${damaged}.sha256 says ${recorded}`,
		)
		expect(refused.stderr).toContain(`The newest good backup in ${dir} is ${good}`)
		expect(fs.readdirSync(path.dirname(getEnv().databasePath)).filter((f) => f.includes('before-restore'))).toEqual([])
		expect(emails()).toEqual(live)
		closeDb()

		// The command line's own check says the same.
		const check = await cli('backup:check')
		expect(check.status).toBe(1)
		expect(check.stdout).toContain(`bad        ${damaged}: its SHA-256 is ${actual}`)
		expect(check.stdout).toContain(`good       ${good}\n`)
		expect(check.stdout).toContain(`The newest good backup in ${dir} is ${good}.`)

		// The good one restores, its sum verified.
		const restored = await cli('restore', good)
		expect(restored.stderr).toBe('')
		expect(restored.stdout).toContain(`(SHA-256 ${fs.readFileSync(checksumFile(good), 'utf8').slice(0, 64)} verified)`)
		expect(emails()).toEqual(['first@example.com'])
	})

	test('a backup without its .sha256 is restored only with --no-checksum', async () => {
		insertMember({ email: 'old@example.com' })
		const file = path.join(getEnv().dataDir, 'copied-without-sum.db')
		expect((await cli('backup', file)).status).toBe(0)
		fs.rmSync(checksumFile(file))
		insertMember({ email: 'new@example.com' })
		closeDb()
		const refused = await cli('restore', file)
		expect(refused.status).toBe(1)
		expect(refused.stderr).toContain(`${file} cannot be restored: it has no checksum (${file}.sha256 is missing)`)
		expect(refused.stderr).toContain('--no-checksum')
		expect(emails()).toEqual(['new@example.com', 'old@example.com'])
		closeDb()
		const forced = await cli('restore', file, '--no-checksum')
		expect(forced.status).toBe(0)
		expect(forced.stderr).toContain('has no checksum; restoring on integrity_check alone')
		expect(emails()).toEqual(['old@example.com'])
	})

	test('the scheduled check reports a changed backup as bad, raises an alert and names the newest good one', async () => {
		insertMember()
		raiseAlert({ type: 'info', title: 'A marker', message: 'scheduled-marker in a text value' })
		const dir = getEnv().backupDir
		const schedule = { intervalMs: 86_400_000, keep: 5, dir }
		const times = [0, 1, 2, 3].map((i) => new Date(Date.UTC(2026, 10, 20 + i, 3)))
		for (const now of times.slice(0, 3)) expect((await runScheduledBackup(schedule, now)).bad).toEqual([])
		const [first, second, third] = times.slice(0, 3).map((t) => path.join(dir, backupFileName(t)))
		changeOneByte(third!, 'scheduled-marker')
		fs.writeFileSync(checksumFile(second!), 'not a checksum\n')

		// The next copy cannot be made (its partial file's place is taken): the newest good one is the oldest.
		fs.mkdirSync(path.join(dir, `${backupFileName(times[3])}.partial`))
		const failed = await runScheduledBackup(schedule, times[3])
		expect(failed.file).toBeNull()
		expect(failed.bad.map((b) => b.file)).toEqual([third, second])
		expect(failed.bad[0]!.problem).toMatch(/its SHA-256 is [0-9a-f]{64} but .+\.sha256 says [0-9a-f]{64}/)
		expect(failed.bad[1]!.problem).toMatch(/is not a SHA-256 line/)
		expect(failed.newestGood).toBe(first)
		const alerts = getDb()
			.$client.prepare("select title, message from system_alerts where title = 'Backup damaged' order by id")
			.all() as { message: string }[]
		expect(alerts.map((a) => a.message)).toEqual([
			expect.stringMatching(new RegExp(`^${path.basename(third!)} cannot be restored: its SHA-256 is`)),
			expect.stringMatching(new RegExp(`^${path.basename(second!)} cannot be restored: .*is not a SHA-256 line`)),
		])
		expect(alerts[0]!.message).toContain(`The newest good backup is ${path.basename(first!)}.`)

		// Once a copy is made again it is the newest good one; the damaged ones stay reported (one alert each).
		fs.rmdirSync(path.join(dir, `${backupFileName(times[3])}.partial`))
		const next = await runScheduledBackup(schedule, times[3])
		expect(next.file).toBe(path.join(dir, backupFileName(times[3])))
		expect(next.newestGood).toBe(next.file)
		expect(next.bad.map((b) => b.file)).toEqual([third, second])
		expect(
			getDb().$client.prepare("select count(*) as n from system_alerts where title = 'Backup damaged'").get(),
		).toEqual({ n: 2 })
		expect((await checkBackups(dir)).backups.map((b) => b.status)).toEqual(['good', 'bad', 'bad', 'good'])
	})
})

/**
 * A process that has the database open the way a server does (WAL, a
 * connection kept), started on its own DATA_DIR, while the restore runs
 * with another DATA_DIR and the same DATABASE_URL: the probe of the issue.
 */
describe('restore under a process that has the database open', () => {
	let holder: ChildProcess | undefined
	let otherDataDir: string | undefined
	afterEach(() => {
		holder?.kill('SIGKILL')
		holder = undefined
		if (otherDataDir) fs.rmSync(otherDataDir, { recursive: true, force: true })
		otherDataDir = undefined
	})

	async function holdDatabase(file: string, dataDir: string) {
		const script = `
			const Database = require('better-sqlite3')
			const db = new Database(process.argv[1], { timeout: 0 })
			db.pragma('journal_mode = WAL')
			db.pragma('synchronous = NORMAL')
			db.prepare("insert into system_alerts (type, title, message, created_at) values ('info', 'held', 'by the holder', 0)").run()
			process.stdout.write('ready\\n')
			setInterval(() => {}, 1000)
		`
		const child = spawn(process.execPath, ['-e', script, file], {
			cwd: process.cwd(),
			env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: file },
			stdio: ['ignore', 'pipe', 'inherit'],
		})
		holder = child
		await new Promise<void>((resolve, reject) => {
			child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve())
			child.once('exit', (code) => reject(new Error(`the holder exited (${code})`)))
		})
	}

	/** `npm run restore -- backup` as the probe ran it: another DATA_DIR, DATABASE_URL naming the live file. */
	async function restoreFromOtherDataDir(dbFile: string, backup: string) {
		const dataDir = getEnv().dataDir
		otherDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'app-test-other-'))
		process.env.DATA_DIR = otherDataDir
		process.env.DATABASE_URL = dbFile
		resetEnv()
		try {
			return await cli('restore', backup)
		} finally {
			process.env.DATA_DIR = dataDir
			delete process.env.DATABASE_URL
			resetEnv()
		}
	}

	const snapshot = (dir: string) =>
		Object.fromEntries(
			fs
				.readdirSync(dir)
				.filter((f) => f.startsWith('app.db'))
				.map((f) => [f, fs.statSync(path.join(dir, f)).mtimeMs]),
		)

	test('refused on the database lock with another DATA_DIR, nothing changed (-wal and -shm kept)', async () => {
		insertMember({ email: 'before@example.com' })
		const backup = path.join(getEnv().dataDir, 'manual.db')
		expect((await cli('backup', backup)).status).toBe(0)
		closeDb()
		const dataDir = getEnv().dataDir
		const dbFile = getEnv().databasePath
		await holdDatabase(dbFile, dataDir)
		expect(fs.existsSync(`${dbFile}-wal`)).toBe(true)
		expect(fs.existsSync(`${dbFile}-shm`)).toBe(true)
		// No pid file anywhere: a server started some other way.
		expect(fs.existsSync(path.join(dataDir, 'server.pid'))).toBe(false)
		const before = snapshot(dataDir)

		const refused = await restoreFromOtherDataDir(dbFile, backup)
		expect(refused.stdout).toBe('')
		expect(refused.status).toBe(1)
		expect(refused.stderr).toContain(`${dbFile} is open in another process (SQLite: database is locked)`)
		expect(refused.stderr).toMatch(
			/Stop the server that uses it first \(whatever its DATA_DIR\), then restore\. Nothing was changed\./,
		)
		expect(snapshot(dataDir)).toEqual(before)
		expect(fs.existsSync(`${dbFile}-wal`)).toBe(true)
		expect(fs.existsSync(`${dbFile}-shm`)).toBe(true)
		// The holder's write (still only in the WAL) is in the database it keeps serving.
		holder!.kill('SIGKILL')
		await new Promise((r) => holder!.once('exit', r))
		const db = new Database(dbFile, { readonly: true })
		expect(db.prepare("select count(*) as n from system_alerts where title = 'held'").get()).toEqual({ n: 1 })
		db.close()
	})

	test('refused on the pid file beside the database, whatever DATA_DIR the restore runs with', async () => {
		insertMember({ email: 'kept@example.com' })
		const backup = path.join(getEnv().dataDir, 'manual.db')
		expect((await cli('backup', backup)).status).toBe(0)
		closeDb()
		const dataDir = getEnv().dataDir
		const dbFile = getEnv().databasePath
		const pidFile = path.join(dataDir, 'server.pid')
		fs.writeFileSync(pidFile, JSON.stringify({ pid: process.pid, host: os.hostname() }))
		try {
			const refused = await restoreFromOtherDataDir(dbFile, backup)
			expect(refused.status).toBe(1)
			expect(refused.stderr).toContain(
				`A server is running on the folder of ${dbFile} (pid ${process.pid}, ${pidFile}): stop it first`,
			)
		} finally {
			fs.rmSync(pidFile)
		}
		expect(emails()).toEqual(['kept@example.com'])
	})
})
