import path from 'node:path'
import type { Lease } from '#app/utils/lease.server.ts'
import { raiseAlert } from '#app/features/alerts/alerts.server.ts'
import { log } from '#app/utils/log.server.ts'
import {
	backupDatabase,
	backupFileName,
	checkBackups,
	newestBackupTime,
	pruneBackups,
	type BackupCheck,
} from '#db/backup.server.ts'

/**
 * Backups that happen: one every BACKUP_INTERVAL into DATA_DIR/backups,
 * each checked before it counts and its SHA-256 written beside it, the
 * oldest removed past BACKUP_KEEP (with their checksums). Then every kept
 * copy's checksum is verified: a copy that changed since it was made is
 * logged (`backup.bad`) and raises an alert, and `backup.checked` names the
 * newest good one (docs/decisions/041-restore-lock-and-backup-checksums.md).
 * The first one is due at start-up when the newest copy is older than the
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

export type ScheduledBackupResult = {
	/** The new copy, or null when it could not be made. */
	file: string | null
	/** The newest kept copy whose checksum matches (null: none, or the check failed). */
	newestGood: string | null
	/** Kept copies whose checksum does not match (or cannot be read). */
	bad: BackupCheck[]
}

export async function runScheduledBackup(schedule: BackupSchedule, now = new Date()): Promise<ScheduledBackupResult> {
	const file = path.join(schedule.dir, backupFileName(now))
	let made: string | null = null
	try {
		const { bytes, sha256 } = await backupDatabase(file)
		const removed = pruneBackups(schedule.dir, schedule.keep)
		log('backup.done', { file, bytes, sha256, removed: removed.length })
		made = file
	} catch (error) {
		const message = String((error as Error)?.message ?? error)
		log('backup.failed', { file, error: message }, 'error')
		alert({
			title: 'Backup failed',
			message: `The scheduled database backup could not be made: ${message}`,
			dedupeKey: `backup-failed:${now.toISOString().slice(0, 10)}`,
		})
	}
	const { newestGood, bad } = await checkKeptBackups(schedule.dir)
	return { file: made, newestGood, bad }
}

/** Verifies every kept copy's checksum; logs (and alerts on) the bad ones and names the newest good one. */
async function checkKeptBackups(dir: string) {
	let checked: Awaited<ReturnType<typeof checkBackups>>
	try {
		checked = await checkBackups(dir)
	} catch (error) {
		log('backup.check_failed', { dir, error: String((error as Error)?.message ?? error) }, 'error')
		return { newestGood: null, bad: [] }
	}
	const { backups, newestGood } = checked
	const bad = backups.filter((b) => b.status === 'bad')
	for (const backup of bad) {
		log('backup.bad', { file: backup.file, problem: backup.problem, newestGood }, 'error')
		alert({
			title: 'Backup damaged',
			message: `${path.basename(backup.file)} cannot be restored: ${backup.problem}. ${
				newestGood ? `The newest good backup is ${path.basename(newestGood)}.` : 'No kept backup is good.'
			}`,
			dedupeKey: `backup-bad:${path.basename(backup.file)}`,
		})
	}
	log(
		'backup.checked',
		{
			newestGood,
			good: backups.filter((b) => b.status === 'good').length,
			bad: bad.length,
			unverified: backups.filter((b) => b.status === 'unverified').length,
		},
		bad.length || !newestGood ? 'warn' : 'info',
	)
	return { newestGood, bad }
}

function alert(input: { title: string; message: string; dedupeKey: string }) {
	try {
		raiseAlert({ type: 'error', ...input, message: input.message.slice(0, 500) })
	} catch {
		// The database itself may be what failed; the log line stands.
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
