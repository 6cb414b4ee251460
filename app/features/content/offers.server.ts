import { asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm'
import { recordCreation, type AuditActor } from '#app/features/audit/audit.server.ts'
import { spotsLabel, spotsLeft, totalBelowClaims } from '#app/features/offers/rules.ts'
import { log } from '#app/utils/log.server.ts'
import { fail, ok, type Result } from '#app/utils/result.ts'
import { getDb, write, type Db, type Tx } from '#db/client.server.ts'
import { feeOfferClaims, feeOffers, traders, type SelectFeeOffer } from '#db/schema.ts'
import { dateOrderProblem, dayEnd, dayStart, displayStatus, expiryDay, publishDay } from './lifecycle.ts'
import { FEE_OFFER_MESSAGES, type FeeOfferInput } from './schemas.ts'
import {
	ensureContentSamples,
	sampleExpiry,
	staffLifecycle,
	updateContent,
	tableLifecycle,
	type ContentKind,
	readBack,
} from './content.server.ts'
import { SAMPLE_OFFERS } from './offer-samples.ts'
import type { StaffFeeOffer } from './responses.server.ts'

/**
 * 0% fee offers (issue 41 part 2, docs/decisions/062): staff write them on
 * /admin/content/offers and /api/admin/content/offers*, tied to a listed
 * trader of the registry; members see the published, unexpired ones on
 * /dashboard/zero-fee and /api/member/offers* (app/features/offers/
 * fee-offers.server.ts). An offer's `key` is its text id there and in
 * fee_offer_claims.offer_id; spots left are the total minus those claims.
 */

export type { StaffFeeOffer }

/** What the audit row keeps of an offer. */
function auditView(row: SelectFeeOffer) {
	return {
		key: row.key,
		traderId: row.traderId,
		originalFee: row.originalFee,
		currentFee: row.currentFee,
		minCapital: row.minCapital,
		totalSpots: row.totalSpots,
		description: row.description,
		featured: row.featured,
		urgent: row.urgent,
		status: row.status,
		publishAt: row.publishAt,
		expiresAt: row.expiresAt,
		publishedAt: row.publishedAt,
		sample: row.sample,
	}
}

export const FEE_OFFER_KIND: ContentKind<SelectFeeOffer> = {
	name: 'offer',
	notFound: FEE_OFFER_MESSAGES.notFound,
	...tableLifecycle<SelectFeeOffer>(feeOffers),
	auditView,
	insertSamples: (tx, now) => {
		const bySlug = new Map(
			tx
				.select({ id: traders.id, slug: traders.slug })
				.from(traders)
				.where(
					inArray(
						traders.slug,
						SAMPLE_OFFERS.map((o) => o.key),
					),
				)
				.all()
				.map((t) => [t.slug, t.id]),
		)
		// An offer whose sample trader is not there (staff had traders of their own) is not seeded.
		return SAMPLE_OFFERS.flatMap(({ expiresInDays, key, trader: _name, ...offer }) => {
			const traderId = bySlug.get(key)
			if (traderId === undefined) return []
			tx.insert(feeOffers)
				.values({
					...offer,
					key,
					traderId,
					currentFee: 0,
					status: 'published',
					publishedAt: now,
					expiresAt: sampleExpiry(now, expiresInDays),
					sample: true,
					createdAt: now,
					updatedAt: now,
				})
				.run()
			return [key]
		})
	},
}

type TraderRef = StaffFeeOffer['trader']

function traderRefs(db: Db | Tx, ids: number[]): Map<number, TraderRef> {
	const wanted = [...new Set(ids)]
	if (wanted.length === 0) return new Map()
	return new Map(
		db
			.select({ id: traders.id, slug: traders.slug, name: traders.name, status: traders.status })
			.from(traders)
			.where(inArray(traders.id, wanted))
			.all()
			.map((t) => [t.id, t]),
	)
}

/** The confirmed claims on each of these offer keys (fee_offer_claims_offer_idx). */
export function claimCountsByKey(db: Db | Tx, keys: string[]): Map<string, number> {
	if (keys.length === 0) return new Map()
	return new Map(
		db
			.select({ key: feeOfferClaims.offerId, n: count() })
			.from(feeOfferClaims)
			.where(inArray(feeOfferClaims.offerId, keys))
			.groupBy(feeOfferClaims.offerId)
			.all()
			.map((r) => [r.key, r.n]),
	)
}

function claimsOn(db: Db | Tx, key: string) {
	return claimCountsByKey(db, [key]).get(key) ?? 0
}

function toStaffOffer(row: SelectFeeOffer, trader: TraderRef | undefined, claims: number, now: Date): StaffFeeOffer {
	const left = spotsLeft(row.totalSpots, claims)
	return {
		id: row.id,
		key: row.key,
		trader: trader ?? { id: row.traderId, slug: '', name: '', status: 'retired' },
		originalFee: row.originalFee,
		currentFee: row.currentFee,
		minCapital: row.minCapital,
		totalSpots: row.totalSpots,
		claims,
		spotsLeft: left,
		spotsLabel: spotsLabel(left, row.totalSpots),
		description: row.description,
		featured: row.featured,
		urgent: row.urgent,
		status: row.status,
		shownStatus: displayStatus(row, now),
		publishOn: publishDay(row.publishAt),
		expiresOn: expiryDay(row.expiresAt),
		publishAt: row.publishAt ? row.publishAt.toISOString() : null,
		expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
		publishedAt: row.publishedAt ? row.publishedAt.toISOString() : null,
		sample: row.sample,
		createdAt: row.createdAt.toISOString(),
		updatedAt: row.updatedAt.toISOString(),
	}
}

function staffOffers(db: Db | Tx, rows: SelectFeeOffer[], now: Date) {
	const refs = traderRefs(
		db,
		rows.map((r) => r.traderId),
	)
	const counts = claimCountsByKey(
		db,
		rows.map((r) => r.key),
	)
	return rows.map((row) => toStaffOffer(row, refs.get(row.traderId), counts.get(row.key) ?? 0, now))
}

/** Every offer, newest first, with its claims and spots left (a handful of rows: not paged). */
export function listFeeOffersForStaff(now = new Date()): StaffFeeOffer[] {
	const db = getDb()
	return staffOffers(db, db.select().from(feeOffers).orderBy(desc(feeOffers.id)).all(), now)
}

/** One offer for staff, or null. */
export function getFeeOffer(id: number, now = new Date()): StaffFeeOffer | null {
	const db = getDb()
	const row = db.select().from(feeOffers).where(eq(feeOffers.id, id)).get()
	return row ? staffOffers(db, [row], now)[0]! : null
}

/** The counts by stored status (the /admin/content overview). */
export function countFeeOffers(): Record<'total' | 'published' | 'sample', number> {
	const row = getDb()
		.select({
			total: sql<number>`count(*)`,
			published: sql<number>`coalesce(sum(${feeOffers.status} = 'published'), 0)`,
			sample: sql<number>`coalesce(sum(${feeOffers.sample}), 0)`,
		})
		.from(feeOffers)
		.get()
	return { total: row?.total ?? 0, published: row?.published ?? 0, sample: row?.sample ?? 0 }
}

/**
 * The traders an offer can be for: the listed ones, by name; and the
 * offer's own trader when it is no longer listed (so its form still shows
 * who it is for).
 */
export function listOfferTraderChoices(currentTraderId?: number) {
	return getDb()
		.select({ id: traders.id, name: traders.name, status: traders.status })
		.from(traders)
		.where(
			currentTraderId === undefined
				? eq(traders.status, 'listed')
				: or(eq(traders.status, 'listed'), eq(traders.id, currentTraderId)),
		)
		.orderBy(asc(traders.name), asc(traders.id))
		.all()
}

/** The offer's name for claims and notices: its trader's name; the key when the offer is gone. */
export function offerTitles(keys: string[], db: Db | Tx = getDb()): Map<string, string> {
	const wanted = [...new Set(keys)]
	if (wanted.length === 0) return new Map()
	return new Map(
		db
			.select({ key: feeOffers.key, name: traders.name })
			.from(feeOffers)
			.innerJoin(traders, eq(traders.id, feeOffers.traderId))
			.where(inArray(feeOffers.key, wanted))
			.all()
			.map((r) => [r.key, r.name]),
	)
}

function fieldFailure(field: keyof FeeOfferInput, message: string) {
	return fail(400, message, { fieldErrors: { [field]: [message] } })
}

/** A trader that is not listed (or unknown), chosen for an offer: refused at the field. */
function traderProblem(tx: Tx, traderId: number | undefined, keep?: number) {
	if (traderId === undefined || traderId === keep) return null
	const found = tx.select({ status: traders.status }).from(traders).where(eq(traders.id, traderId)).get()
	return found?.status === 'listed' ? null : fieldFailure('traderId', FEE_OFFER_MESSAGES.traderInvalid)
}

function rowProblem(
	tx: Tx,
	next: Pick<SelectFeeOffer, 'originalFee' | 'currentFee' | 'totalSpots' | 'publishAt' | 'expiresAt' | 'key'>,
	isNew: boolean,
) {
	if (next.currentFee >= next.originalFee) return fieldFailure('currentFee', FEE_OFFER_MESSAGES.currentFeeNotLower)
	const order = dateOrderProblem(next.publishAt, next.expiresAt)
	if (order) return fieldFailure('expiresOn', order)
	if (!isNew) {
		const claims = claimsOn(tx, next.key)
		if (totalBelowClaims(next.totalSpots, claims))
			return fieldFailure('totalSpots', FEE_OFFER_MESSAGES.totalBelowClaims(claims))
	}
	return null
}

/** Adds an offer as a draft (offer.create) with the key `offer-<id>`; bad trader, fees or days: 400 at the field. */
export function createFeeOffer(admin: AuditActor, input: FeeOfferInput, now = new Date()): Result<StaffFeeOffer> {
	const publishAt = input.publishOn ? dayStart(input.publishOn) : null
	const expiresAt = input.expiresOn ? dayEnd(input.expiresOn) : null
	const result = write((tx): Result<SelectFeeOffer> => {
		const problem =
			traderProblem(tx, input.traderId) ?? rowProblem(tx, { ...input, publishAt, expiresAt, key: '' }, true)
		if (problem) return problem
		const { publishOn: _p, expiresOn: _e, ...fields } = input
		// A key no claim can have yet: replaced by offer-<id> at once, in the same transaction.
		const inserted = tx
			.insert(feeOffers)
			.values({
				...fields,
				key: `new-${now.getTime()}-${Math.random().toString(36).slice(2)}`,
				publishAt,
				expiresAt,
				status: 'draft',
				createdAt: now,
				updatedAt: now,
			})
			.returning({ id: feeOffers.id })
			.get()
		const created = tx
			.update(feeOffers)
			.set({ key: `offer-${inserted.id}` })
			.where(eq(feeOffers.id, inserted.id))
			.returning()
			.get()
		return ok(
			recordCreation(tx, { admin, action: 'offer.create', targetType: 'offer', after: auditView }, created, now),
		)
	})
	if (!result.ok) return result
	log('admin.offer_created', { adminId: admin.id, offerId: result.value.id })
	return readBack(getFeeOffer(result.value.id, now), FEE_OFFER_MESSAGES.notFound)
}

/**
 * Edits an offer's fields (any status; the status stays: decision 062),
 * audited as offer.update with before and after. Checked against the
 * stored fields it does not change: the fees' order, the days' order, and
 * a total not below the claims already made.
 */
export function updateFeeOffer(
	admin: AuditActor,
	id: number,
	input: Partial<FeeOfferInput>,
	now = new Date(),
): Result<StaffFeeOffer> {
	const result = write((tx): Result<SelectFeeOffer> => {
		const before = FEE_OFFER_KIND.get(tx, id)
		if (!before) return fail(404, FEE_OFFER_MESSAGES.notFound)
		const { publishOn, expiresOn, ...fields } = input
		const set: Partial<SelectFeeOffer> = {}
		for (const [key, value] of Object.entries(fields)) if (value !== undefined) Object.assign(set, { [key]: value })
		if (publishOn !== undefined) set.publishAt = publishOn ? dayStart(publishOn) : null
		if (expiresOn !== undefined) set.expiresAt = expiresOn ? dayEnd(expiresOn) : null
		const problem = traderProblem(tx, set.traderId, before.traderId) ?? rowProblem(tx, { ...before, ...set }, false)
		if (problem) return problem
		return ok(updateContent(tx, FEE_OFFER_KIND, admin, before, set, now))
	})
	if (!result.ok) return result
	log('admin.offer_updated', { adminId: admin.id, offerId: id })
	return readBack(getFeeOffer(id, now), FEE_OFFER_MESSAGES.notFound)
}

const lifecycle = staffLifecycle(FEE_OFFER_KIND, getFeeOffer, (row, now) => toStaffOffer(row, undefined, 0, now))

/** Publishes an offer (or schedules it); see publishContent. */
export const publishFeeOffer = lifecycle.publish

/** Unpublishes an offer: back to draft, it takes no more claims. */
export const unpublishFeeOffer = lifecycle.unpublish

/** Deletes an offer (super admins: callers check content:delete); its claims stay. Answers what it was. */
export const deleteFeeOffer = lifecycle.remove

/** Seeds the sample offers once (db/seed.ts), after the sample traders. */
export function ensureSampleOffers(now = new Date()) {
	return ensureContentSamples(FEE_OFFER_KIND, now)
}

/** Every offer as a choice of the claims' filter (/admin/offers): its key, and its trader's name (with the key when it is not the trader's slug). */
export function offerFilterChoices(): Array<{ value: string; label: string }> {
	return getDb()
		.select({ key: feeOffers.key, name: traders.name, slug: traders.slug })
		.from(feeOffers)
		.innerJoin(traders, eq(traders.id, feeOffers.traderId))
		.orderBy(asc(feeOffers.id))
		.all()
		.map((o) => ({ value: o.key, label: o.key === o.slug ? o.name : `${o.name} (${o.key})` }))
}
