import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { feeOffers, traders } from '#db/schema.ts'
import { auditRows, insertAuditActor, insertMember } from '#tests/factories.ts'
import { makeTrader } from '#tests/trader-factories.ts'
import { confirmOffer } from '#app/features/offers/fee-offers.server.ts'
import { runContentSchedule } from './kinds.server.ts'
import { createFeeOffer, ensureSampleOffers, getFeeOffer, publishFeeOffer, updateFeeOffer } from './offers.server.ts'
import { FEE_OFFER_MESSAGES, type FeeOfferInput } from './schemas.ts'

const now = new Date('2026-12-06T10:00:00Z')

function input(traderId: number, overrides: Partial<FeeOfferInput> = {}): FeeOfferInput {
	return {
		traderId,
		originalFee: 30,
		currentFee: 0,
		minCapital: 1000,
		totalSpots: 2,
		description: 'A unit test offer',
		featured: false,
		urgent: false,
		publishOn: null,
		expiresOn: null,
		...overrides,
	}
}

describe('0% fee offers (staff)', () => {
	test('created as a draft with the key offer-<id>, audited; only a listed trader can be chosen', () => {
		const admin = insertAuditActor()
		const listed = makeTrader({ slug: 'listed-one', days: 30 }, now)
		const applied = makeTrader({ slug: 'applied-one', days: 0, status: 'applied' }, now)
		const refused = createFeeOffer(admin, input(applied.id), now)
		expect(refused).toMatchObject({
			ok: false,
			status: 400,
			fieldErrors: { traderId: [FEE_OFFER_MESSAGES.traderInvalid] },
		})
		expect(getDb().select().from(feeOffers).all()).toHaveLength(0)
		const created = createFeeOffer(admin, input(listed.id), now)
		if (!created.ok) throw new Error(created.message)
		expect(created.value).toMatchObject({
			key: `offer-${created.value.id}`,
			status: 'draft',
			claims: 0,
			spotsLeft: 2,
			trader: { slug: 'listed-one', status: 'listed' },
		})
		expect(
			auditRows(created.value.id)
				.filter((r) => r.targetType === 'offer')
				.map((r) => r.action),
		).toEqual(['offer.create'])
	})

	test('a total below the claims made is refused at the field, nothing stored; fees checked against the stored ones', () => {
		const admin = insertAuditActor()
		const trader = makeTrader({ slug: 'claimed', days: 30 }, now)
		const created = createFeeOffer(admin, input(trader.id), now)
		if (!created.ok) throw new Error(created.message)
		const { id, key } = created.value
		expect(publishFeeOffer(admin, id).ok).toBe(true)
		for (let i = 0; i < 2; i++) expect(confirmOffer(insertMember({ plan: 'gold' }).id, key).ok).toBe(true)
		expect(updateFeeOffer(admin, id, { totalSpots: 1 }, now)).toMatchObject({
			ok: false,
			status: 400,
			fieldErrors: { totalSpots: [FEE_OFFER_MESSAGES.totalBelowClaims(2)] },
		})
		expect(updateFeeOffer(admin, id, { currentFee: 30 }, now)).toMatchObject({
			ok: false,
			fieldErrors: { currentFee: [FEE_OFFER_MESSAGES.currentFeeNotLower] },
		})
		expect(getFeeOffer(id)).toMatchObject({ totalSpots: 2, currentFee: 0, claims: 2, spotsLeft: 0 })
		expect(updateFeeOffer(admin, id, { totalSpots: 2, description: 'Same total' }, now).ok).toBe(true)
	})

	test('the scheduler expires a published offer after its expiry day, as the system', () => {
		const admin = insertAuditActor()
		const trader = makeTrader({ slug: 'expiring', days: 30 }, now)
		const created = createFeeOffer(admin, input(trader.id, { expiresOn: '2026-12-10' }), now)
		if (!created.ok) throw new Error(created.message)
		expect(publishFeeOffer(admin, created.value.id, now).ok).toBe(true)
		expect(runContentSchedule(new Date('2026-12-10T23:59:00Z'))).toMatchObject({ offerExpired: 0 })
		expect(runContentSchedule(new Date('2026-12-11T00:00:30Z'))).toMatchObject({ offerExpired: 1 })
		expect(getFeeOffer(created.value.id)!.status).toBe('expired')
		expect(
			auditRows(created.value.id)
				.filter((r) => r.targetType === 'offer')
				.at(-1),
		).toMatchObject({ action: 'offer.expire', adminEmail: 'system' })
	})

	test('the samples are seeded once, tied to the sample traders there are', () => {
		makeTrader({ slug: 'amara-okafor', name: 'Amara Okafor', days: 30 }, now)
		makeTrader({ slug: 'chioma-eze', name: 'Chioma Eze', days: 30 }, now)
		expect(ensureSampleOffers(now)).toBe(2)
		const rows = getDb().select().from(feeOffers).all()
		expect(rows.map((r) => [r.key, r.sample, r.status])).toEqual([
			['amara-okafor', true, 'published'],
			['chioma-eze', true, 'published'],
		])
		getDb().delete(feeOffers).run()
		expect(ensureSampleOffers(now)).toBe(0)
		const amara = getDb().select().from(traders).where(eq(traders.slug, 'amara-okafor')).get()!
		expect(amara.status).toBe('listed')
	})
})
