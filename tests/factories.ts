import { randomUUID } from 'node:crypto'
import bcrypt from 'bcryptjs'
import { getDb as getDbForTests } from '#db/client.server.ts'
import { admins as adminsTable, auditLog, users as usersTable, type InsertUser, type SelectAdmin } from '#db/schema.ts'
import type { RegistrationInput } from '#app/features/auth/schemas.ts'

export const GOOD_PASSWORD = 'Str0ngPassw0rd'

/** A valid registration payload with a unique email. */
export function makeRegistration(overrides: Partial<RegistrationInput> = {}): RegistrationInput {
	const id = randomUUID().slice(0, 8)
	return {
		name: `Test Member ${id}`,
		email: `member-${id}@example.com`,
		password: GOOD_PASSWORD,
		phone: '+2348012345678',
		country: 'Nigeria',
		telegram: `@member_${id}`,
		investmentAmount: '$100-$500',
		...overrides,
	}
}

/**
 * A member written straight to the database (no bcrypt, no rate limits):
 * for rule tests that do not sign in. `referrer` links the referral as
 * sign-up does (referredBy and referrerId).
 */
export function insertMember(
	overrides: Partial<InsertUser> & { referrer?: { id: number; referralCode: string } } = {},
) {
	const { referrer, ...fields } = overrides
	const id = randomUUID().slice(0, 8)
	return getDbForTests()
		.insert(usersTable)
		.values({
			name: `Test Member ${id}`,
			email: `member-${id}@example.com`,
			passwordHash: 'not-a-real-hash',
			referralCode: `REF${id.toUpperCase()}`,
			referredBy: referrer?.referralCode ?? null,
			referrerId: referrer?.id ?? null,
			...fields,
		})
		.returning()
		.get()
}

export const ADMIN_PASSWORD = 'Adm1nPassw0rd'

/**
 * An admin written straight to the database. The password hash uses a low
 * bcrypt cost so tests stay fast; verifying it works as with any hash.
 */
/** The TOTP secret (base32) of the admins insertAdmin makes: enrolled unless `totpEnabledAt: null`. */
export const TEST_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'

export function insertAdmin(overrides: Partial<SelectAdmin> & { password?: string } = {}) {
	const { password = ADMIN_PASSWORD, ...fields } = overrides
	const id = randomUUID().slice(0, 8)
	const enrolled = fields.totpEnabledAt !== null
	const row = getDbForTests()
		.insert(adminsTable)
		.values({
			email: `admin-${id}@example.com`,
			name: `Test Admin ${id}`,
			role: 'admin',
			passwordHash: bcrypt.hashSync(password, 4),
			// Staff must have a second factor (ADMIN_2FA_REQUIRED defaults on): enrolled by default.
			totpSecret: enrolled ? TEST_TOTP_SECRET : null,
			totpEnabledAt: enrolled ? new Date() : null,
			...fields,
		})
		.returning()
		.get()
	return { ...row, password }
}

/** An admin as the rules take it for their audit rows: `{ id, email }`. */
export function insertAuditActor(overrides: Parameters<typeof insertAdmin>[0] = {}) {
	const admin = insertAdmin(overrides)
	return { id: admin.id, email: admin.email }
}

/** The audit rows written so far; with `targetId`, those of that target only. */
export function auditRows(targetId?: number) {
	const rows = getDbForTests().select().from(auditLog).all()
	return targetId === undefined ? rows : rows.filter((row) => row.targetId === String(targetId))
}
