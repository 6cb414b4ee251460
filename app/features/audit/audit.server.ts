import { and, asc, desc, eq, gte, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm'
import { getDb, write, type Db, type Tx } from '#db/client.server.ts'
import { admins, auditLog, type SelectAuditEntry } from '#db/schema.ts'
import {
	AUDIT_LIMITS,
	DAY_MS,
	encodeAuditCursor,
	SYSTEM_FILTER,
	utcDayStart,
	type AuditCursor,
	type AuditQuery,
} from '#app/features/audit/schemas.ts'
import { csvColumns, csvFileName, csvStream, csvStreamText } from '#app/utils/csv.ts'
import type { AuditChange, PublicAuditEntry } from './responses.server.ts'

/**
 * The audit log: every admin change writes one row with
 * the admin, the action, the target, the values before and after, and the
 * time. Call `recordAudit` with the transaction that makes the change, so
 * the change and its row are stored together or not at all (`write`, in
 * db/client.server.ts):
 *
 *   write((tx) => {
 *     const before = tx.select()...get()
 *     const after = tx.update(users).set(...).returning().get()
 *     recordAudit(tx, { admin, action: 'user.update', targetType: 'user', targetId: id, before, after })
 *   })
 *
 * Actions are "<target>.<verb>" in kebab case: user.create, user.update,
 * user.delete, user.bulk-update, contest.create, contest.update,
 * contest.status, contest.delete, contest.complete, contest.participant-score,
 * revenue.record, admin.create, the staff tools' (issue 12) and the broker
 * report import's (broker-report.apply/replace/reverse) listed in
 * AUDIT_ACTIONS below. Add a new action to AUDIT_ACTIONS: the audit page
 * offers that list in its action filter (any well-formed action is still
 * accepted when typed in the URL or the API).
 */
export const AUDIT_ACTIONS = [
	'admin.create',
	'alert.acknowledge',
	'alert.resolve',
	'broker-report.apply',
	'broker-report.replace',
	'broker-report.reverse',
	'broker.activate',
	'broker.create',
	'broker.deactivate',
	'broker.update',
	'contest.complete',
	'contest.create',
	'contest.delete',
	'contest.participant-score',
	'contest.status',
	'contest.update',
	'offer-claim.update',
	'plan-code.revoke',
	'promotion.create',
	'promotion.delete',
	'promotion.expire',
	'promotion.publish',
	'promotion.samples-seed',
	'promotion.unpublish',
	'promotion.update',
	'plan-codes.issue',
	'plan-codes.revoke-batch',
	'referral.approve',
	'referral.reject',
	'revenue.record',
	'revenue.update',
	'revenue.void',
	'settings.update',
	'staff.disable',
	'staff.enable',
	'staff.recovery-code-use',
	'staff.recovery-codes-regenerate',
	'staff.reset-password',
	'staff.two-factor-disable',
	'staff.two-factor-enable',
	'staff.two-factor-reset',
	'staff.update',
	'trader.checklist',
	'trader.create',
	'trader.review',
	'trader.samples-remove',
	'trader.samples-seed',
	'trader.statement.apply',
	'trader.statement.replace',
	'trader.update',
	'unlock-code.retire',
	'unlock-code.rotate',
	'user.bulk-update',
	'user.close',
	'user.create',
	'user.delete',
	'user.update',
] as const

/** The target types the audit page's filter offers (any well-formed one is accepted). */
export const AUDIT_TARGET_TYPES = [
	'admin',
	'alert',
	'broker-report',
	'broker',
	'contest',
	'offer-claim',
	'plan-code',
	'plan-code-batch',
	'promotion',
	'referral',
	'revenue',
	'settings',
	'trader',
	'unlock-code',
	'user',
] as const

export type AuditActor = { id: number | null; email: string }

/** The server's own changes (the scheduler's month roll-over, say): no admin, "system". */
export const SYSTEM_ACTOR: AuditActor = { id: null, email: 'system' }

export type AuditEntryInput = {
	admin: AuditActor
	action: string
	targetType: string
	targetId: string | number
	before?: unknown
	after?: unknown
}

// Keys that must never reach the log: password hashes, tokens, secrets.
const SECRET_KEY = /pass(word)?|hash|token|secret|cookie|authorization/i

/**
 * A JSON-safe copy without secret keys at any depth: dates become ISO
 * strings, undefined and functions are dropped, own keys only.
 */
export function sanitizeAuditValue(value: unknown, depth = 0): unknown {
	if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return undefined
	if (value === null || typeof value !== 'object') {
		return typeof value === 'bigint' ? value.toString() : value
	}
	if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString()
	if (depth > 8) return '[nested]'
	if (Array.isArray(value)) return value.map((v) => sanitizeAuditValue(v, depth + 1) ?? null)
	const out: Record<string, unknown> = {}
	for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
		if (SECRET_KEY.test(key)) continue
		const clean = sanitizeAuditValue(v, depth + 1)
		if (clean !== undefined)
			Object.defineProperty(out, key, { value: clean, enumerable: true, writable: true, configurable: true })
	}
	return out
}

/** Writes one audit row, in the caller's transaction when given one (else in a `write` of its own). */
export function recordAudit(db: Db | Tx, entry: AuditEntryInput, now = new Date()) {
	const before = sanitizeAuditValue(entry.before)
	const after = sanitizeAuditValue(entry.after)
	return write(
		(tx) =>
			tx
				.insert(auditLog)
				.values({
					adminId: entry.admin.id,
					adminEmail: entry.admin.email,
					action: entry.action,
					targetType: entry.targetType,
					targetId: String(entry.targetId),
					before: before === undefined ? null : before,
					after: after === undefined ? null : after,
					createdAt: now,
				})
				.returning({ id: auditLog.id })
				.get(),
		db,
	)
}

/**
 * The audit row of a target just created (`before: null`; `after`, what the
 * row keeps of it), in the caller's transaction. Returns the target.
 */
export function recordCreation<T extends { id: number }>(
	tx: Db | Tx,
	entry: { admin: AuditActor; action: string; targetType: string; after: (created: T) => unknown },
	created: T,
	now: Date,
): T {
	const { admin, action, targetType, after } = entry
	recordAudit(tx, { admin, action, targetType, targetId: created.id, before: null, after: after(created) }, now)
	return created
}

/**
 * The audit row of a change to a target (`view`: what the row keeps of it,
 * before and after; `extra` joins the after), in the caller's transaction.
 * Returns the target as it is now.
 */
export function recordChange<T extends { id: number }>(
	tx: Db | Tx,
	entry: { admin: AuditActor; action: string; targetType: string; view: (row: T) => object; extra?: object },
	before: T,
	after: T,
	now: Date,
): T {
	const { admin, action, targetType, view, extra } = entry
	recordAudit(
		tx,
		{ admin, action, targetType, targetId: before.id, before: view(before), after: { ...view(after), ...extra } },
		now,
	)
	return after
}

/** A target's history, newest first (the user page's plan history, say). */
export function listAuditForTarget(
	targetType: string,
	targetId: string | number,
	options: { limit?: number; action?: string } = {},
): SelectAuditEntry[] {
	const limit = Math.max(1, Math.min(500, Math.floor(options.limit ?? 50)))
	return getDb()
		.select()
		.from(auditLog)
		.where(
			and(
				eq(auditLog.targetType, targetType),
				eq(auditLog.targetId, String(targetId)),
				options.action ? eq(auditLog.action, options.action) : undefined,
			),
		)
		.orderBy(desc(auditLog.createdAt), desc(auditLog.id))
		.limit(limit)
		.all()
}

/** The newest rows over every target. */
export function listRecentAudit(limit = 50): SelectAuditEntry[] {
	return getDb()
		.select()
		.from(auditLog)
		.orderBy(desc(auditLog.createdAt), desc(auditLog.id))
		.limit(Math.max(1, Math.min(500, Math.floor(limit))))
		.all()
}

// ---------------------------------------------------------------------------
// The audit log page (/admin/audit), its API and its CSV export (issue 12).

/** One changed field of an audit row, its values as short text (null: absent). */
export type { AuditChange, PublicAuditEntry }

const CHANGE_TEXT_MAX = 200

function changeText(value: unknown): string | null {
	if (value === undefined) return null
	const text = typeof value === 'string' ? value : JSON.stringify(value)
	return text.length > CHANGE_TEXT_MAX ? `${text.slice(0, CHANGE_TEXT_MAX - 1)}…` : text
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * The changed fields of a row: keys whose values differ (compared as JSON),
 * in the order they first appear. A value that is not an object (a list, a
 * number) is one field named "value".
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
	const b = before === null || before === undefined ? {} : isRecord(before) ? before : { value: before }
	const a = after === null || after === undefined ? {} : isRecord(after) ? after : { value: after }
	const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])]
	const changes: AuditChange[] = []
	for (const field of keys) {
		const was = Object.hasOwn(b, field) ? b[field] : undefined
		const now = Object.hasOwn(a, field) ? a[field] : undefined
		if (JSON.stringify(was) === JSON.stringify(now)) continue
		changes.push({ field, before: changeText(was), after: changeText(now) })
	}
	return changes
}

export function toPublicAuditEntry(row: SelectAuditEntry): PublicAuditEntry {
	return {
		id: row.id,
		createdAt: row.createdAt.toISOString(),
		adminId: row.adminId,
		adminEmail: row.adminEmail,
		action: row.action,
		targetType: row.targetType,
		targetId: row.targetId,
		before: row.before ?? null,
		after: row.after ?? null,
		changes: auditChanges(row.before, row.after),
	}
}

/**
 * The WHERE of a view. Each filter is an equality on the leading columns of
 * one index ending in created_at (admin, action, target type, target type
 * and id), the date range and the cursor are ranges on created_at, so every
 * view walks an index in (created_at desc, id desc) order, stopping after
 * a page: a deep page costs what the first one does. The cursor is
 * `created_at <= c AND (created_at < c OR id < i)`: a range the index can
 * seek to, then the rows of the same millisecond already shown are skipped.
 */
export function auditWhere(query: Omit<AuditQuery, 'limit'>): SQL | undefined {
	const conditions: Array<SQL | undefined> = []
	if (query.adminId === SYSTEM_FILTER) conditions.push(isNull(auditLog.adminId))
	else if (query.adminId !== null) conditions.push(eq(auditLog.adminId, query.adminId))
	if (query.action) conditions.push(eq(auditLog.action, query.action))
	if (query.targetType) conditions.push(eq(auditLog.targetType, query.targetType))
	if (query.targetId) conditions.push(eq(auditLog.targetId, query.targetId))
	const from = query.from ? utcDayStart(query.from) : null
	const to = query.to ? utcDayStart(query.to) : null
	if (from !== null) conditions.push(gte(auditLog.createdAt, new Date(from)))
	if (to !== null) conditions.push(lt(auditLog.createdAt, new Date(to + DAY_MS)))
	if (query.cursor) {
		const at = new Date(query.cursor.createdAt)
		conditions.push(lte(auditLog.createdAt, at))
		conditions.push(or(lt(auditLog.createdAt, at), lt(auditLog.id, query.cursor.id)))
	}
	const present = conditions.filter((c): c is SQL => c !== undefined)
	return present.length ? and(...present) : undefined
}

/** The statement of one page (limit + 1 rows: the extra one says whether there is a next page). Not yet run. */
export function auditPageQuery(query: AuditQuery, db: Db = getDb(), limit = query.limit + 1) {
	return db
		.select()
		.from(auditLog)
		.where(auditWhere(query))
		.orderBy(desc(auditLog.createdAt), desc(auditLog.id))
		.limit(limit)
}

/** One page of the log, newest first, and the cursor of the next (null on the last page). */
export function listAuditLog(query: AuditQuery): { entries: PublicAuditEntry[]; nextCursor: string | null } {
	const rows = auditPageQuery(query).all()
	const more = rows.length > query.limit
	const page = more ? rows.slice(0, query.limit) : rows
	const last = page.at(-1)
	return {
		entries: page.map(toPublicAuditEntry),
		nextCursor: more && last ? encodeAuditCursor({ createdAt: last.createdAt.getTime(), id: last.id }) : null,
	}
}

/** The staff the page's filter offers: every admin (a deleted admin's rows read 'system'-less by email). */
export function listAuditActors(): Array<{ id: number; email: string }> {
	return getDb().select({ id: admins.id, email: admins.email }).from(admins).orderBy(asc(admins.email)).all()
}

const AUDIT_CSV = csvColumns<PublicAuditEntry>([
	['ID', (entry) => entry.id],
	['Time (UTC)', (entry) => entry.createdAt],
	['Staff', (entry) => entry.adminEmail],
	['Staff ID', (entry) => entry.adminId ?? SYSTEM_FILTER],
	['Action', (entry) => entry.action],
	['Target type', (entry) => entry.targetType],
	['Target ID', (entry) => entry.targetId],
	['Changes', (entry) => entry.changes.map((c) => `${c.field}: ${c.before ?? '—'} → ${c.after ?? '—'}`).join('; ')],
	['Before', (entry) => (entry.before === null ? '' : JSON.stringify(entry.before))],
	['After', (entry) => (entry.after === null ? '' : JSON.stringify(entry.after))],
])
const AUDIT_EXPORT_BATCH = 1000

/** "audit-2026-11-23.csv" (UTC day). */
export function auditExportFileName(now = new Date()) {
	return csvFileName('audit', now)
}

/**
 * Whether a view holds more rows than one export may (AUDIT_LIMITS.exportMaxRows):
 * the export then holds the newest ones and says so in a header.
 */
export function auditExportCapped(query: AuditQuery, max: number = AUDIT_LIMITS.exportMaxRows) {
	const n = getDb()
		.select({ n: sql<number>`count(*)` })
		.from(auditPageQuery({ ...query, cursor: query.cursor }, getDb(), max + 1).as('capped'))
		.get()?.n
	return (n ?? 0) > max
}

/**
 * The filtered view (from its cursor, newest first) as CSV, at most `max`
 * rows, streamed in keyset batches: each batch is its own short read, so
 * memory stays flat and the connection is never held between chunks.
 */
export function exportAuditCsv(
	query: AuditQuery,
	max: number = AUDIT_LIMITS.exportMaxRows,
): ReadableStream<Uint8Array> {
	let cursor: AuditCursor | null = query.cursor
	let written = 0
	return csvStream(AUDIT_CSV.header, () => {
		const limit = Math.min(AUDIT_EXPORT_BATCH, max - written)
		const rows = limit > 0 ? auditPageQuery({ ...query, cursor }, getDb(), limit).all() : []
		written += rows.length
		const last = rows.at(-1)
		if (last) cursor = { createdAt: last.createdAt.getTime(), id: last.id }
		return {
			lines: rows.map((r) => AUDIT_CSV.line(toPublicAuditEntry(r))),
			last: rows.length < limit || written >= max,
		}
	})
}

/** The export as one string, byte-order mark included (tests). */
export function exportAuditCsvText(query: AuditQuery, max?: number) {
	return csvStreamText(exportAuditCsv(query, max))
}
