import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm'
import { getDb, write } from '#db/client.server.ts'
import { planActivations, planCodes, users } from '#db/schema.ts'
import { PLANS, PREMIUM_PLANS, type Plan, type PremiumPlan } from '#app/domain/enums.ts'
import { planCards } from '#app/content/dashboard.ts'
import type { PlanCardView } from '#app/features/plans/responses.server.ts'
import { randomCode } from '#app/utils/crypto.server.ts'
import { log } from '#app/utils/log.server.ts'
import {
	ACTIVATION_CODE_REQUIRED,
	ACTIVATION_CODE_USED,
	INVALID_ACTIVATION_CODE,
	PLAN_ALREADY_ACTIVE,
	PLAN_LOWER_THAN_CURRENT,
} from '#app/features/plans/schemas.ts'
import { insertBatch } from '#app/features/codes/plan-codes.server.ts'
import { limitedAttempt, resetRateLimit } from '#app/utils/rate-limit.server.ts'
import { fail, ok, type Result } from '#app/utils/result.ts'

/**
 * Plans and their activation codes (stored on the server: only issued codes work). Codes are
 * issued here, one plan each; their text follows the spec's rule (a gold
 * code contains GOLD, titanium TITAN, platinum PLAT). They are case
 * sensitive and single use unless issued with more uses.
 */
export const PLAN_CODE_MARKER: Record<PremiumPlan, string> = { gold: 'GOLD', titanium: 'TITAN', platinum: 'PLAT' }

/** Plans by capital, low to high (regular < gold < titanium < platinum). */
export function planRank(plan: Plan) {
	return PLANS.indexOf(plan)
}

export function planName(plan: Plan) {
	return planCards.find((p) => p.id === plan)?.name ?? plan
}

/** The plan ladder as the member sees it (plans page and GET /api/member/plans): each card's state against their plan. */
export function planCardsFor(current: Plan): PlanCardView[] {
	return planCards.map((card) => ({
		...card,
		state: (card.id === current ? 'current' : planRank(card.id) < planRank(current) ? 'included' : 'available') as
			'current' | 'included' | 'available',
	}))
}

/**
 * Issues a code for `plan`. Without `code`, one is generated
 * ("GOLD-7K2M9QXD"). A given code must carry the plan's marker.
 */
export function issuePlanCode({
	plan,
	maxUses = 1,
	expiresAt = null,
	code,
}: {
	plan: PremiumPlan
	maxUses?: number
	expiresAt?: Date | null
	code?: string
}) {
	const marker = PLAN_CODE_MARKER[plan]
	const text = code ?? `${marker}-${randomCode(8)}`
	if (!text.includes(marker)) throw new Error(`A ${plan} code must contain ${marker}`)
	if (!Number.isInteger(maxUses) || maxUses < 1) throw new Error('maxUses must be a positive integer')
	write((tx) => tx.insert(planCodes).values({ code: text, plan, maxUses, expiresAt }).run())
	return text
}

/** An unused, unrevoked, unexpired code for `plan`, if any (for the start banner). */
function findOpenCode(plan: PremiumPlan, now: Date) {
	return (
		getDb()
			.select({ code: planCodes.code })
			.from(planCodes)
			.where(
				and(
					eq(planCodes.plan, plan),
					isNull(planCodes.revokedAt),
					lt(planCodes.uses, sql`${planCodes.maxUses}`),
					or(isNull(planCodes.expiresAt), gt(planCodes.expiresAt, now)),
				),
			)
			.limit(1)
			.get()?.code ?? null
	)
}

export const START_UP_BATCH_NOTE = 'Issued at start-up'

/**
 * Seed step, safe to repeat: each premium plan has at least one open code.
 * Missing ones are issued in a batch per plan ('Issued at start-up', by
 * 'system'), so every code is listed on /admin/codes. Returns one open code
 * per plan, for `npm start` to print.
 */
export function ensurePlanCodes(now = new Date()): Record<PremiumPlan, string> {
	const out = {} as Record<PremiumPlan, string>
	for (const plan of PREMIUM_PLANS) {
		out[plan] =
			findOpenCode(plan, now) ??
			write(
				(tx) =>
					insertBatch(
						tx,
						{
							plan,
							count: 1,
							usesPerCode: 1,
							expiresAt: null,
							note: START_UP_BATCH_NOTE,
							createdByAdminId: null,
							createdByEmail: 'system',
						},
						now,
					).codes[0]!,
			)
	}
	return out
}

/**
 * A member enters an activation code: a valid code moves their stored plan
 * to the code's plan and uses the code once; anything else changes nothing.
 */
export function activatePlan(
	userId: number,
	rawCode: string,
	meta: { ip: string },
	now = new Date(),
): Result<{ plan: Plan; previousPlan: Plan }> {
	const code = rawCode.trim()
	if (!code) return fail(400, ACTIVATION_CODE_REQUIRED, { fieldErrors: { code: [ACTIVATION_CODE_REQUIRED] } })
	const blocked = limitedAttempt('plan-code', meta.ip, String(userId), { event: 'plan.activate', fields: { userId } })
	if (blocked) return blocked
	const db = getDb()
	const result = write((tx): Result<{ plan: Plan; previousPlan: Plan }> => {
		const user = tx.select({ plan: users.plan }).from(users).where(eq(users.id, userId)).get()
		if (!user) return fail(401, 'Not signed in')
		// `=` on SQLite text is byte for byte: "gold-..." does not match "GOLD-...".
		const row = tx.select().from(planCodes).where(eq(planCodes.code, code)).get()
		// A revoked code reads as any unknown code.
		if (!row || row.revokedAt || (row.expiresAt && row.expiresAt <= now)) {
			return fail(400, INVALID_ACTIVATION_CODE, { fieldErrors: { code: [INVALID_ACTIVATION_CODE] } })
		}
		const usedByMe = tx
			.select({ id: planActivations.id })
			.from(planActivations)
			.where(and(eq(planActivations.codeId, row.id), eq(planActivations.userId, userId)))
			.get()
		// The member re-entering a code they used is told so; a code used up by
		// other members reads as any unknown code (it reveals nothing about them).
		if (usedByMe) {
			return fail(409, ACTIVATION_CODE_USED, { fieldErrors: { code: [ACTIVATION_CODE_USED] } })
		}
		if (row.uses >= row.maxUses) {
			return fail(400, INVALID_ACTIVATION_CODE, { fieldErrors: { code: [INVALID_ACTIVATION_CODE] } })
		}
		if (row.plan === user.plan) {
			return fail(409, PLAN_ALREADY_ACTIVE, { fieldErrors: { code: [PLAN_ALREADY_ACTIVE] } })
		}
		if (planRank(row.plan) < planRank(user.plan)) {
			return fail(409, PLAN_LOWER_THAN_CURRENT, { fieldErrors: { code: [PLAN_LOWER_THAN_CURRENT] } })
		}
		tx.update(planCodes)
			.set({ uses: row.uses + 1 })
			.where(eq(planCodes.id, row.id))
			.run()
		tx.update(users).set({ plan: row.plan, updatedAt: now }).where(eq(users.id, userId)).run()
		tx.insert(planActivations)
			.values({ userId, codeId: row.id, fromPlan: user.plan, toPlan: row.plan, createdAt: now })
			.run()
		return ok({ plan: row.plan, previousPlan: user.plan })
	}, db)
	if (result.ok) resetRateLimit('plan-code:account', String(userId))
	log('plan.activate', {
		ip: meta.ip,
		userId,
		result: result.ok ? 'success' : 'refused',
		...(result.ok ? { plan: result.value.plan } : { status: result.status }),
	})
	return result
}
