import { describe, expect, test } from 'vitest'
import type { SelectBroker } from '#db/schema.ts'
import { listAuditForTarget } from '#app/features/audit/audit.server.ts'
import { getMemberTraderDetail } from '#app/features/traders/traders.server.ts'
import { ensureSampleTraders, SAMPLE_SLUGS } from '#app/features/traders/samples.server.ts'
import { SEED_BROKERS } from '#app/content/dashboard.ts'
import { insertAdmin } from '#tests/factories.ts'
import { makeTrader } from '#tests/trader-factories.ts'
import { brokerCostsFor, mainMarket } from './broker-costs.server.ts'
import { createBroker, ensureSeedBrokers, setBrokerActive, updateBroker } from './brokers.server.ts'
import type { BrokerInput } from './schemas.ts'

let nextId = 1
function row(overrides: Partial<SelectBroker> = {}): SelectBroker {
	const id = nextId++
	return {
		id,
		name: `Broker ${id}`,
		slug: `broker-${id}`,
		regulator: 'FCA',
		licence: 'FRN 1',
		lossPercent: 70,
		minDepositCents: 10_00,
		copyTrading: true,
		commissionPerLotCents: 0,
		copyFeePercent: 0,
		spreads: [],
		howWeEarn: '',
		affiliateUrl: 'https://b.example/{trackingId}',
		rating: 4,
		bonus: '',
		features: '',
		recommended: false,
		sortOrder: 0,
		active: true,
		createdAt: new Date(0),
		updatedAt: new Date(0),
		...overrides,
	}
}

describe('brokerCostsFor: which brokers offer a trader', () => {
	test("the trader's own broker, then active copy-trading brokers with a spread for the main market", () => {
		const own = row({ name: 'Own', sortOrder: 9, copyTrading: false, spreads: [] })
		const cheap = row({
			name: 'Cheap',
			sortOrder: 2,
			commissionPerLotCents: 6_00,
			copyFeePercent: 30,
			spreads: [{ market: 'EURUSD', spreadCents: 2_00 }],
			howWeEarn: 'Rebate per lot',
		})
		const first = row({ name: 'First', sortOrder: 1, spreads: [{ market: 'EURUSD', spreadCents: 10_00 }] })
		const noCopy = row({ copyTrading: false, spreads: [{ market: 'EURUSD', spreadCents: 1_00 }] })
		const otherMarket = row({ spreads: [{ market: 'GBPUSD', spreadCents: 1_00 }] })
		const inactive = row({ active: false, spreads: [{ market: 'EURUSD', spreadCents: 1_00 }] })
		const costs = brokerCostsFor({ brokerId: own.id, markets: ['EURUSD', 'GBPUSD'], status: 'listed' }, [
			cheap,
			noCopy,
			otherMarket,
			inactive,
			first,
			own,
		])
		expect(costs.map((c) => c.name)).toEqual(['Own', 'First', 'Cheap'])
		expect(costs[0]).toMatchObject({ tradersBroker: true, market: 'EURUSD', spreadPerLot: null, costPerLot: null })
		expect(costs[2]).toEqual({
			slug: cheap.slug,
			name: 'Cheap',
			tradersBroker: false,
			market: 'EURUSD',
			spreadPerLot: 2,
			commissionPerLot: 6,
			costPerLot: 8,
			copyFeePercent: 30,
			minDeposit: 10,
			lossPercent: 70,
			howWeEarn: 'Rebate per lot',
		})
	})

	test('only the main market counts; an inactive own broker and past traders offer nothing', () => {
		const other = row({ spreads: [{ market: 'GBPUSD', spreadCents: 1_00 }] })
		const ownInactive = row({ active: false, spreads: [{ market: 'GBPUSD', spreadCents: 1_00 }] })
		const trader = { brokerId: ownInactive.id, markets: ['EURUSD', 'GBPUSD'], status: 'listed' as const }
		expect(brokerCostsFor(trader, [other, ownInactive])).toEqual([])
		expect(brokerCostsFor({ ...trader, markets: ['GBPUSD'] }, [other, ownInactive]).map((c) => c.slug)).toEqual([
			other.slug,
		])
		expect(brokerCostsFor({ ...trader, markets: ['GBPUSD'], status: 'watch' }, [other])).toHaveLength(1)
		for (const status of ['suspended', 'retired', 'applied', 'in_review'] as const) {
			expect(brokerCostsFor({ ...trader, markets: ['GBPUSD'], status }, [other]), status).toEqual([])
		}
		expect(mainMarket([])).toBeNull()
		expect(brokerCostsFor({ ...trader, markets: [] }, [other])).toEqual([])
	})
})

function input(overrides: Partial<BrokerInput> = {}): BrokerInput {
	return {
		name: 'Costly',
		slug: 'costly',
		regulator: 'FCA',
		licence: 'FRN 1',
		lossPercent: 72.5,
		minDepositCents: 50_00,
		affiliateUrl: 'https://costly.example/?sub={trackingId}',
		rating: 4,
		bonus: '',
		features: '',
		recommended: false,
		sortOrder: 5,
		copyTrading: true,
		commissionPerLotCents: 3_50,
		copyFeePercent: 25,
		spreads: [{ market: 'TESTFX', spreadCents: 7_25 }],
		howWeEarn: 'Revenue share',
		...overrides,
	}
}

describe('the costs as stored and as members see them', () => {
	test("staff's costs are kept, audited, and reach the trader's detail", () => {
		const admin = insertAdmin({ role: 'super_admin' })
		const actor = { id: admin.id, email: admin.email }
		const created = createBroker(actor, input())
		expect(created).toMatchObject({
			ok: true,
			value: {
				copyTrading: true,
				commissionPerLot: 3.5,
				copyFeePercent: 25,
				spreads: [{ market: 'TESTFX', spreadPerLot: 7.25 }],
				howWeEarn: 'Revenue share',
			},
		})
		if (!created.ok) return
		makeTrader({ slug: 'costs-trader', markets: ['TESTFX', 'EURUSD'], brokerSlug: 'costs-own' })
		const detail = getMemberTraderDetail('costs-trader')!
		expect(detail.brokerCosts.map((c) => [c.slug, c.tradersBroker, c.costPerLot])).toEqual([
			['costs-own', true, null],
			['costly', false, 10.75],
		])

		const updated = updateBroker(actor, 'costly', { spreads: [{ market: 'TESTFX', spreadCents: 5_00 }] })
		expect(updated.ok).toBe(true)
		const [audit] = listAuditForTarget('broker', created.value.id)
		expect(audit).toMatchObject({
			action: 'broker.update',
			before: { spreads: [{ market: 'TESTFX', spreadCents: 7_25 }], commissionPerLotCents: 3_50 },
			after: { spreads: [{ market: 'TESTFX', spreadCents: 5_00 }] },
		})
		expect(getMemberTraderDetail('costs-trader')!.brokerCosts[1]).toMatchObject({ spreadPerLot: 5, costPerLot: 8.5 })

		// Copy trading off, or the broker deactivated: it no longer offers the trader.
		updateBroker(actor, 'costly', { copyTrading: false })
		expect(getMemberTraderDetail('costs-trader')!.brokerCosts.map((c) => c.slug)).toEqual(['costs-own'])
		updateBroker(actor, 'costly', { copyTrading: true })
		setBrokerActive(actor, 'costly', false)
		expect(getMemberTraderDetail('costs-trader')!.brokerCosts.map((c) => c.slug)).toEqual(['costs-own'])
	})
})

test('a fresh install shows the table: every sample trader is priced at their own broker and at least one other', () => {
	ensureSeedBrokers(SEED_BROKERS)
	ensureSampleTraders()
	for (const slug of SAMPLE_SLUGS) {
		const costs = getMemberTraderDetail(slug)!.brokerCosts
		expect(costs.length, slug).toBeGreaterThanOrEqual(2)
		expect(costs[0]!.tradersBroker, slug).toBe(true)
		expect(costs[0]!.costPerLot, slug).not.toBeNull()
		for (const cost of costs) expect(cost.howWeEarn, `${slug} at ${cost.slug}`).not.toBe('')
	}
})
