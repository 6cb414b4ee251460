import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { brokerAccounts, brokerReportRows, brokerReports, brokers } from '#db/schema.ts'

/**
 * A member's connected brokers (issue 14, part 5): every broker account
 * they have (made on their first click through `/go/:slug`), its clicks,
 * whether an applied broker report shows a deposit for them ("funded"),
 * and what the applied reports recorded for them month by month. Reversed
 * reports (replaced by a later import) count for nothing. These are the
 * brokers' monthly figures as imported by staff, never live balances.
 *
 * Read by the member's dashboard overview, the staff user page
 * (/admin/users/:id) and GET /api/admin/users/:id/stats.
 */

/** How many report months are listed per broker (the newest ones). */
export const MEMBER_BROKER_MONTHS = 12

export type ConnectedBrokerMonth = {
	/** "YYYY-MM", the report's month. */
	month: string
	/** US dollars (the reports store cents). */
	deposits: number
	withdrawals: number
}

export type ConnectedBroker = {
	brokerId: number
	name: string
	slug: string
	/** False once staff deactivated the broker (its figures stay). */
	active: boolean
	trackingId: string
	clickCount: number
	firstClickAt: string | null
	lastClickAt: string | null
	/** An applied report has a row for the member with deposits above zero. */
	funded: boolean
	/** The newest report months first, at most MEMBER_BROKER_MONTHS. */
	months: ConnectedBrokerMonth[]
	/** Every applied report month (not only the ones listed), in dollars. */
	totals: { deposits: number; withdrawals: number; reportMonths: number }
}

const dollars = (cents: number) => cents / 100

/** A member's broker link as selected: its tracking id and clicks (the brokers panel, the account data export). */
export const BROKER_LINK_CLICKS = {
	trackingId: brokerAccounts.trackingId,
	clickCount: brokerAccounts.clickCount,
	firstClickAt: brokerAccounts.firstClickAt,
	lastClickAt: brokerAccounts.lastClickAt,
}

/**
 * Two indexed queries: the member's accounts (broker_accounts_user_broker_unique)
 * and their report rows grouped by broker and month (broker_report_rows_user_idx,
 * then each report by its primary key).
 */
export function getMemberBrokers(userId: number): ConnectedBroker[] {
	const db = getDb()
	const accounts = db
		.select({
			brokerId: brokers.id,
			name: brokers.name,
			slug: brokers.slug,
			active: brokers.active,
			...BROKER_LINK_CLICKS,
		})
		.from(brokerAccounts)
		.innerJoin(brokers, eq(brokers.id, brokerAccounts.brokerId))
		.where(eq(brokerAccounts.userId, userId))
		.orderBy(asc(brokerAccounts.firstClickAt), asc(brokers.name))
		.all()
	if (accounts.length === 0) return []

	const depositsCents = sql<number>`sum(${brokerReportRows.depositsCents})`.mapWith(Number)
	const withdrawalsCents = sql<number>`sum(${brokerReportRows.withdrawalsCents})`.mapWith(Number)
	const months = db
		.select({
			brokerId: brokerReports.brokerId,
			month: brokerReports.month,
			depositsCents,
			withdrawalsCents,
		})
		.from(brokerReportRows)
		.innerJoin(brokerReports, eq(brokerReports.id, brokerReportRows.reportId))
		.where(and(eq(brokerReportRows.userId, userId), isNull(brokerReports.reversedAt)))
		.groupBy(brokerReports.brokerId, brokerReports.month)
		.orderBy(desc(brokerReports.month))
		.all()

	return accounts.map((account) => {
		const own = months.filter((m) => m.brokerId === account.brokerId)
		const sum = (pick: (m: (typeof own)[number]) => number) => own.reduce((total, m) => total + pick(m), 0)
		return {
			...account,
			firstClickAt: account.firstClickAt?.toISOString() ?? null,
			lastClickAt: account.lastClickAt?.toISOString() ?? null,
			funded: own.some((m) => m.depositsCents > 0),
			months: own.slice(0, MEMBER_BROKER_MONTHS).map((m) => ({
				month: m.month,
				deposits: dollars(m.depositsCents),
				withdrawals: dollars(m.withdrawalsCents),
			})),
			totals: {
				deposits: dollars(sum((m) => m.depositsCents)),
				withdrawals: dollars(sum((m) => m.withdrawalsCents)),
				reportMonths: own.length,
			},
		}
	})
}
