import { and, eq, inArray, ne } from 'drizzle-orm'
import { getDb, type Db, type Tx, write } from '#db/client.server.ts'
import {
	contestParticipants,
	feeOfferClaims,
	lessonCompletions,
	passwordResetTokens,
	planActivations,
	referralCredits,
	sessions,
	users,
	type SelectUser,
} from '#db/schema.ts'
import { isUniqueViolation } from '#db/sql.server.ts'
import type { UserStatus } from '#app/domain/enums.ts'
import { BULK_UNKNOWN_USERS, USER_NOT_FOUND } from '#app/features/users/schemas.ts'
import type { BulkInput, UserCreateInput, UserUpdateInput } from '#app/features/users/schemas.ts'
import { log } from '#app/utils/log.server.ts'
import { hashPassword } from '#app/utils/password.server.ts'
import { fail, ok, type Result } from '#app/utils/result.ts'
import { toManagedUser, type ManagedUser } from './list.server.ts'
import type { BulkResult, DeletedUser } from './responses.server.ts'
import { recordAudit, recordChange, recordCreation, type AuditActor } from '#app/features/audit/audit.server.ts'
import { recordConsents } from '#app/features/account/consents.server.ts'
import { emailTaken, maySignIn, newReferralCode } from './user.server.ts'

/**
 * The admin's changes to members (spec sections 5 to 8): create, edit,
 * delete and bulk updates. Pages and /api/admin/users* both call these.
 * Every change writes its audit row in the change's transaction; roles are
 * checked by the routes' guards.
 */

function emailOwner(tx: Db | Tx, email: string) {
	return tx.select({ id: users.id }).from(users).where(eq(users.email, email)).get()?.id ?? null
}

/**
 * Creates a member (spec: plan defaults to regular, status to active) with
 * a new unique referral code; the password is hashed like sign-up's.
 */
export async function createManagedUser(
	actor: AuditActor,
	input: UserCreateInput,
	now = new Date(),
): Promise<Result<ManagedUser>> {
	if (emailOwner(getDb(), input.email) !== null) return emailTaken()
	const passwordHash = await hashPassword(input.password)
	try {
		const user = write((tx) => {
			if (emailOwner(tx, input.email) !== null) return null
			const created = tx
				.insert(users)
				.values({
					email: input.email,
					passwordHash,
					name: input.name,
					phone: input.phone ?? '',
					country: input.country ?? '',
					telegram: input.telegram ?? '',
					plan: input.plan,
					status: input.status,
					referralCode: newReferralCode(),
					createdAt: now,
					updatedAt: now,
				})
				.returning()
				.get()
			// A record that staff made the account; the member accepts the terms themselves
			// on their first dashboard visit (docs/decisions/023-consents-and-notifications.md).
			recordConsents(tx, { userId: created.id, kinds: ['terms'], source: 'staff', adminId: actor.id }, now)
			return recordCreation(
				tx,
				{ admin: actor, action: 'user.create', targetType: 'user', after: auditView },
				created,
				now,
			)
		})
		if (!user) return emailTaken()
		log('admin.user_created', { adminId: actor.id, userId: user.id })
		return ok(toManagedUser(user))
	} catch (error) {
		if (isUniqueViolation(error)) return emailTaken()
		throw error
	}
}

/** What the audit log keeps of a user: the managed fields and the referral code, never a hash. */
function auditView(user: SelectUser) {
	const { totalInvested: _, createdAt: __, ...rest } = toManagedUser(user)
	return { ...rest, referralCode: user.referralCode }
}

/** Statuses that may not sign in: setting one ends the member's sessions at once. */
export function endsSessions(status: UserStatus) {
	return !maySignIn(status)
}

/**
 * Edits a member. The password changes only when given (and then their
 * sessions end, as after a reset); a status of banned or suspended ends
 * their sessions at once. Fields left out keep their values.
 */
export async function updateManagedUser(
	actor: AuditActor,
	id: number,
	input: UserUpdateInput,
	now = new Date(),
): Promise<Result<ManagedUser>> {
	const existing = getDb().select({ id: users.id }).from(users).where(eq(users.id, id)).get()
	if (!existing) return fail(404, USER_NOT_FOUND)
	const owner = emailOwner(getDb(), input.email)
	if (owner !== null && owner !== id) return emailTaken()
	const passwordHash = input.password ? await hashPassword(input.password) : null
	try {
		const result = write((tx) => {
			const before = tx.select().from(users).where(eq(users.id, id)).get()
			if (!before) return 'missing' as const
			const taken = emailOwner(tx, input.email)
			if (taken !== null && taken !== id) return 'taken' as const
			const after = tx
				.update(users)
				.set({
					name: input.name,
					email: input.email,
					...(input.phone !== undefined ? { phone: input.phone } : {}),
					...(input.country !== undefined ? { country: input.country } : {}),
					...(input.telegram !== undefined ? { telegram: input.telegram } : {}),
					...(input.plan ? { plan: input.plan } : {}),
					...(input.status ? { status: input.status } : {}),
					...(passwordHash ? { passwordHash } : {}),
					updatedAt: now,
				})
				.where(eq(users.id, id))
				.returning()
				.get()
			const endSessions = endsSessions(after.status) || passwordHash !== null
			const ended = endSessions ? tx.delete(sessions).where(eq(sessions.userId, id)).run().changes : 0
			return recordChange(
				tx,
				{
					admin: actor,
					action: 'user.update',
					targetType: 'user',
					view: auditView,
					extra: {
						...(passwordHash ? { credentialChanged: true } : {}),
						...(ended ? { sessionsEnded: ended } : {}),
					},
				},
				before,
				after,
				now,
			)
		})
		if (result === 'missing') return fail(404, USER_NOT_FOUND)
		if (result === 'taken') return emailTaken()
		log('admin.user_updated', { adminId: actor.id, userId: id, status: result.status })
		return ok(toManagedUser(result))
	} catch (error) {
		if (isUniqueViolation(error)) return emailTaken()
		throw error
	}
}

/**
 * Removes a member and what is theirs, inside the caller's transaction:
 * sessions (signed out at once), reset tokens, lesson completions, offer
 * claims, contest entries, plan activations, and the referral credits they
 * earned as a referrer. Credits where they were the referred member stay
 * (the referrer keeps the points; the link becomes null), and members they
 * referred keep their accounts (referrerId becomes null).
 */
function removeUser(tx: Tx, id: number) {
	tx.delete(sessions).where(eq(sessions.userId, id)).run()
	tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, id)).run()
	tx.delete(lessonCompletions).where(eq(lessonCompletions.userId, id)).run()
	tx.delete(feeOfferClaims).where(eq(feeOfferClaims.userId, id)).run()
	tx.delete(contestParticipants).where(eq(contestParticipants.userId, id)).run()
	tx.delete(planActivations).where(eq(planActivations.userId, id)).run()
	tx.delete(referralCredits).where(eq(referralCredits.referrerId, id)).run()
	tx.update(referralCredits).set({ referredUserId: null }).where(eq(referralCredits.referredUserId, id)).run()
	tx.update(users).set({ referrerId: null }).where(eq(users.referrerId, id)).run()
	return tx.delete(users).where(eq(users.id, id)).run().changes
}

/** Deletes one member (super_admin; the route checks) with its audit row. */
export function deleteManagedUser(actor: AuditActor, id: number, now = new Date()): Result<DeletedUser> {
	const deleted = write((tx) => {
		const before = tx.select().from(users).where(eq(users.id, id)).get()
		if (!before) return false
		removeUser(tx, id)
		recordAudit(
			tx,
			{
				admin: actor,
				action: 'user.delete',
				targetType: 'user',
				targetId: id,
				before: auditView(before),
				after: null,
			},
			now,
		)
		return true
	})
	if (!deleted) return fail(404, USER_NOT_FOUND)
	log('admin.user_deleted', { adminId: actor.id, userId: id })
	return ok({ id })
}

// ---------------------------------------------------------------------------
// Bulk update

/**
 * A bulk update, all or nothing: when any id is unknown nothing changes
 * (404). Only rows whose value differs are changed and counted ("N users
 * updated"); each changed row gets an audit row. Banning or suspending
 * ends those members' sessions. Roles are the route's: deleting and
 * banning need super_admin (see bulkCapability).
 */
export function bulkUpdateUsers(actor: AuditActor, input: BulkInput, now = new Date()): Result<BulkResult> {
	const result = write((tx) => {
		const found = tx.select({ id: users.id }).from(users).where(inArray(users.id, input.userIds)).all()
		if (found.length !== input.userIds.length) return null
		if (input.action === 'delete') {
			const rows = tx.select().from(users).where(inArray(users.id, input.userIds)).all()
			for (const row of rows) {
				removeUser(tx, row.id)
				recordAudit(
					tx,
					{
						admin: actor,
						action: 'user.bulk-delete',
						targetType: 'user',
						targetId: row.id,
						before: auditView(row),
						after: null,
					},
					now,
				)
			}
			return rows.length
		}
		const field = input.action === 'set-status' ? users.status : users.plan
		const value = input.action === 'set-status' ? input.status : input.plan
		const key = input.action === 'set-status' ? 'status' : 'plan'
		const changing = tx
			.select({ id: users.id, value: field })
			.from(users)
			.where(and(inArray(users.id, input.userIds), ne(field, value)))
			.all()
		if (changing.length > 0) {
			tx.update(users)
				.set({ [key]: value, updatedAt: now })
				.where(
					inArray(
						users.id,
						changing.map((r) => r.id),
					),
				)
				.run()
			for (const row of changing) {
				recordAudit(
					tx,
					{
						admin: actor,
						action: 'user.bulk-update',
						targetType: 'user',
						targetId: row.id,
						before: { [key]: row.value },
						after: { [key]: value },
					},
					now,
				)
			}
		}
		if (input.action === 'set-status' && endsSessions(input.status)) {
			tx.delete(sessions).where(inArray(sessions.userId, input.userIds)).run()
		}
		return changing.length
	})
	if (result === null) return fail(404, BULK_UNKNOWN_USERS, { fieldErrors: { userIds: [BULK_UNKNOWN_USERS] } })
	log('admin.users_bulk_update', {
		adminId: actor.id,
		action: input.action,
		requested: input.userIds.length,
		changed: result,
	})
	return ok({ updated: result })
}
