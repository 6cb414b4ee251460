import { and, eq, isNull } from 'drizzle-orm'
import { getDb, write } from '#db/client.server.ts'
import { passwordResetTokens, users, type SelectUser } from '#db/schema.ts'
import { isUniqueViolation } from '#db/sql.server.ts'
import { clientHash } from '#app/utils/client-hash.server.ts'
import { sha256 } from '#app/utils/crypto.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { log } from '#app/utils/log.server.ts'
import { escapeHtml, sendMail } from '#app/utils/mail.server.ts'
import { hashPassword } from '#app/utils/password.server.ts'
import { consumeRateLimit, limited, limitedAttempt, resetRateLimit } from '#app/utils/rate-limit.server.ts'
import { fail, ok, type Result } from '#app/utils/result.ts'
import { TERMS_VERSION, type RegistrationInput, AUTH_FLOW_MESSAGES } from '#app/features/auth/schemas.ts'
import type { ConsentKind } from '#app/features/account/consents.ts'
import {
	createResetToken,
	findUsableResetToken,
	mailPasswordChanged,
	replacePassword,
} from './password-reset.server.ts'
import { recordSignInDay, rescoreContests } from '#app/features/contests/scoring.server.ts'
import { recordConsents } from '#app/features/account/consents.server.ts'
import { creditReferral } from '#app/features/referrals/referral.server.ts'
import { matchUnlockCode } from '#app/features/codes/unlock-code.server.ts'
import {
	emailTaken,
	getUserByEmail,
	getUserById,
	getUserByReferralCode,
	newReferralCode,
} from '#app/features/users/user.server.ts'

/**
 * The member account rules, shared by the pages and /api/auth/*: sign-up,
 * unlock, forgot and reset password (sign-in lives in app/auth). Each takes
 * the caller's IP for rate limits and logs one structured event (never a
 * secret).
 */
export type RequestMeta = { ip: string }

/**
 * The consents given with a sign-up: the form always gives all three ('signup'); an API client
 * gives the terms and whichever of the 18+ and risk flags it sent ('api').
 * docs/decisions/023-consents-and-notifications.md
 */
export type SignupConsents = { source: 'signup' | 'api'; kinds: readonly ConsentKind[] }

export async function registerMember(
	input: RegistrationInput,
	meta: RequestMeta,
	given: SignupConsents = { source: 'signup', kinds: ['terms', 'age', 'risk'] },
): Promise<Result<SelectUser>> {
	const blocked = limitedAttempt('signup', meta.ip, input.email, { event: 'auth.signup' })
	if (blocked) return blocked
	// Hash first, whatever happens next, so a taken email answers no faster.
	const passwordHash = await hashPassword(input.password)
	if (getUserByEmail(input.email)) {
		log('auth.signup', { ip: meta.ip, result: 'email_taken' })
		return emailTaken()
	}
	const referrer = input.referralCode ? getUserByReferralCode(input.referralCode) : null
	if (input.referralCode && !referrer) {
		log('auth.signup', { ip: meta.ip, result: 'unknown_referral' })
		return fail(400, AUTH_FLOW_MESSAGES.unknownReferralCode, {
			fieldErrors: { referralCode: [AUTH_FLOW_MESSAGES.unknownReferralCode] },
		})
	}
	const now = new Date()
	try {
		// Sign-up signs the member in: today counts as an activity day (docs/decisions/021-contest-scoring.md).
		const user = write((tx) => {
			const created = tx
				.insert(users)
				.values({
					email: input.email,
					passwordHash,
					name: input.name,
					phone: input.phone,
					country: input.country,
					telegram: input.telegram,
					investmentAmount: input.investmentAmount,
					referralCode: newReferralCode(),
					referredBy: referrer?.referralCode ?? null,
					referrerId: referrer?.id ?? null,
					termsVersion: TERMS_VERSION,
					termsAcceptedAt: now,
					// Referral integrity: a keyed hash of the address, never the address (docs/decisions/024-referral-integrity.md).
					signupClient: clientHash(meta.ip),
					lastSeenAt: now,
					createdAt: now,
					updatedAt: now,
				})
				.returning()
				.get()
			recordConsents(tx, { userId: created.id, kinds: given.kinds, source: given.source }, now)
			recordSignInDay(tx, created.id, now)
			return created
		})
		log('auth.signup', { ip: meta.ip, userId: user.id, result: 'success' })
		return ok(user)
	} catch (error) {
		// Two sign-ups with one email at the same moment: the index decides.
		if (isUniqueViolation(error)) {
			return emailTaken()
		}
		throw error
	}
}

/** Enter the channel's unlock code: the member's dashboard opens. */
export function unlockMember(userId: number, code: string, meta: RequestMeta): Result<SelectUser> {
	const blocked = limitedAttempt('unlock', meta.ip, String(userId), { event: 'auth.unlock', fields: { userId } })
	if (blocked) return blocked
	const db = getDb()
	// The code is matched inside the transaction, so a code retired by staff
	// at the same moment either unlocked the member first or refuses them.
	const user = write((tx): SelectUser | null | 'invalid' => {
		const now = new Date()
		const codeId = matchUnlockCode(code, now, tx)
		if (codeId === null) return 'invalid'
		const current = tx.select().from(users).where(eq(users.id, userId)).get()
		if (!current) return null
		if (current.isVerified) return current
		const unlocked = tx
			.update(users)
			.set({
				isVerified: true,
				unlockedAt: now,
				updatedAt: now,
				unlockCodeId: codeId,
				unlockClient: clientHash(meta.ip),
			})
			.where(eq(users.id, userId))
			.returning()
			.get()
		// The referral counts now, in the same transaction: both or neither (or is held for review when a signal fires).
		creditReferral(tx, unlocked, now)
		// Now eligible: the member's data-scored contests, and the referrer's activity (a credited referral).
		rescoreContests(tx, { types: ['deposit', 'trading', 'activity'], userIds: [unlocked.id] }, now)
		if (unlocked.referrerId !== null) {
			rescoreContests(tx, { types: ['activity'], userIds: [unlocked.referrerId] }, now)
		}
		return unlocked
	}, db)
	if (user === 'invalid') {
		log('auth.unlock', { ip: meta.ip, userId, result: 'failure' }, 'warn')
		return fail(400, AUTH_FLOW_MESSAGES.invalidUnlockCode, {
			fieldErrors: { code: [AUTH_FLOW_MESSAGES.invalidUnlockCode] },
		})
	}
	if (!user) return fail(401, 'Not signed in')
	resetRateLimit('unlock:account', String(userId))
	log('auth.unlock', { ip: meta.ip, userId, result: 'success' })
	return ok(user)
}

function resetMail(to: string, token: string) {
	const link = `${getEnv().appOrigin}/reset-password?token=${encodeURIComponent(token)}`
	return {
		to,
		subject: 'Reset your password',
		text: [
			'We received a request to reset the password of your account.',
			'',
			`Open this link to choose a new password (it expires in 1 hour and works once):`,
			link,
			'',
			'If you did not ask for this, ignore this mail: your password stays as it is.',
		].join('\n'),
		html: `<p>We received a request to reset the password of your account.</p>
<p><a href="${escapeHtml(link)}">Choose a new password</a> (the link expires in 1 hour and works once).</p>
<p>If you did not ask for this, ignore this mail: your password stays as it is.</p>`,
	}
}

/** Always answers the same, whether or not the email has an account. */
export async function requestPasswordReset(email: string, meta: RequestMeta): Promise<Result<null>> {
	const blocked = limited('forgot:ip', meta.ip)
	if (blocked) {
		log('auth.forgot_password', { ip: meta.ip, result: 'rate_limited' }, 'warn')
		return blocked
	}
	const user = getUserByEmail(email)
	if (user && consumeRateLimit('forgot:account', email).ok) {
		const token = createResetToken(user.id)
		// Not awaited: the answer must not take longer when a mail goes out.
		void sendMail(resetMail(user.email, token))
		log('auth.forgot_password', { ip: meta.ip, userId: user.id, result: 'mail_queued' })
	} else {
		log('auth.forgot_password', { ip: meta.ip, result: user ? 'mail_capped' : 'no_account' })
	}
	return ok(null)
}

/** Whether a reset link can still be used (for the page's first view). */
export function isResetTokenUsable(token: string) {
	return findUsableResetToken(token) !== null
}

export async function resetPassword(
	input: { token: string; password: string },
	meta: RequestMeta,
): Promise<Result<null>> {
	const blocked = limitedAttempt('reset', meta.ip, sha256(input.token), { event: 'auth.reset_password' })
	if (blocked) return blocked
	const row = findUsableResetToken(input.token)
	if (!row) {
		log('auth.reset_password', { ip: meta.ip, result: 'invalid_token' }, 'warn')
		return fail(400, AUTH_FLOW_MESSAGES.invalidResetLink, {
			fieldErrors: { token: [AUTH_FLOW_MESSAGES.invalidResetLink] },
		})
	}
	const passwordHash = await hashPassword(input.password)
	const db = getDb()
	const done = write((tx) => {
		// Single use even under a race: only one request marks it used.
		const used = tx
			.update(passwordResetTokens)
			.set({ usedAt: new Date() })
			.where(and(eq(passwordResetTokens.id, row.id), isNull(passwordResetTokens.usedAt)))
			.run()
		if (used.changes !== 1) return false
		// A reset ends every session of the member, in the same transaction.
		replacePassword(tx, row.userId, passwordHash, new Date())
		return true
	}, db)
	if (!done)
		return fail(400, AUTH_FLOW_MESSAGES.invalidResetLink, {
			fieldErrors: { token: [AUTH_FLOW_MESSAGES.invalidResetLink] },
		})
	const user = getUserById(row.userId)
	if (user) {
		mailPasswordChanged(
			user.email,
			'The password of your account was just changed and every device was signed out.\n\nIf this was not you, reset your password again at once and contact support.',
		)
	}
	log('auth.reset_password', { ip: meta.ip, userId: row.userId, result: 'success' })
	return ok(null)
}
