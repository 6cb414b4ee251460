import { alias } from 'drizzle-orm/sqlite-core'
import { and, count, desc, eq, isNotNull, ne } from 'drizzle-orm'
import { getDb, type Tx, write } from '#db/client.server.ts'
import { referralCredits, users, type SelectReferralCredit } from '#db/schema.ts'
import { REFERRAL_MESSAGES } from '#app/features/referrals/schemas.ts'
import type { ReferralReviewView } from '#app/features/referrals/schemas.ts'
import { paginate, type Pagination } from '#app/features/users/schemas.ts'
import { log } from '#app/utils/log.server.ts'
import { fail, ok, type Result } from '#app/utils/result.ts'
import { recordAudit, type AuditActor } from '#app/features/audit/audit.server.ts'
import { rescoreContests } from '#app/features/contests/scoring.server.ts'
import { notifyReferralRejected } from '#app/features/notifications/member-notifications.server.ts'
import { applyCredit } from './referral.server.ts'
import { describeSignal, type ReferralSignal } from './signals.server.ts'
import type { PublicReferralReview } from './responses.server.ts'
import { displayName } from '#app/features/users/user.server.ts'

/**
 * Staff review of held referrals (issue 15 part 4, /admin/referrals and
 * /api/admin/referrals*): list held or decided ones, approve (the points
 * count exactly as a clean credit's would, in one transaction) or reject
 * with a reason. Each decision is audited and told to the referrer; a
 * decided referral answers 409.
 */
export type { PublicReferralReview }

function parseSignals(json: string | null): PublicReferralReview['signals'] {
	if (!json) return []
	try {
		const list = JSON.parse(json) as ReferralSignal[]
		return Array.isArray(list) ? list.map((s) => ({ ...s, description: describeSignal(s) })) : []
	} catch {
		return []
	}
}

const isReviewed = isNotNull(referralCredits.reviewedAt)
const referrer = alias(users, 'referrer')
const referred = alias(users, 'referred')

function selectReviews(db: ReturnType<typeof getDb> | Tx) {
	return db
		.select({
			credit: referralCredits,
			referrer: { id: referrer.id, name: referrer.name, email: referrer.email },
			referred: { id: referred.id, name: referred.name, email: referred.email },
		})
		.from(referralCredits)
		.innerJoin(referrer, eq(referrer.id, referralCredits.referrerId))
		.leftJoin(referred, eq(referred.id, referralCredits.referredUserId))
}

type ReviewRow = {
	credit: SelectReferralCredit
	referrer: { id: number; name: string; email: string }
	referred: { id: number; name: string; email: string } | null
}

function toPublic(row: ReviewRow): PublicReferralReview {
	const c = row.credit
	return {
		id: c.id,
		status: c.status,
		points: c.points,
		createdAt: c.createdAt.toISOString(),
		referrer: row.referrer,
		referred: row.referred,
		signals: parseSignals(c.signals),
		reviewedAt: c.reviewedAt ? c.reviewedAt.toISOString() : null,
		reviewedBy: c.reviewedBy,
		reviewReason: c.reviewReason,
	}
}

/**
 * Held referrals (oldest first: the queue) or decided ones (referrals that
 * were held and then approved or rejected, newest decision first), paged.
 */
export function listReferralReviews(
	view: ReferralReviewView,
	page: number,
	limit: number,
): { referrals: PublicReferralReview[]; pagination: Pagination } {
	const db = getDb()
	const where =
		view === 'held' ? eq(referralCredits.status, 'held') : and(ne(referralCredits.status, 'held'), isReviewed)
	const total = db.select({ n: count() }).from(referralCredits).where(where).get()?.n ?? 0
	const query = selectReviews(db).where(where)
	const ordered =
		view === 'held'
			? query.orderBy(referralCredits.createdAt, referralCredits.id)
			: query.orderBy(desc(referralCredits.reviewedAt), desc(referralCredits.id))
	const referrals = ordered
		.limit(limit)
		.offset((page - 1) * limit)
		.all()
		.map(toPublic)
	return { referrals, pagination: paginate(total, page, limit) }
}

export function getReferralReview(id: number): PublicReferralReview | null {
	const row = selectReviews(getDb()).where(eq(referralCredits.id, id)).get()
	return row ? toPublic(row) : null
}

type Decision = { kind: 'approve' } | { kind: 'reject'; reason: string }

function decide(admin: AuditActor, id: number, decision: Decision, now: Date): Result<PublicReferralReview> {
	const result = write((tx): Result<null> => {
		const before = tx.select().from(referralCredits).where(eq(referralCredits.id, id)).get()
		if (!before) return fail(404, REFERRAL_MESSAGES.notFound)
		if (before.status !== 'held') return fail(409, REFERRAL_MESSAGES.alreadyDecided)
		const approve = decision.kind === 'approve'
		const reason = approve ? null : decision.reason
		// Only a row still held changes: a second decision at the same moment finds none.
		const changed = tx
			.update(referralCredits)
			.set({ status: approve ? 'credited' : 'rejected', reviewedAt: now, reviewedBy: admin.id, reviewReason: reason })
			.where(and(eq(referralCredits.id, id), eq(referralCredits.status, 'held')))
			.run()
		if (changed.changes !== 1) return fail(409, REFERRAL_MESSAGES.alreadyDecided)
		const referredRow = before.referredUserId
			? tx.select({ name: users.name }).from(users).where(eq(users.id, before.referredUserId)).get()
			: undefined
		const referredName = referredRow ? displayName(referredRow.name) : 'a deleted member'
		if (approve) {
			applyCredit(tx, { referrerId: before.referrerId, points: before.points, referredName }, now)
			// The referrer's activity contests count the referral from now on.
			rescoreContests(tx, { types: ['activity'], userIds: [before.referrerId] }, now)
		} else {
			notifyReferralRejected(tx, { referrerId: before.referrerId, referredName, reason: decision.reason }, now)
		}
		recordAudit(
			tx,
			{
				admin,
				action: approve ? 'referral.approve' : 'referral.reject',
				targetType: 'referral',
				targetId: id,
				before: {
					status: before.status,
					referrerId: before.referrerId,
					referredUserId: before.referredUserId,
					points: before.points,
					signals: parseSignals(before.signals).map((s) => s.code),
				},
				after: { status: approve ? 'credited' : 'rejected', ...(reason ? { reason } : {}) },
			},
			now,
		)
		return ok(null)
	})
	if (!result.ok) return result
	log(decision.kind === 'approve' ? 'admin.referral_approved' : 'admin.referral_rejected', {
		adminId: admin.id,
		creditId: id,
	})
	return ok(getReferralReview(id)!)
}

/** Approves a held referral: its points, count, milestones and contest score count from now. 404 unknown, 409 decided. */
export function approveReferral(admin: AuditActor, id: number, now = new Date()) {
	return decide(admin, id, { kind: 'approve' }, now)
}

/** Rejects a held referral with a reason: it never counts. 404 unknown, 409 decided. */
export function rejectReferral(admin: AuditActor, id: number, reason: string, now = new Date()) {
	return decide(admin, id, { kind: 'reject', reason }, now)
}

/** How many referrals wait for review (the staff navigation's hint). */
export function countHeldReferrals() {
	return getDb().select({ n: count() }).from(referralCredits).where(eq(referralCredits.status, 'held')).get()?.n ?? 0
}
