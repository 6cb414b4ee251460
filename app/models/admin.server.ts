import { count, eq } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { admins } from '#db/schema.ts'
import type { AdminRole } from '#app/domain/enums.ts'
import { ADMIN_INVALID_CREDENTIALS } from '#app/utils/admin-messages.ts'
import { randomToken } from '#app/utils/crypto.server.ts'
import { log } from '#app/utils/log.server.ts'
import { hashPassword, spendDummyCompare, verifyPassword } from '#app/utils/password.server.ts'
import { limited, resetRateLimit } from '#app/utils/rate-limit.server.ts'
import { fail, ok, type Result } from '#app/utils/result.ts'
import { PASSWORD_MAX_BYTES } from '#app/utils/validation.ts'
import type { SessionAdmin } from './admin-session.server.ts'
import { noteFailedAdminSignIn } from './alerts.server.ts'

/** The admin as the API returns it (spec section 3): never the hash. */
export type PublicAdmin = {
	id: number
	email: string
	name: string
	role: AdminRole
	lastLogin: string | null
}

export function toPublicAdmin(admin: SessionAdmin): PublicAdmin {
	return {
		id: admin.id,
		email: admin.email,
		name: admin.name,
		role: admin.role,
		lastLogin: admin.lastLogin ? admin.lastLogin.toISOString() : null,
	}
}

const adminColumns = {
	id: admins.id,
	email: admins.email,
	name: admins.name,
	role: admins.role,
	lastLogin: admins.lastLogin,
	previousLogin: admins.previousLogin,
}

export function getAdminById(id: number): SessionAdmin | null {
	return getDb().select(adminColumns).from(admins).where(eq(admins.id, id)).get() ?? null
}

/**
 * Staff sign-in, shared by /admin/login and POST /api/admin/login: rate
 * limited per IP and per account, one bcrypt compare whether or not the
 * email is known, the same 401 for both. A success moves lastLogin to
 * previousLogin (the shell's "last login") and records now; a failure
 * counts towards the repeated-failures alert.
 */
export async function authenticateAdmin(
	credentials: { email: string; password: string },
	meta: { ip: string },
	now = new Date(),
): Promise<Result<SessionAdmin>> {
	const blocked = limited('admin-login:ip', meta.ip) ?? limited('admin-login:account', credentials.email)
	if (blocked) {
		log('admin.login', { ip: meta.ip, result: 'rate_limited' }, 'warn')
		return blocked
	}
	const db = getDb()
	const admin = db
		.select({ ...adminColumns, passwordHash: admins.passwordHash })
		.from(admins)
		.where(eq(admins.email, credentials.email))
		.get()
	// An unknown email still costs one bcrypt compare: no timing oracle.
	const valid = admin
		? await verifyPassword(credentials.password, admin.passwordHash)
		: await spendDummyCompare(credentials.password)
	if (!admin || !valid) {
		log('admin.login', { ip: meta.ip, adminId: admin?.id, result: 'failure' }, 'warn')
		noteFailedAdminSignIn(now)
		return fail(401, ADMIN_INVALID_CREDENTIALS)
	}
	const updated = db
		.update(admins)
		.set({ previousLogin: admin.lastLogin, lastLogin: now })
		.where(eq(admins.id, admin.id))
		.returning(adminColumns)
		.get()
	resetRateLimit('admin-login:account', credentials.email)
	log('admin.login', { ip: meta.ip, adminId: admin.id, result: 'success' })
	return ok(updated ?? { ...admin, previousLogin: admin.lastLogin, lastLogin: now })
}

export async function createAdmin(input: {
	email: string
	name: string
	role: AdminRole
	password: string
}) {
	if (input.password.length < 8) {
		throw new Error('Admin passwords need at least 8 characters')
	}
	if (new TextEncoder().encode(input.password).length > PASSWORD_MAX_BYTES) {
		throw new Error(`Admin passwords are at most ${PASSWORD_MAX_BYTES} bytes`)
	}
	const passwordHash = await hashPassword(input.password)
	return getDb()
		.insert(admins)
		.values({ email: input.email.toLowerCase(), name: input.name, role: input.role, passwordHash })
		.returning({ id: admins.id, email: admins.email, role: admins.role })
		.get()
}

/**
 * The first super admin (decisions.md section 3): from ADMIN_EMAIL and
 * ADMIN_PASSWORD when set, otherwise, when no admin exists yet, one with a
 * random password that is returned once so start-up can print it.
 */
export async function ensureFirstAdmin(env: { adminEmail?: string; adminPassword?: string }) {
	const db = getDb()
	if (env.adminEmail && env.adminPassword) {
		const existing = db.select({ id: admins.id }).from(admins).where(eq(admins.email, env.adminEmail)).get()
		if (existing) return { created: false as const, email: env.adminEmail }
		await createAdmin({ email: env.adminEmail, name: 'Super Admin', role: 'super_admin', password: env.adminPassword })
		return { created: true as const, email: env.adminEmail, password: env.adminPassword }
	}
	const total = db.select({ n: count() }).from(admins).get()?.n ?? 0
	if (total > 0) return { created: false as const }
	const email = 'admin@tradecircle.example'
	const password = randomToken(15)
	await createAdmin({ email, name: 'Super Admin', role: 'super_admin', password })
	return { created: true as const, email, password }
}
