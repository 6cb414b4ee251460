import { and, desc, eq, gt, isNull, or } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { unlockCodes } from '#db/schema.ts'
import { randomCode, safeEqual } from '#app/utils/crypto.server.ts'

function activeCodes(now = new Date()) {
	return getDb()
		.select({ code: unlockCodes.code })
		.from(unlockCodes)
		.where(and(eq(unlockCodes.active, true), or(isNull(unlockCodes.expiresAt), gt(unlockCodes.expiresAt, now))))
		.orderBy(desc(unlockCodes.createdAt), desc(unlockCodes.id))
		.all()
}

/** The newest active code: the one the channel hands out now. */
export function getCurrentUnlockCode(now = new Date()) {
	return activeCodes(now)[0]?.code ?? null
}

/** Codes are compared without regard to case and in constant time. */
export function isValidUnlockCode(code: string, now = new Date()) {
	const wanted = code.trim().toUpperCase()
	let valid = false
	for (const row of activeCodes(now)) {
		if (safeEqual(row.code.toUpperCase(), wanted)) valid = true
	}
	return valid
}

/** Adds a code (rotation); older codes stay valid until deactivated or expired. */
export function addUnlockCode(code: string, expiresAt: Date | null = null) {
	getDb().insert(unlockCodes).values({ code, expiresAt }).onConflictDoNothing().run()
	return code
}

export function generateUnlockCode() {
	return `${randomCode(4)}-${randomCode(4)}`
}

/**
 * Seed step, safe to run twice: makes `preferred` (UNLOCK_CODE) active when
 * given, otherwise keeps the current code or creates one.
 */
export function ensureUnlockCode(preferred?: string) {
	if (preferred) {
		const existing = getDb().select().from(unlockCodes).where(eq(unlockCodes.code, preferred)).get()
		if (!existing) addUnlockCode(preferred)
		else if (!existing.active || (existing.expiresAt && existing.expiresAt <= new Date())) {
			getDb()
				.update(unlockCodes)
				.set({ active: true, expiresAt: null, createdAt: new Date() })
				.where(eq(unlockCodes.id, existing.id))
				.run()
		}
		return preferred
	}
	return getCurrentUnlockCode() ?? addUnlockCode(generateUnlockCode())
}
