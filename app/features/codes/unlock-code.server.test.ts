import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { unlockCodes, users } from '#db/schema.ts'
import { insertAuditActor, insertMember, auditRows } from '#tests/factories.ts'
import { UNLOCK_CODE_MESSAGES, UnlockRotateApiSchema } from '#app/features/codes/schemas.ts'
import { unlockMember } from '#app/features/auth/member-auth.server.ts'
import {
	listUnlockCodes,
	matchUnlockCode,
	retireUnlockCode,
	rotateUnlockCode,
	addUnlockCode,
	ensureUnlockCode,
	generateUnlockCode,
	getCurrentUnlockCode,
	isValidUnlockCode,
} from './unlock-code.server.ts'

const rows = () => getDb().select().from(unlockCodes).all()
const CODE_PATTERN = /^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/

describe('isValidUnlockCode', () => {
	test('matches an active code regardless of case and surrounding spaces', () => {
		addUnlockCode('ABCD-2345')
		for (const code of ['ABCD-2345', 'abcd-2345', 'AbCd-2345', '  abcd-2345\t', '\nABCD-2345 ']) {
			expect(isValidUnlockCode(code), code).toBe(true)
		}
	})

	test('refuses anything else', () => {
		addUnlockCode('ABCD-2345')
		for (const code of [
			'',
			' ',
			'ABCD2345',
			'ABCD-234',
			'ABCD-23456',
			'ABCD 2345',
			'ABCD-2345\u0000',
			"' OR 1=1 --",
			'%',
			'*',
		]) {
			expect(isValidUnlockCode(code), JSON.stringify(code)).toBe(false)
		}
	})

	test('refuses everything when no code exists', () => {
		expect(isValidUnlockCode('ABCD-2345')).toBe(false)
		expect(isValidUnlockCode('')).toBe(false)
	})

	test('an expired code is refused from its expiry on (now parameter)', () => {
		const expiresAt = new Date('2030-01-01T00:00:00Z')
		addUnlockCode('EXPIRING-1', expiresAt)
		expect(isValidUnlockCode('EXPIRING-1', new Date(expiresAt.getTime() - 1))).toBe(true)
		expect(isValidUnlockCode('EXPIRING-1', expiresAt)).toBe(false)
		expect(isValidUnlockCode('EXPIRING-1', new Date(expiresAt.getTime() + 1))).toBe(false)
	})

	test('a deactivated code is refused, others stay valid (rotation overlap)', () => {
		addUnlockCode('OLD-CODE')
		addUnlockCode('NEW-CODE')
		expect(isValidUnlockCode('OLD-CODE')).toBe(true)
		expect(isValidUnlockCode('NEW-CODE')).toBe(true)
		getDb().update(unlockCodes).set({ active: false }).where(eq(unlockCodes.code, 'OLD-CODE')).run()
		expect(isValidUnlockCode('OLD-CODE')).toBe(false)
		expect(isValidUnlockCode('new-code')).toBe(true)
	})

	test('a lower-case stored code matches too', () => {
		addUnlockCode('mixed-Case-9')
		expect(isValidUnlockCode('MIXED-CASE-9')).toBe(true)
	})
})

describe('getCurrentUnlockCode', () => {
	test('is null without codes and the newest active code otherwise', () => {
		expect(getCurrentUnlockCode()).toBeNull()
		addUnlockCode('FIRST-1')
		expect(getCurrentUnlockCode()).toBe('FIRST-1')
		addUnlockCode('SECOND-2')
		expect(getCurrentUnlockCode()).toBe('SECOND-2')
		getDb().update(unlockCodes).set({ active: false }).where(eq(unlockCodes.code, 'SECOND-2')).run()
		expect(getCurrentUnlockCode()).toBe('FIRST-1')
	})

	test('skips expired codes', () => {
		addUnlockCode('LIVE-1', null)
		addUnlockCode('DEAD-2', new Date(Date.now() - 1000))
		expect(getCurrentUnlockCode()).toBe('LIVE-1')
	})
})

describe('addUnlockCode and generateUnlockCode', () => {
	test('adding a code twice keeps one row', () => {
		addUnlockCode('ONCE-1')
		addUnlockCode('ONCE-1')
		expect(rows().map((r) => r.code)).toEqual(['ONCE-1'])
	})

	test('generated codes are readable and random', () => {
		const codes = new Set(Array.from({ length: 200 }, () => generateUnlockCode()))
		for (const code of codes) expect(code).toMatch(CODE_PATTERN)
		expect(codes.size).toBe(200)
	})
})

describe('ensureUnlockCode', () => {
	test('creates one code when none exists, and keeps it on the next run', () => {
		const first = ensureUnlockCode()
		expect(first).toMatch(CODE_PATTERN)
		expect(ensureUnlockCode()).toBe(first)
		expect(rows()).toHaveLength(1)
		expect(isValidUnlockCode(first)).toBe(true)
	})

	test('uses the preferred code (UNLOCK_CODE), once', () => {
		expect(ensureUnlockCode('CHANNEL-2025')).toBe('CHANNEL-2025')
		expect(ensureUnlockCode('CHANNEL-2025')).toBe('CHANNEL-2025')
		expect(rows().map((r) => r.code)).toEqual(['CHANNEL-2025'])
		expect(getCurrentUnlockCode()).toBe('CHANNEL-2025')
		expect(isValidUnlockCode('channel-2025')).toBe(true)
	})

	test('reactivates a deactivated or expired preferred code', () => {
		addUnlockCode('BACK-AGAIN', new Date(Date.now() - 60_000))
		expect(isValidUnlockCode('BACK-AGAIN')).toBe(false)
		ensureUnlockCode('BACK-AGAIN')
		expect(isValidUnlockCode('BACK-AGAIN')).toBe(true)
		expect(rows()[0]!.expiresAt).toBeNull()

		getDb().update(unlockCodes).set({ active: false }).run()
		expect(isValidUnlockCode('BACK-AGAIN')).toBe(false)
		ensureUnlockCode('BACK-AGAIN')
		expect(isValidUnlockCode('BACK-AGAIN')).toBe(true)
		expect(rows()).toHaveLength(1)
	})
})

describe('staff rotate and retire', () => {
	const HOUR = 3_600_000
	const ok = <T>(r: { ok: true; value: T } | { ok: false; message: string }) => {
		if (!r.ok) throw new Error(r.message)
		return r.value
	}

	test('rotation without grace retires the previous code at once; the new code is current', () => {
		const admin = insertAuditActor()
		ensureUnlockCode('SEED-CODE')
		expect(rows()[0]!.createdByEmail).toBe('system')
		const { code } = ok(rotateUnlockCode(admin, { expiresAt: null, graceHours: 0 }))
		expect(code.code).toMatch(CODE_PATTERN)
		expect(code.createdByEmail).toBe(admin.email)
		expect(getCurrentUnlockCode()).toBe(code.code)
		expect(isValidUnlockCode('SEED-CODE')).toBe(false)
		const seed = rows().find((r) => r.code === 'SEED-CODE')!
		expect(seed).toMatchObject({ active: false, retiredByEmail: admin.email })
		expect(auditRows(code.id).map((r) => r.action)).toEqual(['unlock-code.rotate'])
		expect(JSON.stringify(auditRows(code.id))).not.toContain(code.code)
	})

	test('rotation with grace keeps the old code valid until now + grace, then not', () => {
		const admin = insertAuditActor()
		const now = new Date('2030-01-01T00:00:00Z')
		addUnlockCode('OLD-CODE')
		ok(rotateUnlockCode(admin, { code: 'NEW-CODE', expiresAt: null, graceHours: 24 }, now))
		expect(isValidUnlockCode('old-code', new Date(now.getTime() + 23 * HOUR))).toBe(true)
		expect(isValidUnlockCode('OLD-CODE', new Date(now.getTime() + 24 * HOUR))).toBe(false)
		expect(isValidUnlockCode('NEW-CODE', new Date(now.getTime() + 48 * HOUR))).toBe(true)
		expect(getCurrentUnlockCode(new Date(now.getTime() + HOUR))).toBe('NEW-CODE')
	})

	test('a typed code is upper-cased; a code used before is a field error; a past expiry is refused; nothing stored', () => {
		const admin = insertAuditActor()
		addUnlockCode('TAKEN-1')
		const input = UnlockRotateApiSchema.parse({ code: ' fresh-2026 ' })
		expect(input.code).toBe('FRESH-2026')
		const taken = rotateUnlockCode(admin, { code: 'TAKEN-1', expiresAt: null, graceHours: 0 })
		expect(taken).toMatchObject({ ok: false, status: 409, fieldErrors: { code: [UNLOCK_CODE_MESSAGES.codeTaken] } })
		const past = rotateUnlockCode(admin, { expiresAt: new Date(Date.now() - 1000), graceHours: 0 })
		expect(past).toMatchObject({
			ok: false,
			status: 400,
			fieldErrors: { expiresAt: [UNLOCK_CODE_MESSAGES.expiresAtPast] },
		})
		expect(rows()).toHaveLength(1)
		expect(rows()[0]!.active).toBe(true)
		for (const bad of [
			{ code: 'abc' },
			{ code: 'x'.repeat(65) },
			{ code: 'bad code' },
			{ graceHours: 2 },
			{ other: 1 },
		]) {
			expect(UnlockRotateApiSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false)
		}
	})

	test('retire: refused for the last active code, works when another is active, 404 and 409 otherwise', () => {
		const admin = insertAuditActor()
		addUnlockCode('ONLY-CODE')
		const only = rows()[0]!
		expect(retireUnlockCode(admin, only.id)).toMatchObject({
			ok: false,
			status: 409,
			message: UNLOCK_CODE_MESSAGES.lastActive,
		})
		const { code } = ok(rotateUnlockCode(admin, { expiresAt: null, graceHours: 1 }))
		const retired = ok(retireUnlockCode(admin, only.id))
		expect(retired).toMatchObject({ status: 'retired', retiredByEmail: admin.email })
		expect(isValidUnlockCode('ONLY-CODE')).toBe(false)
		expect(retireUnlockCode(admin, only.id)).toMatchObject({ ok: false, status: 409 })
		expect(retireUnlockCode(admin, 999_999)).toMatchObject({ ok: false, status: 404 })
		expect(retireUnlockCode(admin, code.id)).toMatchObject({ ok: false, status: 409 })
		expect(auditRows(only.id).map((r) => r.action)).toEqual(['unlock-code.retire'])
	})

	test('a member who unlocks is counted on the code they used', () => {
		addUnlockCode('COUNT-ME')
		// Member ids ahead of code ids, so a count that compares the wrong ids shows.
		for (let i = 0; i < 3; i++) insertMember()
		const member = insertMember({ isVerified: false })
		expect(unlockMember(member.id, 'count-me', { ip: '198.51.100.7' }).ok).toBe(true)
		const id = matchUnlockCode('COUNT-ME')!
		expect(getDb().select().from(users).where(eq(users.id, member.id)).get()!.unlockCodeId).toBe(id)
		expect(member.id).not.toBe(id)
		const listed = listUnlockCodes()
		expect(listed.find((c) => c.id === id)!.membersUnlocked).toBe(1)
		expect(listed.filter((c) => c.id !== id).every((c) => c.membersUnlocked === 0)).toBe(true)
	})
})
