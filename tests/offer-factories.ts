import { eq } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { feeOffers, traders, type SelectFeeOffer } from '#db/schema.ts'
import { makeTrader } from './trader-factories.ts'

/**
 * A 0% fee offer in the unit tests' database (issue 41 part 2): its trader
 * made listed through the registry (made once per slug), the offer
 * inserted as stored, published by default with no expiry.
 */
export function makeOffer(
	spec: Partial<Omit<SelectFeeOffer, 'id' | 'traderId'>> & { traderSlug?: string; traderName?: string } = {},
	now = new Date(),
) {
	const db = getDb()
	const { traderSlug = 'amara-okafor', traderName = 'Amara Okafor', ...fields } = spec
	const trader =
		db.select().from(traders).where(eq(traders.slug, traderSlug)).get() ??
		makeTrader({ slug: traderSlug, name: traderName, days: 60, followers: 120 }, now)
	return db
		.insert(feeOffers)
		.values({
			key: traderSlug,
			originalFee: 30,
			currentFee: 0,
			minCapital: 1_000,
			totalSpots: 50,
			description: 'Generated for a test.',
			status: 'published',
			publishedAt: now,
			...fields,
			traderId: trader.id,
		})
		.returning()
		.get()
}
