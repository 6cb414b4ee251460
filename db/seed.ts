import { SEED_BROKERS } from '#app/content/dashboard.ts'
import { ensureFirstAdmin } from '#app/models/admin.server.ts'
import { ensureSeedBrokers } from '#app/models/brokers.server.ts'
import { ensureMonthlyReferralContest } from '#app/models/contest.server.ts'
import { ensurePlanCodes } from '#app/models/plan.server.ts'
import { ensureUnlockCode } from '#app/models/unlock-code.server.ts'
import { getEnv } from '#app/utils/env.server.ts'

/**
 * Seeds what a fresh install needs; safe to run any number of times (each
 * step checks what is there first): the unlock code, the first super admin,
 * an open plan activation code per premium plan and, when none covers this
 * month, the month's referral contest, and the partner brokers (by slug:
 * one staff edited or deactivated stays as it is).
 */
export async function seed(now = new Date()) {
	const env = getEnv()
	const unlockCode = ensureUnlockCode(env.unlockCode)
	const admin = await ensureFirstAdmin(env)
	const planCodes = ensurePlanCodes(now)
	const contestId = ensureMonthlyReferralContest(now)
	ensureSeedBrokers(SEED_BROKERS, now)
	return { unlockCode, admin, planCodes, contestId }
}
