import { withE2eDatabase } from './admin-utils.ts'

/**
 * Rows for the offer claims and alerts specs (API and browser), written
 * straight to the test server's database: a claim as confirmOffer stores
 * it, an alert as raiseAlert stores it. Each test removes its alerts.
 */
export function insertClaim(userId: number, offerId = 'zainab-bello', createdAt = Date.now()) {
	return withE2eDatabase(
		(db) =>
			(
				db
					.prepare('insert into fee_offer_claims (user_id, offer_id, created_at) values (?, ?, ?) returning id')
					.get(userId, offerId, createdAt) as { id: number }
			).id,
	)
}

export function claimRow(id: number) {
	return withE2eDatabase(
		(db) =>
			db.prepare('select status, note, updated_at as updatedAt from fee_offer_claims where id = ?').get(id) as
				{ status: string; note: string; updatedAt: number | null } | undefined,
	)
}

/** An open alert, the newest (created a minute ahead, so it leads the dashboard's three). */
export function insertAlert(
	title: string,
	type: 'error' | 'warning' | 'info' = 'warning',
	createdAt = Date.now() + 60_000,
) {
	return withE2eDatabase(
		(db) =>
			(
				db
					.prepare('insert into system_alerts (type, title, message, created_at) values (?, ?, ?, ?) returning id')
					.get(type, title, `Details of ${title}`, createdAt) as { id: number }
			).id,
	)
}

export function alertRow(id: number) {
	return withE2eDatabase(
		(db) =>
			db
				.prepare(
					'select acknowledged_at as acknowledgedAt, acknowledged_by_email as acknowledgedByEmail, resolved_at as resolvedAt, resolved_by_email as resolvedByEmail from system_alerts where id = ?',
				)
				.get(id) as
				| {
						acknowledgedAt: number | null
						acknowledgedByEmail: string | null
						resolvedAt: number | null
						resolvedByEmail: string | null
				  }
				| undefined,
	)
}

export function deleteAlerts(...ids: number[]) {
	withE2eDatabase((db) => {
		for (const id of ids) db.prepare('delete from system_alerts where id = ?').run(id)
	})
}

export function auditFor(targetType: string, targetId: number) {
	return withE2eDatabase(
		(db) =>
			db
				.prepare(
					'select action, admin_email as adminEmail, before, after from audit_log where target_type = ? and target_id = ? order by id',
				)
				.all(targetType, String(targetId)) as Array<{
				action: string
				adminEmail: string
				before: string
				after: string
			}>,
	)
}
