import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { getEnv } from '#app/utils/env.server.ts'
import { backupFileName, checkDatabaseFile, listBackups, newestBackupTime, pruneBackups } from '#db/backup.server.ts'
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
		for (const now of times)
			expect(await runScheduledBackup({ intervalMs: 86_400_000, keep: 2, dir }, now)).not.toBeNull()
		expect(listBackups(dir).map((f) => path.basename(f))).toEqual([backupFileName(times[3]), backupFileName(times[2])])
		expect(newestBackupTime(dir)).toEqual(times[3])
		expect(pruneBackups(dir, 1)).toHaveLength(1)
	})

	test('a backup that cannot be written raises an alert and keeps nothing half-made', async () => {
		const dir = path.join(getEnv().dataDir, 'not-a-folder')
		fs.writeFileSync(dir, 'a file where the folder should be')
		expect(await runScheduledBackup({ intervalMs: 1_000, keep: 2, dir }, new Date())).toBeNull()
		const alerts = getDb().$client.prepare("select title from system_alerts where title = 'Backup failed'").all()
		expect(alerts).toHaveLength(1)
	})
})
