import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm'
import { getDb, type Db, type Tx, write } from '#db/client.server.ts'
import { feeOfferClaims, users } from '#db/schema.ts'
import { offerTitles } from '#app/features/content/offers.server.ts'
import type { ClaimStatus } from '#app/domain/enums.ts'
import { CLAIM_STATUS_LABELS, CLAIM_MESSAGES } from '#app/features/offers/schemas.ts'
import type { ClaimListQuery, ClaimUpdateInput } from '#app/features/offers/schemas.ts'
import { paginate, type Pagination } from '#app/features/users/schemas.ts'
import { csvColumns, csvFileName, csvHeaders, csvStream, csvStreamText } from '#app/utils/csv.ts'
import { log } from '#app/utils/log.server.ts'
import { fail, ok, type Result } from '#app/utils/result.ts'
import { recordAudit, type AuditActor } from '#app/features/audit/audit.server.ts'
import { notifyClaimStatus } from '#app/features/notifications/member-notifications.server.ts'
import type { OfferClaim } from './responses.server.ts'

/**
 * Offer claims (issue 12 part 3): every confirmed interest in a 0% fee
 * offer (a fee_offer_claims row, made by confirmOffer in fee-offers.server.ts)
 * is a claim staff work through: status new → contacted → done / declined,
 * with a note. The list pages on the server over the claim indexes (status,
 * offer + status, offer, created_at); the member rows are read by id for
 * the page's claims only, so the plan never walks users.
 */

export type { OfferClaim }

const claimColumns = {
	id: feeOfferClaims.id,
	userId: feeOfferClaims.userId,
	offerId: feeOfferClaims.offerId,
	status: feeOfferClaims.status,
	note: feeOfferClaims.note,
	createdAt: feeOfferClaims.createdAt,
	updatedAt: feeOfferClaims.updatedAt,
}

type ClaimRow = {
	id: number
	userId: number
	offerId: string
	status: ClaimStatus
	note: string
	createdAt: Date
	updatedAt: Date | null
}

/** The offer's title for staff and the member's notices: its trader's name, or its key once the offer is gone. */
export function offerTitle(offerId: string, db: Db | Tx = getDb()) {
	return offerTitles([offerId], db).get(offerId) ?? offerId
}

function withMembers(rows: ClaimRow[], db: Db = getDb()): OfferClaim[] {
	const ids = [...new Set(rows.map((r) => r.userId))]
	const members = new Map(
		ids.length === 0
			? []
			: db
					.select({ id: users.id, name: users.name, email: users.email })
					.from(users)
					.where(inArray(users.id, ids))
					.all()
					.map((u) => [u.id, u]),
	)
	const titles = offerTitles(
		rows.map((r) => r.offerId),
		db,
	)
	return rows.map((row) => ({
		id: row.id,
		userId: row.userId,
		memberName: members.get(row.userId)?.name ?? '',
		memberEmail: members.get(row.userId)?.email ?? '',
		offerId: row.offerId,
		offerTitle: titles.get(row.offerId) ?? row.offerId,
		status: row.status,
		note: row.note,
		createdAt: row.createdAt.toISOString(),
		updatedAt: row.updatedAt ? row.updatedAt.toISOString() : null,
	}))
}

function listWhere(query: Pick<ClaimListQuery, 'status' | 'offer'>): SQL | undefined {
	return and(
		query.status ? eq(feeOfferClaims.status, query.status) : undefined,
		query.offer ? eq(feeOfferClaims.offerId, query.offer) : undefined,
	)
}

/**
 * The two statements of a list page, not yet run (the EXPLAIN QUERY PLAN
 * test reads them): newest first, the id breaking ties, each filter
 * combination walking its index (status: status_idx; offer: offer_idx;
 * both: offer_status_idx; none: created_at_idx).
 */
export function claimListQueries(query: ClaimListQuery, db: Db = getDb()) {
	const where = listWhere(query)
	return {
		rows: db
			.select(claimColumns)
			.from(feeOfferClaims)
			.where(where)
			.orderBy(desc(feeOfferClaims.createdAt), desc(feeOfferClaims.id))
			.limit(query.limit)
			.offset((query.page - 1) * query.limit),
		count: db.select({ n: count() }).from(feeOfferClaims).where(where),
	}
}

/**
 * One page of claims and its pagination. With `clampPage` (the page) a page
 * past the end shows the last page; without it (the API) it is empty.
 */
export function listOfferClaims(
	query: ClaimListQuery,
	options: { clampPage?: boolean } = {},
): { claims: OfferClaim[]; pagination: Pagination; query: ClaimListQuery } {
	const db = getDb()
	const totalCount = claimListQueries(query, db).count.get()?.n ?? 0
	let effective = query
	if (options.clampPage) {
		const last = Math.max(1, Math.ceil(totalCount / query.limit))
		if (query.page > last) effective = { ...query, page: last }
	}
	const rows = (effective.page - 1) * effective.limit >= totalCount ? [] : claimListQueries(effective, db).rows.all()
	return {
		claims: withMembers(rows, db),
		pagination: paginate(totalCount, effective.page, effective.limit),
		query: effective,
	}
}

export function getOfferClaim(id: number): OfferClaim | null {
	const row = getDb().select(claimColumns).from(feeOfferClaims).where(eq(feeOfferClaims.id, id)).get()
	return row ? withMembers([row])[0]! : null
}

/**
 * Sets a claim's status and/or note, with its audit row (offer-claim.update,
 * before and after) in the same transaction. 404 for a claim that does not
 * exist (or went with its member). A change that changes nothing stores
 * nothing and answers `changed: false`.
 */
export function updateOfferClaim(
	admin: AuditActor,
	id: number,
	input: ClaimUpdateInput,
	now = new Date(),
): Result<{ claim: OfferClaim; changed: boolean }> {
	const db = getDb()
	const result = write((tx): Result<{ changed: boolean }> => {
		const before = tx
			.select({ status: feeOfferClaims.status, note: feeOfferClaims.note })
			.from(feeOfferClaims)
			.where(eq(feeOfferClaims.id, id))
			.get()
		if (!before) return fail(404, CLAIM_MESSAGES.claimNotFound)
		const after = { status: input.status ?? before.status, note: input.note ?? before.note }
		if (after.status !== before.status) {
			// The member hears of a status change (not of a staff note): docs/decisions/023.
			const claim = tx
				.select({ userId: feeOfferClaims.userId, offerId: feeOfferClaims.offerId })
				.from(feeOfferClaims)
				.where(eq(feeOfferClaims.id, id))
				.get()!
			notifyClaimStatus(
				tx,
				{ userId: claim.userId, offerTitle: offerTitle(claim.offerId, tx), status: after.status },
				now,
			)
		}
		if (after.status === before.status && after.note === before.note) return ok({ changed: false })
		tx.update(feeOfferClaims)
			.set({ ...after, updatedAt: now })
			.where(eq(feeOfferClaims.id, id))
			.run()
		recordAudit(
			tx,
			{ admin, action: 'offer-claim.update', targetType: 'offer-claim', targetId: id, before, after },
			now,
		)
		return ok({ changed: true })
	}, db)
	if (!result.ok) return result
	log('offer_claim.update', { adminId: admin.id, claimId: id, changed: result.value.changed })
	return ok({ claim: getOfferClaim(id)!, changed: result.value.changed })
}

// ---------------------------------------------------------------------------
// CSV

const CLAIMS_CSV = csvColumns<OfferClaim>([
	['ID', (claim) => claim.id],
	['Member', (claim) => claim.memberName],
	['Email', (claim) => claim.memberEmail],
	['Offer', (claim) => claim.offerTitle],
	['Claimed', (claim) => claim.createdAt],
	['Status', (claim) => CLAIM_STATUS_LABELS[claim.status]],
	['Note', (claim) => claim.note],
	['Updated', (claim) => claim.updatedAt],
])
const EXPORT_BATCH = 1000

/** "offer-claims-2026-11-23.csv" (UTC day). */
export function claimsExportFileName(now = new Date()) {
	return csvFileName('offer-claims', now)
}

/**
 * The filtered list, every page, in the list's order, as CSV (formula-safe
 * cells, app/utils/csv.ts), streamed in batches of short reads.
 */
export function exportOfferClaimsCsv(query: Pick<ClaimListQuery, 'status' | 'offer'>): ReadableStream<Uint8Array> {
	let page = 1
	return csvStream(CLAIMS_CSV.header, () => {
		const db = getDb()
		const rows = claimListQueries({ ...query, page, limit: EXPORT_BATCH }, db).rows.all()
		page++
		return { lines: withMembers(rows, db).map(CLAIMS_CSV.line), last: rows.length < EXPORT_BATCH }
	})
}

export function exportOfferClaimsCsvText(query: Pick<ClaimListQuery, 'status' | 'offer'>) {
	return csvStreamText(exportOfferClaimsCsv(query))
}

/** CSV response headers shared by the page and the API export. */
export function claimsCsvHeaders(cacheControl: 'no-store' | 'private, no-store') {
	return csvHeaders(claimsExportFileName(), cacheControl)
}
