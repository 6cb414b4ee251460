import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { getDb, openDatabaseFile, type Db } from './client.server.ts'

/**
 * Online backups of the database: SQLite's backup API copies a consistent
 * snapshot while the app keeps serving (it copies in steps between event
 * loop turns). Every copy is checked with `PRAGMA integrity_check` before
 * it counts, and its SHA-256 is written beside it (`<file>.sha256`, in
 * sha256sum's format) so a byte changed later, which integrity_check cannot
 * see inside a value, is caught at restore and by the scheduled check. The
 * scheduled ones live in DATA_DIR/backups, newest kept
 * (docs/decisions/041-restore-lock-and-backup-checksums.md).
 */
export const BACKUP_PREFIX = 'app-'
const BACKUP_NAME = /^app-(\d{8}T\d{6}Z)\.db$/
export const CHECKSUM_SUFFIX = '.sha256'
const CHECKSUM_LINE = /^([0-9a-f]{64}) [ *](.+)$/i

/** The file name a backup taken at `now` gets (sortable, UTC). */
export function backupFileName(now = new Date()) {
	return `${BACKUP_PREFIX}${now
		.toISOString()
		.replace(/[-:]/g, '')
		.replace(/\.\d{3}Z$/, 'Z')}.db`
}

/** Where the SHA-256 of `file` is kept. */
export function checksumFile(file: string) {
	return `${file}${CHECKSUM_SUFFIX}`
}

/** The SHA-256 of a file as lowercase hex, read in chunks (the event loop keeps turning). */
export async function sha256OfFile(file: string) {
	const hash = crypto.createHash('sha256')
	for await (const chunk of fs.createReadStream(file, { highWaterMark: 256 * 1024 })) hash.update(chunk as Buffer)
	return hash.digest('hex')
}

function sha256OfFileSync(file: string) {
	const hash = crypto.createHash('sha256')
	const fd = fs.openSync(file, 'r')
	try {
		const buffer = Buffer.alloc(1024 * 1024)
		for (let read; (read = fs.readSync(fd, buffer, 0, buffer.length, null)) > 0;) hash.update(buffer.subarray(0, read))
	} finally {
		fs.closeSync(fd)
	}
	return hash.digest('hex')
}

/**
 * Writes `<file>.sha256` as `sha256sum` does (`<hex>  <name>`), so
 * `sha256sum -c app-….db.sha256` checks the copy from its folder too.
 */
function writeChecksum(file: string, sha256: string, name = path.basename(file)) {
	const target = checksumFile(file)
	const partial = `${target}.partial`
	fs.writeFileSync(partial, `${sha256}  ${name}\n`)
	fs.renameSync(partial, target)
	return target
}

export type ChecksumVerdict =
	| { status: 'ok'; sha256: string }
	| { status: 'missing' }
	| { status: 'unreadable'; problem: string }
	| { status: 'mismatch'; expected: string; actual: string }

/**
 * The SHA-256 recorded beside `file`: null when there is none, else the
 * hex or what is wrong with the record. Only the hash counts: the name on
 * the line is sha256sum's and may be the copy's name from before a move.
 */
export function readChecksum(file: string): { sha256: string } | { problem: string } | null {
	let text: string
	try {
		text = fs.readFileSync(checksumFile(file), 'utf8')
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
		return { problem: `${checksumFile(file)} cannot be read (${(error as Error).message})` }
	}
	const match = CHECKSUM_LINE.exec(text.split('\n')[0]!.trim())
	if (!match) return { problem: `${checksumFile(file)} is not a SHA-256 line ("<64 hex digits>  <file name>")` }
	return { sha256: match[1]!.toLowerCase() }
}

/** Whether `file` still has the SHA-256 written beside it when it was made. */
export async function verifyChecksum(file: string): Promise<ChecksumVerdict> {
	const recorded = readChecksum(file)
	if (!recorded) return { status: 'missing' }
	if ('problem' in recorded) return { status: 'unreadable', problem: recorded.problem }
	const actual = await sha256OfFile(file)
	return actual === recorded.sha256
		? { status: 'ok', sha256: actual }
		: { status: 'mismatch', expected: recorded.sha256, actual }
}

/** A checksum verdict that is not `ok`, in words naming the file and both sums. */
export function describeChecksumProblem(file: string, verdict: Exclude<ChecksumVerdict, { status: 'ok' }>) {
	switch (verdict.status) {
		case 'missing':
			return `it has no checksum (${checksumFile(file)} is missing)`
		case 'unreadable':
			return verdict.problem
		case 'mismatch':
			return `its SHA-256 is ${verdict.actual} but ${checksumFile(file)} says ${verdict.expected}: the file changed after the backup was made`
	}
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
 * Copies the live database to `destination`, checks the copy, and writes
 * the SHA-256 of the checked bytes beside it (`<destination>.sha256`); a
 * copy that fails the check is removed and the error thrown.
 */
export async function backupDatabase(destination: string, db: Db = getDb()) {
	fs.mkdirSync(path.dirname(destination), { recursive: true })
	const partial = `${destination}.partial`
	fs.rmSync(partial, { force: true })
	let sha256: string
	try {
		await db.$client.backup(partial)
		// The copy has the live database's WAL mode in its header: as a
		// rollback-journal file, opening it to check it (here, at restore,
		// by sha256sum's user with sqlite3) leaves no -wal and -shm beside
		// it and never changes it. The server turns WAL on again when it
		// opens a restored copy.
		const copy = openDatabaseFile(partial, { readonly: false })
		try {
			copy.pragma('journal_mode = DELETE')
		} finally {
			copy.close()
		}
		const problem = checkDatabaseFile(partial)
		if (problem) throw new Error(`the backup copy failed its check: ${problem}`)
		sha256 = await sha256OfFile(partial)
		// The sum first: a copy in place never goes without one (a sum whose
		// copy never arrived is a mismatch, refused, never a silent restore).
		writeChecksum(destination, sha256)
		fs.renameSync(partial, destination)
	} finally {
		for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(`${partial}${suffix}`, { force: true })
	}
	return {
		file: destination,
		bytes: fs.statSync(destination).size,
		sha256,
		checksumFile: checksumFile(destination),
	}
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

/**
 * Removes all but the newest `keep` backups with their checksums (and any
 * checksum whose backup is gone); returns the removed backups.
 */
export function pruneBackups(dir: string, keep: number) {
	const removed = listBackups(dir).slice(keep)
	for (const file of removed) {
		// With what checking older copies (WAL mode in their header) left beside them.
		for (const extra of ['', CHECKSUM_SUFFIX, '-wal', '-shm', '.partial-wal', '.partial-shm'])
			fs.rmSync(`${file}${extra}`, { force: true })
	}
	if (fs.existsSync(dir)) {
		for (const name of fs.readdirSync(dir)) {
			if (!name.endsWith(CHECKSUM_SUFFIX)) continue
			const backup = name.slice(0, -CHECKSUM_SUFFIX.length)
			if (BACKUP_NAME.test(backup) && !fs.existsSync(path.join(dir, backup)))
				fs.rmSync(path.join(dir, name), { force: true })
		}
	}
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

export type BackupCheck = {
	file: string
	/** good: its SHA-256 matches (and integrity_check passed, when asked); bad: it changed or fails; unverified: no checksum. */
	status: 'good' | 'bad' | 'unverified'
	problem: string | null
}

/**
 * Checks every backup in `dir`, newest first, and names the newest good
 * one. A backup is good when its SHA-256 matches the one written beside
 * it: that sum is of the bytes that passed integrity_check when the copy
 * was made, so a match is those very bytes. `integrity: true` runs
 * integrity_check on each matching copy as well (the command line; the
 * server's schedule does not, a check holds its event loop).
 */
export async function checkBackups(dir: string, options: { integrity?: boolean } = {}) {
	const backups: BackupCheck[] = []
	for (const file of listBackups(dir)) {
		const verdict = await verifyChecksum(file)
		if (verdict.status === 'missing') {
			backups.push({ file, status: 'unverified', problem: describeChecksumProblem(file, verdict) })
			continue
		}
		if (verdict.status !== 'ok') {
			backups.push({ file, status: 'bad', problem: describeChecksumProblem(file, verdict) })
			continue
		}
		const problem = options.integrity ? checkDatabaseFile(file) : null
		backups.push({ file, status: problem ? 'bad' : 'good', problem })
	}
	return { backups, newestGood: backups.find((b) => b.status === 'good')?.file ?? null }
}

/** The database file is open elsewhere (a running server): nothing was changed. */
export class DatabaseInUseError extends Error {}

/**
 * Takes SQLite's exclusive lock on `databasePath` and keeps it until the
 * connection is closed: `locking_mode = EXCLUSIVE` before the first read
 * makes a WAL database's first read take the file's EXCLUSIVE lock, which
 * fails at once (SQLITE_BUSY, busy_timeout 0) while any other connection has
 * the database open, idle or not, since each holds a SHARED lock on the file
 * for as long as it has the WAL open. (A plain `BEGIN EXCLUSIVE` does not do
 * this in WAL mode: readers are not excluded.) Taking the lock changes
 * nothing on disk; closing the connection after a successful lock folds the
 * WAL into the file as any last connection does.
 */
function lockDatabase(databasePath: string) {
	const db = openDatabaseFile(databasePath, { readonly: false })
	try {
		db.pragma('busy_timeout = 0')
		db.pragma('locking_mode = EXCLUSIVE')
		db.exec('BEGIN EXCLUSIVE')
		db.exec('COMMIT')
		return db
	} catch (error) {
		db.close()
		const code = (error as { code?: string }).code ?? ''
		throw new DatabaseInUseError(
			code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')
				? `${databasePath} is open in another process (SQLite: ${(error as Error).message})`
				: `${databasePath} could not be locked for the restore (${(error as Error).message})`,
		)
	}
}

/**
 * Why the database file cannot be replaced now (another process has it
 * open, whatever its DATA_DIR), or null: the file is missing or no one else
 * has it open.
 */
export function databaseInUse(databasePath: string): string | null {
	if (!fs.existsSync(databasePath)) return null
	try {
		lockDatabase(databasePath).close()
		return null
	} catch (error) {
		if (error instanceof DatabaseInUseError) return error.message
		throw error
	}
}

/**
 * Puts a backup in place of the database file. The backup is checked first
 * (integrity, and its SHA-256 against `expectedSha256` once copied, when
 * given); the live database is locked exclusively before anything is
 * touched, so a process that has it open (a running server, on any
 * DATA_DIR) makes the restore throw DatabaseInUseError with nothing
 * changed. Under that lock the old database's WAL is folded into its
 * file, which is kept beside the restored one as
 * `app.db.before-restore-<time>`; the WAL and shared memory files are
 * removed so SQLite does not replay them over the restored copy.
 */
export function restoreDatabase(
	backup: string,
	databasePath: string,
	now = new Date(),
	options: { expectedSha256?: string } = {},
) {
	const problem = checkDatabaseFile(backup)
	if (problem) throw new Error(`${backup} cannot be restored: ${problem}`)
	fs.mkdirSync(path.dirname(databasePath), { recursive: true })
	const staging = `${databasePath}.restoring`
	const live = fs.existsSync(databasePath) ? lockDatabase(databasePath) : null
	try {
		fs.copyFileSync(backup, staging)
		const fd = fs.openSync(staging, 'r+')
		fs.fsyncSync(fd)
		fs.closeSync(fd)
		if (options.expectedSha256) {
			const actual = sha256OfFileSync(staging)
			if (actual !== options.expectedSha256)
				throw new Error(
					`${backup} cannot be restored: the copy's SHA-256 is ${actual}, not ${options.expectedSha256} as recorded`,
				)
		}
		// Fold the old database's WAL into its file first, so the copy kept
		// beside the restored one is complete on its own.
		live?.pragma('wal_checkpoint(TRUNCATE)')
	} catch (error) {
		live?.close()
		fs.rmSync(staging, { force: true })
		throw error
	}
	// Closed before the files move: a connection's close removes its WAL by
	// name, which would be the restored database's by then.
	live?.close()
	let kept: string | null = null
	if (live) {
		kept = `${databasePath}.before-restore-${backupFileName(now).slice(BACKUP_PREFIX.length, -3)}`
		fs.renameSync(databasePath, kept)
	}
	for (const suffix of ['-wal', '-shm']) fs.rmSync(`${databasePath}${suffix}`, { force: true })
	fs.renameSync(staging, databasePath)
	return { restored: databasePath, previous: kept }
}
