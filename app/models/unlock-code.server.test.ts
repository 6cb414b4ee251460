import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { unlockCodes } from '#db/schema.ts'
import {
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
