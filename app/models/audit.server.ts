import { and, desc, eq } from 'drizzle-orm'
import { getDb, type Db, type Tx } from '#db/client.server.ts'
import { auditLog, type SelectAuditEntry } from '#db/schema.ts'

/**
 * The audit log: every admin change writes one row with
 * the admin, the action, the target, the values before and after, and the
 * time. Call `recordAudit` with the transaction that makes the change, so
 * the change and its row are stored together or not at all:
 *
 *   db.transaction((tx) => {
 *     const before = tx.select()...get()
 *     const after = tx.update(users).set(...).returning().get()
 *     recordAudit(tx, { admin, action: 'user.update', targetType: 'user', targetId: id, before, after })
 *   }, { behavior: 'immediate' })
 *
 * Actions are "<target>.<verb>" in kebab case: user.create, user.update,
 * user.delete, user.bulk-update, contest.create, contest.update,
 * contest.status, contest.delete, contest.complete, contest.participant-score,
 * revenue.record, revenue.update, revenue.void, admin.create, staff.update,
 * staff.disable, staff.enable, staff.reset-password.
 */

export type AuditActor = { id: number | null; email: string }

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

/** Writes one audit row, in the caller's transaction when given one. */
export function recordAudit(tx: Db | Tx, entry: AuditEntryInput, now = new Date()) {
	const before = sanitizeAuditValue(entry.before)
	const after = sanitizeAuditValue(entry.after)
	return tx
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
		.get()
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
