import { ensureFirstAdmin } from '#app/models/admin.server.ts'
import { ensureUnlockCode } from '#app/models/unlock-code.server.ts'
import { getEnv } from '#app/utils/env.server.ts'

/**
 * Seeds what a fresh install needs; safe to run any number of times (each
 * step checks what is there first).
 */
export async function seed() {
	const env = getEnv()
	const unlockCode = ensureUnlockCode(env.unlockCode)
	const admin = await ensureFirstAdmin(env)
	return { unlockCode, admin }
}
