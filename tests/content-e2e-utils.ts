import fs from 'node:fs'
import { readingMinutes } from '#app/content/academy.ts'
import { openDatabase, write } from '#db/client.server.ts'
import { runContentSchedule } from '#app/features/content/kinds.server.ts'
import { deliverAnnouncements, mailAnnouncements } from '#app/features/content/announcements.server.ts'
import { setLogSilent } from '#app/utils/log.server.ts'
import { initEnv } from '#app/utils/env.server.ts'
import { E2E_DATABASE, withE2eDatabase } from './admin-utils.ts'
import { E2E_BASE_URL, E2E_DATA_DIR, E2E_SMTP_PORT } from './setup/e2e-config.ts'

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

/**
 * The scheduler's jobs on one announcement (decision 062), in the test's
 * process against the e2e server's database with an injected clock:
 * `content-schedule` publishes it (the test published it for a day ahead,
 * so the server's own scheduler leaves it alone), then
 * `announcement-delivery` sends it, limited to the test's own members (the
 * database is shared with other specs' members, who must not get it). Both
 * in one transaction, so the server's delivery job, which runs every 15 s,
 * never sees it published before it is sent. The process's environment is
 * pointed at the server's (its data directory and secret, origin and mail
 * server), so a member's mail goes out as the server's would; the mails
 * are sent before this returns. Returns the jobs' counts.
 */
export async function sendScheduledAnnouncementAt(
	now: Date,
	only: { id: number; members: readonly number[] },
	file = E2E_DATABASE,
) {
	initEnv({
		NODE_ENV: 'production',
		DATA_DIR: E2E_DATA_DIR,
		DATABASE_URL: file,
		APP_ORIGIN: E2E_BASE_URL,
		SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
	})
	// The jobs' log lines belong to a server's log, not to the test runner's output.
	setLogSilent(true)
	const { db, sqlite } = openDatabase(file)
	try {
		// write(): BEGIN IMMEDIATE, tried again while the server holds the
		// write lock (a bare `.immediate()` on this connection, whose busy
		// timeout is 0, failed at once with "database is locked", CI).
		const result = write(() => {
			const { announcementPublished } = runContentSchedule(now, db, { kind: 'announcement', ids: [only.id] })
			const sent = deliverAnnouncements(now, { db, ids: [only.id], members: only.members, maxBatches: 100 })
			return { published: announcementPublished, ...sent }
		}, db)
		// The mails after the inboxes, as the job sends them (without its pace).
		await mailAnnouncements(now, { db, ids: [only.id], members: only.members, perSecond: 1000 })
		return result
	} finally {
		sqlite.close()
	}
}

/**
 * A draft announcement to the Gold plan's members with this title (made
 * once, then found again), straight in the e2e database: the pages' visits
 * (screens, accessibility) need one and there are no samples of this kind.
 */
export function draftAnnouncementId(title: string) {
	return withE2eDatabase((db) => {
		const found = db.prepare('select id from announcements where title = ?').get(title) as { id: number } | undefined
		if (found) return found.id
		const now = Date.now()
		return (
			db
				.prepare(
					"insert into announcements (title, body, audience, status, created_at, updated_at) values (?, ?, 'gold', 'draft', ?, ?) returning id",
				)
				.get(title, 'A first paragraph of the message.\n\nA second paragraph, after a blank line.', now, now) as {
				id: number
			}
		).id
	})
}
