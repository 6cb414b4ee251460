import fs from 'node:fs'
import { readingMinutes } from '#app/content/academy.ts'
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

/** A lesson as members see it (the seeded samples, and any a test published). */
export type SeededLesson = { id: string; tab: 'basics' | 'risk' | 'portfolio'; title: string; duration: number }

/**
 * The lessons members see now, in the academy's order (topic, then order),
 * read from the e2e database (issue 41 part 3: lessons are rows, no longer
 * constants); their duration is the one in effect (typed, else the reading
 * time). Call it inside a test or a hook: the database exists by then.
 */
export function memberLessons(file = E2E_DATABASE): SeededLesson[] {
	const { sqlite } = openDatabase(file)
	try {
		const rows = sqlite
			.prepare(
				`select key, tab, title, duration, words from lessons
				 where status = 'published' and (expires_at is null or expires_at > ?)
				 order by case tab when 'basics' then 0 when 'risk' then 1 else 2 end, position, id`,
			)
			.all(Date.now()) as Array<{
			key: string
			tab: SeededLesson['tab']
			title: string
			duration: number | null
			words: number
		}>
		return rows.map((r) => ({ id: r.key, tab: r.tab, title: r.title, duration: r.duration ?? readingMinutes(r.words) }))
	} finally {
		sqlite.close()
	}
}

/**
 * Runs `fn` holding the academy's lock: a test that publishes a lesson (the
 * lessons specs) and a test that counts the academy's lessons (15, 5 a
 * topic) must not overlap across workers, or the count sees the test's
 * lesson. The lock is a directory beside the e2e database (mkdir is atomic);
 * a holder that died leaves it for at most `staleMs`.
 */
export async function acquireAcademyLock(file = E2E_DATABASE, staleMs = 120_000): Promise<() => void> {
	const lock = `${file}.academy-lock`
	const started = Date.now()
	for (;;) {
		try {
			fs.mkdirSync(lock)
			return () => fs.rmSync(lock, { recursive: true, force: true })
		} catch {
			const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now())
			if (age > staleMs) fs.rmSync(lock, { recursive: true, force: true })
			if (Date.now() - started > staleMs * 2) throw new Error('The academy lock was not released')
			await new Promise((resolve) => setTimeout(resolve, 100))
		}
	}
}

/** `fn` holding the academy's lock (acquireAcademyLock). */
export async function withAcademyLock<T>(fn: () => Promise<T>): Promise<T> {
	const release = await acquireAcademyLock()
	try {
		return await fn()
	} finally {
		release()
	}
}
