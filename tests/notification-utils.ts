import { withE2eDatabase } from './admin-utils.ts'

/**
 * Notifications and terms for the API and browser tests, straight in the E2E
 * server's database (the rows go with their member when the fixture removes it).
 */
export function insertNotification(
	userId: number,
	values: { kind?: string; title?: string; body?: string; link?: string | null; read?: boolean; at?: number } = {},
) {
	const at = values.at ?? Date.now()
	return withE2eDatabase(
		(db) =>
			(
				db
					.prepare(
						'insert into notifications (user_id, kind, title, body, link, read_at, created_at) values (?, ?, ?, ?, ?, ?, ?) returning id',
					)
					.get(
						userId,
						values.kind ?? 'milestone',
						values.title ?? 'Milestone reached: 100 points',
						values.body ?? 'You reached 100 referral points.',
						values.link === undefined ? '/dashboard/referrals' : values.link,
						values.read ? at : null,
						at,
					) as { id: number }
			).id,
	)
}

/** Makes the member's latest terms acceptance an older version (the terms "changed" since). */
export function ageTermsAcceptance(userId: number, version = 'January 1, 2020') {
	withE2eDatabase((db) => db.prepare('update users set terms_version = ? where id = ?').run(version, userId))
}

export function consentRows(userId: number) {
	return withE2eDatabase(
		(db) =>
			db
				.prepare('select kind, version, source, admin_id as adminId from consents where user_id = ? order by id')
				.all(userId) as Array<{ kind: string; version: string; source: string; adminId: number | null }>,
	)
}

export function emailPreference(userId: number, kind: string) {
	return withE2eDatabase(
		(db) =>
			(
				db.prepare('select email from notification_preferences where user_id = ? and kind = ?').get(userId, kind) as
					{ email: number } | undefined
			)?.email,
	)
}
