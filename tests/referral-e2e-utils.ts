import { randomUUID } from 'node:crypto'
import type { APIRequestContext } from '@playwright/test'
import type Database from 'better-sqlite3'
import { E2E_DATABASE, withE2eDatabase } from './admin-utils.ts'
import { createMember } from './playwright-utils.ts'

/**
 * The suite signs every member up from 127.0.0.1 with one phone number:
 * with the referral integrity defaults the per-address and duplicate-phone
 * signals would hold every referral the other suites expect credited. The
 * global setup raises them as it raises the rate limits; the disposable
 * email signal stays on (the suites' addresses are not disposable), and
 * the defaults are tested on a server of their own
 * (tests/api/referral-burst.spec.ts).
 */
export const SUITE_REFERRAL_SETTINGS = {
	clientMaxEvents: 100_000,
	clientWindowMinutes: 1,
	referrerMaxSignups: 100_000,
	referrerWindowMinutes: 1,
	disposableEmail: true,
	duplicatePhone: false,
}

export function writeReferralSettings(db: Database.Database, value: object = SUITE_REFERRAL_SETTINGS) {
	db.prepare(
		`insert into platform_settings (key, value, updated_at) values ('referral_integrity', ?, ?)
		on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at`,
	).run(JSON.stringify(value), Date.now())
}

/**
 * A referral held for review, made through the API as a member would: a
 * referrer (unlocked), then a member signing up with their code and a
 * disposable email address, who unlocks. Returns both and the credit's id.
 */
export async function createHeldReferral(request: APIRequestContext, database = E2E_DATABASE) {
	const referrer = await createMember(request, { unlocked: true })
	const tag = randomUUID().slice(0, 8)
	const referred = await createMember(request, {
		unlocked: true,
		overrides: {
			referralCode: referrer.user.referralCode,
			email: `burner-${tag}@mailinator.com`,
			name: `Held Referral${tag}`,
		},
	})
	const creditId = withE2eDatabase(
		(db) =>
			(
				db.prepare('select id, status from referral_credits where referred_user_id = ?').get(referred.user.id) as {
					id: number
					status: string
				}
			).id,
		database,
	)
	return { referrer, referred, creditId }
}
