import { eq } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { brokers, traders } from '#db/schema.ts'
import { makeTrader } from '#tests/trader-factories.ts'
import { listMemberTraders, registryTotals, traderFilterChoices } from '#app/features/traders/traders.server.ts'
import { parseMemberTraderQuery } from '#app/features/traders/schemas.ts'
import { dataVersion, KEPT_VALUES, untilChanged } from './data-version.server.ts'

test('a kept value is computed again only when the counter moves', () => {
	let computed = 0
	const read = () => untilChanged('registry', 'test', () => ++computed)
	expect(read()).toBe(1)
	expect(read()).toBe(1)
	makeTrader({ slug: 'counted' })
	expect(read()).toBe(2)
	expect(read()).toBe(2)
})

test('the triggers move the registry counter on every write that changes what it keeps, and only those', () => {
	const db = getDb()
	const moves = (write: () => void) => {
		const before = dataVersion('registry')
		write()
		return dataVersion('registry') > before
	}
	let id = 0
	expect(moves(() => (id = makeTrader({ slug: 'watched', markets: ['EURUSD'] }).id))).toBe(true)
	const sql = db.$client
	expect(moves(() => sql.prepare("update traders set status = 'watch' where id = ?").run(id))).toBe(true)
	expect(moves(() => sql.prepare(`update traders set markets = '["XAUUSD"]' where id = ?`).run(id))).toBe(true)
	expect(moves(() => sql.prepare('update traders set trade_count = trade_count + 1 where id = ?').run(id))).toBe(true)
	expect(moves(() => sql.prepare('update traders set win_rate = 0.5 where id = ?').run(id))).toBe(true)
	expect(moves(() => sql.prepare("update brokers set name = 'Renamed' where slug = 'factory-broker'").run())).toBe(true)
	// The watch pass's bookkeeping changes nothing the kept values show.
	expect(moves(() => sql.prepare('update traders set watch_checked_at = null where id = ?').run(id))).toBe(false)
	expect(moves(() => db.delete(traders).where(eq(traders.id, id)).run())).toBe(true)
})

test('the dashboard’s filter choices and totals follow a write made outside the app’s code at once', () => {
	const { id } = makeTrader({ slug: 'first', markets: ['EURUSD'], wins: 5, trades: 10 })
	expect(traderFilterChoices().markets).toEqual(['EURUSD'])
	expect(registryTotals().traders).toBe(1)
	const sql = getDb().$client
	sql.prepare(`update traders set markets = '["XAUUSD","GBPUSD"]' where id = ?`).run(id)
	expect(traderFilterChoices().markets).toEqual(['GBPUSD', 'XAUUSD'])
	getDb().update(brokers).set({ name: 'Another Name' }).where(eq(brokers.slug, 'factory-broker')).run()
	expect(traderFilterChoices().brokers.map((b) => b.name)).toEqual(['Another Name'])
	sql.prepare("update traders set status = 'retired' where id = ?").run(id)
	expect(traderFilterChoices().markets).toEqual([])
	expect(registryTotals()).toEqual({ traders: 0, trades: 0, winRate: null })
})

test('kept values are bounded: the least recently used goes first, whatever keys members send', () => {
	const computed: string[] = []
	const read = (key: string) => untilChanged('traders', key, () => (computed.push(key), key))
	read('first')
	for (let i = 0; i < KEPT_VALUES - 1; i++) read(`k${i}`)
	read('first') // used again: now the most recent
	read('one-more') // over the bound: k0, the least recently used, goes
	computed.length = 0
	read('first')
	read('k1')
	expect(computed).toEqual([])
	read('k0')
	expect(computed).toEqual(['k0'])
})

test('the traders counter moves on any write to a trader and on a broker’s slug, so a kept list follows at once', () => {
	const moves = (write: () => void) => {
		const before = dataVersion('traders')
		write()
		return dataVersion('traders') > before
	}
	const sql = getDb().$client
	let id = 0
	expect(moves(() => (id = makeTrader({ slug: 'listed-one' }).id))).toBe(true)
	expect(moves(() => sql.prepare('update traders set return_1m = 0.5 where id = ?').run(id))).toBe(true)
	expect(moves(() => sql.prepare('update traders set watch_checked_at = null where id = ?').run(id))).toBe(true)
	expect(moves(() => sql.prepare("update brokers set slug = 'moved' where slug = 'factory-broker'").run())).toBe(true)
	expect(moves(() => sql.prepare("update brokers set name = 'Renamed' where slug = 'moved'").run())).toBe(false)

	const query = parseMemberTraderQuery(new URLSearchParams('sort=return1m'))
	const before = listMemberTraders(query)
	expect(listMemberTraders(query)).toBe(before) // kept: the same object
	expect(before.traders.map((t) => [t.slug, t.metrics.return1m])).toEqual([['listed-one', 0.5]])
	sql.prepare("update traders set return_1m = -0.25, name = 'Renamed Trader' where id = ?").run(id)
	const after = listMemberTraders(query)
	expect(after.traders.map((t) => [t.name, t.metrics.return1m])).toEqual([['Renamed Trader', -0.25]])
	makeTrader({ slug: 'listed-two' })
	expect(listMemberTraders(query).totalCount).toBe(2)
	sql.prepare('delete from traders where id = ?').run(id)
	expect(listMemberTraders(query).traders.map((t) => t.slug)).toEqual(['listed-two'])
})
