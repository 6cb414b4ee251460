import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { planActivations, planCodes, users } from '#db/schema.ts'
import { insertMember } from '#tests/factories.ts'
import { PREMIUM_PLANS } from '#app/domain/enums.ts'
import {
	ACTIVATION_CODE_REQUIRED,
	ACTIVATION_CODE_USED,
	INVALID_ACTIVATION_CODE,
	PLAN_ALREADY_ACTIVE,
	PLAN_LOWER_THAN_CURRENT,
} from '#app/features/plans/schemas.ts'
import type { Result } from '#app/utils/result.ts'
import { activatePlan, ensurePlanCodes, issuePlanCode } from './plan.server.ts'
import { getUserById } from '#app/features/users/user.server.ts'

let ip = 0
const meta = () => ({ ip: `198.51.100.${++ip}` })

function refused<T>(result: Result<T>) {
	if (result.ok) throw new Error('expected a refusal')
	return result
}

const planOf = (id: number) => getUserById(id)!.plan

describe('activatePlan', () => {
	test.each([
		['gold', 'GOLD-ABCD2345'],
		['titanium', 'TITAN-ABCD2345'],
		['platinum', 'PLAT-ABCD2345'],
	] as const)('a %s code moves a regular member to %s and is used once', (plan, code) => {
		issuePlanCode({ plan, code })
		const member = insertMember()
		const result = activatePlan(member.id, code, meta())
		expect(result).toEqual({ ok: true, value: { plan, previousPlan: 'regular' } })
		expect(planOf(member.id)).toBe(plan)
		expect(getDb().select().from(planCodes).where(eq(planCodes.code, code)).get()!.uses).toBe(1)
		expect(getDb().select().from(planActivations).all()).toMatchObject([
			{ userId: member.id, fromPlan: 'regular', toPlan: plan },
		])
	})

	test('a code that was never issued changes nothing, even if it follows the GOLD/TITAN/PLAT pattern', () => {
		issuePlanCode({ plan: 'gold', code: 'GOLD-REAL0001' })
		const member = insertMember()
		for (const code of [
			'GOLD-FAKE0001',
			'GOLD',
			'PLATINUM',
			'TITAN-1',
			"' OR 1=1 --",
			'GOLD-REAL000',
			'GOLD-REAL00011',
		]) {
			const failure = refused(activatePlan(member.id, code, meta()))
			expect(failure.status).toBe(400)
			expect(failure.fieldErrors).toEqual({ code: [INVALID_ACTIVATION_CODE] })
		}
		expect(planOf(member.id)).toBe('regular')
		expect(getDb().select().from(planActivations).all()).toHaveLength(0)
	})

	test('codes are case sensitive; spaces around are trimmed', () => {
		issuePlanCode({ plan: 'gold', code: 'GOLD-CaSe2345' })
		const member = insertMember()
		expect(refused(activatePlan(member.id, 'gold-case2345', meta())).status).toBe(400)
		expect(refused(activatePlan(member.id, 'GOLD-CASE2345', meta())).status).toBe(400)
		expect(planOf(member.id)).toBe('regular')
		expect(activatePlan(member.id, '  GOLD-CaSe2345 ', meta()).ok).toBe(true)
		expect(planOf(member.id)).toBe('gold')
	})

	test('a single-use code works once: the second member is refused as with an unknown code and keeps their plan', () => {
		const code = issuePlanCode({ plan: 'platinum' })
		const first = insertMember()
		const second = insertMember()
		expect(activatePlan(first.id, code, meta()).ok).toBe(true)
		const failure = refused(activatePlan(second.id, code, meta()))
		expect(failure.status).toBe(400)
		expect(failure.message).toBe(INVALID_ACTIVATION_CODE)
		expect(failure.fieldErrors).toEqual({ code: [INVALID_ACTIVATION_CODE] })
		expect(planOf(second.id)).toBe('regular')
		expect(getDb().select().from(planActivations).all()).toHaveLength(1)
	})

	test('the member who used a code is told so when they enter it again', () => {
		const code = issuePlanCode({ plan: 'gold' })
		const member = insertMember()
		expect(activatePlan(member.id, code, meta()).ok).toBe(true)
		getDb().update(users).set({ plan: 'regular' }).where(eq(users.id, member.id)).run()
		const failure = refused(activatePlan(member.id, code, meta()))
		expect(failure.status).toBe(409)
		expect(failure.fieldErrors).toEqual({ code: [ACTIVATION_CODE_USED] })
		expect(planOf(member.id)).toBe('regular')
	})

	test('a code issued for 2 uses serves two members, once each', () => {
		const code = issuePlanCode({ plan: 'gold', maxUses: 2 })
		const [a, b, c] = [insertMember(), insertMember(), insertMember()]
		expect(activatePlan(a.id, code, meta()).ok).toBe(true)
		// The same member cannot use it twice (after moving up and back, say).
		getDb().update(users).set({ plan: 'regular' }).where(eq(users.id, a.id)).run()
		expect(refused(activatePlan(a.id, code, meta())).message).toBe(ACTIVATION_CODE_USED)
		expect(activatePlan(b.id, code, meta()).ok).toBe(true)
		expect(refused(activatePlan(c.id, code, meta())).message).toBe(INVALID_ACTIVATION_CODE)
	})

	test('an expired code is refused', () => {
		const code = issuePlanCode({ plan: 'gold', expiresAt: new Date(Date.now() - 1000) })
		const member = insertMember()
		expect(refused(activatePlan(member.id, code, meta())).message).toBe(INVALID_ACTIVATION_CODE)
		expect(planOf(member.id)).toBe('regular')
	})

	test('the current plan, or a lower one, is refused without using the code', () => {
		const gold = issuePlanCode({ plan: 'gold' })
		const member = insertMember({ plan: 'gold' })
		expect(refused(activatePlan(member.id, gold, meta())).message).toBe(PLAN_ALREADY_ACTIVE)
		const platinum = insertMember({ plan: 'platinum' })
		expect(refused(activatePlan(platinum.id, gold, meta())).message).toBe(PLAN_LOWER_THAN_CURRENT)
		expect(planOf(platinum.id)).toBe('platinum')
		expect(getDb().select().from(planCodes).where(eq(planCodes.code, gold)).get()!.uses).toBe(0)
		// Moving up from gold to titanium works.
		expect(activatePlan(member.id, issuePlanCode({ plan: 'titanium' }), meta()).ok).toBe(true)
		expect(planOf(member.id)).toBe('titanium')
	})

	test('an empty code is a field error and changes nothing', () => {
		const member = insertMember()
		for (const code of ['', '   ']) {
			const failure = refused(activatePlan(member.id, code, meta()))
			expect(failure.status).toBe(400)
			expect(failure.fieldErrors).toEqual({ code: [ACTIVATION_CODE_REQUIRED] })
		}
	})

	test('attempts are rate limited per member', () => {
		const member = insertMember()
		let last: Result<unknown> | undefined
		for (let i = 0; i < 11; i++) last = activatePlan(member.id, `GOLD-WRONG${i}`, meta())
		expect(refused(last!).status).toBe(429)
	})
})

describe('issuing codes', () => {
	test('generated codes carry the plan marker; a given code must too', () => {
		expect(issuePlanCode({ plan: 'gold' })).toMatch(/^GOLD-[A-Z0-9]{8}$/)
		expect(issuePlanCode({ plan: 'titanium' })).toMatch(/^TITAN-/)
		expect(issuePlanCode({ plan: 'platinum' })).toMatch(/^PLAT-/)
		expect(() => issuePlanCode({ plan: 'gold', code: 'PLAT-1234' })).toThrow()
		expect(() => issuePlanCode({ plan: 'gold', maxUses: 0 })).toThrow()
	})

	test('the seed keeps one open code per premium plan, issuing a new one when used', () => {
		const first = ensurePlanCodes()
		expect(Object.keys(first).sort()).toEqual([...PREMIUM_PLANS].sort())
		expect(ensurePlanCodes()).toEqual(first)
		expect(getDb().select().from(planCodes).all()).toHaveLength(3)
		expect(activatePlan(insertMember().id, first.gold, meta()).ok).toBe(true)
		const second = ensurePlanCodes()
		expect(second.gold).not.toBe(first.gold)
		expect(second.platinum).toBe(first.platinum)
	})
})
