import { getDb } from '#db/client.server.ts'
import type { UserListQuery } from '#app/features/users/schemas.ts'
import { csvColumns, csvFileName, csvStream, csvStreamText } from '#app/utils/csv.ts'
import { isBroadSearch, listQueries, toManagedUser, type ManagedUser } from './list.server.ts'
import { planName } from '#app/features/plans/plan.server.ts'

/**
 * The admin users CSV export (GET /admin/users/export.csv and
 * /api/admin/users/export): the filtered list, every page, in the list's
 * order. Cells are RFC 4180 and formula-safe (app/utils/csv.ts).
 */

const USER_CSV = csvColumns<ManagedUser>([
	['ID', (user) => user.id],
	['Name', (user) => user.name],
	['Email', (user) => user.email],
	['Phone', (user) => user.phone],
	['Country', (user) => user.country],
	['Telegram', (user) => user.telegram],
	['Plan', (user) => planName(user.plan)],
	['Status', (user) => (user.closedAt ? 'closed' : user.status)],
	['Total Deposit', (user) => user.totalDeposit],
	['Total Withdraw', (user) => user.totalWithdraw],
	['Investment', (user) => user.totalInvested],
	['Joined', (user) => user.createdAt],
])
export const CSV_HEADER = USER_CSV.header
const EXPORT_BATCH = 1000

/** "users-2026-11-21.csv" (UTC day). */
export function exportFileName(now = new Date()) {
	return csvFileName('users', now)
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
		return { lines: rows.map((r) => USER_CSV.line(toManagedUser(r))), last: rows.length < EXPORT_BATCH }
	})
}

/** The export as one string, byte-order mark included (tests, small lists). */
export function exportUsersCsvText(query: UserListQuery) {
	return csvStreamText(exportUsersCsv(query))
}
