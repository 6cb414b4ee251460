import path from 'node:path'
import type { Lease } from '#app/models/lease.server.ts'
import { raiseAlert } from '#app/models/alerts.server.ts'
import { log } from '#app/utils/log.server.ts'
import { backupDatabase, backupFileName, newestBackupTime, pruneBackups } from '#db/backup.server.ts'

/**
 * Backups that happen: one every BACKUP_INTERVAL into DATA_DIR/backups,
 * each checked before it counts, the oldest removed past BACKUP_KEEP. The
 * first one is due at start-up when the newest copy is older than the
 * interval (or there is none), a few seconds after the server is up.
 */
export type BackupSchedule = {
	intervalMs: number
	keep: number
	dir: string
	/**
	 * With several server processes: only the holder of this lease (the
	 * scheduler's) makes the copy; the others skip their turn.
	 */
	runner?: Lease
}

const FIRST_RUN_DELAY_MS = 5_000

export async function runScheduledBackup(schedule: BackupSchedule, now = new Date()) {
	const file = path.join(schedule.dir, backupFileName(now))
	try {
		const { bytes } = await backupDatabase(file)
		const removed = pruneBackups(schedule.dir, schedule.keep)
		log('backup.done', { file, bytes, removed: removed.length })
		return file
	} catch (error) {
		const message = String((error as Error)?.message ?? error)
		log('backup.failed', { file, error: message }, 'error')
		try {
			raiseAlert({
				type: 'error',
				title: 'Backup failed',
				message: `The scheduled database backup could not be made: ${message}`.slice(0, 500),
				dedupeKey: `backup-failed:${now.toISOString().slice(0, 10)}`,
			})
		} catch {
			// The database itself may be what failed; the log line stands.
		}
		return null
	}
}

export function startBackupSchedule(schedule: BackupSchedule) {
	let running = false
	const run = async () => {
		if (running) return
		if (schedule.runner && !schedule.runner.hold()) return
		running = true
		try {
			await runScheduledBackup(schedule)
		} finally {
			running = false
		}
	}
	const newest = newestBackupTime(schedule.dir)
	const due = !newest || Date.now() - newest.getTime() >= schedule.intervalMs
	const first = setTimeout(run, due ? FIRST_RUN_DELAY_MS : newest.getTime() + schedule.intervalMs - Date.now())
	first.unref()
	const every = setInterval(run, schedule.intervalMs)
	every.unref()
	return () => {
		clearTimeout(first)
		clearInterval(every)
	}
}
