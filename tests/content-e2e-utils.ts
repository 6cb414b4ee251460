import { openDatabase } from '#db/client.server.ts'
import { runContentSchedule } from '#app/features/content/kinds.server.ts'
import { E2E_DATABASE } from './admin-utils.ts'

/**
 * The scheduler's `content-schedule` job (decision 062) run in the test's
 * process against the e2e server's database with an injected clock: what
 * the server's scheduler would do at `now` (publish the scheduled rows
 * whose day has come, expire those past their expiry, audited as the
 * system). Only on the test's own rows (`only`): the e2e database is
 * shared, and a clock days ahead would expire other specs' items too.
 * Returns the job's counts. The database is opened as the server opens
 * it, so the job's writes take the write lock first (`BEGIN IMMEDIATE`)
 * and wait for the server's: a plain connection's deferred transaction
 * read first and then found the lock taken ("database is locked", CI).
 */
export function runContentScheduleAt(now: Date, only: { kind: string; ids: readonly number[] }, file = E2E_DATABASE) {
	const { db, sqlite } = openDatabase(file)
	try {
		return runContentSchedule(now, db, only)
	} finally {
		sqlite.close()
	}
}

/** A UTC day `YYYY-MM-DD`, `days` after today. */
export function dayFromToday(days: number, now = new Date()) {
	return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days)).toISOString().slice(0, 10)
}
