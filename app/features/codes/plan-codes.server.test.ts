import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { planCodeBatches, planCodes, users, unlockCodes } from '#db/schema.ts'
import { auditRows, insertAuditActor, insertMember } from '#tests/factories.ts'
import { PLAN_CODE_STATUSES } from '#app/domain/enums.ts'
import { PLAN_CODE_MESSAGES, PlanBatchApiSchema, PlanBatchFormSchema } from '#app/features/codes/schemas.ts'
import { ACTIVATION_CODE_USED, INVALID_ACTIVATION_CODE } from '#app/features/plans/schemas.ts'
import type { Result } from '#app/utils/result.ts'
import {
	batchCodesCountQuery,
	batchCodesQuery,
	batchListQuery,
	cleanUpExpiredCodes,
	exportBatchCsv,
	issuePlanCodeBatch,
	listBatchCodes,
	listBatches,
	maskCode,
	revokePlanCode,
	revokePlanCodeBatch,
} from './plan-codes.server.ts'
import { activatePlan, ensurePlanCodes, START_UP_BATCH_NOTE } from '#app/features/plans/plan.server.ts'
import { addUnlockCode } from './unlock-code.server.ts'

let ip = 0
const meta = () => ({ ip: `203.0.113.${(++ip % 250) + 1}` })

function value<T>(result: Result<T>): T {
	if (!result.ok) throw new Error(`expected success, got ${result.status} ${result.message}`)
	return result.value
}
function refused<T>(result: Result<T>) {
	if (result.ok) throw new Error('expected a refusal')
	return result
}

const input = (over: Partial<Parameters<typeof issuePlanCodeBatch>[1]> = {}) => ({
	plan: 'gold' as const,
	count: 3,
	usesPerCode: 1,
	expiresAt: null,
	note: 'Spring campaign',
	...over,
})

describe('issuePlanCodeBatch', () => {
	test('issues random codes with the plan marker, stored in full, audited once without the codes', () => {
		const admin = insertAuditActor()
		const { batch, codes } = value(issuePlanCodeBatch(admin, input({ plan: 'titanium', count: 5 })))
		expect(codes).toHaveLength(5)
		expect(new Set(codes).size).toBe(5)
		for (const code of codes) expect(code).toMatch(/^TITAN-[A-HJ-NP-Z2-9]{12}$/)
		expect(batch).toMatchObject({ plan: 'titanium', count: 5, note: 'Spring campaign', createdByEmail: admin.email })
		expect(getDb().select().from(planCodes).where(eq(planCodes.batchId, batch.id)).all()).toHaveLength(5)
		const audit = auditRows(batch.id).filter((r) => r.action === 'plan-codes.issue')
		expect(audit).toHaveLength(1)
		const text = JSON.stringify(audit[0])
		for (const code of codes) expect(text).not.toContain(code)
	})

	test('10,000 codes go in fast, in one transaction', () => {
		const started = performance.now()
		const { codes } = value(issuePlanCodeBatch(insertAuditActor(), input({ count: 10_000 })))
		expect(codes).toHaveLength(10_000)
		expect(new Set(codes).size).toBe(10_000)
		expect(performance.now() - started).toBeLessThan(5_000)
	})

	test('the schemas refuse 0 and 10,001 codes, an unknown plan, bad uses, a long or control-char note', () => {
		const errors = (body: unknown) => {
			const parsed = PlanBatchApiSchema.safeParse(body)
			return parsed.success ? {} : parsed.error.flatten().fieldErrors
		}
		const ok = { plan: 'gold', count: 1, usesPerCode: 1, note: 'x' }
		expect(PlanBatchApiSchema.safeParse(ok).success).toBe(true)
		expect(PlanBatchApiSchema.safeParse({ ...ok, count: 10_000 }).success).toBe(true)
		expect(errors({ ...ok, count: 0 }).count).toEqual([PLAN_CODE_MESSAGES.countInvalid])
		expect(errors({ ...ok, count: 10_001 }).count).toEqual([PLAN_CODE_MESSAGES.countInvalid])
		expect(errors({ ...ok, count: 1.5 }).count).toEqual([PLAN_CODE_MESSAGES.countInvalid])
		expect(errors({ ...ok, plan: 'diamond' }).plan).toEqual([PLAN_CODE_MESSAGES.planInvalid])
		expect(errors({ ...ok, plan: 'regular' }).plan).toEqual([PLAN_CODE_MESSAGES.planInvalid])
		expect(errors({ ...ok, usesPerCode: 0 }).usesPerCode).toEqual([PLAN_CODE_MESSAGES.usesInvalid])
		expect(errors({ ...ok, note: 'x'.repeat(201) }).note).toEqual([PLAN_CODE_MESSAGES.noteTooLong])
		expect(errors({ ...ok, note: 'a\u0000b' }).note).toEqual([PLAN_CODE_MESSAGES.noteInvalid])
		expect(errors({ ...ok, note: '  ' }).note).toEqual([PLAN_CODE_MESSAGES.noteRequired])
		expect(errors({ ...ok, expiresAt: '2026-02-30T10:00' }).expiresAt).toEqual([PLAN_CODE_MESSAGES.expiresAtInvalid])
		expect(errors({ ...ok, extra: 1 })).toEqual({})
		expect(PlanBatchApiSchema.safeParse({ ...ok, extra: 1 }).success).toBe(false)
		expect(
			PlanBatchFormSchema.safeParse({ intent: 'issue', ...ok, expiresAt: '2030-01-02T03:04' }).data?.expiresAt,
		).toEqual(new Date('2030-01-02T03:04:00Z'))
	})

	test('an expiry in the past is refused at its field, nothing stored', () => {
		const now = new Date('2030-01-01T00:00:00Z')
		const result = refused(
			issuePlanCodeBatch(insertAuditActor(), input({ expiresAt: new Date(now.getTime() - 1) }), now),
		)
		expect(result.status).toBe(400)
		expect(result.fieldErrors?.expiresAt).toEqual([PLAN_CODE_MESSAGES.expiresAtPast])
		expect(getDb().select().from(planCodeBatches).all()).toHaveLength(0)
		expect(getDb().select().from(planCodes).all()).toHaveLength(0)
	})
})

describe('members activate batch codes as before', () => {
	test('a code used up by one member is refused to the next with the existing message', () => {
		const { codes } = value(issuePlanCodeBatch(insertAuditActor(), input()))
		const first = insertMember()
		expect(activatePlan(first.id, codes[0]!, meta()).ok).toBe(true)
		const next = refused(activatePlan(insertMember().id, codes[0]!, meta()))
		expect(next.status).toBe(400)
		expect(next.message).toBe(INVALID_ACTIVATION_CODE)
		expect(next.fieldErrors).toEqual({ code: [INVALID_ACTIVATION_CODE] })
		// The member who used it is still told it was used.
		getDb().update(users).set({ plan: 'regular' }).where(eq(users.id, first.id)).run()
		expect(refused(activatePlan(first.id, codes[0]!, meta())).message).toBe(ACTIVATION_CODE_USED)
	})

	test('a revoked code is refused with the invalid-code message; a revoked batch too', () => {
		const admin = insertAuditActor()
		const { batch, codes } = value(issuePlanCodeBatch(admin, input()))
		const code = getDb().select().from(planCodes).where(eq(planCodes.code, codes[0]!)).get()!
		value(revokePlanCode(admin, code.id))
		expect(refused(activatePlan(insertMember().id, codes[0]!, meta())).message).toBe(INVALID_ACTIVATION_CODE)
		expect(value(revokePlanCodeBatch(admin, batch.id)).revoked).toBe(2)
		expect(refused(activatePlan(insertMember().id, codes[1]!, meta())).message).toBe(INVALID_ACTIVATION_CODE)
		expect(auditRows(batch.id).filter((r) => r.action === 'plan-codes.revoke-batch')).toHaveLength(1)
	})
})

describe('revoke', () => {
	test('a used-up code cannot be revoked; a partly used multi-use code can; unknown is a 404', () => {
		const admin = insertAuditActor()
		const single = value(issuePlanCodeBatch(admin, input({ count: 1 })))
		const multi = value(issuePlanCodeBatch(admin, input({ count: 1, usesPerCode: 3 })))
		expect(activatePlan(insertMember().id, single.codes[0]!, meta()).ok).toBe(true)
		expect(activatePlan(insertMember().id, multi.codes[0]!, meta()).ok).toBe(true)
		const idOf = (code: string) => getDb().select().from(planCodes).where(eq(planCodes.code, code)).get()!.id
		const used = refused(revokePlanCode(admin, idOf(single.codes[0]!)))
		expect(used).toMatchObject({ status: 409, message: PLAN_CODE_MESSAGES.codeUsed })
		expect(value(revokePlanCode(admin, idOf(multi.codes[0]!))).status).toBe('revoked')
		expect(refused(revokePlanCode(admin, idOf(multi.codes[0]!))).status).toBe(409)
		expect(refused(revokePlanCode(admin, 999_999)).status).toBe(404)
		// The batch with only a used-up code has nothing left to revoke.
		expect(refused(revokePlanCodeBatch(admin, single.batch.id))).toMatchObject({
			status: 409,
			message: PLAN_CODE_MESSAGES.batchNothingToRevoke,
		})
		expect(refused(revokePlanCodeBatch(admin, 999_999)).status).toBe(404)
	})
})

describe('lists and CSV', () => {
	test('batches newest first with counts; codes masked with status filters and who used them; CSV in full', () => {
		const admin = insertAuditActor()
		const now = new Date('2030-01-01T00:00:00Z')
		const older = value(issuePlanCodeBatch(admin, input({ count: 4 }), new Date(now.getTime() - 60_000)))
		const newer = value(
			issuePlanCodeBatch(admin, input({ plan: 'platinum', count: 2, expiresAt: new Date(now.getTime() + 1000) }), now),
		)
		const member = insertMember({ name: 'Ada Member' })
		expect(activatePlan(member.id, older.codes[0]!, meta(), now).ok).toBe(true)
		const codeId = getDb().select().from(planCodes).where(eq(planCodes.code, older.codes[1]!)).get()!.id
		value(revokePlanCode(admin, codeId, now))

		const later = new Date(now.getTime() + 2000)
		const { batches, pagination } = listBatches({ page: 1 }, later)
		expect(batches.map((b) => b.id)).toEqual([newer.batch.id, older.batch.id])
		expect(pagination.totalCount).toBe(2)
		expect(batches[0]!.counts).toEqual({ unused: 0, used: 0, expired: 2, revoked: 0 })
		expect(batches[1]!.counts).toEqual({ unused: 2, used: 1, expired: 0, revoked: 1 })

		const all = listBatchCodes(older.batch.id, { status: null, page: 1 }, later)!
		expect(all.codes).toHaveLength(4)
		for (const c of all.codes) {
			expect(c.code).toMatch(/^GOLD-[A-Z0-9]{4}••••••$/)
			expect(older.codes).not.toContain(c.code)
		}
		const used = listBatchCodes(older.batch.id, { status: 'used', page: 1 }, later)!
		expect(used.codes).toHaveLength(1)
		expect(used.codes[0]!.usedBy).toEqual([
			{ userId: member.id, name: 'Ada Member', email: member.email, at: now.toISOString() },
		])
		expect(listBatchCodes(older.batch.id, { status: 'revoked', page: 1 }, later)!.codes).toHaveLength(1)
		expect(listBatchCodes(older.batch.id, { status: 'unused', page: 1 }, later)!.pagination.totalCount).toBe(2)
		expect(listBatchCodes(newer.batch.id, { status: 'expired', page: 1 }, later)!.codes).toHaveLength(2)
		expect(listBatchCodes(999_999, { status: null, page: 1 })).toBeNull()

		const csv = exportBatchCsv(older.batch.id, later)!
		const lines = csv.replace('\uFEFF', '').trim().split('\r\n')
		expect(lines[0]).toBe('code,plan,uses,max uses,expires,status')
		expect(lines).toHaveLength(5)
		for (const code of older.codes) expect(csv).toContain(code)
		expect(lines[1]).toBe(`${older.codes[0]},gold,1,1,,used`)
		expect(exportBatchCsv(999_999)).toBeNull()
	})

	test('masks keep the marker and four characters', () => {
		expect(maskCode('GOLD-7K2MQXD9P3HF')).toBe('GOLD-7K2M••••••')
		expect(maskCode('TITAN-ABCDEFGH')).toBe('TITAN-ABCD••••••')
	})

	test('the list and each status filter walk an index (EXPLAIN QUERY PLAN)', () => {
		const db = getDb()
		const plan = (query: { toSQL(): { sql: string; params: unknown[] } }) => {
			const { sql, params } = query.toSQL()
			return (db.$client.prepare(`explain query plan ${sql}`).all(...params) as Array<{ detail: string }>)
				.map((r) => r.detail)
				.join('\n')
		}
		const list = plan(batchListQuery(1))
		expect(list).toMatch(/plan_code_batches_created_at_idx/)
		expect(list).not.toMatch(/TEMP B-TREE/)
		for (const status of [null, ...PLAN_CODE_STATUSES]) {
			for (const query of [batchCodesQuery(1, status, 3, new Date()), batchCodesCountQuery(1, status, new Date())]) {
				const text = plan(query)
				expect(text, String(status)).toMatch(
					/USING (COVERING )?INDEX plan_codes_(batch|revoked|used|open_expiry)_idx \(batch_id=/,
				)
				expect(text, String(status)).not.toMatch(/SCAN plan_codes(?! USING)/)
				expect(text, String(status)).not.toMatch(/TEMP B-TREE/)
			}
		}
	})
})

describe('seed and clean-up', () => {
	test('ensurePlanCodes issues its start-up codes inside batches', () => {
		const codes = ensurePlanCodes()
		const batches = getDb().select().from(planCodeBatches).all()
		expect(batches).toHaveLength(3)
		for (const b of batches) expect(b).toMatchObject({ note: START_UP_BATCH_NOTE, createdByEmail: 'system', count: 1 })
		expect(codes.gold).toMatch(/^GOLD-[A-Z0-9]{12}$/)
		expect(
			getDb()
				.select()
				.from(planCodes)
				.all()
				.every((c) => c.batchId !== null),
		).toBe(true)
		expect(ensurePlanCodes()).toEqual(codes)
	})

	test('cleanUpExpiredCodes retires expired unlock codes and deletes unused plan codes 90+ days past expiry', () => {
		const admin = insertAuditActor()
		const now = new Date('2030-06-01T00:00:00Z')
		const day = 86_400_000
		addUnlockCode('OLD-CODE', new Date(now.getTime() - day))
		addUnlockCode('LIVE-CODE')
		const old = value(issuePlanCodeBatch(admin, input({ count: 2 }), new Date(now.getTime() - 200 * day)))
		const recent = value(issuePlanCodeBatch(admin, input({ count: 1 }), new Date(now.getTime() - 200 * day)))
		const member = insertMember()
		expect(activatePlan(member.id, old.codes[0]!, meta(), new Date(now.getTime() - 199 * day)).ok).toBe(true)
		getDb()
			.update(planCodes)
			.set({ expiresAt: new Date(now.getTime() - 91 * day) })
			.where(eq(planCodes.batchId, old.batch.id))
			.run()
		getDb()
			.update(planCodes)
			.set({ expiresAt: new Date(now.getTime() - 89 * day) })
			.where(eq(planCodes.batchId, recent.batch.id))
			.run()
		expect(cleanUpExpiredCodes(now)).toEqual({ unlockCodesRetired: 1, planCodesDeleted: 1 })
		expect(cleanUpExpiredCodes(now)).toEqual({ unlockCodesRetired: 0, planCodesDeleted: 0 })
		const retired = getDb().select().from(unlockCodes).where(eq(unlockCodes.code, 'OLD-CODE')).get()!
		expect(retired).toMatchObject({ active: false, retiredByEmail: 'system' })
		expect(retired.retiredAt).toEqual(retired.expiresAt)
		// The used code stays (plan history); the recent one stays.
		expect(getDb().select().from(planCodes).all()).toHaveLength(2)
		expect(getDb().select().from(users).where(eq(users.id, member.id)).get()!.plan).toBe('gold')
	})
})
