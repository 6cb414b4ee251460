import { and, eq, gt, isNull, lt } from 'drizzle-orm'
import { getDb, type Tx, write } from '#db/client.server.ts'
import { passwordResetTokens, sessions, users } from '#db/schema.ts'
import { randomToken, sha256 } from '#app/utils/crypto.server.ts'
import { sendMail } from '#app/utils/mail.server.ts'

/** Reset links live 1 hour (spec section 9). */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000

/** Issues a new token and voids the member's older unused ones. */
export function createResetToken(userId: number, now = new Date()) {
	const token = randomToken(32)
	const db = getDb()
	write((tx) => {
		tx.delete(passwordResetTokens)
			.where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)))
			.run()
		tx.insert(passwordResetTokens)
			.values({
				userId,
				tokenHash: sha256(token),
				expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
				createdAt: now,
			})
			.run()
	}, db)
	return token
}

/** The unused, unexpired token row for a raw token, or null. */
export function findUsableResetToken(token: string, now = new Date()) {
	return (
		getDb()
			.select()
			.from(passwordResetTokens)
			.where(
				and(
					eq(passwordResetTokens.tokenHash, sha256(token)),
					isNull(passwordResetTokens.usedAt),
					gt(passwordResetTokens.expiresAt, now),
				),
			)
			.get() ?? null
	)
}

/** The scheduler's clean-up: tokens past their expiry (used or not) are deleted. Returns how many. */
export function deleteExpiredResetTokens(now = new Date()) {
	return write((tx) => tx.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, now)).run()).changes
}

/** Stores a member's new password hash and ends every session of theirs, on every device, in the caller's transaction. */
export function replacePassword(tx: Tx, userId: number, passwordHash: string, now: Date) {
	tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId)).run()
	tx.delete(sessions).where(eq(sessions.userId, userId)).run()
}

/** Tells the member their password was changed (`text`: how, and what to do if it was not them). */
export function mailPasswordChanged(to: string, text: string) {
	void sendMail({ to, subject: 'Your password was changed', text })
}
