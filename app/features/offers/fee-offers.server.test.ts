import { describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { feeOfferClaims } from '#db/schema.ts'
import { insertMember } from '#tests/factories.ts'
import { makeOffer } from '#tests/offer-factories.ts'
import { OFFER_CLAIM_REFUSALS } from './rules.ts'
import { OFFER_MESSAGES } from '#app/features/offers/schemas.ts'
import {
	confirmOffer,
	getOffer,
	hasZeroFeeAccess,
	listOffers,
	offerClosedMessage,
	offerRisk,
	spotsLabel,
} from './fee-offers.server.ts'

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

test('the regular plan has no access; every premium plan has', () => {
	expect(hasZeroFeeAccess('regular')).toBe(false)
	for (const plan of ['gold', 'titanium', 'platinum'] as const) expect(hasZeroFeeAccess(plan)).toBe(true)
})

describe('confirmOffer', () => {
	test('a gold member confirms once: one spot is taken and the offer shows as confirmed', () => {
		const offer = makeOffer({ totalSpots: 50 })
		const member = insertMember({ plan: 'gold' })
		const other = insertMember({ plan: 'platinum' })
		expect(confirmOffer(member.id, offer.key)).toEqual({ ok: true, value: { offerId: offer.key } })
		expect(getOffer(member.id, offer.key)).toMatchObject({ spotsLeft: 49, confirmed: true, claimStatus: 'new' })
		expect(getOffer(other.id, offer.key)).toMatchObject({ spotsLeft: 49, confirmed: false })
		const again = confirmOffer(member.id, offer.key)
		expect(again).toMatchObject({ ok: false, status: 409, message: OFFER_MESSAGES.alreadyConfirmed })
		expect(getOffer(member.id, offer.key)!.spotsLeft).toBe(49)
	})

	test('the regular plan is refused with the upgrade message and nothing is stored', () => {
		const offer = makeOffer()
		const member = insertMember()
		expect(confirmOffer(member.id, offer.key)).toMatchObject({
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
		expect(offerClosedMessage('nobody')).toBeNull()
	})

	test('a full offer takes no more confirmations, and the label follows the spots left', () => {
		const offer = makeOffer({ totalSpots: 3 })
		for (let i = 0; i < 3; i++) expect(confirmOffer(insertMember({ plan: 'gold' }).id, offer.key).ok).toBe(true)
		const late = insertMember({ plan: 'gold' })
		expect(confirmOffer(late.id, offer.key)).toMatchObject({ ok: false, status: 409, message: OFFER_MESSAGES.full })
		expect(getOffer(late.id, offer.key)).toMatchObject({ spotsLeft: 0, spotsLabel: 'Almost Full!' })
		expect(getDb().select().from(feeOfferClaims).all()).toHaveLength(3)
	})

	test('an expired or unpublished offer takes no claim (409), members do not see it, and the page can say why', () => {
		const now = new Date()
		const expired = makeOffer({ expiresAt: new Date(now.getTime() - 1000) })
		const draft = makeOffer({ key: 'draft-offer', status: 'draft', publishedAt: null })
		const member = insertMember({ plan: 'gold' })
		expect(confirmOffer(member.id, expired.key)).toMatchObject({
			ok: false,
			status: 409,
			message: OFFER_CLAIM_REFUSALS.expired,
		})
		expect(confirmOffer(member.id, draft.key)).toMatchObject({
			ok: false,
			status: 409,
			message: OFFER_CLAIM_REFUSALS.closed,
		})
		expect(listOffers(member.id)).toEqual([])
		expect(getOffer(member.id, expired.key)).toBeNull()
		expect(offerClosedMessage(expired.key)).toBe(OFFER_CLAIM_REFUSALS.expired)
		expect(offerClosedMessage(draft.key)).toBe(OFFER_CLAIM_REFUSALS.closed)
		expect(getDb().select().from(feeOfferClaims).all()).toHaveLength(0)
	})

	test("the performance figures are the registry trader's, not typed by staff", () => {
		const offer = makeOffer()
		const [view] = listOffers(insertMember({ plan: 'gold' }).id)
		expect(view).toMatchObject({
			id: offer.key,
			trader: 'Amara Okafor',
			traderSlug: 'amara-okafor',
			totalFollowers: 120,
		})
		expect(view!.performance).toBe('Less than 12 months of history')
		expect(view!.winRate).toBe(60)
		expect(view!.spotsLabel).toBe(spotsLabel(view!.spotsLeft, view!.totalSpots))
	})

	test('the risk level follows the risk score bands', () => {
		expect(offerRisk(null)).toBeNull()
		expect(offerRisk(1)).toBe('Low')
		expect(offerRisk(4)).toBe('Low')
		expect(offerRisk(5)).toBe('Medium')
		expect(offerRisk(7)).toBe('High')
		expect(offerRisk(10)).toBe('High')
	})
})
