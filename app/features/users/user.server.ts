import { eq } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { users, type SelectUser } from '#db/schema.ts'
import { randomCode } from '#app/utils/crypto.server.ts'
import { AUTH_FLOW_MESSAGES } from '#app/features/auth/schemas.ts'
import { fail } from '#app/utils/result.ts'
import type { PublicUser } from './responses.server.ts'

export type { PublicUser }

/** The columns toPublicUser reads (a session's member carries them, never the hash). */
export type PublicUserSource = Pick<SelectUser, keyof PublicUser>

export function toPublicUser(user: PublicUserSource): PublicUser {
	return {
		id: user.id,
		name: user.name,
		email: user.email,
		phone: user.phone,
		country: user.country,
		telegram: user.telegram,
		investmentAmount: user.investmentAmount,
		plan: user.plan,
		status: user.status,
		referralCount: user.referralCount,
		referralPoints: user.referralPoints,
		referralCode: user.referralCode,
		referredBy: user.referredBy,
		isVerified: user.isVerified,
		createdAt: user.createdAt.toISOString(),
	}
}

/**
 * Whether a member in this status may sign in and keep sessions: banned and
 * suspended members may not (setting either ends their sessions at once).
 */
export function maySignIn(status: SelectUser['status']) {
	return status !== 'banned' && status !== 'suspended'
}

export function getUserByEmail(email: string) {
	return getDb().select().from(users).where(eq(users.email, email)).get() ?? null
}

export function getUserById(id: number) {
	return getDb().select().from(users).where(eq(users.id, id)).get() ?? null
}

export function getUserByReferralCode(code: string) {
	return (
		getDb()
			.select({ id: users.id, referralCode: users.referralCode })
			.from(users)
			.where(eq(users.referralCode, code))
			.get() ?? null
	)
}

/** The answer to an email another member has: a 409 with the message under the email field. */
export function emailTaken() {
	return fail(409, AUTH_FLOW_MESSAGES.emailTaken, { fieldErrors: { email: [AUTH_FLOW_MESSAGES.emailTaken] } })
}

/** A referral code no member has yet (8 readable characters). */
export function newReferralCode() {
	for (;;) {
		const code = randomCode(8)
		if (!getUserByReferralCode(code)) return code
	}
}

/** First name for greetings, 'User' when there is none. */
export function firstName(name: string | null | undefined) {
	return name?.trim().split(/\s+/)[0] || 'User'
}

/**
 * How other members see a name on leaderboards: the first name and the
 * initial of the last ("Amara O."), never the full name or the email.
 */
export function displayName(name: string | null | undefined) {
	const parts = name?.trim().split(/\s+/).filter(Boolean) ?? []
	if (parts.length === 0) return 'Member'
	const first = parts[0]!
	const last = parts.length > 1 ? parts[parts.length - 1]! : ''
	return last ? `${first} ${last[0]!.toUpperCase()}.` : first
}
