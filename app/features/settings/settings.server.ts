import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import { getDb, type Db, type Tx, write } from '#db/client.server.ts'
import { platformSettings } from '#db/schema.ts'
import { recordAudit, type AuditActor } from '#app/features/audit/audit.server.ts'
import { ReferralIntegritySettingsSchema } from '#app/features/referrals/schemas.ts'

/**
 * Platform settings staff can change (issue 15), one JSON value per key in
 * `platform_settings`. Each key has a zod schema and documented defaults:
 * a missing row, or a stored value that no longer parses, reads as the
 * defaults; a change is validated, stored and audited (settings.update) in
 * one transaction.
 */

/** Referral integrity thresholds (their schema is the referrals feature's). */
export type ReferralIntegritySettings = z.infer<typeof ReferralIntegritySettingsSchema>

export const REFERRAL_INTEGRITY_DEFAULTS: ReferralIntegritySettings = {
	clientMaxEvents: 3,
	clientWindowMinutes: 60,
	referrerMaxSignups: 10,
	referrerWindowMinutes: 1_440,
	disposableEmail: true,
	duplicatePhone: true,
}

const SETTINGS = {
	referral_integrity: { schema: ReferralIntegritySettingsSchema, defaults: REFERRAL_INTEGRITY_DEFAULTS },
} as const

export type SettingKey = keyof typeof SETTINGS
type SettingValue<K extends SettingKey> = z.infer<(typeof SETTINGS)[K]['schema']>

/** The setting's value: the stored one when it parses, else the defaults. */
export function getSetting<K extends SettingKey>(key: K, db: Db | Tx = getDb()): SettingValue<K> {
	const { schema, defaults } = SETTINGS[key]
	const row = db
		.select({ value: platformSettings.value })
		.from(platformSettings)
		.where(eq(platformSettings.key, key))
		.get()
	if (!row) return { ...defaults }
	try {
		const parsed = schema.safeParse({ ...defaults, ...JSON.parse(row.value) })
		return parsed.success ? parsed.data : { ...defaults }
	} catch {
		return { ...defaults }
	}
}

/**
 * Stores a setting (already validated by the caller's schema, parsed again
 * here so no path can store a bad value) with its audit row, in the
 * caller's transaction. Returns the stored value.
 */
export function setSettingIn<K extends SettingKey>(
	tx: Tx,
	admin: AuditActor,
	key: K,
	value: SettingValue<K>,
	now: Date,
): SettingValue<K> {
	const parsed = SETTINGS[key].schema.parse(value) as SettingValue<K>
	const before = getSetting(key, tx)
	const json = JSON.stringify(parsed)
	tx.insert(platformSettings)
		.values({ key, value: json, updatedAt: now, adminId: admin.id })
		.onConflictDoUpdate({ target: platformSettings.key, set: { value: json, updatedAt: now, adminId: admin.id } })
		.run()
	recordAudit(
		tx,
		{
			admin,
			action: 'settings.update',
			targetType: 'settings',
			targetId: key,
			before: { key, ...before },
			after: { key, ...parsed },
		},
		now,
	)
	return parsed
}

export function setSetting<K extends SettingKey>(admin: AuditActor, key: K, value: SettingValue<K>, now = new Date()) {
	return write((tx) => setSettingIn(tx, admin, key, value, now))
}
