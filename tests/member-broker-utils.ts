import { randomBytes, randomUUID } from 'node:crypto'
import { withE2eDatabase } from './admin-utils.ts'

/**
 * Brokers, members' broker accounts and applied broker reports written
 * straight to the test server's database (API and browser specs of the
 * members' broker figures), as `/go/:slug` and a confirmed import store
 * them. Amounts in US cents. `removeTestBrokers` deletes the brokers with
 * everything that hangs on them (accounts, clicks, reports and their rows).
 */

export type TestBroker = { id: number; name: string; slug: string }

export function insertTestBroker(name: string, options: { active?: boolean } = {}): TestBroker {
	const slug = `e2e-${randomUUID().slice(0, 8)}`
	const id = withE2eDatabase(
		(db) =>
			(
				db
					.prepare(
						`insert into brokers (name, slug, regulator, licence, loss_percent, affiliate_url, active)
						values (?, ?, 'CySEC', '120/10', 71.2, 'https://broker.example/open?ref={trackingId}', ?) returning id`,
					)
					.get(name, slug, options.active === false ? 0 : 1) as { id: number }
			).id,
	)
	return { id, name, slug }
}

/** The member's account with the broker, as their first click makes it; answers its tracking id. */
export function connectMember(
	userId: number,
	brokerId: number,
	options: { clicks?: number; firstClickAt?: Date; lastClickAt?: Date } = {},
) {
	const trackingId = randomBytes(12).toString('base64url')
	const first = options.firstClickAt ?? new Date()
	withE2eDatabase((db) =>
		db
			.prepare(
				`insert into broker_accounts (user_id, broker_id, tracking_id, click_count, first_click_at, last_click_at)
				values (?, ?, ?, ?, ?, ?)`,
			)
			.run(
				userId,
				brokerId,
				trackingId,
				options.clicks ?? 1,
				first.getTime(),
				(options.lastClickAt ?? first).getTime(),
			),
	)
	return trackingId
}

/** An applied report of the broker for `month` ("YYYY-MM") naming the given members. */
export function insertAppliedReport(
	brokerId: number,
	month: string,
	rows: Array<{ userId: number; depositsCents: number; withdrawalsCents?: number }>,
	options: { reversed?: boolean } = {},
) {
	withE2eDatabase((db) =>
		db.transaction(() => {
			const sum = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((s, r) => s + pick(r), 0)
			const { id } = db
				.prepare(
					`insert into broker_reports (broker_id, month, content_hash, file_name, row_count, deposits_cents,
						withdrawals_cents, volume_cents, commission_cents, applied_at, reversed_at)
					values (?, ?, ?, 'e2e.csv', ?, ?, ?, 0, 0, ?, ?) returning id`,
				)
				.get(
					brokerId,
					month,
					randomBytes(16).toString('hex'),
					rows.length,
					sum((r) => r.depositsCents),
					sum((r) => r.withdrawalsCents ?? 0),
					Date.now(),
					options.reversed ? Date.now() : null,
				) as { id: number }
			const insertRow = db.prepare(
				`insert into broker_report_rows (report_id, line, broker_account_id, user_id, deposits_cents,
					withdrawals_cents, volume_cents, commission_cents)
				values (?, ?, (select id from broker_accounts where user_id = ? and broker_id = ?), ?, ?, ?, 0, 0)`,
			)
			rows.forEach((row, i) =>
				insertRow.run(id, i + 2, row.userId, brokerId, row.userId, row.depositsCents, row.withdrawalsCents ?? 0),
			)
		})(),
	)
}

export function removeTestBrokers(...ids: number[]) {
	if (ids.length === 0) return
	withE2eDatabase((db) => {
		db.pragma('foreign_keys = ON')
		const remove = db.prepare('delete from brokers where id = ?')
		db.transaction(() => ids.forEach((id) => remove.run(id)))()
	})
}
