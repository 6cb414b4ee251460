import { count, eq } from 'drizzle-orm'
import { getDb, write } from '#db/client.server.ts'
import { admins, type SelectAdmin } from '#db/schema.ts'
import type { AdminRole } from '#app/domain/enums.ts'
import { randomToken } from '#app/utils/crypto.server.ts'
import { hashPassword } from '#app/utils/password.server.ts'
import { fail, ok, type Result } from '#app/utils/result.ts'
import { recordAudit, type AuditActor } from '#app/features/audit/audit.server.ts'
import { enrolWithSecret } from './two-factor.server.ts'
import { PASSWORD_MAX_BYTES } from '#app/utils/validation.ts'
import type { PublicAdmin } from './responses.server.ts'

export type { PublicAdmin }

export function toPublicAdmin(admin: Pick<SelectAdmin, keyof PublicAdmin>): PublicAdmin {
	return {
		id: admin.id,
		email: admin.email,
		name: admin.name,
		role: admin.role,
		lastLogin: admin.lastLogin ? admin.lastLogin.toISOString() : null,
	}
}

/** An admin's profile as the staff pages and /api/admin read it (the staff session loads these): never the hash. */
export const adminProfileColumns = {
	id: admins.id,
	email: admins.email,
	name: admins.name,
	role: admins.role,
	lastLogin: admins.lastLogin,
	previousLogin: admins.previousLogin,
	/** A disabled admin cannot sign in, and their sessions are refused (staffAuth's maySignIn). */
	disabledAt: admins.disabledAt,
	/** Null until the second factor is on (app/features/staff/two-factor.server.ts). */
	totpEnabledAt: admins.totpEnabledAt,
}

export type AdminProfile = Pick<SelectAdmin, keyof typeof adminProfileColumns>

export function getAdminById(id: number): AdminProfile | null {
	return getDb().select(adminProfileColumns).from(admins).where(eq(admins.id, id)).get() ?? null
}

export function getAdminByEmail(email: string): AdminProfile | null {
	return getDb().select(adminProfileColumns).from(admins).where(eq(admins.email, email)).get() ?? null
}

/**
 * Records a successful staff sign-in: lastLogin moves to previousLogin (the
 * shell's "last login") and now becomes lastLogin.
 */
export function recordAdminSignIn(admin: AdminProfile, now = new Date()): AdminProfile {
	const updated = write((tx) =>
		tx
			.update(admins)
			.set({ previousLogin: admin.lastLogin, lastLogin: now })
			.where(eq(admins.id, admin.id))
			.returning(adminProfileColumns)
			.get(),
	)
	return updated ?? { ...admin, previousLogin: admin.lastLogin, lastLogin: now }
}

export async function createAdmin(input: { email: string; name: string; role: AdminRole; password: string }) {
	if (input.password.length < 8) {
		throw new Error('Admin passwords need at least 8 characters')
	}
	if (new TextEncoder().encode(input.password).length > PASSWORD_MAX_BYTES) {
		throw new Error(`Admin passwords are at most ${PASSWORD_MAX_BYTES} bytes`)
	}
	const passwordHash = await hashPassword(input.password)
	return write((tx) =>
		tx
			.insert(admins)
			.values({ email: input.email.toLowerCase(), name: input.name, role: input.role, passwordHash })
			.returning({ id: admins.id, email: admins.email, role: admins.role })
			.get(),
	)
}

/**
 * The first super admin: from ADMIN_EMAIL and
 * ADMIN_PASSWORD when set, otherwise, when no admin exists yet, one with a
 * random password that is returned once so start-up can print it. With
 * ADMIN_TOTP_SECRET, the ADMIN_EMAIL account is enrolled with that second
 * factor when it has none yet (automated deployments, black-box tests).
 */
export async function ensureFirstAdmin(env: { adminEmail?: string; adminPassword?: string; adminTotpSecret?: string }) {
	const db = getDb()
	if (env.adminEmail && env.adminPassword) {
		const existing = db.select({ id: admins.id }).from(admins).where(eq(admins.email, env.adminEmail)).get()
		const id =
			existing?.id ??
			(
				await createAdmin({
					email: env.adminEmail,
					name: 'Super Admin',
					role: 'super_admin',
					password: env.adminPassword,
				})
			).id
		const twoFactorFromEnv = env.adminTotpSecret ? enrolWithSecret(id, env.adminTotpSecret) : false
		if (existing) return { created: false as const, email: env.adminEmail, twoFactorFromEnv }
		return { created: true as const, email: env.adminEmail, password: env.adminPassword, twoFactorFromEnv }
	}
	const total = db.select({ n: count() }).from(admins).get()?.n ?? 0
	if (total > 0) return { created: false as const, twoFactorFromEnv: false }
	const email = 'admin@tradecircle.example'
	const password = randomToken(15)
	await createAdmin({ email, name: 'Super Admin', role: 'super_admin', password })
	return { created: true as const, email, password, twoFactorFromEnv: false }
}

/**
 * A new staff account, checked against the taken emails and written with its
 * audit row in one transaction (who made it: an admin, or the command line).
 * The input is already validated (email normalised, password rules met).
 */
export async function createStaffAccount(
	input: { email: string; name: string; role: AdminRole; password: string },
	actor: AuditActor,
): Promise<Result<{ id: number; email: string; role: AdminRole }>> {
	const passwordHash = await hashPassword(input.password)
	const db = getDb()
	const created = write((tx) => {
		if (tx.select({ id: admins.id }).from(admins).where(eq(admins.email, input.email)).get()) return null
		const row = tx
			.insert(admins)
			.values({ email: input.email, name: input.name, role: input.role, passwordHash })
			.returning({ id: admins.id, email: admins.email, role: admins.role })
			.get()
		recordAudit(tx, {
			admin: actor,
			action: 'admin.create',
			targetType: 'admin',
			targetId: row.id,
			after: { email: row.email, name: input.name, role: row.role },
		})
		return row
	}, db)
	return created ? ok(created) : fail(409, `An admin with the email ${input.email} already exists.`)
}
