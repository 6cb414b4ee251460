import { describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { makeTrader } from '#tests/trader-factories.ts'
import {
	DEFAULT_TRADER_SORT,
	parseMemberTraderQuery,
	type MemberTraderQuery,
	TraderListQuerySchema,
} from './schemas.ts'
import { getMemberTraderDetail, listMemberTraders, registryTotals, reviewText, traderOrder } from './traders.server.ts'
import { brokerClicks, traders } from '#db/schema.ts'
import { insertMember } from '#tests/factories.ts'
import { recordBrokerClick } from '#app/features/brokers/brokers.server.ts'
import { inArray } from 'drizzle-orm'

const query = (overrides: Partial<MemberTraderQuery> = {}): MemberTraderQuery => ({
	sort: 'score',
	order: 'desc',
	status: 'current',
	page: 1,
	limit: 20,
	...overrides,
})

const slugs = (q: Partial<MemberTraderQuery> = {}) => listMemberTraders(query(q)).traders.map((t) => t.slug)

/** Three listed traders growing 0.3%, 0.1%, 0.2% a day, one with 100 days only (no 12-month figures). */
function three() {
	makeTrader({ slug: 'fast', name: 'Fast', daily: () => 0.003, wins: 9, followers: 2 })
	makeTrader({ slug: 'slow', name: 'Slow', daily: () => 0.001, wins: 3, followers: 7 })
	makeTrader({ slug: 'short', name: 'Short', days: 100, daily: () => 0.002, wins: 6 })
}

describe('the members’ list', () => {
	test('listed and watch traders only, with their stored figures', () => {
		three()
		makeTrader({ slug: 'warned', name: 'Warned', status: 'watch', note: 'Drawdown under review.' })
		makeTrader({ slug: 'new', status: 'applied', days: 0 })
		makeTrader({ slug: 'checking', status: 'in_review' })
		makeTrader({ slug: 'gone', status: 'retired', note: 'Stopped trading.' })
		const page = listMemberTraders(query())
		expect(page.traders.map((t) => t.slug).sort()).toEqual(['fast', 'short', 'slow', 'warned'])
		expect(page.totalCount).toBe(4)
		const fast = page.traders.find((t) => t.slug === 'fast')!
		expect(fast.id).toBe('fast')
		expect(fast.status).toBe('listed')
		expect(fast.statusNote).toBeNull()
		expect(fast.metrics.return12m).toBeGreaterThan(0.9)
		expect(fast.metrics.winRate).toBeCloseTo(0.9, 12)
		expect(fast.riskScore).toBeGreaterThanOrEqual(1)
		expect(fast.riskMeaning).toMatch(/annualised volatility/)
		expect(fast.return1w).toBeCloseTo(1.003 ** 7 - 1, 3)
		const warned = page.traders.find((t) => t.slug === 'warned')!
		expect(warned.status).toBe('watch')
		expect(warned.statusNote).toBe('Drawdown under review.')
		const short = page.traders.find((t) => t.slug === 'short')!
		expect(short.metrics.return12m).toBeNull()
		expect(short.score).toBeNull()
		expect(short.flags.map((f) => f.code)).toContain('short_history')
	})

	test('sorts by score, a metric, the dashboard’s four sorts; nulls last in either order', () => {
		three()
		expect(slugs()).toEqual(['fast', 'slow', 'short'])
		expect(slugs({ order: 'asc' })).toEqual(['slow', 'fast', 'short'])
		expect(slugs({ sort: 'return12m', order: 'asc' })).toEqual(['slow', 'fast', 'short'])
		expect(slugs({ sort: 'weeklyReturn' })).toEqual(['fast', 'short', 'slow'])
		expect(slugs({ sort: 'monthlyReturn', order: 'asc' })).toEqual(['slow', 'short', 'fast'])
		expect(slugs({ sort: 'winRate' })).toEqual(['fast', 'short', 'slow'])
		expect(slugs({ sort: 'followers' })).toEqual(['slow', 'fast', 'short'])
		expect(slugs({ sort: 'trades', order: 'asc' })).toEqual(['fast', 'short', 'slow'])
	})

	test('server paging: stable pages, a page past the end is empty', () => {
		three()
		expect(slugs({ limit: 2 })).toEqual(['fast', 'slow'])
		const second = listMemberTraders(query({ limit: 2, page: 2 }))
		expect(second.traders.map((t) => t.slug)).toEqual(['short'])
		expect(second.totalPages).toBe(2)
		expect(listMemberTraders(query({ limit: 2, page: 3 })).traders).toEqual([])
	})

	test('past traders: suspended and retired with their final record and reason', () => {
		three()
		makeTrader({ slug: 'paused', status: 'suspended', note: 'Statements are late.' })
		makeTrader({ slug: 'gone', status: 'retired', note: 'Stopped trading.' })
		const past = listMemberTraders(query({ status: 'past' })).traders
		expect(past.map((t) => t.slug).sort()).toEqual(['gone', 'paused'])
		const gone = past.find((t) => t.slug === 'gone')!
		expect(gone.status).toBe('retired')
		expect(gone.statusNote).toBe('Stopped trading.')
		expect(gone.metrics.return12m).not.toBeNull()
	})

	test('every list query uses an index', () => {
		const db = getDb()
		for (const status of [
			['listed', 'watch'],
			['suspended', 'retired'],
		] as const) {
			for (const sort of ['score', 'weeklyReturn', 'followers', 'winRate'] as const) {
				const q = db
					.select()
					.from(traders)
					.where(inArray(traders.status, [...status]))
					.orderBy(...traderOrder(sort, 'desc'))
					.limit(20)
					.toSQL()
				const plan = (db.$client.prepare(`EXPLAIN QUERY PLAN ${q.sql}`).all(...q.params) as { detail: string }[]).map(
					(r) => r.detail,
				)
				expect(plan.join('\n')).toMatch(/USING (COVERING )?INDEX traders_status/)
				expect(plan.join('\n')).not.toMatch(/SCAN traders(?! USING)/)
			}
		}
	})
})

describe('a trader’s detail', () => {
	test('figures, monthly returns, 12-month periods newest first, review and source', () => {
		const now = new Date('2026-12-05T10:00:00Z')
		makeTrader({ slug: 'long', name: 'Long', days: 800, start: '2024-09-01' }, now)
		const detail = getMemberTraderDetail('long')!
		expect(detail.trader.slug).toBe('long')
		expect(detail.trader.monthlyReturns.length).toBeGreaterThan(20)
		expect(detail.trader.monthlyReturns[0]!.month).toMatch(/^\d{4}-\d{2}$/)
		expect(detail.trader.periods.length).toBe(2)
		expect(detail.trader.periods[0]!.from > detail.trader.periods[1]!.from).toBe(true)
		expect(detail.trader.drawdownSeries).toHaveLength(800)
		expect(detail.trader.review.text).toBe('Reviewed by TradeCircle staff on 5 December 2026; next review 5 March 2027')
		expect(detail.trader.source.until).toBe(detail.trader.statementsUntil)
		expect(detail.trader.source.text).toContain('Broker factory-broker')
		expect(detail.broker?.slug).toBe('factory-broker')
	})

	test('past traders are visible; unknown and not yet reviewed slugs are null', () => {
		makeTrader({ slug: 'gone', status: 'retired', note: 'Stopped trading.' })
		makeTrader({ slug: 'new', status: 'applied', days: 0 })
		makeTrader({ slug: 'checking', status: 'in_review' })
		expect(getMemberTraderDetail('gone')?.trader.statusNote).toBe('Stopped trading.')
		expect(getMemberTraderDetail('new')).toBeNull()
		expect(getMemberTraderDetail('checking')).toBeNull()
		expect(getMemberTraderDetail('nobody')).toBeNull()
	})

	test('review text without a next review date', () => {
		expect(reviewText(new Date('2026-01-02T00:00:00Z'), null)).toBe('Reviewed by TradeCircle staff on 2 January 2026')
	})
})

test('registry totals: listed and watch traders, win rate over all their trades', () => {
	makeTrader({ slug: 'a', wins: 9, trades: 20 })
	makeTrader({ slug: 'b', wins: 3, trades: 10, status: 'watch' })
	makeTrader({ slug: 'c', wins: 0, trades: 10, status: 'retired' })
	const totals = registryTotals()
	expect(totals.traders).toBe(2)
	expect(totals.trades).toBe(30)
	expect(totals.winRate).toBeCloseTo((18 + 3) / 30, 12)
})

describe('queries', () => {
	test('the API query: defaults, a metric, order, status; bad values refused', () => {
		expect(TraderListQuerySchema.parse({})).toEqual({
			sort: DEFAULT_TRADER_SORT,
			order: 'desc',
			status: 'current',
			page: 1,
			limit: 20,
		})
		expect(
			TraderListQuerySchema.parse({ sort: 'sharpe', order: 'asc', status: 'past', page: '2', limit: '5' }),
		).toEqual({
			sort: 'sharpe',
			order: 'asc',
			status: 'past',
			page: 2,
			limit: 5,
		})
		for (const bad of [
			{ sort: 'nope' },
			{ order: 'up' },
			{ status: 'retired' },
			{ page: '0' },
			{ limit: '101' },
			{ x: '1' },
		]) {
			expect(TraderListQuerySchema.safeParse(bad).success).toBe(false)
		}
	})
	test('the page reads a bad value as the default', () => {
		expect(parseMemberTraderQuery(new URLSearchParams('sort=nope&order=up&page=x'))).toEqual(query())
		expect(parseMemberTraderQuery(new URLSearchParams('sort=followers&order=asc&page=3'))).toEqual(
			query({ sort: 'followers', order: 'asc', page: 3 }),
		)
	})
})

test('followers: distinct members who opened a broker link from the trader’s Copy button', () => {
	makeTrader({ slug: 'followed' })
	makeTrader({ slug: 'paused', status: 'suspended', note: 'Late statements.' })
	const a = insertMember()
	const b = insertMember()
	expect(recordBrokerClick(a.id, 'factory-broker', new Date(), 'followed').ok).toBe(true)
	expect(recordBrokerClick(a.id, 'factory-broker', new Date(), 'followed').ok).toBe(true)
	expect(recordBrokerClick(b.id, 'factory-broker', new Date(), 'followed').ok).toBe(true)
	// Without a trader, an unknown one or a trader members cannot see: a click, no follower.
	expect(recordBrokerClick(b.id, 'factory-broker', new Date(), null).ok).toBe(true)
	expect(recordBrokerClick(b.id, 'factory-broker', new Date(), 'nobody').ok).toBe(true)
	expect(recordBrokerClick(a.id, 'factory-broker', new Date(), 'paused').ok).toBe(true)
	expect(getMemberTraderDetail('followed')?.trader.followers).toBe(2)
	expect(getMemberTraderDetail('paused')?.trader.followers).toBe(0)
	const clicks = getDb().select().from(brokerClicks).all()
	expect(clicks).toHaveLength(6)
	expect(clicks.filter((c) => c.traderId !== null)).toHaveLength(3)
})
