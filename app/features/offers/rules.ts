import { OFFER_MESSAGES } from '#app/features/offers/schemas.ts'
import { isExpired, isMemberVisible, type LifecycleRow } from '#app/features/content/lifecycle.ts'

/**
 * The rules of a 0% fee offer's spots (issue 41 part 2, decision 062):
 * pure, browser-safe, shared by the staff's model, the member's pages and
 * /api/member/offers*. Spots left are the total minus the confirmed claims
 * (fee_offer_claims rows), counted, never kept by hand.
 */

export type SpotsLabel = 'Almost Full!' | 'Filling Fast' | 'Available'

export const OFFER_CLAIM_REFUSALS = {
	full: OFFER_MESSAGES.full,
	expired: 'This offer has ended: it no longer takes claims',
	closed: 'This offer is not open: it no longer takes claims',
} as const

/** Total spots minus the claims made, never below 0. */
export function spotsLeft(totalSpots: number, claims: number) {
	return Math.max(0, totalSpots - claims)
}

/** Spec section 4: at most 20% left is 'Almost Full!', at most 40% 'Filling Fast', otherwise 'Available'. */
export function spotsLabel(left: number, totalSpots: number): SpotsLabel {
	const ratio = totalSpots > 0 ? left / totalSpots : 0
	if (ratio <= 0.2) return 'Almost Full!'
	if (ratio <= 0.4) return 'Filling Fast'
	return 'Available'
}

/**
 * Why the offer takes no claim at `now`, or null when it takes one: not
 * published (a draft, scheduled, unpublished), past its expiry (by the
 * clock, before the scheduler runs), or full.
 */
export function claimRefusal(offer: LifecycleRow & { totalSpots: number }, claims: number, now: Date): string | null {
	if (offer.status === 'expired' || isExpired(offer.expiresAt, now)) return OFFER_CLAIM_REFUSALS.expired
	if (!isMemberVisible(offer, now)) return OFFER_CLAIM_REFUSALS.closed
	if (spotsLeft(offer.totalSpots, claims) === 0) return OFFER_CLAIM_REFUSALS.full
	return null
}

/** Whether a new total is below the claims already made (an edit that would leave more claims than spots). */
export function totalBelowClaims(totalSpots: number, claims: number) {
	return totalSpots < claims
}
