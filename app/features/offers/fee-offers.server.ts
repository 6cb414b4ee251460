import { and, eq, sql } from 'drizzle-orm'
import { getDb, write } from '#db/client.server.ts'
import { feeOfferClaims, users } from '#db/schema.ts'
import type { Plan } from '#app/domain/enums.ts'
import { feeOffers } from '#app/content/dashboard.ts'
import type { OfferView } from '#app/features/offers/responses.server.ts'
import { log } from '#app/utils/log.server.ts'
import { OFFER_MESSAGES } from '#app/features/offers/schemas.ts'
import { fail, ok, type Result } from '#app/utils/result.ts'

/**
 * 0% fee offers: the offers are content; each member's confirmed interest
 * is stored and takes one spot, once per member and offer. The regular
 * plan has no access (the page's loader and this module both check).
 */
export type SpotsLabel = 'Almost Full!' | 'Filling Fast' | 'Available'

/** Spec section 4: at most 20% left is 'Almost Full!', at most 40% 'Filling Fast'. */
export function spotsLabel(spotsLeft: number, totalSpots: number): SpotsLabel {
	const ratio = totalSpots > 0 ? spotsLeft / totalSpots : 0
	if (ratio <= 0.2) return 'Almost Full!'
	if (ratio <= 0.4) return 'Filling Fast'
	return 'Available'
}

export function hasZeroFeeAccess(plan: Plan) {
	return plan !== 'regular'
}

/** The lock of the offers page, its confirm dialog and /api/member/offers*: a 403 with the upgrade message for the regular plan, else null. */
export function zeroFeeRefusal(plan: Plan) {
	return hasZeroFeeAccess(plan) ? null : fail(403, OFFER_MESSAGES.zeroFeeLocked)
}

export type { OfferView }

function claimCounts() {
	const rows = getDb()
		.select({ offerId: feeOfferClaims.offerId, count: sql<number>`count(*)` })
		.from(feeOfferClaims)
		.groupBy(feeOfferClaims.offerId)
		.all()
	return new Map(rows.map((r) => [r.offerId, r.count]))
}

/** The offers with the spots left after members' confirmations. */
export function listOffers(userId: number): OfferView[] {
	const counts = claimCounts()
	const mine = new Map(
		getDb()
			.select({ offerId: feeOfferClaims.offerId, status: feeOfferClaims.status })
			.from(feeOfferClaims)
			.where(eq(feeOfferClaims.userId, userId))
			.all()
			.map((r) => [r.offerId, r.status]),
	)
	return feeOffers.map((offer) => {
		const spotsLeft = Math.max(0, offer.spotsLeft - (counts.get(offer.id) ?? 0))
		return {
			...offer,
			spotsLeft,
			spotsLabel: spotsLabel(spotsLeft, offer.totalSpots),
			confirmed: mine.has(offer.id),
			claimStatus: mine.get(offer.id) ?? null,
		}
	})
}

export function getOffer(userId: number, offerId: string) {
	return listOffers(userId).find((o) => o.id === offerId) ?? null
}

/** Confirms the member's interest in an offer: takes one spot, once. */
export function confirmOffer(userId: number, offerId: string): Result<{ offerId: string }> {
	const offer = feeOffers.find((o) => o.id === offerId)
	if (!offer) return fail(404, OFFER_MESSAGES.unknownOffer)
	const result = write((tx): Result<{ offerId: string }> => {
		const user = tx.select({ plan: users.plan }).from(users).where(eq(users.id, userId)).get()
		if (!user) return fail(401, 'Not signed in')
		if (!hasZeroFeeAccess(user.plan)) return fail(403, OFFER_MESSAGES.zeroFeeLocked)
		const mine = tx
			.select({ id: feeOfferClaims.id })
			.from(feeOfferClaims)
			.where(and(eq(feeOfferClaims.userId, userId), eq(feeOfferClaims.offerId, offerId)))
			.get()
		if (mine) return fail(409, OFFER_MESSAGES.alreadyConfirmed)
		const { taken } = tx
			.select({ taken: sql<number>`count(*)` })
			.from(feeOfferClaims)
			.where(eq(feeOfferClaims.offerId, offerId))
			.get()!
		if (offer.spotsLeft - taken <= 0) return fail(409, OFFER_MESSAGES.full)
		tx.insert(feeOfferClaims).values({ userId, offerId }).run()
		return ok({ offerId })
	})
	log('fee_offer.confirm', { userId, offerId, result: result.ok ? 'success' : 'refused' })
	return result
}
