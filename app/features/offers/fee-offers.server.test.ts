import { describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { feeOfferClaims } from '#db/schema.ts'
import { insertMember } from '#tests/factories.ts'
import { feeOffers } from '#app/content/dashboard.ts'
import { OFFER_MESSAGES } from '#app/features/offers/schemas.ts'
import { confirmOffer, getOffer, hasZeroFeeAccess, listOffers, spotsLabel } from './fee-offers.server.ts'

describe('spotsLabel', () => {
	test.each([
		[0, 50, 'Almost Full!'],
		[10, 50, 'Almost Full!'],
		[11, 50, 'Filling Fast'],
		[20, 50, 'Filling Fast'],
		[21, 50, 'Available'],
		[50, 50, 'Available'],
		[1, 5, 'Almost Full!'],
		[2, 5, 'Filling Fast'],
		[3, 5, 'Available'],
		[0, 0, 'Almost Full!'],
	] as const)('%i of %i left: %s', (left, total, label) => {
		expect(spotsLabel(left, total)).toBe(label)
	})
})

test('five offers, 20% to 40% original fee, 0% now', () => {
	expect(feeOffers).toHaveLength(5)
	for (const offer of feeOffers) {
		expect(offer.originalFee).toBeGreaterThanOrEqual(20)
		expect(offer.originalFee).toBeLessThanOrEqual(40)
		expect(offer.currentFee).toBe(0)
	}
})

test('the regular plan has no access; every premium plan has', () => {
	expect(hasZeroFeeAccess('regular')).toBe(false)
	for (const plan of ['gold', 'titanium', 'platinum'] as const) expect(hasZeroFeeAccess(plan)).toBe(true)
})

describe('confirmOffer', () => {
	const offer = feeOffers[0]!

	test('a gold member confirms once: one spot is taken and the offer shows as confirmed', () => {
		const member = insertMember({ plan: 'gold' })
		const other = insertMember({ plan: 'platinum' })
		expect(confirmOffer(member.id, offer.id)).toEqual({ ok: true, value: { offerId: offer.id } })
		expect(getOffer(member.id, offer.id)).toMatchObject({ spotsLeft: offer.spotsLeft - 1, confirmed: true })
		expect(getOffer(other.id, offer.id)).toMatchObject({ spotsLeft: offer.spotsLeft - 1, confirmed: false })
		const again = confirmOffer(member.id, offer.id)
		expect(again).toMatchObject({ ok: false, status: 409, message: OFFER_MESSAGES.alreadyConfirmed })
		expect(getOffer(member.id, offer.id)!.spotsLeft).toBe(offer.spotsLeft - 1)
	})

	test('the regular plan is refused with the upgrade message and nothing is stored', () => {
		const member = insertMember()
		expect(confirmOffer(member.id, offer.id)).toMatchObject({
			ok: false,
			status: 403,
			message: OFFER_MESSAGES.zeroFeeLocked,
		})
		expect(getDb().select().from(feeOfferClaims).all()).toHaveLength(0)
	})

	test('an unknown offer is a 404', () => {
		const member = insertMember({ plan: 'gold' })
		expect(confirmOffer(member.id, 'nobody')).toMatchObject({
			ok: false,
			status: 404,
			message: OFFER_MESSAGES.unknownOffer,
		})
	})

	test('a full offer takes no more confirmations, and the label follows the spots left', () => {
		for (let i = 0; i < offer.spotsLeft; i++)
			expect(confirmOffer(insertMember({ plan: 'gold' }).id, offer.id).ok).toBe(true)
		const late = insertMember({ plan: 'gold' })
		expect(confirmOffer(late.id, offer.id)).toMatchObject({ ok: false, status: 409, message: OFFER_MESSAGES.full })
		expect(getOffer(late.id, offer.id)).toMatchObject({ spotsLeft: 0, spotsLabel: 'Almost Full!' })
	})

	test('listOffers gives all five with their labels', () => {
		const list = listOffers(insertMember({ plan: 'gold' }).id)
		expect(list).toHaveLength(5)
		for (const o of list) expect(o.spotsLabel).toBe(spotsLabel(o.spotsLeft, o.totalSpots))
	})
})
