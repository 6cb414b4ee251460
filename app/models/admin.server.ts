import { count, eq } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { admins, type AdminRole } from '#db/schema.ts'
import { randomToken } from '#app/utils/crypto.server.ts'
import { hashPassword } from '#app/utils/password.server.ts'
import { PASSWORD_MAX_BYTES } from '#app/utils/validation.ts'

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
