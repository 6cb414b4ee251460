import { SEED_BROKERS } from '#app/content/dashboard.ts'
import { ensureFirstAdmin } from '#app/features/staff/admin.server.ts'
import { ensureSeedBrokers } from '#app/features/brokers/brokers.server.ts'
import { ensureMonthlyReferralContest } from '#app/features/contests/contest.server.ts'
import { ensurePlanCodes } from '#app/features/plans/plan.server.ts'
import { ensureUnlockCode } from '#app/features/codes/unlock-code.server.ts'
import { ensureSampleTraders } from '#app/features/traders/samples.server.ts'
import { ensureSamplePromotions } from '#app/features/content/promotions.server.ts'
import { ensureSampleOffers } from '#app/features/content/offers.server.ts'
import { ensureSampleTestimonials } from '#app/features/content/testimonials.server.ts'
import { ensureSampleLessons } from '#app/features/content/lessons.server.ts'
import { getEnv } from '#app/utils/env.server.ts'

/**
 * Seeds what a fresh install needs; safe to run any number of times (each
 * step checks what is there first): the unlock code, the first super admin,
 * an open plan activation code per premium plan and, when none covers this
 * month, the month's referral contest, and the partner brokers (by slug:
 * one staff edited or deactivated stays as it is), then, on a fresh
 * install only, the sample traders (app/features/traders/samples.server.ts),
 * and once the sample promotions (app/features/content/promotions.server.ts)
 * and the sample 0% fee offers (app/features/content/offers.server.ts, tied
 * to the sample traders), and once the sample lessons
 * (app/features/content/lessons.server.ts).
 */
export async function seed(now = new Date()) {
	const env = getEnv()
	const unlockCode = ensureUnlockCode(env.unlockCode)
	const admin = await ensureFirstAdmin(env)
	const planCodes = ensurePlanCodes(now)
	const contestId = ensureMonthlyReferralContest(now)
	ensureSeedBrokers(SEED_BROKERS, now)
	const sampleTraders = ensureSampleTraders(now)
	// Once: the promotions that were constants (decision 062).
	const samplePromotions = ensureSamplePromotions(now)
	const sampleOffers = ensureSampleOffers(now)
	const sampleTestimonials = ensureSampleTestimonials(now)
	// Once: the 15 lessons that were constants, in Markdown (decision 062, Lessons).
	const sampleLessons = ensureSampleLessons(now)
	return {
		unlockCode,
		admin,
		planCodes,
		contestId,
		sampleTraders,
		samplePromotions,
		sampleOffers,
		sampleTestimonials,
		sampleLessons,
	}
}
