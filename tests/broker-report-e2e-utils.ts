import { randomBytes, randomUUID } from 'node:crypto'
import { withE2eDatabase } from './admin-utils.ts'

export { reportCsv, type ReportLine } from './broker-report-csv.ts'

/**
 * Brokers and members' tracking ids written straight into the E2E server's
 * database for the broker report specs (the brokers of issue 14 part 1 may
 * not be seeded). `removeE2eBroker` deletes the broker with its accounts,
 * reports, rows and uploads (foreign keys cascade) and the revenue entries
 * its reports wrote.
 */
export type E2eBroker = { id: number; slug: string; name: string }

export function createE2eBroker(): E2eBroker {
	const tag = randomUUID().slice(0, 8)
	const name = `E2E Broker ${tag}`
	const slug = `e2e-broker-${tag}`
	return withE2eDatabase((db) => {
		const row = db
			.prepare(
				`insert into brokers (name, slug, regulator, licence, loss_percent, affiliate_url, created_at, updated_at)
				 values (?, ?, 'Test regulator', 'Licence 1', 70, 'https://broker.example/?ref={trackingId}', ?, ?) returning id`,
			)
			.get(name, slug, Date.now(), Date.now()) as { id: number }
		return { id: row.id, slug, name }
	})
}

/** A tracking id for `userId` at `brokerId` (the member's broker account). */
export function linkTrackingId(
	brokerId: number,
	userId: number,
	trackingId = `tc_${randomBytes(9).toString('base64url')}`,
): string {
	withE2eDatabase((db) =>
		db
			.prepare('insert into broker_accounts (user_id, broker_id, tracking_id, created_at) values (?, ?, ?, ?)')
			.run(userId, brokerId, trackingId, Date.now()),
	)
	return trackingId
}

export function removeE2eBroker(broker: E2eBroker) {
	withE2eDatabase((db) => {
		db.pragma('foreign_keys = on')
		db.prepare('delete from revenue_entries where broker = ?').run(broker.name)
		db.prepare('delete from brokers where id = ?').run(broker.id)
	})
}

/** A member's stored totals (dollars). */
export function memberTotals(userId: number) {
	return withE2eDatabase(
		(db) =>
			db.prepare('select total_deposit as deposit, total_withdraw as withdraw from users where id = ?').get(userId) as {
				deposit: number
				withdraw: number
			},
	)
}

/** The broker's reports and the revenue entries they wrote. */
export function brokerRows(broker: E2eBroker) {
	return withE2eDatabase((db) => ({
		reports: db
			.prepare(
				'select id, month, reversed_at as reversedAt, replaced_by_id as replacedById from broker_reports where broker_id = ? order by id',
			)
			.all(broker.id) as Array<{ id: number; month: string; reversedAt: number | null; replacedById: number | null }>,
		revenue: db
			.prepare('select amount_cents as cents, voided_at as voidedAt from revenue_entries where broker = ? order by id')
			.all(broker.name) as Array<{ cents: number; voidedAt: number | null }>,
		uploads: (
			db.prepare('select count(*) as n from broker_report_uploads where broker_id = ?').get(broker.id) as { n: number }
		).n,
	}))
}
