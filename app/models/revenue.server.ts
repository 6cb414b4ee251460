import { desc, eq, sum } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { revenueEntries, type SelectRevenueEntry } from '#db/schema.ts'
import type { RevenueInput } from '#app/utils/admin-validation.ts'
import { log } from '#app/utils/log.server.ts'
import { ok, type Result } from '#app/utils/result.ts'
import { recordAudit, type AuditActor } from './audit.server.ts'

/**
 * Partner brokers' commission reports: an admin records
 * one per broker and month; Monthly Revenue sums the current month's.
 */
export type PublicRevenueEntry = {
	id: number
	broker: string
	month: string
	/** US dollars (cents / 100). */
	amount: number
	createdAt: string
}

function toPublic(row: SelectRevenueEntry): PublicRevenueEntry {
	return {
		id: row.id,
		broker: row.broker,
		month: row.month,
		amount: row.amountCents / 100,
		createdAt: row.createdAt.toISOString(),
	}
}

/** Records an entry and its audit row in one transaction. */
export function recordRevenue(admin: AuditActor, input: RevenueInput, now = new Date()): Result<PublicRevenueEntry> {
	const row = getDb().transaction(
		(tx) => {
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
			recordAudit(
				tx,
				{
					admin,
					action: 'revenue.record',
					targetType: 'revenue',
					targetId: created.id,
					before: null,
					after: { broker: created.broker, month: created.month, amountCents: created.amountCents },
				},
				now,
			)
			return created
		},
		{ behavior: 'immediate' },
	)
	log('admin.revenue_recorded', { adminId: admin.id, entryId: row.id, month: row.month })
	return ok(toPublic(row))
}

/** The month's total in cents ("YYYY-MM"). */
export function revenueCentsForMonth(month: string) {
	const row = getDb()
		.select({ total: sum(revenueEntries.amountCents) })
		.from(revenueEntries)
		.where(eq(revenueEntries.month, month))
		.get()
	return Number(row?.total ?? 0)
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
