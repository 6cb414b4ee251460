import { and, eq, gt, inArray, isNull, or } from 'drizzle-orm'
import { getDb, write, type Db, type Tx } from '#db/client.server.ts'
import { feeOfferClaims, feeOffers, traders, users, type SelectFeeOffer } from '#db/schema.ts'
import type { Plan } from '#app/domain/enums.ts'
import { claimCountsByKey } from '#app/features/content/offers.server.ts'
import { expiryDay } from '#app/features/content/lifecycle.ts'
import { formatDay } from '#app/features/content/promotions.server.ts'
import type { FeeOfferInput } from '#app/features/content/schemas.ts'
import type { OfferView } from '#app/features/offers/responses.server.ts'
import { claimRefusal, spotsLabel, spotsLeft, type SpotsLabel } from '#app/features/offers/rules.ts'
import { RISK_SCORE_BANDS } from '#app/features/traders/metrics.ts'
import { VISIBLE_STATUSES } from '#app/features/traders/traders.server.ts'
import { log } from '#app/utils/log.server.ts'
import { OFFER_MESSAGES } from '#app/features/offers/schemas.ts'
import { fail, ok, type Result } from '#app/utils/result.ts'

/**
 * 0% fee offers as members see them (issue 41 part 2, decision 062): the
 * published, unexpired rows of fee_offers (staff-run content:
 * app/features/content/offers.server.ts) whose trader members can see
 * (listed or watch), with the trader's figures from the registry and the
 * spots left after members' claims (counted, app/features/offers/rules.ts).
 * Each member's confirmed interest is stored and takes one spot, once per
 * member and offer; a full, expired or unpublished offer takes none. The
 * regular plan has no access (the page's loader and this module both check).
 */
export { spotsLabel, type SpotsLabel }

export function hasZeroFeeAccess(plan: Plan) {
	return plan !== 'regular'
}

/** The lock of the offers page, its confirm dialog and /api/member/offers*: a 403 with the upgrade message for the regular plan, else null. */
export function zeroFeeRefusal(plan: Plan) {
	return hasZeroFeeAccess(plan) ? null : fail(403, OFFER_MESSAGES.zeroFeeLocked)
}

export type { OfferView }

type TraderFigures = {
	name: string
	slug: string
	return12m: number | null
	return1m: number | null
	winRate: number | null
	riskScore: number | null
	followers: number
}

const traderFigureColumns = {
	name: traders.name,
	slug: traders.slug,
	return12m: traders.return12m,
	return1m: traders.return1m,
	winRate: traders.winRate,
	riskScore: traders.riskScore,
	followers: traders.followers,
}

/** The offer's risk (Low, Medium, High) from the trader's risk score 1-10; null when not rated. */
export function offerRisk(riskScore: number | null): OfferView['risk'] {
	const label = RISK_SCORE_BANDS.find((b) => b.score === riskScore)?.label
	if (label === undefined) return null
	if (label === 'Very low' || label === 'Low') return 'Low'
	if (label === 'Medium') return 'Medium'
	return 'High'
}

const percent = (fraction: number, digits: number) => Number((fraction * 100).toFixed(digits))

/** What the member page shows of the trader: from the registry's stored figures, never typed by staff. */
export function traderFiguresView(trader: TraderFigures) {
	const year = trader.return12m
	return {
		trader: trader.name,
		traderSlug: trader.slug,
		performance:
			year === null ? 'Less than 12 months of history' : `${year >= 0 ? '+' : ''}${percent(year, 0)}% over 12 months`,
		monthlyReturn: trader.return1m === null ? null : percent(trader.return1m, 1),
		winRate: trader.winRate === null ? null : percent(trader.winRate, 0),
		risk: offerRisk(trader.riskScore),
		totalFollowers: trader.followers,
	}
}

type OfferFields = Pick<
	SelectFeeOffer,
	| 'key'
	| 'originalFee'
	| 'currentFee'
	| 'minCapital'
	| 'totalSpots'
	| 'description'
	| 'featured'
	| 'urgent'
	| 'expiresAt'
>

function toOfferView(
	offer: OfferFields,
	trader: TraderFigures,
	claims: number,
	claimStatus: OfferView['claimStatus'],
): OfferView {
	const left = spotsLeft(offer.totalSpots, claims)
	const expiresOn = expiryDay(offer.expiresAt)
	return {
		id: offer.key,
		...traderFiguresView(trader),
		originalFee: offer.originalFee,
		currentFee: offer.currentFee,
		minCapital: offer.minCapital,
		spotsLeft: left,
		totalSpots: offer.totalSpots,
		spotsLabel: spotsLabel(left, offer.totalSpots),
		expiresOn,
		expires: expiresOn ? formatDay(expiresOn) : null,
		description: offer.description,
		featured: offer.featured,
		urgent: offer.urgent,
		confirmed: claimStatus !== null,
		claimStatus,
	}
}

/** Published, not past its expiry by the clock, and its trader one members see. */
function memberVisibleWhere(now: Date) {
	return and(
		eq(feeOffers.status, 'published'),
		or(isNull(feeOffers.expiresAt), gt(feeOffers.expiresAt, now)),
		inArray(traders.status, [...VISIBLE_STATUSES]),
	)
}

function memberRows(db: Db, now: Date, key?: string) {
	return db
		.select({ offer: feeOffers, trader: traderFigureColumns })
		.from(feeOffers)
		.innerJoin(traders, eq(traders.id, feeOffers.traderId))
		.where(key === undefined ? memberVisibleWhere(now) : and(memberVisibleWhere(now), eq(feeOffers.key, key)))
		.orderBy(feeOffers.id)
		.all()
}

function myClaims(db: Db, userId: number, keys: string[]) {
	if (keys.length === 0) return new Map<string, OfferView['claimStatus']>()
	return new Map(
		db
			.select({ offerId: feeOfferClaims.offerId, status: feeOfferClaims.status })
			.from(feeOfferClaims)
			.where(and(eq(feeOfferClaims.userId, userId), inArray(feeOfferClaims.offerId, keys)))
			.all()
			.map((r) => [r.offerId, r.status]),
	)
}

/** The offers members see at `now`, in the order staff added them, with the spots left and the member's claim. */
export function listOffers(userId: number, now = new Date()): OfferView[] {
	const db = getDb()
	const rows = memberRows(db, now)
	const keys = rows.map((r) => r.offer.key)
	const counts = claimCountsByKey(db, keys)
	const mine = myClaims(db, userId, keys)
	return rows.map(({ offer, trader }) =>
		toOfferView(offer, trader, counts.get(offer.key) ?? 0, mine.get(offer.key) ?? null),
	)
}

/** One offer the member sees at `now` (by its key), or null. */
export function getOffer(userId: number, offerKey: string, now = new Date()): OfferView | null {
	const db = getDb()
	const row = memberRows(db, now, offerKey)[0]
	if (!row) return null
	const claims = claimCountsByKey(db, [offerKey]).get(offerKey) ?? 0
	return toOfferView(row.offer, row.trader, claims, myClaims(db, userId, [offerKey]).get(offerKey) ?? null)
}

/** The preview of a staff form's input as members will see it (nothing stored; no claims yet counted for a new offer). */
export function previewOffer(input: FeeOfferInput, claims: number, key = 'preview'): OfferView | null {
	const trader = getDb().select(traderFigureColumns).from(traders).where(eq(traders.id, input.traderId)).get()
	if (!trader) return null
	return toOfferView(
		{ ...input, key, expiresAt: input.expiresOn ? new Date(`${input.expiresOn}T00:00:00.000Z`) : null },
		trader,
		claims,
		null,
	)
}

function offerByKey(tx: Tx, key: string) {
	return tx.select().from(feeOffers).where(eq(feeOffers.key, key)).get()
}

/**
 * Confirms the member's interest in an offer: takes one spot, once. 404 for
 * an unknown key; 409 when already confirmed, or the offer is full,
 * expired or not published (rules.ts claimRefusal), checked in the same
 * immediate transaction as the insert so two members never take the last
 * spot both.
 */
export function confirmOffer(userId: number, offerId: string, now = new Date()): Result<{ offerId: string }> {
	const result = write((tx): Result<{ offerId: string }> => {
		const offer = offerByKey(tx, offerId)
		if (!offer) return fail(404, OFFER_MESSAGES.unknownOffer)
		const user = tx.select({ plan: users.plan }).from(users).where(eq(users.id, userId)).get()
		if (!user) return fail(401, 'Not signed in')
		if (!hasZeroFeeAccess(user.plan)) return fail(403, OFFER_MESSAGES.zeroFeeLocked)
		const mine = tx
			.select({ id: feeOfferClaims.id })
			.from(feeOfferClaims)
			.where(and(eq(feeOfferClaims.userId, userId), eq(feeOfferClaims.offerId, offerId)))
			.get()
		if (mine) return fail(409, OFFER_MESSAGES.alreadyConfirmed)
		const trader = tx.select({ status: traders.status }).from(traders).where(eq(traders.id, offer.traderId)).get()
		if (!trader || !(VISIBLE_STATUSES as readonly string[]).includes(trader.status))
			return fail(404, OFFER_MESSAGES.unknownOffer)
		const taken = claimCountsByKey(tx, [offerId]).get(offerId) ?? 0
		const refusal = claimRefusal(offer, taken, now)
		if (refusal) return fail(409, refusal)
		tx.insert(feeOfferClaims).values({ userId, offerId }).run()
		return ok({ offerId })
	})
	log('fee_offer.confirm', { userId, offerId, result: result.ok ? 'success' : 'refused' })
	return result
}

/**
 * Why an offer the member cannot see takes no claim (expired, or not
 * published), for the page's clear message; null when no such offer exists
 * for members (an unknown key, or its trader not shown): a 404.
 */
export function offerClosedMessage(offerKey: string, now = new Date()): string | null {
	const db = getDb()
	const row = db
		.select({ offer: feeOffers, traderStatus: traders.status })
		.from(feeOffers)
		.innerJoin(traders, eq(traders.id, feeOffers.traderId))
		.where(eq(feeOffers.key, offerKey))
		.get()
	if (!row || !(VISIBLE_STATUSES as readonly string[]).includes(row.traderStatus)) return null
	return claimRefusal(row.offer, claimCountsByKey(db, [offerKey]).get(offerKey) ?? 0, now)
}
