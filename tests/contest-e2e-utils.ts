import { randomUUID } from 'node:crypto'
import { withE2eDatabase } from './admin-utils.ts'

/**
 * Contest fixtures for the Playwright suites. Contests made here are of
 * type trading and start a month from now by default, so they never become
 * the running referral contest of the member pages nor raise "ending soon"
 * alerts that other suites look for.
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

export type E2eParticipant = { userId: number; name: string; email: string; score: number }

/**
 * Members written straight to the test server's database and joined to the
 * contest with the given scores (the n-th reached its score n minutes ago,
 * so earlier entries win ties).
 */
export function insertParticipants(contestId: number, scores: number[]): E2eParticipant[] {
	return withE2eDatabase((db) => {
		const now = Date.now()
		const addUser = db.prepare(
			"insert into users (email, password_hash, name, referral_code, is_verified) values (?, 'not-a-real-hash', ?, ?, 1) returning id",
		)
		const join = db.prepare(
			'insert into contest_participants (contest_id, user_id, score, scored_at, joined_at) values (?, ?, ?, ?, ?)',
		)
		return db.transaction(() =>
			scores.map((score, i) => {
				const id = randomUUID().slice(0, 8)
				const name = `Player ${id}`
				const email = `player-${id}@example.com`
				const { id: userId } = addUser.get(email, name, `CP${id.toUpperCase()}`) as { id: number }
				const at = now - (scores.length - i) * 60_000
				join.run(contestId, userId, score, at, at)
				return { userId, name, email, score }
			}),
		)()
	})
}

/** How many participant rows a contest has in the test server's database. */
export function participantRows(contestId: number) {
	return withE2eDatabase(
		(db) => (db.prepare('select count(*) as n from contest_participants where contest_id = ?').get(contestId) as { n: number }).n,
	)
}

/** The newest audit rows of a contest. */
export function contestAudit(contestId: number) {
	return withE2eDatabase(
		(db) =>
			db
				.prepare("select action, admin_email as adminEmail, before, after from audit_log where target_type = 'contest' and target_id = ? order by id")
				.all(String(contestId)) as Array<{ action: string; adminEmail: string; before: string | null; after: string | null }>,
	)
}
