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
