import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/**
 * DATA_DIR/server.pid while a server serves this data folder: the restore
 * command refuses to replace the database under a running server. server.js
 * writes it (the primary process, which outlives its serving processes) as
 * JSON { pid, host } and removes it when the last of them has exited.
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
