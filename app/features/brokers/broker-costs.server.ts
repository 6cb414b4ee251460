import { asc, eq } from 'drizzle-orm'
import { getDb } from '#db/client.server.ts'
import { brokers, type SelectBroker } from '#db/schema.ts'
import { MEMBER_VISIBLE_STATUSES } from '#app/features/traders/review.ts'
import type { TraderStatus } from '#app/domain/enums.ts'
import type { BrokerCost } from './responses.server.ts'

/**
 * The cost of copying a trader at each broker (issue 40 part 5, decision
 * 060). One rule for the trader's page and GET /api/member/traders/:id.
 *
 * A broker offers a trader when the trader is listed or on watch (past
 * traders cannot be copied) and the broker is active and either
 *   - is the trader's own broker (their statements come from it), or
 *   - offers copy trading and has a spread recorded for the trader's main
 *     market (the first of traders.markets).
 * The trader's own broker comes first, then the others by their cards'
 * order (sortOrder, name).
 *
 * The estimate, `costPerLot`, is what one round-turn trade of one standard
 * lot on that market costs there: the spread plus the commission, in US
 * dollars. It leaves out the copy or performance fee (a share of profits,
 * shown beside it), swaps and currency conversion; it is null when the
 * broker has no spread recorded for the market.
 */

export type CostTrader = { brokerId: number; markets: readonly string[]; status: TraderStatus }

/** The trader's main market: the first of their markets. */
export function mainMarket(markets: readonly string[]) {
	return markets[0] ?? null
}

/** Which of `rows` (every broker, any order) offer the trader, and what copying costs at each. */
export function brokerCostsFor(trader: CostTrader, rows: readonly SelectBroker[]): BrokerCost[] {
	const market = mainMarket(trader.markets)
	if (market === null || !(MEMBER_VISIBLE_STATUSES as readonly string[]).includes(trader.status)) return []
	const costs: Array<BrokerCost & { order: [number, number, string, number] }> = []
	for (const row of rows) {
		if (!row.active) continue
		const own = row.id === trader.brokerId
		const spread = row.spreads.find((s) => s.market === market)
		if (!own && !(row.copyTrading && spread)) continue
		const spreadPerLot = spread ? spread.spreadCents / 100 : null
		const commissionPerLot = row.commissionPerLotCents / 100
		costs.push({
			slug: row.slug,
			name: row.name,
			tradersBroker: own,
			market,
			spreadPerLot,
			commissionPerLot,
			costPerLot: spread ? (spread.spreadCents + row.commissionPerLotCents) / 100 : null,
			copyFeePercent: row.copyFeePercent,
			minDeposit: row.minDepositCents / 100,
			lossPercent: row.lossPercent,
			howWeEarn: row.howWeEarn,
			order: [own ? 0 : 1, row.sortOrder, row.name, row.id],
		})
	}
	costs.sort((a, b) => {
		for (let i = 0; i < 4; i++) {
			const x = a.order[i]!
			const y = b.order[i]!
			if (x !== y) return x < y ? -1 : 1
		}
		return 0
	})
	return costs.map(({ order: _order, ...cost }) => cost)
}

/** The active brokers that offer the trader (the rule above), read from the database. */
export function listBrokerCosts(trader: CostTrader, db = getDb()): BrokerCost[] {
	const rows = db.select().from(brokers).where(eq(brokers.active, true)).orderBy(asc(brokers.sortOrder)).all()
	return brokerCostsFor(trader, rows)
}
