import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { adminPendingSignIns, adminRecoveryCodes, adminSessions, admins } from '#db/schema.ts'
import { auditRows, insertAdmin, TEST_TOTP_SECRET } from '#tests/factories.ts'
import { staffAuth } from '#app/auth/staff.server.ts'
import { sha256 } from '#app/utils/crypto.server.ts'
import { resetEnv } from '#app/utils/env.server.ts'
import {
	beginEnrolment,
	codeAt,
	confirmEnrolment,
	consumePendingSignIn,
	deleteExpiredPendingSignIns,
	ENROLMENT_SECRET_MS,
	failPendingSignIn,
	findPendingSignIn,
	getTwoFactorStatus,
	matchCode,
	mustEnrol,
	PENDING_SIGN_IN_MS,
	regenerateRecoveryCodes,
	resetStaffTwoFactor,
	startPendingSignIn,
	timeStep,
	verifySecondFactor,
} from './two-factor.server.ts'

// An injected clock: every rule takes `now`. 2030-01-01T09:00:00Z is the
// start of a 30-second step, so +29 s is the same step and +30 s the next.
const T0 = new Date('2030-01-01T09:00:00Z')
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000)

afterEach(() => {
	delete process.env.ADMIN_2FA_REQUIRED
	resetEnv()
})

function adminRow(id: number) {
	return getDb().select().from(admins).where(eq(admins.id, id)).get()!
}

describe('TOTP window (RFC 6238: 6 digits, 30 s, one step of drift)', () => {
	test('the current code, and the one before or after it, are accepted; two steps away is not', () => {
		expect(timeStep(at(29))).toBe(timeStep(T0))
		expect(matchCode(TEST_TOTP_SECRET, codeAt(TEST_TOTP_SECRET, T0), at(29))).toBe(timeStep(T0))
		expect(matchCode(TEST_TOTP_SECRET, codeAt(TEST_TOTP_SECRET, at(-30)), T0)).toBe(timeStep(T0) - 1)
		expect(matchCode(TEST_TOTP_SECRET, codeAt(TEST_TOTP_SECRET, at(30)), T0)).toBe(timeStep(T0) + 1)
		expect(matchCode(TEST_TOTP_SECRET, codeAt(TEST_TOTP_SECRET, at(-60)), T0)).toBeNull()
		expect(matchCode(TEST_TOTP_SECRET, codeAt(TEST_TOTP_SECRET, at(60)), T0)).toBeNull()
	})

	test('anything but six digits never matches', () => {
		const code = codeAt(TEST_TOTP_SECRET, T0)
		for (const bad of [code.slice(0, 5), `${code}0`, 'abcdef', ` ${code}`, '']) {
			expect(matchCode(TEST_TOTP_SECRET, bad, T0)).toBeNull()
		}
	})
})

describe('verifySecondFactor (sign-in): each code once, each recovery code once', () => {
	test('a code is accepted once; a code of an earlier step after it is refused; the next step works', () => {
		const admin = insertAdmin()
		const now = codeAt(TEST_TOTP_SECRET, T0)
		expect(verifySecondFactor(admin, { code: now }, T0)).toBe(true)
		expect(verifySecondFactor(admin, { code: now }, at(5))).toBe(false)
		expect(verifySecondFactor(admin, { code: codeAt(TEST_TOTP_SECRET, at(-30)) }, at(10))).toBe(false)
		expect(adminRow(admin.id).totpLastStep).toBe(timeStep(T0))
		expect(verifySecondFactor(admin, { code: codeAt(TEST_TOTP_SECRET, at(30)) }, at(31))).toBe(true)
	})

	test('a wrong code, or an account without a second factor, is refused and changes nothing', () => {
		const admin = insertAdmin()
		expect(
			verifySecondFactor(admin, { code: '000000' === codeAt(TEST_TOTP_SECRET, T0) ? '111111' : '000000' }, T0),
		).toBe(false)
		expect(adminRow(admin.id).totpLastStep).toBeNull()
		const plain = insertAdmin({ totpEnabledAt: null })
		expect(verifySecondFactor(plain, { code: codeAt(TEST_TOTP_SECRET, T0) }, T0)).toBe(false)
	})

	test('a recovery code works once (any case, with or without the dash), and is audited', () => {
		const admin = insertAdmin({ totpEnabledAt: null })
		beginEnrolment(admin.id, {}, T0)
		const secret = adminRow(admin.id).totpPendingSecret!
		const enrolled = confirmEnrolment(admin, codeAt(secret, T0), null, T0)
		if (!enrolled.ok) throw new Error(enrolled.message)
		const [first, second] = enrolled.value.recoveryCodes
		expect(verifySecondFactor(admin, { recoveryCode: first! }, at(60))).toBe(true)
		expect(verifySecondFactor(admin, { recoveryCode: first! }, at(61))).toBe(false)
		expect(verifySecondFactor(admin, { recoveryCode: second!.toUpperCase().replace('-', '') }, at(62))).toBe(true)
		expect(verifySecondFactor(admin, { recoveryCode: 'aaaaa-bbbbb' }, at(63))).toBe(false)
		expect(getTwoFactorStatus(admin.id)?.recoveryCodesLeft).toBe(8)
		expect(auditRows(admin.id).filter((row) => row.action === 'staff.recovery-code-use')).toHaveLength(2)
	})
})

describe('enrolment', () => {
	test('the shown secret stays for 30 minutes (a reload keeps the QR code), then a new one is made', () => {
		const admin = insertAdmin({ totpEnabledAt: null })
		const first = beginEnrolment(admin.id, {}, T0)
		const again = beginEnrolment(admin.id, {}, at(60))
		expect(first.ok && again.ok && first.value.secret === again.value.secret).toBe(true)
		const later = beginEnrolment(admin.id, {}, new Date(T0.getTime() + ENROLMENT_SECRET_MS))
		expect(later.ok && first.ok && later.value.secret !== first.value.secret).toBe(true)
		const fresh = beginEnrolment(admin.id, { fresh: true }, at(70))
		expect(fresh.ok && later.ok && fresh.value.secret !== later.value.secret).toBe(true)
		if (fresh.ok) expect(fresh.value.otpauthUri).toMatch(/^otpauth:\/\/totp\/.+\?.*secret=[A-Z2-7]+/)
	})

	test('a wrong code is a field error and changes nothing; the right one turns it on, once', () => {
		const admin = insertAdmin({ totpEnabledAt: null })
		const keep = staffAuth.sessions.create(admin.id, 'web', T0).token
		staffAuth.sessions.create(admin.id, 'web', T0)
		staffAuth.sessions.create(admin.id, 'api', T0)
		const begun = beginEnrolment(admin.id, {}, T0)
		if (!begun.ok) throw new Error(begun.message)
		const wrong = confirmEnrolment(admin, codeAt(begun.value.secret, at(-120)), sha256(keep), T0)
		expect(wrong).toMatchObject({ ok: false, status: 400 })
		expect(!wrong.ok && wrong.fieldErrors?.code?.[0]).toMatch(/does not match/)
		expect(adminRow(admin.id).totpEnabledAt).toBeNull()
		expect(getDb().select().from(adminSessions).all()).toHaveLength(3)

		const right = confirmEnrolment(admin, codeAt(begun.value.secret, T0), sha256(keep), T0)
		if (!right.ok) throw new Error(right.message)
		expect(right.value.recoveryCodes).toHaveLength(10)
		expect(new Set(right.value.recoveryCodes).size).toBe(10)
		for (const code of right.value.recoveryCodes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/)
		// Hashed: no recovery code is stored readable.
		const stored = getDb().select().from(adminRecoveryCodes).all()
		expect(stored.map((row) => row.codeHash)).not.toContain(right.value.recoveryCodes[0])
		expect(adminRow(admin.id)).toMatchObject({
			totpSecret: begun.value.secret,
			totpPendingSecret: null,
			totpLastStep: timeStep(T0),
		})
		// The other sessions were opened with the password alone: they end.
		expect(right.value.sessionsEnded).toBe(2)
		expect(staffAuth.sessions.find(keep, 'web', at(1))?.id).toBe(admin.id)
		expect(auditRows(admin.id).map((row) => row.action)).toContain('staff.two-factor-enable')

		expect(confirmEnrolment(admin, codeAt(begun.value.secret, at(30)), null, at(30))).toMatchObject({
			ok: false,
			status: 409,
		})
	})

	test('confirming an expired or never started set-up is a 409', () => {
		const admin = insertAdmin({ totpEnabledAt: null })
		expect(confirmEnrolment(admin, '123456', null, T0)).toMatchObject({ ok: false, status: 409 })
		const begun = beginEnrolment(admin.id, {}, T0)
		if (!begun.ok) throw new Error(begun.message)
		const late = new Date(T0.getTime() + ENROLMENT_SECRET_MS)
		expect(confirmEnrolment(admin, codeAt(begun.value.secret, late), null, late)).toMatchObject({
			ok: false,
			status: 409,
		})
	})

	test('new recovery codes need a fresh code; the old ones stop working', () => {
		const admin = insertAdmin({ totpEnabledAt: null })
		const begun = beginEnrolment(admin.id, {}, T0)
		if (!begun.ok) throw new Error(begun.message)
		const on = confirmEnrolment(admin, codeAt(begun.value.secret, T0), null, T0)
		if (!on.ok) throw new Error(on.message)
		// The code that enrolled was used: it cannot be used again.
		expect(regenerateRecoveryCodes(admin, codeAt(begun.value.secret, T0), at(5))).toMatchObject({
			ok: false,
			status: 400,
		})
		const renewed = regenerateRecoveryCodes(admin, codeAt(begun.value.secret, at(30)), at(30))
		if (!renewed.ok) throw new Error(renewed.message)
		expect(verifySecondFactor(admin, { recoveryCode: on.value.recoveryCodes[0]! }, at(40))).toBe(false)
		expect(verifySecondFactor(admin, { recoveryCode: renewed.value.recoveryCodes[0]! }, at(41))).toBe(true)
	})
})

describe('policy and the reset by a super admin', () => {
	test('super admins must enrol; admins only while ADMIN_2FA_REQUIRED is on (the default)', () => {
		expect(mustEnrol({ role: 'super_admin', totpEnabledAt: null })).toBe(true)
		expect(mustEnrol({ role: 'admin', totpEnabledAt: null })).toBe(true)
		expect(mustEnrol({ role: 'admin', totpEnabledAt: T0 })).toBe(false)
		process.env.ADMIN_2FA_REQUIRED = 'false'
		resetEnv()
		expect(mustEnrol({ role: 'admin', totpEnabledAt: null })).toBe(false)
		expect(mustEnrol({ role: 'super_admin', totpEnabledAt: null })).toBe(true)
	})

	test('a super admin resets another account: second factor gone, sessions ended, audited', () => {
		const boss = insertAdmin({ role: 'super_admin' })
		const staff = insertAdmin()
		const token = staffAuth.sessions.create(staff.id, 'web').token
		startPendingSignIn(staff.id, '')
		expect(resetStaffTwoFactor(boss, boss.id, T0)).toMatchObject({ ok: false, status: 409 })
		expect(resetStaffTwoFactor(boss, 999_999, T0)).toMatchObject({ ok: false, status: 404 })
		expect(resetStaffTwoFactor(boss, staff.id, T0)).toEqual({ ok: true, value: { sessionsEnded: 1 } })
		expect(staffAuth.sessions.find(token, 'web')).toBeNull()
		expect(adminRow(staff.id)).toMatchObject({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
		expect(getDb().select().from(adminPendingSignIns).all()).toHaveLength(0)
		const [row] = auditRows(staff.id).filter((r) => r.action === 'staff.two-factor-reset')
		expect(row).toMatchObject({ adminId: boss.id })
		// Nothing left to reset.
		expect(resetStaffTwoFactor(boss, staff.id, T0)).toMatchObject({ ok: false, status: 409 })
	})
})

describe('pending sign-ins: short-lived, single use', () => {
	test('found until it expires; ended by its first use; five wrong codes end it', () => {
		const admin = insertAdmin()
		const token = startPendingSignIn(admin.id, '/admin/users', T0)
		const pending = findPendingSignIn(token, at(60))
		expect(pending).toMatchObject({ adminId: admin.id, redirectTo: '/admin/users' })
		expect(findPendingSignIn(token, new Date(T0.getTime() + PENDING_SIGN_IN_MS))).toBeNull()
		expect(findPendingSignIn('x'.repeat(43), T0)).toBeNull()
		expect(consumePendingSignIn(pending!.id)).toBe(true)
		expect(consumePendingSignIn(pending!.id)).toBe(false)
		expect(findPendingSignIn(token, at(61))).toBeNull()

		const other = startPendingSignIn(admin.id, '', T0)
		const id = findPendingSignIn(other, T0)!.id
		for (let i = 0; i < 4; i++) failPendingSignIn(id)
		expect(findPendingSignIn(other, T0)).not.toBeNull()
		failPendingSignIn(id)
		expect(findPendingSignIn(other, T0)).toBeNull()
	})

	test('the scheduler deletes expired ones only', () => {
		const admin = insertAdmin()
		startPendingSignIn(admin.id, '', T0)
		startPendingSignIn(admin.id, '', at(600))
		expect(deleteExpiredPendingSignIns(new Date(T0.getTime() + PENDING_SIGN_IN_MS))).toBe(1)
		expect(getDb().select().from(adminPendingSignIns).all()).toHaveLength(1)
	})
})
