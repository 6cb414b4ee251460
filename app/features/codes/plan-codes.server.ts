import { and, count, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm'
import { getDb, type Db, type Tx, write } from '#db/client.server.ts'
import { planActivations, planCodeBatches, planCodes, users, type SelectPlanCodeBatch } from '#db/schema.ts'
import type { PlanCodeStatus, PremiumPlan } from '#app/domain/enums.ts'
import { PLAN_CODE_LIMITS, PLAN_CODE_MESSAGES as M } from '#app/features/codes/schemas.ts'
import type { PlanBatchInput } from '#app/features/codes/schemas.ts'
import { paginate, type Pagination } from '#app/features/users/schemas.ts'
import { randomCode } from '#app/utils/crypto.server.ts'
import { csvRow, CSV_BOM } from '#app/utils/csv.ts'
import { fail, ok, type Result } from '#app/utils/result.ts'
import { recordAudit, type AuditActor } from '#app/features/audit/audit.server.ts'
import { PLAN_CODE_MARKER } from '#app/features/plans/plan.server.ts'
import { retireExpiredUnlockCodes } from './unlock-code.server.ts'
import type { AdminBatch, AdminPlanCode, IssuedBatch, RevokedBatch, RevokedPlanCode } from './responses.server.ts'

/**
 * Plan activation codes issued in batches by staff (/admin/codes and
 * /api/admin/plan-code-*). Codes are random (crypto, "GOLD-" + 12 of 32
 * readable characters: 60 bits) and stored in full
 * (docs/decisions/013-staff-tools.md): a code grants only a plan, and staff
 * download a batch's CSV again. Screens show them in full once, right after
 * issue, and in the CSV; lists show them masked. A member's activation stays
 * in plan.server.ts (activatePlan), which refuses revoked codes.
 *
 * A code's status, first that applies: revoked (revoked_at set), used (every
 * use taken), expired (past its expiry), unused. A partly used multi-use
 * code can be revoked (its remaining uses end; the members who used it keep
 * their plan); a used-up code cannot ("revoking a used code" is refused).
 */

export type { AdminBatch, AdminPlanCode }

/** "GOLD-7K2MQXD9P3HF" → "GOLD-7K2M••••••": the marker and 4 characters, enough to tell codes apart when talking. */
export function maskCode(code: string) {
	const dash = code.indexOf('-')
	const keep = dash >= 0 && dash < code.length - 4 ? dash + 5 : Math.min(4, Math.floor(code.length / 2))
	return `${code.slice(0, keep)}••••••`
}

export function generatePlanCode(plan: PremiumPlan) {
	return `${PLAN_CODE_MARKER[plan]}-${randomCode(PLAN_CODE_LIMITS.randomLength)}`
}

// ---------------------------------------------------------------------------
// Status as SQL (each used inside a batch: the batch index plan_codes_batch_idx)

function statusWhere(status: PlanCodeStatus, now: Date): SQL {
	const notRevoked = isNull(planCodes.revokedAt)
	const usedUp = sql`${planCodes.uses} >= ${planCodes.maxUses}`
	const open = sql`${planCodes.uses} < ${planCodes.maxUses}`
	switch (status) {
		case 'revoked':
			return isNotNull(planCodes.revokedAt)
		case 'used':
			return and(notRevoked, usedUp)!
		case 'expired':
			return and(notRevoked, open, isNotNull(planCodes.expiresAt), lte(planCodes.expiresAt, now))!
		case 'unused':
			return and(notRevoked, open, or(isNull(planCodes.expiresAt), gt(planCodes.expiresAt, now)))!
	}
}

function statusOf(row: { revokedAt: Date | null; uses: number; maxUses: number; expiresAt: Date | null }, now: Date) {
	if (row.revokedAt) return 'revoked' as const
	if (row.uses >= row.maxUses) return 'used' as const
	if (row.expiresAt && row.expiresAt <= now) return 'expired' as const
	return 'unused' as const
}

/**
 * The four counts of some batches without reading their every code:
 * revoked and used codes are counted over their own partial indexes
 * (plan_codes_revoked_idx, plan_codes_used_idx), the rest of the batch's
 * `count` is open. A batch's codes share its expiry (issued together; the
 * codes from before batches were grouped with a common one), so once the
 * batch has expired every open code is expired, those the clean-up
 * deleted included, and before that none is.
 */
function countsFor(
	batches: Array<Pick<SelectPlanCodeBatch, 'id' | 'count' | 'expiresAt'>>,
	now: Date,
	db: Db | Tx = getDb(),
) {
	const out = new Map<number, Record<PlanCodeStatus, number>>()
	if (batches.length === 0) return out
	const ids = batches.map((b) => b.id)
	const tally = (where: SQL) =>
		new Map(
			db
				.select({ batchId: planCodes.batchId, n: count() })
				.from(planCodes)
				.where(and(inArray(planCodes.batchId, ids), where))
				.groupBy(planCodes.batchId)
				.all()
				.map((r) => [r.batchId!, r.n]),
		)
	const revoked = tally(statusWhere('revoked', now))
	const used = tally(statusWhere('used', now))
	for (const batch of batches) {
		const r = revoked.get(batch.id) ?? 0
		const u = used.get(batch.id) ?? 0
		const open = Math.max(0, batch.count - r - u)
		const expired = batch.expiresAt && batch.expiresAt <= now ? open : 0
		out.set(batch.id, { revoked: r, used: u, expired, unused: open - expired })
	}
	return out
}

const NO_COUNTS: Record<PlanCodeStatus, number> = { unused: 0, used: 0, expired: 0, revoked: 0 }

function toAdminBatch(row: SelectPlanCodeBatch, counts: Record<PlanCodeStatus, number> | undefined): AdminBatch {
	return {
		id: row.id,
		plan: row.plan as PremiumPlan,
		count: row.count,
		usesPerCode: row.usesPerCode,
		expiresAt: row.expiresAt?.toISOString() ?? null,
		note: row.note,
		createdByEmail: row.createdByEmail,
		createdAt: row.createdAt.toISOString(),
		revokedAt: row.revokedAt?.toISOString() ?? null,
		counts: counts ?? NO_COUNTS,
	}
}

// ---------------------------------------------------------------------------
// Reading

/** The batches list statement (the EXPLAIN QUERY PLAN test reads it): newest first over plan_code_batches_created_at_idx. */
export function batchListQuery(page: number, limit: number = PLAN_CODE_LIMITS.pageSize, db: Db = getDb()) {
	return db
		.select()
		.from(planCodeBatches)
		.orderBy(desc(planCodeBatches.createdAt), desc(planCodeBatches.id))
		.limit(limit)
		.offset((page - 1) * limit)
}

export function listBatches(
	{ page }: { page: number },
	now = new Date(),
): { batches: AdminBatch[]; pagination: Pagination } {
	const db = getDb()
	const limit = PLAN_CODE_LIMITS.pageSize
	const total = db.select({ n: count() }).from(planCodeBatches).get()?.n ?? 0
	const rows = batchListQuery(page, limit, db).all()
	const counts = countsFor(rows, now, db)
	return { batches: rows.map((r) => toAdminBatch(r, counts.get(r.id))), pagination: paginate(total, page, limit) }
}

export function getBatch(id: number, now = new Date(), db: Db | Tx = getDb()): AdminBatch | null {
	const row = db.select().from(planCodeBatches).where(eq(planCodeBatches.id, id)).get()
	return row ? toAdminBatch(row, countsFor([row], now, db).get(id)) : null
}

export const BATCH_CODES_PAGE_SIZE = 50

/** A batch's codes statement (the EXPLAIN QUERY PLAN test reads it): the batch index, in issue order. */
export function batchCodesQuery(
	batchId: number,
	status: PlanCodeStatus | null,
	page: number,
	now: Date,
	db: Db = getDb(),
) {
	return db
		.select()
		.from(planCodes)
		.where(and(eq(planCodes.batchId, batchId), status ? statusWhere(status, now) : undefined))
		.orderBy(planCodes.id)
		.limit(BATCH_CODES_PAGE_SIZE)
		.offset((page - 1) * BATCH_CODES_PAGE_SIZE)
}

export function batchCodesCountQuery(batchId: number, status: PlanCodeStatus | null, now: Date, db: Db = getDb()) {
	return db
		.select({ n: count() })
		.from(planCodes)
		.where(and(eq(planCodes.batchId, batchId), status ? statusWhere(status, now) : undefined))
}

/** Who used each code and when (plan_activations_code_idx), oldest first. */
function usesOf(codeIds: number[], db: Db) {
	const out = new Map<number, AdminPlanCode['usedBy']>()
	if (codeIds.length === 0) return out
	const rows = db
		.select({
			codeId: planActivations.codeId,
			userId: users.id,
			name: users.name,
			email: users.email,
			at: planActivations.createdAt,
		})
		.from(planActivations)
		.innerJoin(users, eq(users.id, planActivations.userId))
		.where(inArray(planActivations.codeId, codeIds))
		.orderBy(planActivations.createdAt, planActivations.id)
		.all()
	for (const row of rows) {
		const list = out.get(row.codeId!) ?? []
		list.push({ userId: row.userId, name: row.name, email: row.email, at: row.at.toISOString() })
		out.set(row.codeId!, list)
	}
	return out
}

/**
 * One page of a batch's codes, masked, with their status and who used them.
 * Null for an unknown batch. A page past the end is empty.
 */
export function listBatchCodes(
	batchId: number,
	{ status, page }: { status: PlanCodeStatus | null; page: number },
	now = new Date(),
): { batch: AdminBatch; codes: AdminPlanCode[]; pagination: Pagination } | null {
	const db = getDb()
	const batch = getBatch(batchId, now, db)
	if (!batch) return null
	const total = batchCodesCountQuery(batchId, status, now, db).get()?.n ?? 0
	const rows = batchCodesQuery(batchId, status, page, now, db).all()
	const uses = usesOf(
		rows.filter((r) => r.uses > 0).map((r) => r.id),
		db,
	)
	return {
		batch,
		codes: rows.map((row) => ({
			id: row.id,
			code: maskCode(row.code),
			plan: row.plan as PremiumPlan,
			uses: row.uses,
			maxUses: row.maxUses,
			expiresAt: row.expiresAt?.toISOString() ?? null,
			revokedAt: row.revokedAt?.toISOString() ?? null,
			status: statusOf(row, now),
			usedBy: uses.get(row.id) ?? [],
		})),
		pagination: paginate(total, page, BATCH_CODES_PAGE_SIZE),
	}
}

/** The batch's codes in full, one row per code, for the download. Null for an unknown batch. */
export function exportBatchCsv(batchId: number, now = new Date()): string | null {
	const db = getDb()
	const batch = db.select().from(planCodeBatches).where(eq(planCodeBatches.id, batchId)).get()
	if (!batch) return null
	const rows = db.select().from(planCodes).where(eq(planCodes.batchId, batchId)).orderBy(planCodes.id).all()
	let out = CSV_BOM + csvRow(['code', 'plan', 'uses', 'max uses', 'expires', 'status'])
	for (const row of rows) {
		out += csvRow([row.code, row.plan, row.uses, row.maxUses, row.expiresAt?.toISOString() ?? '', statusOf(row, now)])
	}
	return out
}

export function batchCsvFileName(batchId: number) {
	return `plan-codes-batch-${batchId}.csv`
}

// ---------------------------------------------------------------------------
// Changes

/**
 * Inserts a batch and its codes in the caller's transaction: one prepared
 * INSERT run per code (10,000 codes in well under a second). A generated
 * code that already exists (a 1 in 2^60 chance) is drawn again.
 */
export function insertBatch(
	tx: Tx,
	batch: {
		plan: PremiumPlan
		count: number
		usesPerCode: number
		expiresAt: Date | null
		note: string
		createdByAdminId: number | null
		createdByEmail: string
	},
	now: Date,
) {
	const row = tx
		.insert(planCodeBatches)
		.values({ ...batch, createdAt: now })
		.returning()
		.get()
	const client = getDb().$client
	const insert = client.prepare(
		'insert or ignore into plan_codes (code, plan, max_uses, uses, expires_at, batch_id, created_at) values (?, ?, ?, 0, ?, ?, ?)',
	)
	const codes: string[] = []
	const expires = batch.expiresAt ? batch.expiresAt.getTime() : null
	while (codes.length < batch.count) {
		const code = generatePlanCode(batch.plan)
		if (insert.run(code, batch.plan, batch.usesPerCode, expires, row.id, now.getTime()).changes === 1) codes.push(code)
	}
	return { batch: row, codes }
}

/**
 * Issue a batch: `count` codes for a premium plan, each good for
 * `usesPerCode` activations until `expiresAt` (none: no expiry). Audited once
 * (plan-codes.issue) without the codes. Answers the codes in full: the only
 * time a screen shows them (the CSV aside).
 */
export function issuePlanCodeBatch(admin: AuditActor, input: PlanBatchInput, now = new Date()): Result<IssuedBatch> {
	if (input.expiresAt && input.expiresAt <= now) {
		return fail(400, M.expiresAtPast, { fieldErrors: { expiresAt: [M.expiresAtPast] } })
	}
	const db = getDb()
	return write((tx) => {
		const { batch, codes } = insertBatch(
			tx,
			{
				plan: input.plan,
				count: input.count,
				usesPerCode: input.usesPerCode,
				expiresAt: input.expiresAt ?? null,
				note: input.note,
				createdByAdminId: admin.id,
				createdByEmail: admin.email,
			},
			now,
		)
		recordAudit(
			tx,
			{
				admin,
				action: 'plan-codes.issue',
				targetType: 'plan-code-batch',
				targetId: batch.id,
				after: {
					plan: batch.plan,
					count: batch.count,
					usesPerCode: batch.usesPerCode,
					expiresAt: batch.expiresAt,
					note: batch.note,
				},
			},
			now,
		)
		return ok({ batch: toAdminBatch(batch, { ...NO_COUNTS, unused: codes.length }), codes })
	}, db)
}

/**
 * Revoke one code: it stops working at once. A used-up code is refused (its
 * uses are history); a revoked one is a 409; a partly used one is revoked.
 */
export function revokePlanCode(
	admin: AuditActor,
	codeId: number,
	now = new Date(),
	db: Db = getDb(),
): Result<RevokedPlanCode> {
	return write((tx) => {
		const row = tx.select().from(planCodes).where(eq(planCodes.id, codeId)).get()
		if (!row) return fail(404, M.codeNotFound)
		if (row.revokedAt) return fail(409, M.codeAlreadyRevoked)
		if (row.uses >= row.maxUses) return fail(409, M.codeUsed, { fieldErrors: { codeId: [M.codeUsed] } })
		tx.update(planCodes).set({ revokedAt: now }).where(eq(planCodes.id, codeId)).run()
		recordAudit(
			tx,
			{
				admin,
				action: 'plan-code.revoke',
				targetType: 'plan-code',
				targetId: codeId,
				before: { code: maskCode(row.code), batchId: row.batchId, uses: row.uses, maxUses: row.maxUses },
				after: { revokedAt: now },
			},
			now,
		)
		return ok({ id: codeId, batchId: row.batchId, status: 'revoked' as const })
	}, db)
}

/**
 * Revoke a batch: every code not used up is revoked (used-up ones stay
 * used), and the batch is marked revoked. Audited once. A 409 when nothing
 * is left to revoke.
 */
export function revokePlanCodeBatch(
	admin: AuditActor,
	batchId: number,
	now = new Date(),
	db: Db = getDb(),
): Result<RevokedBatch> {
	return write((tx) => {
		const batch = tx.select().from(planCodeBatches).where(eq(planCodeBatches.id, batchId)).get()
		if (!batch) return fail(404, M.batchNotFound)
		const revoked = tx
			.update(planCodes)
			.set({ revokedAt: now })
			.where(
				and(eq(planCodes.batchId, batchId), isNull(planCodes.revokedAt), lt(planCodes.uses, sql`${planCodes.maxUses}`)),
			)
			.run().changes
		if (revoked === 0) return fail(409, M.batchNothingToRevoke)
		tx.update(planCodeBatches).set({ revokedAt: now }).where(eq(planCodeBatches.id, batchId)).run()
		recordAudit(
			tx,
			{
				admin,
				action: 'plan-codes.revoke-batch',
				targetType: 'plan-code-batch',
				targetId: batchId,
				before: { revokedAt: batch.revokedAt },
				after: { revokedAt: now, codesRevoked: revoked },
			},
			now,
		)
		return ok({ batch: getBatch(batchId, now, tx)!, revoked })
	}, db)
}

/**
 * The scheduler's code clean-up (idempotent, safe in two processes): unlock
 * codes past their expiry are marked retired, and unused plan codes whose
 * expiry is more than 90 days past are deleted (codes with uses stay: they
 * are members' plan history; revoked-but-unused ones go too once expired).
 * A batch's `count` keeps saying how many were issued.
 */
export function cleanUpExpiredCodes(now: Date): { unlockCodesRetired: number; planCodesDeleted: number } {
	const db = getDb()
	return write(() => {
		const unlockCodesRetired = retireExpiredUnlockCodes(now, db)
		const cutoff = new Date(now.getTime() - PLAN_CODE_LIMITS.purgeAfterDays * 86_400_000)
		const planCodesDeleted = write(
			(tx) =>
				tx
					.delete(planCodes)
					.where(and(isNotNull(planCodes.expiresAt), lt(planCodes.expiresAt, cutoff), eq(planCodes.uses, 0)))
					.run(),
			db,
		).changes
		return { unlockCodesRetired, planCodesDeleted }
	}, db)
}

/** Every code of a batch in full, in issue order: the one-time display right after issue. */
export function batchCodesInFull(batchId: number): string[] {
	return getDb()
		.select({ code: planCodes.code })
		.from(planCodes)
		.where(eq(planCodes.batchId, batchId))
		.orderBy(planCodes.id)
		.all()
		.map((r) => r.code)
}
