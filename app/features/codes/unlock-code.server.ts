import { and, count, desc, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm'
import { getDb, type Db, type Tx, write } from '#db/client.server.ts'
import { unlockCodes, users, type SelectUnlockCode } from '#db/schema.ts'
import { UNLOCK_CODE_MESSAGES as M } from '#app/features/codes/schemas.ts'
import { randomCode, safeEqual } from '#app/utils/crypto.server.ts'
import { fail, ok, type Result } from '#app/utils/result.ts'
import type { UnlockRotateInput } from '#app/features/codes/schemas.ts'
import { recordAudit, type AuditActor } from '#app/features/audit/audit.server.ts'
import type { AdminUnlockCode, Rotation } from './responses.server.ts'

/**
 * Unlock codes (decisions.md 4): the code the messaging channel hands out.
 * Several may be active at once (a rotation's grace period keeps the
 * previous code working until its expiry); rows are history, never deleted:
 * who created a code, who retired it and when, and how many members
 * unlocked with it (users.unlock_code_id). Staff rotate and retire here
 * (/admin/codes and /api/admin/unlock-codes share these rules).
 */

const SYSTEM = 'system'

function activeWhere(now: Date) {
	return and(eq(unlockCodes.active, true), or(isNull(unlockCodes.expiresAt), gt(unlockCodes.expiresAt, now)))
}

function activeCodes(now = new Date(), db: Db | Tx = getDb()) {
	return db
		.select({ id: unlockCodes.id, code: unlockCodes.code })
		.from(unlockCodes)
		.where(activeWhere(now))
		.orderBy(desc(unlockCodes.createdAt), desc(unlockCodes.id))
		.all()
}

/** The newest active code: the one the channel hands out now. */
export function getCurrentUnlockCode(now = new Date()) {
	return activeCodes(now)[0]?.code ?? null
}

/**
 * The active code a member typed, compared without regard to case and in
 * constant time: its id (stored on the member at unlock), or null.
 */
export function matchUnlockCode(code: string, now = new Date(), db: Db | Tx = getDb()): number | null {
	const wanted = code.trim().toUpperCase()
	let match: number | null = null
	for (const row of activeCodes(now, db)) {
		if (safeEqual(row.code.toUpperCase(), wanted) && match === null) match = row.id
	}
	return match
}

/** Codes are compared without regard to case and in constant time. */
export function isValidUnlockCode(code: string, now = new Date()) {
	return matchUnlockCode(code, now) !== null
}

/** Adds a code (the seed, tests); older codes stay valid until retired or expired. */
export function addUnlockCode(code: string, expiresAt: Date | null = null) {
	write((tx) => tx.insert(unlockCodes).values({ code, expiresAt, createdByEmail: SYSTEM }).onConflictDoNothing().run())
	return code
}

export function generateUnlockCode() {
	return `${randomCode(4)}-${randomCode(4)}`
}

/**
 * Seed step, safe to run twice: makes `preferred` (UNLOCK_CODE) active when
 * given, otherwise keeps the current code or creates one. Seeded rows are
 * created by 'system'.
 */
export function ensureUnlockCode(preferred?: string) {
	if (preferred) {
		const existing = getDb().select().from(unlockCodes).where(eq(unlockCodes.code, preferred)).get()
		if (!existing) addUnlockCode(preferred)
		else if (!existing.active || (existing.expiresAt && existing.expiresAt <= new Date())) {
			write((tx) =>
				tx
					.update(unlockCodes)
					.set({ active: true, expiresAt: null, createdAt: new Date(), retiredAt: null, retiredByEmail: null })
					.where(eq(unlockCodes.id, existing.id))
					.run(),
			)
		}
		return preferred
	}
	return getCurrentUnlockCode() ?? addUnlockCode(generateUnlockCode())
}

// ---------------------------------------------------------------------------
// Staff: the list, rotate, retire

export type { AdminUnlockCode }
type UnlockCodeStatus = AdminUnlockCode['status']

function statusOf(row: SelectUnlockCode, now: Date): UnlockCodeStatus {
	if (!row.active) return 'retired'
	if (row.expiresAt && row.expiresAt <= now) return 'expired'
	return row.expiresAt ? 'expiring' : 'active'
}

/** Most codes a list returns (history is short: a few rotations a month). */
export const UNLOCK_HISTORY_LIMIT = 200

/**
 * Every code, newest first (active ones first), with how many members
 * unlocked with each (users_unlock_code_id_idx).
 */
export function listUnlockCodes(now = new Date()): AdminUnlockCode[] {
	const db = getDb()
	// Qualified by hand: drizzle writes ${unlockCodes.id} as a bare "id" here,
	// which inside the subquery would mean users.id.
	const used = sql<number>`(select count(*) from "users" where "users"."unlock_code_id" = "unlock_codes"."id")`
	const rows = db
		.select({ row: unlockCodes, used })
		.from(unlockCodes)
		.orderBy(desc(unlockCodes.createdAt), desc(unlockCodes.id))
		.limit(UNLOCK_HISTORY_LIMIT)
		.all()
	const currentId = activeCodes(now, db)[0]?.id ?? null
	const list = rows.map(({ row, used }) => unlockCodeView(row, now, currentId, used))
	const live = (c: AdminUnlockCode) => c.status === 'active' || c.status === 'expiring'
	return [...list.filter(live), ...list.filter((c) => !live(c))]
}

/** A code as staff see it: `currentId` is the code members unlock with now, `used` how many did with this one. */
function unlockCodeView(row: SelectUnlockCode, now: Date, currentId: number | null, used: number): AdminUnlockCode {
	return {
		id: row.id,
		code: row.code,
		status: statusOf(row, now),
		current: row.id === currentId,
		expiresAt: row.expiresAt?.toISOString() ?? null,
		createdAt: row.createdAt.toISOString(),
		createdByEmail: row.createdByEmail,
		retiredAt: row.retiredAt?.toISOString() ?? null,
		retiredByEmail: row.retiredByEmail,
		membersUnlocked: used,
	}
}

function toAdminUnlockCode(row: SelectUnlockCode, now: Date, db: Db | Tx): AdminUnlockCode {
	const used = db.select({ n: count() }).from(users).where(eq(users.unlockCodeId, row.id)).get()?.n ?? 0
	return unlockCodeView(row, now, activeCodes(now, db)[0]?.id ?? null, used)
}

const HOUR_MS = 3_600_000

/**
 * Rotation: a new code (the one typed, upper-cased, or a random one) becomes
 * the current code. The previous active codes are retired at once (no
 * grace) or keep working until now + grace (an earlier expiry they already
 * had is kept). A code used before, in any case, is refused at the field.
 * One immediate transaction: two staff rotating at once queue, and the
 * second rotation treats the first's code as a previous one.
 */
export function rotateUnlockCode(
	admin: AuditActor,
	input: UnlockRotateInput,
	now = new Date(),
	db: Db = getDb(),
): Result<Rotation> {
	if (input.expiresAt && input.expiresAt <= now) {
		return fail(400, M.expiresAtPast, { fieldErrors: { expiresAt: [M.expiresAtPast] } })
	}
	const graceHours = input.graceHours ?? 0
	return write((tx) => {
		let text = input.code ?? null
		if (text) {
			const taken = tx
				.select({ id: unlockCodes.id })
				.from(unlockCodes)
				.where(sql`upper(${unlockCodes.code}) = ${text}`)
				.get()
			if (taken) return fail(409, M.codeTaken, { fieldErrors: { code: [M.codeTaken] } })
		} else {
			do text = generateUnlockCode()
			while (tx.select({ id: unlockCodes.id }).from(unlockCodes).where(eq(unlockCodes.code, text)).get())
		}
		const previous = tx.select().from(unlockCodes).where(activeWhere(now)).all()
		const graceUntil = new Date(now.getTime() + graceHours * HOUR_MS)
		const changed = previous.map((row) => {
			if (graceHours === 0) {
				tx.update(unlockCodes)
					.set({ active: false, retiredAt: now, retiredByEmail: admin.email })
					.where(eq(unlockCodes.id, row.id))
					.run()
				return { id: row.id, expiresAt: row.expiresAt?.toISOString() ?? null, retired: true }
			}
			const expiresAt = row.expiresAt && row.expiresAt < graceUntil ? row.expiresAt : graceUntil
			tx.update(unlockCodes).set({ expiresAt }).where(eq(unlockCodes.id, row.id)).run()
			return { id: row.id, expiresAt: expiresAt.toISOString(), retired: false }
		})
		const created = tx
			.insert(unlockCodes)
			.values({
				code: text,
				expiresAt: input.expiresAt ?? null,
				createdByAdminId: admin.id,
				createdByEmail: admin.email,
				createdAt: now,
			})
			.returning()
			.get()
		// The code's text is not logged: the audit log is read by every staff role.
		recordAudit(
			tx,
			{
				admin,
				action: 'unlock-code.rotate',
				targetType: 'unlock-code',
				targetId: created.id,
				before: { activeCodeIds: previous.map((r) => r.id) },
				after: {
					id: created.id,
					typed: Boolean(input.code),
					expiresAt: created.expiresAt,
					graceHours,
					previous: changed,
				},
			},
			now,
		)
		return ok({ code: toAdminUnlockCode(created, now, tx), previous: changed })
	}, db)
}

/**
 * Retire one code: it stops working at once. The last active code cannot be
 * retired (members need one to unlock); an expired or retired one is a 409.
 */
export function retireUnlockCode(
	admin: AuditActor,
	id: number,
	now = new Date(),
	db: Db = getDb(),
): Result<AdminUnlockCode> {
	return write((tx) => {
		const row = tx.select().from(unlockCodes).where(eq(unlockCodes.id, id)).get()
		if (!row) return fail(404, M.notFound)
		if (statusOf(row, now) === 'retired' || statusOf(row, now) === 'expired') return fail(409, M.alreadyRetired)
		const others =
			tx
				.select({ n: count() })
				.from(unlockCodes)
				.where(and(activeWhere(now), sql`${unlockCodes.id} <> ${id}`))
				.get()?.n ?? 0
		if (others === 0) return fail(409, M.lastActive)
		const after = tx
			.update(unlockCodes)
			.set({ active: false, retiredAt: now, retiredByEmail: admin.email })
			.where(eq(unlockCodes.id, id))
			.returning()
			.get()
		recordAudit(
			tx,
			{
				admin,
				action: 'unlock-code.retire',
				targetType: 'unlock-code',
				targetId: id,
				before: { active: row.active, expiresAt: row.expiresAt },
				after: { active: false, retiredAt: now },
			},
			now,
		)
		return ok(toAdminUnlockCode(after, now, tx))
	}, db)
}

/**
 * Scheduler step: codes past their expiry become retired (retired at their
 * expiry, by 'system'). Idempotent. Returns how many changed.
 */
export function retireExpiredUnlockCodes(now: Date, db: Db = getDb()) {
	const result = write(
		(tx) =>
			tx
				.update(unlockCodes)
				.set({ active: false, retiredAt: sql`${unlockCodes.expiresAt}`, retiredByEmail: SYSTEM })
				.where(and(eq(unlockCodes.active, true), isNotNull(unlockCodes.expiresAt), lte(unlockCodes.expiresAt, now)))
				.run(),
		db,
	)
	return result.changes
}
