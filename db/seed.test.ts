import bcrypt from 'bcryptjs'
import { afterEach, describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { admins, unlockCodes } from '#db/schema.ts'
import { createAdmin, ensureFirstAdmin } from '#app/features/staff/admin.server.ts'
import { getCurrentUnlockCode, isValidUnlockCode } from '#app/features/codes/unlock-code.server.ts'
import { getEnv, resetEnv } from '#app/utils/env.server.ts'
import { verifyPassword } from '#app/utils/password.server.ts'
import { seed } from './seed.ts'

const ENV_KEYS = ['ADMIN_EMAIL', 'ADMIN_PASSWORD', 'UNLOCK_CODE', 'ADMIN_TOTP_SECRET'] as const

function setEnv(values: Partial<Record<(typeof ENV_KEYS)[number], string>>) {
	for (const key of ENV_KEYS) delete process.env[key]
	Object.assign(process.env, values)
	resetEnv()
}

function setEnvAndRead(values: Parameters<typeof setEnv>[0]) {
	setEnv(values)
	return getEnv()
}

afterEach(() => {
	for (const key of ENV_KEYS) delete process.env[key]
	resetEnv()
})

const adminRows = () => getDb().select().from(admins).all()
const codeRows = () => getDb().select().from(unlockCodes).all()

describe('seed', () => {
	test('running twice is safe: one admin, one unlock code, the same code', async () => {
		setEnv({})
		const first = await seed()
		const second = await seed()
		expect(adminRows()).toHaveLength(1)
		expect(codeRows()).toHaveLength(1)
		expect(second.unlockCode).toBe(first.unlockCode)
		expect(first.admin.created).toBe(true)
		expect(second.admin).toEqual({ created: false, twoFactorFromEnv: false })
		expect(getCurrentUnlockCode()).toBe(first.unlockCode)
	})

	test('without ADMIN_* the first super admin gets a random password, returned once', async () => {
		setEnv({})
		const result = await seed()
		expect(result.admin.created).toBe(true)
		if (!result.admin.created) return
		const [row] = adminRows()
		expect(row!.email).toBe(result.admin.email)
		expect(row!.role).toBe('super_admin')
		expect(result.admin.password.length).toBeGreaterThanOrEqual(16)
		expect(result.admin.password).toMatch(/^[A-Za-z0-9_-]+$/)
		expect(row!.passwordHash).not.toContain(result.admin.password)
		expect(bcrypt.getRounds(row!.passwordHash)).toBeGreaterThanOrEqual(10)
		expect(await verifyPassword(result.admin.password, row!.passwordHash)).toBe(true)
		// No well-known default password.
		for (const guess of ['admin', 'password', 'admin123', 'Admin123!', 'changeme']) {
			expect(await verifyPassword(guess, row!.passwordHash)).toBe(false)
		}
	})

	test('two fresh installs get different admin passwords', async () => {
		setEnv({})
		const a = await ensureFirstAdmin({})
		getDb().delete(admins).run()
		const b = await ensureFirstAdmin({})
		expect(a.created && b.created).toBe(true)
		if (a.created && b.created) expect(a.password).not.toBe(b.password)
	})

	test('ADMIN_EMAIL and ADMIN_PASSWORD create the first super admin', async () => {
		setEnv({ ADMIN_EMAIL: 'Boss@Example.com', ADMIN_PASSWORD: 'Adm1n-Passw0rd-Long' })
		const result = await seed()
		expect(result.admin).toEqual({
			created: true,
			email: 'boss@example.com',
			password: 'Adm1n-Passw0rd-Long',
			twoFactorFromEnv: false,
		})
		const rows = adminRows()
		expect(rows).toHaveLength(1)
		expect(rows[0]!.email).toBe('boss@example.com')
		expect(rows[0]!.role).toBe('super_admin')
		expect(await verifyPassword('Adm1n-Passw0rd-Long', rows[0]!.passwordHash)).toBe(true)

		const again = await seed()
		expect(again.admin).toEqual({ created: false, email: 'boss@example.com', twoFactorFromEnv: false })
		expect(adminRows()).toHaveLength(1)
		expect(rows[0]!.totpEnabledAt).toBeNull()
	})

	test('ADMIN_TOTP_SECRET enrols the ADMIN_EMAIL super admin once, and never replaces a second factor', async () => {
		const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
		setEnv({
			ADMIN_EMAIL: 'boss@example.com',
			ADMIN_PASSWORD: 'Adm1n-Passw0rd-Long',
			ADMIN_TOTP_SECRET: 'jbsw y3dp ehpk 3pxp jbsw y3dp ehpk 3pxp',
		})
		const first = await seed()
		expect(first.admin).toMatchObject({ created: true, twoFactorFromEnv: true })
		expect(adminRows()[0]).toMatchObject({ totpSecret: secret, totpLastStep: null })
		expect(adminRows()[0]!.totpEnabledAt).toBeInstanceOf(Date)
		setEnv({
			ADMIN_EMAIL: 'boss@example.com',
			ADMIN_PASSWORD: 'Adm1n-Passw0rd-Long',
			ADMIN_TOTP_SECRET: 'ABCDEFGHIJKLMNOP',
		})
		const second = await seed()
		expect(second.admin).toMatchObject({ created: false, twoFactorFromEnv: false })
		expect(adminRows()[0]!.totpSecret).toBe(secret)
	})

	test('ADMIN_TOTP_SECRET must be base32 and comes with ADMIN_EMAIL', () => {
		expect(() =>
			setEnvAndRead({ ADMIN_EMAIL: 'a@b.example', ADMIN_PASSWORD: 'Adm1n-Passw0rd', ADMIN_TOTP_SECRET: 'not base32!' }),
		).toThrow(/ADMIN_TOTP_SECRET must be base32/)
		expect(() => setEnvAndRead({ ADMIN_TOTP_SECRET: 'JBSWY3DPEHPK3PXP' })).toThrow(
			/ADMIN_TOTP_SECRET needs ADMIN_EMAIL/,
		)
	})

	test('a later seed does not overwrite the admin password', async () => {
		setEnv({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'First-Passw0rd' })
		await seed()
		setEnv({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'Second-Passw0rd' })
		await seed()
		const [row] = adminRows()
		expect(await verifyPassword('First-Passw0rd', row!.passwordHash)).toBe(true)
		expect(await verifyPassword('Second-Passw0rd', row!.passwordHash)).toBe(false)
	})

	test('UNLOCK_CODE is the seeded code', async () => {
		setEnv({ UNLOCK_CODE: 'JOIN-2025-TC' })
		const result = await seed()
		expect(result.unlockCode).toBe('JOIN-2025-TC')
		expect(codeRows().map((r) => r.code)).toEqual(['JOIN-2025-TC'])
		expect(isValidUnlockCode('join-2025-tc')).toBe(true)
		await seed()
		expect(codeRows()).toHaveLength(1)
	})

	test('without UNLOCK_CODE a code is generated', async () => {
		setEnv({})
		const { unlockCode } = await seed()
		expect(unlockCode).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/)
		expect(isValidUnlockCode(unlockCode)).toBe(true)
	})

	test('a short ADMIN_PASSWORD is refused', async () => {
		setEnv({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'short' })
		await expect(seed()).rejects.toThrow('Admin passwords need at least 8 characters')
		expect(adminRows()).toHaveLength(0)
	})
})

describe('createAdmin', () => {
	test('refuses passwords over 72 bytes (no silent truncation)', async () => {
		await expect(
			createAdmin({ email: 'a@example.com', name: 'A', role: 'admin', password: '😀'.repeat(18) + 'x' }),
		).rejects.toThrow('Admin passwords are at most 72 bytes')
		const ok = await createAdmin({ email: 'B@Example.com', name: 'B', role: 'admin', password: '😀'.repeat(18) })
		expect(ok).toEqual({ id: expect.any(Number), email: 'b@example.com', role: 'admin' })
	})
})
