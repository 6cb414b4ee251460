import { randomUUID } from 'node:crypto'
import { withE2eDatabase } from './admin-utils.ts'

/**
 * Contest helpers for the Playwright suites (the contest rows themselves
 * come from tests/fixtures.ts). Contests are of type trading and start a
 * month from now by default, so they never become the running referral
 * contest of the member pages nor raise "ending soon" alerts that other
 * suites look for.
 */

/** "YYYY-MM-DD", `offset` days from today (UTC). */
export function day(offset = 0) {
	return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
}

export function uniqueContestName(prefix = 'Contest') {
	return `${prefix} ${randomUUID().slice(0, 8)}`
}

/** A valid POST /api/admin/contests payload. */
export function contestPayload(overrides: Record<string, unknown> = {}) {
	return {
		name: uniqueContestName('API Contest'),
		description: 'Trade the most volume this month',
		type: 'trading',
		startDate: day(30),
		endDate: day(60),
		prizes: { first: '$500', second: 'Phone', third: null },
		rules: 'One account per person\nNo wash trading',
		maxParticipants: null,
		...overrides,
	}
}

/** An active trading contest that ends tomorrow (UTC): the dashboard raises a "Contest ending soon" alert for it. */
export function endingSoon(name = `Ending Soon ${randomUUID().slice(0, 6)}`) {
	return {
		name,
		description: 'Trading sprint',
		type: 'trading',
		status: 'active',
		startDate: day(-10),
		endDate: day(1),
		prizes: { first: '$500' },
		rules: 'Trade',
	} as const
}

/** How many participant rows a contest has in the test server's database. */
export function participantRows(contestId: number) {
	return withE2eDatabase(
		(db) =>
			(
				db.prepare('select count(*) as n from contest_participants where contest_id = ?').get(contestId) as {
					n: number
				}
			).n,
	)
}

/** The newest audit rows of a contest. */
export function contestAudit(contestId: number) {
	return withE2eDatabase(
		(db) =>
			db
				.prepare(
					"select action, admin_email as adminEmail, before, after from audit_log where target_type = 'contest' and target_id = ? order by id",
				)
				.all(String(contestId)) as Array<{
				action: string
				adminEmail: string
				before: string | null
				after: string | null
			}>,
	)
}

/** "YYYY-MM" of today (UTC). */
export function thisMonth() {
	return new Date().toISOString().slice(0, 7)
}

/**
 * An applied broker report written straight into the test server's
 * database (a broker of its own, the members' broker accounts, the report
 * and its rows; amounts in US cents), as an import leaves them. Scores move
 * when the server rescores (a contest started, say). Returns the broker's
 * id for `removeBroker`.
 */
export function insertBrokerReport(
	lines: Array<{ userId: number; depositsCents?: number; volumeCents?: number }>,
	month = thisMonth(),
) {
	const tag = randomUUID().slice(0, 8)
	return withE2eDatabase((db) =>
		db
			.transaction(() => {
				const { id: brokerId } = db
					.prepare(
						`insert into brokers (name, slug, regulator, licence, loss_percent, affiliate_url, active)
						values (?, ?, 'Test Regulator', 'Licence 0000', 70, 'https://broker.example/?ref={trackingId}', 0) returning id`,
					)
					.get(`E2E Broker ${tag}`, `e2e-broker-${tag}`) as { id: number }
				const sum = (key: 'depositsCents' | 'volumeCents') => lines.reduce((t, l) => t + (l[key] ?? 0), 0)
				const { id: reportId } = db
					.prepare(
						`insert into broker_reports (broker_id, month, content_hash, row_count, deposits_cents, withdrawals_cents,
							volume_cents, commission_cents, applied_at) values (?, ?, ?, ?, ?, 0, ?, 0, ?) returning id`,
					)
					.get(
						brokerId,
						month,
						`e2e-${randomUUID()}`,
						lines.length,
						sum('depositsCents'),
						sum('volumeCents'),
						Date.now(),
					) as {
					id: number
				}
				const account = db.prepare(
					'insert into broker_accounts (user_id, broker_id, tracking_id) values (?, ?, ?) returning id',
				)
				const row = db.prepare(
					`insert into broker_report_rows (report_id, line, broker_account_id, user_id, deposits_cents, withdrawals_cents,
						volume_cents, commission_cents) values (?, ?, ?, ?, ?, 0, ?, 0)`,
				)
				lines.forEach((line, i) => {
					const { id: accountId } = account.get(line.userId, brokerId, `e2e-${randomUUID()}`) as { id: number }
					row.run(reportId, i + 2, accountId, line.userId, line.depositsCents ?? 0, line.volumeCents ?? 0)
				})
				return brokerId
			})
			.immediate(),
	)
}

/** Removes a broker made by insertBrokerReport, with its accounts, reports and rows. */
export function removeBroker(brokerId: number) {
	withE2eDatabase((db) => {
		db.pragma('foreign_keys = ON')
		db.prepare('delete from brokers where id = ?').run(brokerId)
	})
}
