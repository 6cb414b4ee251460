import { getDb } from '#db/client.server.ts'
import type { UserListQuery } from '#app/features/users/schemas.ts'
import { csvRow, csvStream, csvStreamText } from '#app/utils/csv.ts'
import { isBroadSearch, listQueries, toManagedUser, type ManagedUser } from './list.server.ts'
import { planName } from '#app/features/plans/plan.server.ts'

/**
 * The admin users CSV export (GET /admin/users/export.csv and
 * /api/admin/users/export): the filtered list, every page, in the list's
 * order. Cells are RFC 4180 and formula-safe (app/utils/csv.ts).
 */

export const CSV_HEADER = [
	'ID',
	'Name',
	'Email',
	'Phone',
	'Country',
	'Telegram',
	'Plan',
	'Status',
	'Total Deposit',
	'Total Withdraw',
	'Investment',
	'Joined',
]
const EXPORT_BATCH = 1000

export function csvLine(user: ManagedUser) {
	return csvRow([
		user.id,
		user.name,
		user.email,
		user.phone,
		user.country,
		user.telegram,
		planName(user.plan),
		user.closedAt ? 'closed' : user.status,
		user.totalDeposit,
		user.totalWithdraw,
		user.totalInvested,
		user.createdAt,
	])
}

/** "users-2026-11-21.csv" (UTC day). */
export function exportFileName(now = new Date()) {
	return `users-${now.toISOString().slice(0, 10)}.csv`
}

/**
 * The filtered list (every page, in the list's order) as CSV, streamed in
 * batches so memory stays flat over 100,000 users. Each batch is its own
 * short read: the connection is never held between chunks.
 */
export function exportUsersCsv(query: UserListQuery): ReadableStream<Uint8Array> {
	const broad = isBroadSearch(query)
	let page = 1
	return csvStream(CSV_HEADER, () => {
		const rows = listQueries({ ...query, page, limit: EXPORT_BATCH }, getDb(), { broad }).rows.all()
		page++
		return { lines: rows.map((r) => csvLine(toManagedUser(r))), last: rows.length < EXPORT_BATCH }
	})
}

/** The export as one string, byte-order mark included (tests, small lists). */
export function exportUsersCsvText(query: UserListQuery) {
	return csvStreamText(exportUsersCsv(query))
}
