import { and, asc, desc, eq, gte, isNull, like, lte } from 'drizzle-orm'
import { getDb, type Db, type Tx } from '#db/client.server.ts'
import { contests, systemAlerts } from '#db/schema.ts'
import type { AlertType } from '#app/domain/enums.ts'
import { log } from '#app/utils/log.server.ts'
import { onMailFailure } from '#app/utils/mail.server.ts'
import { safeRedirect } from '#app/utils/misc.ts'
import { contestWindow, utcDay } from './contest.server.ts'

/**
 * System alerts: stored rows raised by the server and shown
 * on the admin dashboard. A condition that repeats raises one row, thanks to
 * its dedupe key (unique): failed admin sign-ins at most once per clock hour,
 * a contest about to end once per contest and end date, mail delivery
 * failures at most once per clock hour.
 */

export const FAILED_SIGN_IN_THRESHOLD = 5
export const FAILED_SIGN_IN_WINDOW_MS = 15 * 60 * 1000
export const CONTEST_ENDING_WINDOW_MS = 3 * 24 * 60 * 60 * 1000
/** How many alerts the dashboard shows (spec section 9). */
export const DASHBOARD_ALERT_COUNT = 3

export type AlertInput = {
	type: AlertType
	title: string
	message: string
	/** A same-site path; anything else is dropped. */
	actionUrl?: string | null
	dedupeKey?: string | null
}

export type PublicAlert = {
	id: number
	type: AlertType
	title: string
	message: string
	actionUrl: string | null
	createdAt: string
}

/** "2026-11-21T08": the clock hour of a moment (UTC), for hourly dedupe keys. */
function hourBucket(now: Date) {
	return now.toISOString().slice(0, 13)
}

function sameSitePath(url: string | null | undefined) {
	if (!url) return null
	const safe = safeRedirect(url, '')
	return safe && safe === url ? safe : null
}

/**
 * Stores an alert unless one with the same dedupe key exists (resolved or
 * not). Returns the row's id and whether it was created now.
 */
export function raiseAlert(input: AlertInput, now = new Date(), db: Db | Tx = getDb()) {
	const dedupeKey = input.dedupeKey ?? null
	const inserted = db
		.insert(systemAlerts)
		.values({
			type: input.type,
			title: input.title,
			message: input.message,
			actionUrl: sameSitePath(input.actionUrl),
			dedupeKey,
			createdAt: now,
		})
		.onConflictDoNothing({ target: systemAlerts.dedupeKey })
		.returning({ id: systemAlerts.id })
		.get()
	if (inserted) {
		log('alert.raised', { alertId: inserted.id, type: input.type, key: dedupeKey })
		return { id: inserted.id, created: true }
	}
	const existing = db
		.select({ id: systemAlerts.id })
		.from(systemAlerts)
		.where(eq(systemAlerts.dedupeKey, dedupeKey!))
		.get()!
	return { id: existing.id, created: false }
}

/** Open alerts, newest first. */
export function listAlerts(limit = DASHBOARD_ALERT_COUNT): PublicAlert[] {
	return getDb()
		.select({
			id: systemAlerts.id,
			type: systemAlerts.type,
			title: systemAlerts.title,
			message: systemAlerts.message,
			actionUrl: systemAlerts.actionUrl,
			createdAt: systemAlerts.createdAt,
		})
		.from(systemAlerts)
		.where(isNull(systemAlerts.resolvedAt))
		.orderBy(desc(systemAlerts.createdAt), desc(systemAlerts.id))
		.limit(Math.max(1, Math.min(100, Math.floor(limit))))
		.all()
		.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() }))
}

/** Marks an alert handled: it leaves the dashboard, its dedupe key stays taken. */
export function resolveAlert(id: number, now = new Date()) {
	return (
		getDb()
			.update(systemAlerts)
			.set({ resolvedAt: now })
			.where(and(eq(systemAlerts.id, id), isNull(systemAlerts.resolvedAt)))
			.run().changes > 0
	)
}

// Failed admin sign-ins of the last 15 minutes, in memory like the rate
// limits (one node; a restart forgets them).
let failedSignIns: number[] = []

/**
 * Counts one failed admin sign-in (any account, any address: credential
 * stuffing spreads over accounts). At FAILED_SIGN_IN_THRESHOLD failures
 * within the window, a warning is raised, at most one per clock hour.
 */
export function noteFailedAdminSignIn(now = new Date()) {
	const since = now.getTime() - FAILED_SIGN_IN_WINDOW_MS
	failedSignIns = failedSignIns.filter((t) => t > since)
	failedSignIns.push(now.getTime())
	if (failedSignIns.length < FAILED_SIGN_IN_THRESHOLD) return null
	return raiseAlert(
		{
			type: 'warning',
			title: 'Repeated failed admin sign-ins',
			message: `${failedSignIns.length} failed admin sign-ins in the last 15 minutes. Check the sign-in log (event admin.login) for where they come from.`,
			dedupeKey: `admin-sign-in-failures:${hourBucket(now)}`,
		},
		now,
	)
}

/** Tests start from no recorded failures. */
export function resetAlertCounters() {
	failedSignIns = []
}

const endDateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })

/**
 * Raises one warning per active contest that ends within 3 days, and
 * resolves those whose contest has ended, completed or gone. Called when the
 * dashboard or the alerts load; safe to repeat.
 */
export function checkContestAlerts(now = new Date()) {
	const db = getDb()
	const soon = db
		.select({ id: contests.id, name: contests.name, startDate: contests.startDate, endDate: contests.endDate })
		.from(contests)
		.where(
			and(
				eq(contests.status, 'active'),
				gte(contests.endDate, utcDay(now)),
				lte(contests.endDate, utcDay(new Date(now.getTime() + CONTEST_ENDING_WINDOW_MS))),
			),
		)
		.orderBy(asc(contests.endDate))
		.all()
		.filter((c) => {
			const left = contestWindow(c).endsAt.getTime() - now.getTime()
			return left > 0 && left <= CONTEST_ENDING_WINDOW_MS
		})
	let raised = 0
	for (const contest of soon) {
		const ends = endDateFormat.format(contestWindow(contest).endsAt.getTime() - 1)
		const result = raiseAlert(
			{
				type: 'warning',
				title: 'Contest ending soon',
				message: `"${contest.name}" ends on ${ends} (UTC). Review its participants and complete it when it ends.`,
				actionUrl: '/admin/contests',
				dedupeKey: `contest-ending:${contest.id}:${contest.endDate}`,
			},
			now,
		)
		if (result.created) raised++
	}
	// An alert about a contest that is over (or gone) is no longer news.
	const open = db
		.select({ id: systemAlerts.id, dedupeKey: systemAlerts.dedupeKey })
		.from(systemAlerts)
		.where(and(isNull(systemAlerts.resolvedAt), like(systemAlerts.dedupeKey, 'contest-ending:%')))
		.all()
	let resolved = 0
	for (const alert of open) {
		const contestId = Number(alert.dedupeKey!.split(':')[1])
		const contest = db
			.select({ status: contests.status, startDate: contests.startDate, endDate: contests.endDate })
			.from(contests)
			.where(eq(contests.id, contestId))
			.get()
		const over = !contest || contest.status === 'completed' || contestWindow(contest).endsAt <= now
		if (over && resolveAlert(alert.id, now)) resolved++
	}
	return { raised, resolved }
}

/**
 * Resolves a contest's open "ending soon" alerts (all end dates, or only
 * `endDate`'s), in the caller's transaction: a contest completed or deleted
 * is no longer news, nor is an end date that an edit moved.
 */
export function resolveContestAlerts(db: Db | Tx, contestId: number, now = new Date(), endDate?: string) {
	return db
		.update(systemAlerts)
		.set({ resolvedAt: now })
		.where(
			and(
				isNull(systemAlerts.resolvedAt),
				endDate
					? eq(systemAlerts.dedupeKey, `contest-ending:${contestId}:${endDate}`)
					: like(systemAlerts.dedupeKey, `contest-ending:${contestId}:%`),
			),
		)
		.run().changes
}

/** Raises (at most hourly) an error alert when a mail could not be delivered. */
export function raiseMailFailureAlert(error: unknown, now = new Date()) {
	const code = (error as { code?: unknown })?.code
	const detail = typeof code === 'string' && /^[A-Z][A-Z0-9_]{1,40}$/.test(code) ? ` (${code})` : ''
	return raiseAlert(
		{
			type: 'error',
			title: 'Mail delivery failing',
			message: `A mail (password reset or notification) could not be delivered${detail}. Check SMTP_URL and the mail server.`,
			dedupeKey: `mail-failure:${hourBucket(now)}`,
		},
		now,
	)
}

let unsubscribeMail: (() => void) | undefined

/** Subscribes the mail failure alert once (start-up calls this). */
export function watchMailFailures() {
	unsubscribeMail ??= onMailFailure((error) => {
		// sendMail promises never to throw: neither may this listener.
		try {
			raiseMailFailureAlert(error)
		} catch (failure) {
			log('alert.failed', { error: String((failure as Error)?.message ?? failure) }, 'error')
		}
	})
	return () => {
		unsubscribeMail?.()
		unsubscribeMail = undefined
	}
}
