import { randomUUID } from 'node:crypto'
import { makeE2eTrader } from '#tests/trader-factories.ts'
import { bearer, withE2eDatabase } from '../admin-utils.ts'
import { expect, test } from '../fixtures.ts'

// The cost at each broker (issue 40 part 5, decision 060): staff record a
// broker's costs through /api/admin/brokers*, bad values are refused with
// nothing stored, and GET /api/member/traders/:id lists every broker that
// offers the trader with its costs. The broker and the trader made here
// are removed after the suite; the trader's main market is one no other
// broker has a spread for.

const made = { brokers: [] as string[], traders: [] as string[] }
test.afterAll(() => {
	withE2eDatabase((db) => {
		for (const slug of made.traders.splice(0)) db.prepare('delete from traders where slug = ?').run(slug)
		for (const slug of made.brokers.splice(0)) db.prepare('delete from brokers where slug = ?').run(slug)
	})
})

function stored(slug: string) {
	return withE2eDatabase((db) =>
		db
			.prepare(
				'select copy_trading as copyTrading, commission_per_lot_cents as commission, copy_fee_percent as fee, spreads, how_we_earn as howWeEarn from brokers where slug = ?',
			)
			.get(slug),
	)
}

test('staff record the costs; bad values are refused with nothing stored; members see them on the trader', async ({
	request,
	createAdmin,
	memberToken,
}) => {
	const tag = randomUUID().slice(0, 8)
	const market = `BC${tag.toUpperCase()}`
	const slug = `bc-${tag}`
	made.brokers.push(slug)
	const headers = bearer((await createAdmin({ role: 'super_admin' })).token)
	const created = await request.post('/api/admin/brokers', {
		headers,
		data: {
			name: `Costs ${tag}`,
			slug,
			regulator: 'Test Regulator',
			licence: 'Licence 7',
			lossPercent: 69.5,
			minDeposit: 100,
			affiliateUrl: `https://${slug}.example/?sub={trackingId}`,
			sortOrder: 9999,
			copyTrading: true,
			commissionPerLot: 4,
			copyFeePercent: 15,
			spreads: [{ market: market.toLowerCase(), spreadPerLot: 6.5 }],
			howWeEarn: 'A rebate per lot our members trade.',
		},
	})
	expect(created.status()).toBe(201)
	expect((await created.json()).data).toMatchObject({
		copyTrading: true,
		commissionPerLot: 4,
		copyFeePercent: 15,
		spreads: [{ market, spreadPerLot: 6.5 }],
		howWeEarn: 'A rebate per lot our members trade.',
	})
	const before = stored(slug)
	expect(before).toEqual({
		copyTrading: 1,
		commission: 400,
		fee: 15,
		spreads: JSON.stringify([{ market, spreadCents: 650 }]),
		howWeEarn: 'A rebate per lot our members trade.',
	})

	const bad = await request.patch(`/api/admin/brokers/${slug}`, {
		headers,
		data: {
			commissionPerLot: -1,
			copyFeePercent: 120,
			spreads: [{ market: 'NOT A SYMBOL', spreadPerLot: 'wide' }],
		},
	})
	expect(bad.status()).toBe(400)
	const errors = (await bad.json()).errors as Array<{ path: string; message: string }>
	expect(errors).toEqual(
		expect.arrayContaining([
			{ path: 'commissionPerLot', message: 'Commission per lot must be from $0 to $1,000' },
			{ path: 'copyFeePercent', message: 'Copy or performance fee must be from 0 to 100%' },
		]),
	)
	expect(errors.map((e) => e.path)).toEqual(expect.arrayContaining(['spreads.0.market', 'spreads.0.spreadPerLot']))
	const twice = await request.patch(`/api/admin/brokers/${slug}`, {
		headers,
		data: {
			spreads: [
				{ market, spreadPerLot: 1 },
				{ market, spreadPerLot: 2 },
			],
		},
	})
	expect(twice.status()).toBe(400)
	expect((await twice.json()).errors).toEqual([{ path: 'spreads', message: `${market} is listed twice` }])
	expect(stored(slug)).toEqual(before)

	// The trader trades that market first; their own broker is Exness.
	const traderSlug = `bc-trader-${tag}`
	made.traders.push(traderSlug)
	makeE2eTrader({ slug: traderSlug, name: `Costs Trader ${tag}`, brokerSlug: 'exness', markets: [market, 'EURUSD'] })
	const member = bearer(memberToken)
	const detail = await request.get(`/api/member/traders/${traderSlug}`, { headers: member })
	expect(detail.status()).toBe(200)
	const { brokerCosts } = (await detail.json()).data
	expect(brokerCosts).toEqual([
		expect.objectContaining({ slug: 'exness', tradersBroker: true, market, spreadPerLot: null, costPerLot: null }),
		{
			slug,
			name: `Costs ${tag}`,
			tradersBroker: false,
			market,
			spreadPerLot: 6.5,
			commissionPerLot: 4,
			costPerLot: 10.5,
			copyFeePercent: 15,
			minDeposit: 100,
			lossPercent: 69.5,
			howWeEarn: 'A rebate per lot our members trade.',
		},
	])

	// Copy trading off: the broker no longer offers the trader (their own broker still does).
	const off = await request.patch(`/api/admin/brokers/${slug}`, { headers, data: { copyTrading: false } })
	expect(off.status()).toBe(200)
	const audit = withE2eDatabase(
		(db) =>
			db
				.prepare(
					"select a.before, a.after from audit_log a join brokers b on a.target_id = cast(b.id as text) where b.slug = ? and a.action = 'broker.update'",
				)
				.get(slug) as { before: string; after: string },
	)
	expect(JSON.parse(audit.before)).toMatchObject({ copyTrading: true, spreads: [{ market, spreadCents: 650 }] })
	expect(JSON.parse(audit.after)).toMatchObject({ copyTrading: false })
	const after = await (await request.get(`/api/member/traders/${traderSlug}`, { headers: member })).json()
	expect(after.data.brokerCosts.map((c: { slug: string }) => c.slug)).toEqual(['exness'])
})
