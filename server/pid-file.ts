import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/**
 * DATA_DIR/server.pid while a server serves this data folder: the restore
 * command refuses to replace the database under a running server. server.js
 * writes it (the primary process, which outlives its serving processes) as
 * JSON { pid, host } and removes it when the last of them has exited.
 *
 * The restore command reads it in its own DATA_DIR and in the database
 * file's folder (where it is with the default DATABASE_URL, whatever
 * DATA_DIR the restore runs with); the database's own lock is the check
 * that does not depend on either (db/backup.server.ts, `databaseInUse`,
 * docs/decisions/041-restore-lock-and-backup-checksums.md).
 */
const FILE = 'server.pid'

/** The pid of a server running on this machine over `dataDir`, or null. */
export function runningServer(dataDir: string): number | null {
	let current: { pid?: unknown; host?: unknown }
	try {
		current = JSON.parse(fs.readFileSync(path.join(dataDir, FILE), 'utf8'))
	} catch {
		return null
	}
	if (typeof current.pid !== 'number' || current.host !== os.hostname()) return null
	try {
		process.kill(current.pid, 0)
		return current.pid
	} catch (error) {
		// EPERM: it exists but belongs to another user.
		return (error as NodeJS.ErrnoException).code === 'EPERM' ? current.pid : null
	}
}

/**
 * A live server whose pid file is in `dataDir` or beside `databasePath`
 * (first found), or null.
 */
export function runningServerFor(
	dataDir: string,
	databasePath: string,
): { pid: number; pidFile: string; onDataDir: boolean } | null {
	const dirs = [path.resolve(dataDir), path.dirname(path.resolve(databasePath))]
	for (const [index, dir] of dirs.entries()) {
		if (index > 0 && dir === dirs[0]) continue
		const pid = runningServer(dir)
		if (pid !== null) return { pid, pidFile: path.join(dir, FILE), onDataDir: index === 0 }
	}
	return null
}
