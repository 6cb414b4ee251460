import { and, eq, sql, type SQL } from 'drizzle-orm'
import { getDb, type Db } from '#db/client.server.ts'
import { memberCounts } from '#db/schema.ts'
import type { Plan, UserStatus } from '#app/domain/enums.ts'

/**
 * How many members have a status and plan (either, both or neither): the
 * summary rows of member_counts, kept by triggers on users in the write's
 * own transaction (migration 0027, docs/decisions/064-flat-costs.md). At
 * most 16 rows read, however many members there are.
 */
export function countMembers(filter: { status?: UserStatus | null; plan?: Plan | null } = {}, db: Db = getDb()) {
	const conditions: SQL[] = []
	if (filter.status) conditions.push(eq(memberCounts.status, filter.status))
	if (filter.plan) conditions.push(eq(memberCounts.plan, filter.plan))
	return (
		db
			.select({ n: sql<number>`coalesce(sum(${memberCounts.n}), 0)` })
			.from(memberCounts)
			.where(conditions.length ? and(...conditions) : undefined)
			.get()?.n ?? 0
	)
}
