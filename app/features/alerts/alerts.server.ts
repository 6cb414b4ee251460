import { and, asc, count, desc, eq, gte, isNotNull, isNull, like, lte, sql, type SQL } from 'drizzle-orm'
import { getDb, type Db, type Tx, write } from '#db/client.server.ts'
import { contests, systemAlerts } from '#db/schema.ts'
import type { AlertState, AlertType } from '#app/domain/enums.ts'
import { ALERT_MESSAGES } from '#app/features/alerts/schemas.ts'
import { clearRecentEvents, countRecentEvent } from '#app/utils/rate-limit.server.ts'
import type { AlertListQuery } from '#app/features/alerts/schemas.ts'
import { paginate, type Pagination } from '#app/features/users/schemas.ts'
import { fail, ok, type Result } from '#app/utils/result.ts'
import { recordAudit, type AuditActor } from '#app/features/audit/audit.server.ts'
import { log } from '#app/utils/log.server.ts'
import { onMailFailure } from '#app/utils/mail.server.ts'
import { safeRedirect, pick } from '#app/utils/misc.ts'
import { contestWindow, utcDay } from '#app/features/contests/contest.server.ts'
import type { StaffAlert } from './responses.server.ts'

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
	const inserted = write(
		(tx) =>
			tx
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
				.get(),
		db,
	)
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

/** Open alerts, newest first: the dashboard's list without who handled them. */
export function listAlerts(limit = DASHBOARD_ALERT_COUNT): PublicAlert[] {
	return listDashboardAlerts(limit).map(({ id, type, title, message, actionUrl, createdAt }) => ({
		id,
		type,
		title,
		message,
		actionUrl,
		createdAt,
	}))
}

/** Marks an alert handled: it leaves the dashboard, its dedupe key stays taken. */
export function resolveAlert(id: number, now = new Date()) {
	return (
		write((tx) =>
			tx
				.update(systemAlerts)
				.set({ resolvedAt: now })
				.where(and(eq(systemAlerts.id, id), isNull(systemAlerts.resolvedAt)))
				.run(),
		).changes > 0
	)
}

/**
 * Counts one failed admin sign-in (any account, any address: credential
 * stuffing spreads over accounts), in the database so that every server
 * process adds to one count (app/utils/rate-limit.server.ts). At
 * FAILED_SIGN_IN_THRESHOLD failures within the window, a warning is raised,
 * at most one per clock hour.
 */
export function noteFailedAdminSignIn(now = new Date()) {
	const failures = countRecentEvent(FAILED_SIGN_IN_EVENT, FAILED_SIGN_IN_WINDOW_MS, now.getTime())
	if (failures < FAILED_SIGN_IN_THRESHOLD) return null
	return raiseAlert(
		{
			type: 'warning',
			title: 'Repeated failed admin sign-ins',
			message: `${failures} failed admin sign-ins in the last 15 minutes. Check the sign-in log (event admin.login) for where they come from.`,
			dedupeKey: `admin-sign-in-failures:${hourBucket(now)}`,
		},
		now,
	)
}

const FAILED_SIGN_IN_EVENT = 'admin-sign-in-failure'

/** Tests start from no recorded failures. */
export function resetAlertCounters() {
	clearRecentEvents(FAILED_SIGN_IN_EVENT)
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
	return write(
		(tx) =>
			tx
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
				.run(),
		db,
	).changes
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

// ---------------------------------------------------------------------------
// Staff: acknowledge, resolve, the list of all alerts (issue 12 part 4)

/** An alert with who handled it and when, as /admin/alerts and /api/admin/alerts show it. */
export type { StaffAlert }

const staffAlertColumns = {
	id: systemAlerts.id,
	type: systemAlerts.type,
	title: systemAlerts.title,
	message: systemAlerts.message,
	actionUrl: systemAlerts.actionUrl,
	createdAt: systemAlerts.createdAt,
	acknowledgedAt: systemAlerts.acknowledgedAt,
	acknowledgedByEmail: systemAlerts.acknowledgedByEmail,
	resolvedAt: systemAlerts.resolvedAt,
	resolvedByEmail: systemAlerts.resolvedByEmail,
}

type StaffAlertRow = {
	id: number
	type: AlertType
	title: string
	message: string
	actionUrl: string | null
	createdAt: Date
	acknowledgedAt: Date | null
	acknowledgedByEmail: string | null
	resolvedAt: Date | null
	resolvedByEmail: string | null
}

/** Resolved wins; acknowledged is still open, marked seen. */
export function alertState(row: { acknowledgedAt: Date | null; resolvedAt: Date | null }): AlertState {
	return row.resolvedAt ? 'resolved' : row.acknowledgedAt ? 'acknowledged' : 'open'
}

function toStaffAlert(row: StaffAlertRow): StaffAlert {
	return {
		id: row.id,
		type: row.type,
		title: row.title,
		message: row.message,
		actionUrl: row.actionUrl,
		createdAt: row.createdAt.toISOString(),
		state: alertState(row),
		acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
		acknowledgedByEmail: row.acknowledgedByEmail,
		resolvedAt: row.resolvedAt?.toISOString() ?? null,
		resolvedByEmail: row.resolvedByEmail,
	}
}

/**
 * The WHERE of a state: open and acknowledged walk system_alerts_open_idx
 * (resolved_at IS NULL, then created_at); resolved is `+resolved_at` so
 * SQLite walks created_at (or type, created_at) newest first and skips the
 * few open ones instead of sorting every resolved row.
 */
function stateWhere(state: AlertState | null): SQL | undefined {
	switch (state) {
		case 'open':
			return and(isNull(systemAlerts.resolvedAt), isNull(systemAlerts.acknowledgedAt))
		case 'acknowledged':
			return and(isNull(systemAlerts.resolvedAt), isNotNull(systemAlerts.acknowledgedAt))
		case 'resolved':
			return sql`+${systemAlerts.resolvedAt} is not null`
		default:
			return undefined
	}
}

/** The statements of a list page, not yet run (the EXPLAIN QUERY PLAN test reads them). */
export function alertListQueries(query: AlertListQuery, db: Db = getDb()) {
	const where = and(stateWhere(query.state), query.type ? eq(systemAlerts.type, query.type) : undefined)
	return {
		rows: db
			.select(staffAlertColumns)
			.from(systemAlerts)
			.where(where)
			.orderBy(desc(systemAlerts.createdAt), desc(systemAlerts.id))
			.limit(query.limit)
			.offset((query.page - 1) * query.limit),
		count: db.select({ n: count() }).from(systemAlerts).where(where),
	}
}

/** One page of alerts, newest first; `clampPage` (the page) shows the last page for one past the end. */
export function listStaffAlerts(
	query: AlertListQuery,
	options: { clampPage?: boolean } = {},
): { alerts: StaffAlert[]; pagination: Pagination; query: AlertListQuery } {
	const db = getDb()
	const totalCount = alertListQueries(query, db).count.get()?.n ?? 0
	let effective = query
	if (options.clampPage) {
		const last = Math.max(1, Math.ceil(totalCount / query.limit))
		if (query.page > last) effective = { ...query, page: last }
	}
	const rows = (effective.page - 1) * effective.limit >= totalCount ? [] : alertListQueries(effective, db).rows.all()
	return {
		alerts: rows.map(toStaffAlert),
		pagination: paginate(totalCount, effective.page, effective.limit),
		query: effective,
	}
}

/** The dashboard's open alerts (acknowledged ones included), with who acknowledged them. */
export function listDashboardAlerts(limit = DASHBOARD_ALERT_COUNT): StaffAlert[] {
	return getDb()
		.select(staffAlertColumns)
		.from(systemAlerts)
		.where(isNull(systemAlerts.resolvedAt))
		.orderBy(desc(systemAlerts.createdAt), desc(systemAlerts.id))
		.limit(Math.max(1, Math.min(100, Math.floor(limit))))
		.all()
		.map(toStaffAlert)
}

export function getStaffAlert(id: number): StaffAlert | null {
	const row = getDb().select(staffAlertColumns).from(systemAlerts).where(eq(systemAlerts.id, id)).get()
	return row ? toStaffAlert(row) : null
}

/** What an alert's audit rows keep: who acknowledged and resolved it, and when. */
const HANDLED_FIELDS = ['acknowledgedAt', 'acknowledgedByEmail', 'resolvedAt', 'resolvedByEmail'] as const

/**
 * Staff acknowledge (the alert stays open, marked seen by them) or resolve
 * it, with the audit row (alert.acknowledge, alert.resolve) in the same
 * transaction. 404 for an unknown id; 409 for an alert already resolved, or
 * acknowledging one already acknowledged (who and when are kept as first set).
 */
export function handleAlert(
	admin: AuditActor,
	id: number,
	intent: 'acknowledge' | 'resolve',
	now = new Date(),
): Result<{ alert: StaffAlert }> {
	const result = write((tx): Result<null> => {
		const row = tx.select(staffAlertColumns).from(systemAlerts).where(eq(systemAlerts.id, id)).get()
		if (!row) return fail(404, ALERT_MESSAGES.notFound)
		if (row.resolvedAt) return fail(409, ALERT_MESSAGES.alreadyResolved)
		if (intent === 'acknowledge' && row.acknowledgedAt) return fail(409, ALERT_MESSAGES.alreadyAcknowledged)
		const change =
			intent === 'acknowledge'
				? { acknowledgedAt: now, acknowledgedByEmail: admin.email }
				: { resolvedAt: now, resolvedByEmail: admin.email }
		tx.update(systemAlerts).set(change).where(eq(systemAlerts.id, id)).run()
		const before = pick(row, HANDLED_FIELDS)
		recordAudit(
			tx,
			{
				admin,
				action: `alert.${intent}`,
				targetType: 'alert',
				targetId: id,
				before,
				after: { ...before, ...change },
			},
			now,
		)
		return ok(null)
	})
	log('alert.handled', { adminId: admin.id, alertId: id, intent, result: result.ok ? 'success' : 'refused' })
	if (!result.ok) return result
	return ok({ alert: getStaffAlert(id)! })
}

export const acknowledgeAlert = (admin: AuditActor, id: number, now?: Date) =>
	handleAlert(admin, id, 'acknowledge', now)
export const resolveAlertAsStaff = (admin: AuditActor, id: number, now?: Date) => handleAlert(admin, id, 'resolve', now)
