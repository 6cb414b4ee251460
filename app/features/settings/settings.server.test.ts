import { describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { platformSettings } from '#db/schema.ts'
import { auditRows, insertAuditActor } from '#tests/factories.ts'
import { getSetting, REFERRAL_INTEGRITY_DEFAULTS, setSetting } from './settings.server.ts'

describe('platform settings', () => {
	test('no row: the documented defaults', () => {
		expect(getSetting('referral_integrity')).toEqual({
			clientMaxEvents: 3,
			clientWindowMinutes: 60,
			referrerMaxSignups: 10,
			referrerWindowMinutes: 1_440,
			disposableEmail: true,
			duplicatePhone: true,
		})
	})

	test('a stored value that does not parse reads as the defaults; a partial one is completed by them', () => {
		const db = getDb()
		db.insert(platformSettings).values({ key: 'referral_integrity', value: '{"clientMaxEvents":"many"}' }).run()
		expect(getSetting('referral_integrity')).toEqual(REFERRAL_INTEGRITY_DEFAULTS)
		db.update(platformSettings).set({ value: 'not json' }).run()
		expect(getSetting('referral_integrity')).toEqual(REFERRAL_INTEGRITY_DEFAULTS)
		db.update(platformSettings).set({ value: '{"clientMaxEvents":7}' }).run()
		expect(getSetting('referral_integrity')).toEqual({ ...REFERRAL_INTEGRITY_DEFAULTS, clientMaxEvents: 7 })
	})

	test('set stores, audits before and after, and refuses a bad value with nothing stored', () => {
		const admin = insertAuditActor()
		setSetting(admin, 'referral_integrity', { ...REFERRAL_INTEGRITY_DEFAULTS, referrerMaxSignups: 25 })
		expect(getSetting('referral_integrity').referrerMaxSignups).toBe(25)
		const row = getDb().select().from(platformSettings).get()!
		expect(row.adminId).toBe(admin.id)
		expect(() =>
			setSetting(admin, 'referral_integrity', { ...REFERRAL_INTEGRITY_DEFAULTS, clientWindowMinutes: 1.5 }),
		).toThrow()
		expect(getSetting('referral_integrity').clientWindowMinutes).toBe(60)
		expect(auditRows().filter((r) => r.action === 'settings.update')).toHaveLength(1)
	})
})
