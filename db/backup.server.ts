import fs from 'node:fs'
import path from 'node:path'
import { getDb, openDatabaseFile, type Db } from './client.server.ts'

/**
 * Online backups of the database: SQLite's backup API copies a consistent
 * snapshot while the app keeps serving (it copies in steps between event
 * loop turns). Every copy is checked with `PRAGMA integrity_check` before
 * it counts; the scheduled ones live in DATA_DIR/backups, newest kept.
 */
export const BACKUP_PREFIX = 'app-'
const BACKUP_NAME = /^app-(\d{8}T\d{6}Z)\.db$/

/** The file name a backup taken at `now` gets (sortable, UTC). */
export function backupFileName(now = new Date()) {
	return `${BACKUP_PREFIX}${now
		.toISOString()
		.replace(/[-:]/g, '')
		.replace(/\.\d{3}Z$/, 'Z')}.db`
}

/** What is wrong with a database file, or null when it is a sound app database. */
export function checkDatabaseFile(file: string): string | null {
	if (!fs.existsSync(file)) return `${file} does not exist`
	let db: ReturnType<typeof openDatabaseFile> | undefined
	try {
		db = openDatabaseFile(file)
		const check = db.pragma('integrity_check', { simple: true })
		if (check !== 'ok') return `integrity_check said: ${String(check)}`
		const tables = new Set(
			(db.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]).map(
				(t) => t.name,
			),
		)
		for (const table of ['users', 'admins', '__drizzle_migrations']) {
			if (!tables.has(table)) return `it is not a database of this app (no ${table} table)`
		}
		return null
	} catch (error) {
		return `it cannot be read as a SQLite database (${(error as Error).message})`
	} finally {
		db?.close()
	}
}

/**
 * Copies the live database to `destination` and checks the copy; a copy
 * that fails the check is removed and the error thrown.
 */
export async function backupDatabase(destination: string, db: Db = getDb()) {
	fs.mkdirSync(path.dirname(destination), { recursive: true })
	const partial = `${destination}.partial`
	fs.rmSync(partial, { force: true })
	try {
		await db.$client.backup(partial)
		const problem = checkDatabaseFile(partial)
		if (problem) throw new Error(`the backup copy failed its check: ${problem}`)
		fs.renameSync(partial, destination)
	} finally {
		fs.rmSync(partial, { force: true })
	}
	return { file: destination, bytes: fs.statSync(destination).size }
}

/** The backups in `dir`, newest first. */
export function listBackups(dir: string) {
	if (!fs.existsSync(dir)) return []
	return fs
		.readdirSync(dir)
		.filter((name) => BACKUP_NAME.test(name))
		.sort()
		.reverse()
		.map((name) => path.join(dir, name))
}

/** Removes all but the newest `keep` backups; returns the removed files. */
export function pruneBackups(dir: string, keep: number) {
	const removed = listBackups(dir).slice(keep)
	for (const file of removed) fs.rmSync(file, { force: true })
	return removed
}

/** When the newest backup in `dir` was taken, from its name (null: none). */
export function newestBackupTime(dir: string) {
	const newest = listBackups(dir)[0]
	const stamp = newest ? BACKUP_NAME.exec(path.basename(newest))?.[1] : undefined
	if (!stamp) return null
	const iso = `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(9, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}Z`
	return new Date(iso)
}

/**
 * Puts a backup in place of the database file. The server must be stopped
 * (the caller checks). The backup is checked first; the current file is
 * kept beside it as `app.db.before-restore-<time>`; the WAL and shared
 * memory files of the old database are removed so SQLite does not replay
 * them over the restored copy.
 */
export function restoreDatabase(backup: string, databasePath: string, now = new Date()) {
	const problem = checkDatabaseFile(backup)
	if (problem) throw new Error(`${backup} cannot be restored: ${problem}`)
	fs.mkdirSync(path.dirname(databasePath), { recursive: true })
	const staging = `${databasePath}.restoring`
	fs.copyFileSync(backup, staging)
	const fd = fs.openSync(staging, 'r+')
	fs.fsyncSync(fd)
	fs.closeSync(fd)
	let kept: string | null = null
	if (fs.existsSync(databasePath)) {
		// Fold the old database's WAL into its file first, so the copy kept
		// beside the restored one is complete on its own.
		const old = openDatabaseFile(databasePath, { readonly: false })
		try {
			old.pragma('wal_checkpoint(TRUNCATE)')
		} finally {
			old.close()
		}
		kept = `${databasePath}.before-restore-${backupFileName(now).slice(BACKUP_PREFIX.length, -3)}`
		fs.renameSync(databasePath, kept)
	}
	for (const suffix of ['-wal', '-shm']) fs.rmSync(`${databasePath}${suffix}`, { force: true })
	fs.renameSync(staging, databasePath)
	return { restored: databasePath, previous: kept }
}
