import crypto from 'node:crypto'
import { and, asc, count, eq, isNull, ne } from 'drizzle-orm'
import { getDb, type Tx, write } from '#db/client.server.ts'
import { adminSessions, admins, type SelectAdmin } from '#db/schema.ts'
import { STAFF_LIMITS, STAFF_MESSAGES } from '#app/features/staff/schemas.ts'
import type { StaffCreateInput, StaffUpdateInput } from '#app/features/staff/schemas.ts'
import { log } from '#app/utils/log.server.ts'
import { hashPassword } from '#app/utils/password.server.ts'
import { fail, ok, type Result } from '#app/utils/result.ts'
import { createStaffAccount } from './admin.server.ts'
import type { StaffMember } from './responses.server.ts'
import { recordAudit, type AuditActor } from '#app/features/audit/audit.server.ts'

/**
 * Staff accounts (/admin/staff and /api/admin/staff*, capability
 * staff:manage = super admins): list, create (createStaffAccount, shared
 * with the `admin:create` command), change role, disable or enable, reset a
 * password. Every change runs in one immediate transaction with its audit
 * row; disabling and resetting a password delete the admin's sessions in
 * that same transaction. The rule "at least one active super admin remains"
 * is checked inside the transaction, so two super admins demoting or
 * disabling each other at once leave one of them active (SQLite serialises
 * immediate transactions across connections).
 */

export type { StaffMember }

const staffColumns = {
	id: admins.id,
	name: admins.name,
	email: admins.email,
	role: admins.role,
	disabledAt: admins.disabledAt,
	totpEnabledAt: admins.totpEnabledAt,
	lastLogin: admins.lastLogin,
	createdAt: admins.createdAt,
	updatedAt: admins.updatedAt,
}

type StaffRow = Pick<SelectAdmin, keyof typeof staffColumns>

function toStaffMember(row: StaffRow): StaffMember {
	return {
		id: row.id,
		name: row.name,
		email: row.email,
		role: row.role,
		status: row.disabledAt ? 'disabled' : 'active',
		disabledAt: row.disabledAt ? row.disabledAt.toISOString() : null,
		twoFactor: row.totpEnabledAt !== null,
		lastLogin: row.lastLogin ? row.lastLogin.toISOString() : null,
		createdAt: row.createdAt.toISOString(),
		updatedAt: row.updatedAt ? row.updatedAt.toISOString() : null,
	}
}

/** Every staff account, oldest first (a handful of rows: no paging). */
export function listStaff(): StaffMember[] {
	return getDb().select(staffColumns).from(admins).orderBy(asc(admins.id)).all().map(toStaffMember)
}

export function getStaffMember(id: number): StaffMember | null {
	const row = getDb().select(staffColumns).from(admins).where(eq(admins.id, id)).get()
	return row ? toStaffMember(row) : null
}

const LOWER = 'abcdefghijkmnopqrstuvwxyz'
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ'
const DIGITS = '23456789'
const ALPHABET = LOWER + UPPER + DIGITS

/**
 * A random password that meets the sign-up rules (upper, lower, digit, 8+):
 * STAFF_LIMITS.generatedPassword characters, shown once and never stored
 * in readable form.
 */
export function generateStaffPassword(length: number = STAFF_LIMITS.generatedPassword) {
	for (;;) {
		let out = ''
		for (let i = 0; i < length; i++) out += ALPHABET[crypto.randomInt(ALPHABET.length)]
		if (/[a-z]/.test(out) && /[A-Z]/.test(out) && /\d/.test(out)) return out
	}
}

/**
 * Creates a staff account: a typed password (already checked against the
 * sign-up rules) or a generated one, returned once as `generatedPassword`.
 * 409 for a taken email.
 */
export async function createStaff(
	actor: AuditActor,
	input: StaffCreateInput,
): Promise<Result<{ admin: StaffMember; generatedPassword: string | null }>> {
	const generatedPassword = input.password ? null : generateStaffPassword()
	const password = input.password ?? generatedPassword!
	const created = await createStaffAccount({ email: input.email, name: input.name, role: input.role, password }, actor)
	if (!created.ok) return created
	log('admin.staff_created', { adminId: actor.id, staffId: created.value.id, role: created.value.role })
	return ok({ admin: getStaffMember(created.value.id)!, generatedPassword })
}

/** Active super admins other than `exceptId`, read in the caller's transaction. */
function otherActiveSuperAdmins(tx: Tx, exceptId: number) {
	return (
		tx
			.select({ n: count() })
			.from(admins)
			.where(and(eq(admins.role, 'super_admin'), isNull(admins.disabledAt), ne(admins.id, exceptId)))
			.get()?.n ?? 0
	)
}

/** The acting admin must still be an active super admin when the transaction runs (another may have just disabled them). */
function actorIsActiveSuperAdmin(tx: Tx, actor: AuditActor) {
	if (actor.id === null) return true
	const row = tx
		.select({ role: admins.role, disabledAt: admins.disabledAt })
		.from(admins)
		.where(eq(admins.id, actor.id))
		.get()
	return row?.role === 'super_admin' && !row.disabledAt
}

/**
 * Changes a staff account's role and/or disables or enables it:
 * - 404 for an unknown id; 403 when the actor is no longer an active super admin;
 * - 409 to disable oneself;
 * - 409 when it would leave no active super admin (demoting or disabling the last one);
 * - disabling sets disabledAt and deletes the account's sessions at once.
 * One audit row per change (staff.update for the role, staff.disable,
 * staff.enable); nothing is written when nothing changes.
 */
export function updateStaff(
	actor: AuditActor,
	id: number,
	input: StaffUpdateInput,
	now = new Date(),
): Result<StaffMember> {
	const result = write((tx) => {
		if (!actorIsActiveSuperAdmin(tx, actor)) return fail(403, STAFF_MESSAGES.actorNotActive)
		const before = tx.select(staffColumns).from(admins).where(eq(admins.id, id)).get()
		if (!before) return fail(404, STAFF_MESSAGES.notFound)
		const role = input.role ?? before.role
		const disabled = input.disabled ?? before.disabledAt !== null
		const roleChanges = role !== before.role
		const disabling = disabled && before.disabledAt === null
		const enabling = !disabled && before.disabledAt !== null
		if (disabling && id === actor.id) return fail(409, STAFF_MESSAGES.cannotDisableSelf)
		const wasActiveSuper = before.role === 'super_admin' && before.disabledAt === null
		const staysActiveSuper = role === 'super_admin' && !disabled
		if (wasActiveSuper && !staysActiveSuper && otherActiveSuperAdmins(tx, id) === 0) {
			return fail(409, STAFF_MESSAGES.lastSuperAdmin)
		}
		if (!roleChanges && !disabling && !enabling) return ok(before)
		const after = tx
			.update(admins)
			.set({
				role,
				disabledAt: disabling ? now : enabling ? null : before.disabledAt,
				updatedAt: now,
			})
			.where(eq(admins.id, id))
			.returning(staffColumns)
			.get()!
		const target = { admin: actor, targetType: 'admin', targetId: id }
		if (roleChanges) {
			recordAudit(tx, { ...target, action: 'staff.update', before: { role: before.role }, after: { role } }, now)
		}
		if (disabling) {
			const ended = tx.delete(adminSessions).where(eq(adminSessions.adminId, id)).run().changes
			recordAudit(
				tx,
				{
					...target,
					action: 'staff.disable',
					before: { disabled: false },
					after: { disabled: true, sessionsEnded: ended },
				},
				now,
			)
		}
		if (enabling) {
			recordAudit(
				tx,
				{ ...target, action: 'staff.enable', before: { disabled: true }, after: { disabled: false } },
				now,
			)
		}
		return ok(after)
	})
	if (!result.ok) return result
	log('admin.staff_updated', { adminId: actor.id, staffId: id, role: input.role, disabled: input.disabled })
	return ok(toStaffMember(result.value))
}

/**
 * Sets a new password (typed, already checked, or generated and returned
 * once) and ends every session of that account, with its audit row
 * (staff.reset-password: never the password). 404 for an unknown id.
 */
export async function resetStaffPassword(
	actor: AuditActor,
	id: number,
	password: string | undefined,
	now = new Date(),
): Promise<Result<{ admin: StaffMember; generatedPassword: string | null }>> {
	const generatedPassword = password ? null : generateStaffPassword()
	const passwordHash = await hashPassword(password ?? generatedPassword!)
	const result = write((tx) => {
		if (!actorIsActiveSuperAdmin(tx, actor)) return fail(403, STAFF_MESSAGES.actorNotActive)
		const row = tx
			.update(admins)
			.set({ passwordHash, updatedAt: now })
			.where(eq(admins.id, id))
			.returning(staffColumns)
			.get()
		if (!row) return fail(404, STAFF_MESSAGES.notFound)
		const ended = tx.delete(adminSessions).where(eq(adminSessions.adminId, id)).run().changes
		recordAudit(
			tx,
			{
				admin: actor,
				action: 'staff.reset-password',
				targetType: 'admin',
				targetId: id,
				before: null,
				after: { generated: generatedPassword !== null, sessionsEnded: ended },
			},
			now,
		)
		return ok(row)
	})
	if (!result.ok) return result
	log('admin.staff_password_reset', { adminId: actor.id, staffId: id })
	return ok({ admin: toStaffMember(result.value), generatedPassword })
}
