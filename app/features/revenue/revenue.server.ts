import { and, count, desc, eq, gte, isNull, lte, sum } from 'drizzle-orm'
import { getDb, type Tx, write } from '#db/client.server.ts'
import { revenueEntries, type SelectRevenueEntry } from '#db/schema.ts'
import {
	REVENUE_ALREADY_VOIDED,
	REVENUE_ENTRY_NOT_FOUND,
	REVENUE_VOIDED_NO_EDIT,
} from '#app/features/revenue/schemas.ts'
import type { RevenueCorrection, RevenueInput } from '#app/features/revenue/schemas.ts'
import { paginate, type Pagination } from '#app/features/users/schemas.ts'
import { log } from '#app/utils/log.server.ts'
import { fail, ok, type Result } from '#app/utils/result.ts'
import { recordChange, recordCreation, type AuditActor } from '#app/features/audit/audit.server.ts'
import type { PublicRevenueEntry } from './responses.server.ts'

/**
 * Partner brokers' commission reports: an admin records
 * one per broker and month; Monthly Revenue sums the current month's.
 * Staff correct an entry (edit) or void it, each with a required reason;
 * a voided entry stays listed but counts nowhere: every sum of
 * revenue_entries filters `voided_at IS NULL` (revenue_entries_month_idx
 * is (month, voided_at, amount_cents), so the sum reads the index only).
 */
export type { PublicRevenueEntry }

function toPublic(row: SelectRevenueEntry): PublicRevenueEntry {
	return {
		id: row.id,
		broker: row.broker,
		month: row.month,
		amount: row.amountCents / 100,
		createdAt: row.createdAt.toISOString(),
		voidedAt: row.voidedAt ? row.voidedAt.toISOString() : null,
		voidReason: row.voidReason,
		correctionReason: row.correctionReason,
		updatedAt: row.updatedAt ? row.updatedAt.toISOString() : null,
	}
}

/** What the audit row keeps of an entry. */
function auditValue(row: SelectRevenueEntry) {
	return { broker: row.broker, month: row.month, amountCents: row.amountCents }
}

/**
 * Inserts an entry and its audit row (revenue.record) in the caller's
 * transaction: the one insert path, for the dashboard's form, the API and
 * an applied broker report's commission (app/features/broker-reports/broker-reports.server.ts).
 */
export function insertRevenueEntry(tx: Tx, admin: AuditActor, input: RevenueInput, now: Date): SelectRevenueEntry {
	const created = tx
		.insert(revenueEntries)
		.values({
			broker: input.broker,
			month: input.month,
			amountCents: input.amountCents,
			adminId: admin.id,
			createdAt: now,
		})
		.returning()
		.get()
	return recordCreation(tx, { admin, action: 'revenue.record', targetType: 'revenue', after: auditValue }, created, now)
}

/** Records an entry and its audit row in one transaction. */
export function recordRevenue(admin: AuditActor, input: RevenueInput, now = new Date()): Result<PublicRevenueEntry> {
	const row = write((tx) => insertRevenueEntry(tx, admin, input, now))
	log('admin.revenue_recorded', { adminId: admin.id, entryId: row.id, month: row.month })
	return ok(toPublic(row))
}

/** The month's total in cents ("YYYY-MM"), voided entries excluded. */
export function revenueCentsForMonth(month: string) {
	const row = getDb()
		.select({ total: sum(revenueEntries.amountCents) })
		.from(revenueEntries)
		.where(and(eq(revenueEntries.month, month), isNull(revenueEntries.voidedAt)))
		.get()
	return Number(row?.total ?? 0)
}

/**
 * Each month's total in cents from `from` to `to` ("YYYY-MM", both
 * included), voided entries excluded; a month without an entry that counts
 * is absent. One GROUP BY over the covering index revenue_entries_month_idx.
 */
export function revenueCentsByMonth(from: string, to: string) {
	const rows = getDb()
		.select({ month: revenueEntries.month, total: sum(revenueEntries.amountCents) })
		.from(revenueEntries)
		.where(and(gte(revenueEntries.month, from), lte(revenueEntries.month, to), isNull(revenueEntries.voidedAt)))
		.groupBy(revenueEntries.month)
		.all()
	return new Map(rows.map((r) => [r.month, Number(r.total ?? 0)]))
}

/** The newest entries, for the dashboard's list under the form. */
export function listRecentRevenue(limit = 5): PublicRevenueEntry[] {
	return getDb()
		.select()
		.from(revenueEntries)
		.orderBy(desc(revenueEntries.createdAt), desc(revenueEntries.id))
		.limit(limit)
		.all()
		.map(toPublic)
}

export function getRevenueEntry(id: number): PublicRevenueEntry | null {
	const row = getDb().select().from(revenueEntries).where(eq(revenueEntries.id, id)).get()
	return row ? toPublic(row) : null
}

/**
 * Every entry, voided ones included, newest first (the created_at index),
 * one page at a time. A page past the end answers no rows.
 */
export function listRevenueEntries(
	page: number,
	limit: number,
): { entries: PublicRevenueEntry[]; pagination: Pagination } {
	const db = getDb()
	const total = db.select({ n: count() }).from(revenueEntries).get()?.n ?? 0
	const entries = db
		.select()
		.from(revenueEntries)
		.orderBy(desc(revenueEntries.createdAt), desc(revenueEntries.id))
		.limit(limit)
		.offset((page - 1) * limit)
		.all()
		.map(toPublic)
	return { entries, pagination: paginate(total, page, limit) }
}

type EntryChange = {
	action: 'revenue.update' | 'revenue.void'
	voidedMessage: string
	set: (before: SelectRevenueEntry) => Partial<SelectRevenueEntry>
	auditExtra: Record<string, unknown>
	event: string
}

/**
 * One change to an entry that is not voided, in the caller's transaction:
 * 404 for an unknown id, 409 (`voidedMessage`) for a voided one; the audit
 * row keeps before, after (with `auditExtra`) and is written with the change.
 */
function changeOpenEntryIn(
	tx: Tx,
	admin: AuditActor,
	id: number,
	now: Date,
	change: EntryChange,
): Result<SelectRevenueEntry> {
	const before = tx.select().from(revenueEntries).where(eq(revenueEntries.id, id)).get()
	if (!before) return fail(404, REVENUE_ENTRY_NOT_FOUND)
	if (before.voidedAt) return fail(409, change.voidedMessage)
	const after = tx
		.update(revenueEntries)
		.set({ ...change.set(before), updatedAt: now })
		.where(eq(revenueEntries.id, id))
		.returning()
		.get()
	return ok(
		recordChange(
			tx,
			{ admin, action: change.action, targetType: 'revenue', view: auditValue, extra: change.auditExtra },
			before,
			after,
			now,
		),
	)
}

/** changeOpenEntryIn in its own immediate transaction, logged when done. */
function changeOpenEntry(admin: AuditActor, id: number, now: Date, change: EntryChange): Result<PublicRevenueEntry> {
	const result = write((tx) => changeOpenEntryIn(tx, admin, id, now, change))
	if (!result.ok) return result
	log(change.event, { adminId: admin.id, entryId: id })
	return ok(toPublic(result.value))
}

/**
 * Corrects an entry (broker, month and/or amount) with a reason: 404 for an
 * unknown id, 409 for a voided one. The audit row (revenue.update) keeps
 * before, after and the reason.
 */
export function correctRevenue(
	admin: AuditActor,
	id: number,
	input: RevenueCorrection,
	now = new Date(),
): Result<PublicRevenueEntry> {
	return changeOpenEntry(admin, id, now, {
		action: 'revenue.update',
		voidedMessage: REVENUE_VOIDED_NO_EDIT,
		set: (before) => ({
			broker: input.broker ?? before.broker,
			month: input.month ?? before.month,
			amountCents: input.amountCents ?? before.amountCents,
			correctionReason: input.reason,
		}),
		auditExtra: { reason: input.reason },
		event: 'admin.revenue_corrected',
	})
}

function voidChange(reason: string, now: Date): EntryChange {
	return {
		action: 'revenue.void',
		voidedMessage: REVENUE_ALREADY_VOIDED,
		set: () => ({ voidedAt: now, voidReason: reason }),
		auditExtra: { voided: true, reason },
		event: 'admin.revenue_voided',
	}
}

/**
 * Voids an entry with a reason: it stays listed, it counts nowhere. 404 for
 * an unknown id, 409 when already voided; the audit row (revenue.void).
 */
export function voidRevenue(
	admin: AuditActor,
	id: number,
	reason: string,
	now = new Date(),
): Result<PublicRevenueEntry> {
	return changeOpenEntry(admin, id, now, voidChange(reason, now))
}

/** voidRevenue in the caller's transaction (a replaced broker report's commission). */
export function voidRevenueIn(tx: Tx, admin: AuditActor, id: number, reason: string, now: Date) {
	return changeOpenEntryIn(tx, admin, id, now, voidChange(reason, now))
}
