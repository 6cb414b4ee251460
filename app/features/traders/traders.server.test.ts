import { describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { makeTrader } from '#tests/trader-factories.ts'
import {
	DEFAULT_TRADER_SORT,
	NO_TRADER_FILTERS,
	parseMemberTraderQuery,
	readTraderFilters,
	sortWarning,
	TRADER_FILTER_MESSAGES,
	traderFilterParams,
	type MemberTraderQuery,
	TraderListQuerySchema,
	type TraderFilters,
} from './schemas.ts'
import {
	getMemberTraderDetail,
	listMemberTraders,
	registryTotals,
	reviewText,
	traderFilterChoices,
	traderOrder,
	unknownFilterValues,
} from './traders.server.ts'
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

describe('the members’ filters (issue 40)', () => {
	const read = (query: string) => readTraderFilters(new URLSearchParams(query))
	const filtered = (filters: Partial<TraderFilters>, q: Partial<MemberTraderQuery> = {}) =>
		listMemberTraders(query({ ...q, filters: { ...NO_TRADER_FILTERS, ...filters } }))
			.traders.map((t) => t.slug)
			.sort()

	test('the query string read: values, empties as no filter, each bad value named with its message', () => {
		expect(read('')).toEqual({ filters: NO_TRADER_FILTERS, errors: {} })
		expect(
			read('riskMin=2&riskMax=6&maxDrawdown=20.5&minMonths=12&markets=xauusd,EURUSD&broker=exness&noFlags=1&q=gold'),
		).toEqual({
			filters: {
				riskMin: 2,
				riskMax: 6,
				maxDrawdown: 0.205,
				minMonths: 12,
				markets: ['XAUUSD', 'EURUSD'],
				broker: 'exness',
				noFlags: true,
				q: 'gold',
			},
			errors: {},
		})
		// The page's checkboxes repeat `markets`.
		expect(read('markets=XAUUSD&markets=GBPUSD').filters.markets).toEqual(['XAUUSD', 'GBPUSD'])
		expect(read('riskMin=&maxDrawdown=&q=').errors).toEqual({})
		const bad = read('riskMin=0&riskMax=11&maxDrawdown=101&minMonths=121&noFlags=maybe&markets=<b>')
		expect(bad.errors).toEqual({
			riskMin: TRADER_FILTER_MESSAGES.riskScore,
			riskMax: TRADER_FILTER_MESSAGES.riskScore,
			maxDrawdown: TRADER_FILTER_MESSAGES.maxDrawdown,
			minMonths: TRADER_FILTER_MESSAGES.minMonths,
			noFlags: TRADER_FILTER_MESSAGES.noFlags,
			markets: TRADER_FILTER_MESSAGES.marketInvalid,
		})
		expect(bad.filters).toEqual(NO_TRADER_FILTERS)
		expect(read('riskMin=7&riskMax=3').errors).toEqual({ riskMin: TRADER_FILTER_MESSAGES.riskOrder })
		expect(read('maxDrawdown=0.5').errors.maxDrawdown).toBe(TRADER_FILTER_MESSAGES.maxDrawdown)
		expect(read('maxDrawdown=abc').errors.maxDrawdown).toBe(TRADER_FILTER_MESSAGES.maxDrawdown)
		expect(read(`q=${'x'.repeat(81)}`).errors.q).toBe(TRADER_FILTER_MESSAGES.searchTooLong)
		expect(read('q=a%00b').errors.q).toBe(TRADER_FILTER_MESSAGES.searchInvalid)
		expect(read(`markets=${Array.from({ length: 11 }, (_, i) => `M${i}`).join(',')}`).errors.markets).toBe(
			TRADER_FILTER_MESSAGES.marketsTooMany,
		)
		// Back into a link, in one order.
		expect(String(traderFilterParams(read('q=gold&riskMin=2&maxDrawdown=20&markets=xauusd&noFlags=1').filters))).toBe(
			'riskMin=2&maxDrawdown=20&markets=XAUUSD&noFlags=1&q=gold',
		)
	})

	test('each filter narrows the list on the stored figures; past traders are not filtered', () => {
		makeTrader({
			slug: 'calm',
			name: 'Calm Gold',
			daily: () => 0.0005,
			markets: ['XAUUSD'],
			strategy: 'Slow gold swings',
		})
		makeTrader({
			slug: 'wild',
			name: 'Wild FX',
			daily: (i) => (i < 100 ? -0.01 : i % 2 ? 0.06 : -0.04),
			markets: ['EURUSD', 'GBPUSD'],
			brokerSlug: 'other-broker',
		})
		makeTrader({ slug: 'young', name: 'Young', days: 100, daily: () => 0.001, markets: ['XAUUSD', 'BTCUSD'] })
		makeTrader({ slug: 'gone', status: 'retired', note: 'Stopped.', markets: ['XAUUSD'] })
		const row = (slug: string) =>
			getDb()
				.select()
				.from(traders)
				.all()
				.find((t) => t.slug === slug)!
		const calm = row('calm')
		const wild = row('wild')
		expect(calm.riskScore!).toBeLessThan(wild.riskScore!)
		expect(filtered({})).toEqual(['calm', 'wild', 'young'])
		expect(filtered({ riskMax: calm.riskScore })).not.toContain('wild')
		expect(filtered({ riskMin: wild.riskScore, riskMax: wild.riskScore })).toEqual(['wild'])
		expect(filtered({ maxDrawdown: 0.1 })).toEqual(['calm', 'young'])
		expect(filtered({ minMonths: 12 })).toEqual(['calm', 'wild'])
		expect(filtered({ minMonths: 0 })).toEqual(['calm', 'wild', 'young'])
		expect(filtered({ markets: ['XAUUSD'] })).toEqual(['calm', 'young'])
		expect(filtered({ markets: ['GBPUSD', 'BTCUSD'] })).toEqual(['wild', 'young'])
		expect(filtered({ broker: 'other-broker' })).toEqual(['wild'])
		expect(filtered({ noFlags: true })).not.toContain('young')
		expect(filtered({ q: 'gold' })).toEqual(['calm'])
		expect(filtered({ q: 'SWINGS' })).toEqual(['calm'])
		// LIKE's wildcards are text.
		expect(filtered({ q: '%' })).toEqual([])
		expect(filtered({ q: '_' })).toEqual([])
		expect(filtered({ markets: ['XAUUSD'] }, { status: 'past' })).toEqual(['gone'])
		const page = listMemberTraders(query({ filters: { ...NO_TRADER_FILTERS, markets: ['XAUUSD'] } }))
		expect(page.totalCount).toBe(2)
	})

	test('the choices are what members see; a market or broker that does not exist is named', () => {
		makeTrader({ slug: 'a', markets: ['XAUUSD', 'EURUSD'] })
		makeTrader({ slug: 'b', markets: ['BTCUSD'], status: 'in_review' })
		const choices = traderFilterChoices()
		expect(choices.markets).toEqual(['EURUSD', 'XAUUSD'])
		expect(choices.brokers.map((b) => b.slug)).toEqual(['factory-broker'])
		expect(unknownFilterValues({ ...NO_TRADER_FILTERS, markets: ['XAUUSD'], broker: 'factory-broker' })).toEqual({})
		expect(unknownFilterValues({ ...NO_TRADER_FILTERS, markets: ['XAUUSD', 'BTCUSD'], broker: 'nope' })).toEqual({
			markets: TRADER_FILTER_MESSAGES.unknownMarket('BTCUSD'),
			broker: TRADER_FILTER_MESSAGES.unknownBroker('nope'),
		})
	})

	test('a sort by a week’s or a month’s return carries the warning; the default is the ranking score', () => {
		expect(DEFAULT_TRADER_SORT).toBe('score')
		for (const sort of ['weeklyReturn', 'monthlyReturn', 'return1w', 'return1m'] as const)
			expect(sortWarning(sort)).toBe(TRADER_FILTER_MESSAGES.shortReturns)
		for (const sort of ['score', 'return12m', 'winRate', 'maxDrawdown'] as const) expect(sortWarning(sort)).toBeNull()
	})
})
