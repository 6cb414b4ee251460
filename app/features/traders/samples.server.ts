import { and, count, eq } from 'drizzle-orm'
import { recordAudit, SYSTEM_ACTOR } from '#app/features/audit/audit.server.ts'
import { write, type Tx } from '#db/client.server.ts'
import { auditLog, brokers, traderReviews, traders, traderStatements } from '#db/schema.ts'
import type { EquityPoint, StoredTrade } from './metrics.ts'
import { insertStatementRows, recomputeTrader } from './registry.server.ts'
import { REVIEW_INTERVAL_DAYS } from './review.ts'

/**
 * The sample traders of a fresh install (issue 39 part 5): a dozen listed
 * traders with generated daily equity and closed trades, so that the
 * dashboard has traders to look at before staff list real ones. Everything
 * is generated from a seeded random number generator and the seed day, so
 * the same day gives the same data; the statements end the day before
 * `now`. They are marked `sample` (shown as "Sample" to staff and
 * members) and removed in one staff action (`removeSampleTraders`); once
 * removed, or once staff have added a trader of their own, they are not
 * seeded again. Six keep the slugs of the traders the dashboard showed
 * before the registry, so old links still lead somewhere.
 */

/** Who the samples' checklist and review name. */
export const SAMPLE_REVIEWER = 'TradeCircle staff (sample data)'

type SampleSpec = {
	slug: string
	name: string
	strategy: string
	markets: string[]
	brokerSlug: string
	country: string
	/** Calendar days of history up to the day before the seed. */
	days: number
	/** Annualised volatility of the daily returns. */
	volatility: number
	/** Annualised drift. */
	drift: number
	/** Trades per business day. */
	tradesPerDay: number
	winRate: number
	/** Average loss as a multiple of the average win. */
	lossToWin: number
	/** Share of trades without a stop loss. */
	noStopLoss: number
	/** After 2 losses in a row on a symbol, the next trade doubles the volume. */
	martingale?: boolean
	/** A fall of this fraction over about 3 months, in the middle of the history. */
	crash?: number
	/** A deposit of this fraction of the equity 40 days before the end. */
	lateDeposit?: number
}

const SAMPLES: readonly SampleSpec[] = [
	{
		slug: 'amara-okafor',
		name: 'Amara Okafor',
		strategy: 'Swing trades on major currency pairs, 1% risk per trade, hard stop-loss on every position.',
		markets: ['EURUSD', 'GBPUSD', 'USDJPY'],
		brokerSlug: 'exness',
		country: 'Nigeria',
		days: 4 * 365,
		volatility: 0.09,
		drift: 0.14,
		tradesPerDay: 0.5,
		winRate: 0.56,
		lossToWin: 0.9,
		noStopLoss: 0,
	},
	{
		slug: 'daniel-mensah',
		name: 'Daniel Mensah',
		strategy: 'Trend following on indices with small positions and wide stops.',
		markets: ['US500', 'GER40', 'UK100'],
		brokerSlug: 'xm',
		country: 'Ghana',
		days: 5 * 365,
		volatility: 0.04,
		drift: 0.07,
		tradesPerDay: 0.3,
		winRate: 0.48,
		lossToWin: 0.7,
		noStopLoss: 0.05,
	},
	{
		slug: 'chioma-eze',
		name: 'Chioma Eze',
		strategy: 'Intraday gold and oil breakouts; larger swings, so copy with a smaller share of capital.',
		markets: ['XAUUSD', 'WTI', 'BRENT'],
		brokerSlug: 'hfm',
		country: 'Nigeria',
		days: 3 * 365,
		volatility: 0.38,
		drift: 0.3,
		tradesPerDay: 1.2,
		winRate: 0.45,
		lossToWin: 0.8,
		noStopLoss: 0.1,
		crash: 0.48,
	},
	{
		slug: 'tunde-bakare',
		name: 'Tunde Bakare',
		strategy: 'Carry and range trades on low-volatility pairs, never more than three open positions.',
		markets: ['AUDUSD', 'USDCHF', 'EURGBP'],
		brokerSlug: 'exness',
		country: 'Nigeria',
		days: 5 * 365,
		volatility: 0.025,
		drift: 0.05,
		tradesPerDay: 0.8,
		winRate: 0.9,
		lossToWin: 4,
		noStopLoss: 0.2,
	},
	{
		slug: 'zainab-bello',
		name: 'Zainab Bello',
		strategy: 'News-aware momentum trades on US tech stocks and indices.',
		markets: ['NAS100', 'AAPL', 'MSFT'],
		brokerSlug: 'xm',
		country: 'Nigeria',
		days: 2 * 365 + 30,
		volatility: 0.18,
		drift: 0.2,
		tradesPerDay: 0.7,
		winRate: 0.52,
		lossToWin: 1,
		noStopLoss: 0.7,
	},
	{
		slug: 'kwame-asante',
		name: 'Kwame Asante',
		strategy: 'Mean reversion on crypto majors with a fixed weekly loss limit.',
		markets: ['BTCUSD', 'ETHUSD'],
		brokerSlug: 'hfm',
		country: 'Ghana',
		days: 548,
		volatility: 0.62,
		drift: 0.25,
		tradesPerDay: 1,
		winRate: 0.5,
		lossToWin: 1,
		noStopLoss: 0.3,
		martingale: true,
	},
	{
		slug: 'lerato-dlamini',
		name: 'Lerato Dlamini',
		strategy: 'Gold and euro swing trades held for days, 0.5% risk per trade.',
		markets: ['XAUUSD', 'EURUSD'],
		brokerSlug: 'exness',
		country: 'South Africa',
		days: 240,
		volatility: 0.12,
		drift: 0.15,
		tradesPerDay: 0.6,
		winRate: 0.55,
		lossToWin: 1,
		noStopLoss: 0,
	},
	{
		slug: 'samuel-kiprop',
		name: 'Samuel Kiprop',
		strategy: 'Breakouts on the yen crosses with fixed targets.',
		markets: ['USDJPY', 'GBPJPY', 'EURJPY'],
		brokerSlug: 'xm',
		country: 'Kenya',
		days: 2 * 365 + 200,
		volatility: 0.07,
		drift: 0.09,
		tradesPerDay: 0.5,
		winRate: 0.5,
		lossToWin: 0.8,
		noStopLoss: 0,
		lateDeposit: 1.5,
	},
	{
		slug: 'aisha-kamara',
		name: 'Aisha Kamara',
		strategy: 'Hedged index positions with tight risk; small, steady moves.',
		markets: ['US500', 'EURUSD'],
		brokerSlug: 'hfm',
		country: 'Kenya',
		days: 3 * 365,
		volatility: 0.015,
		drift: 0.04,
		tradesPerDay: 0.4,
		winRate: 0.6,
		lossToWin: 1.1,
		noStopLoss: 0,
	},
	{
		slug: 'yaw-boateng',
		name: 'Yaw Boateng',
		strategy: 'Oil and gas momentum over weeks, pyramiding into winners.',
		markets: ['WTI', 'NGAS', 'XAGUSD'],
		brokerSlug: 'exness',
		country: 'Ghana',
		days: 4 * 365 + 100,
		volatility: 0.28,
		drift: 0.28,
		tradesPerDay: 0.4,
		winRate: 0.42,
		lossToWin: 0.5,
		noStopLoss: 0.05,
	},
	{
		slug: 'ngozi-obi',
		name: 'Ngozi Obi',
		strategy: 'Scalping the European session on the major pairs.',
		markets: ['EURUSD', 'GBPUSD'],
		brokerSlug: 'xm',
		country: 'Nigeria',
		days: 450,
		volatility: 0.2,
		drift: 0.18,
		tradesPerDay: 2,
		winRate: 0.58,
		lossToWin: 1.2,
		noStopLoss: 0,
	},
	{
		slug: 'kofi-addo',
		name: 'Kofi Addo',
		strategy: 'Quarterly rebalanced index and gold mix, traded at the broker.',
		markets: ['US500', 'XAUUSD', 'GER40'],
		brokerSlug: 'hfm',
		country: 'Ghana',
		days: 5 * 365,
		volatility: 0.13,
		drift: 0.11,
		tradesPerDay: 0.2,
		winRate: 0.6,
		lossToWin: 1.3,
		noStopLoss: 0.1,
	},
]

/** The sample slugs, in seeding order. */
export const SAMPLE_SLUGS = SAMPLES.map((s) => s.slug)

/** mulberry32: a small seeded generator, the same numbers for the same seed. */
function generator(seed: number) {
	let a = seed >>> 0
	const next = () => {
		a = (a + 0x6d2b79f5) >>> 0
		let t = a
		t = Math.imul(t ^ (t >>> 15), t | 1)
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296
	}
	const normal = () => {
		const u = Math.max(next(), 1e-12)
		return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next())
	}
	return { next, normal }
}

function seedOf(text: string) {
	let h = 2166136261
	for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619)
	return h >>> 0
}

const DAY_MS = 86_400_000
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const round2 = (n: number) => Math.round(n * 100) / 100

/** A symbol's price level, for prices that look like the market's. */
function priceLevel(symbol: string) {
	if (symbol.endsWith('JPY')) return 150
	if (symbol.startsWith('XAU')) return 2300
	if (symbol.startsWith('XAG')) return 28
	if (symbol.startsWith('BTC')) return 60_000
	if (symbol.startsWith('ETH')) return 3_000
	if (['US500', 'GER40', 'UK100', 'NAS100'].includes(symbol)) return 8_000
	if (['WTI', 'BRENT'].includes(symbol)) return 80
	if (symbol === 'NGAS') return 3
	if (['AAPL', 'MSFT'].includes(symbol)) return 300
	return 1.1
}

/** One sample's statements: business days up to the day before `now`, and trades that open and close inside them. */
export function sampleStatements(spec: SampleSpec, now: Date) {
	const random = generator(seedOf(`${spec.slug}:${isoDay(now.getTime())}`))
	const last = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - DAY_MS
	const first = last - spec.days * DAY_MS
	const days: number[] = []
	for (let t = first; t <= last; t += DAY_MS) {
		const weekday = new Date(t).getUTCDay()
		if (weekday !== 0 && weekday !== 6) days.push(t)
	}
	const dailyVol = spec.volatility / Math.sqrt(252)
	const dailyDrift = spec.drift / 252
	const crashFrom = Math.floor(days.length * 0.45)
	const crashDays = 63
	const crashStep = spec.crash ? Math.pow(1 - spec.crash, 1 / crashDays) - 1 : 0
	const depositAt = spec.lateDeposit ? days.length - 1 - 28 : -1
	const equity: EquityPoint[] = []
	let value = 10_000
	days.forEach((t, i) => {
		let deposits = 0
		if (i === 0) deposits = value
		else {
			let r = dailyDrift + dailyVol * random.normal()
			if (spec.crash && i >= crashFrom && i < crashFrom + crashDays) r = crashStep + dailyVol * 0.5 * random.normal()
			value = Math.max(value * (1 + r), 1)
			if (i === depositAt) {
				deposits = round2(value * spec.lateDeposit!)
				value += deposits
			}
		}
		value = round2(value)
		equity.push({ date: isoDay(t), equity: value, deposits: round2(deposits), withdrawals: 0 })
	})

	const trades: StoredTrade[] = []
	const count = Math.max(12, Math.round(days.length * spec.tradesPerDay))
	const averageWin = 40 + 400 * spec.volatility
	const baseVolume = 0.2 + random.next() * 0.8
	const state = new Map<string, { run: number; lastLossVolume: number }>()
	const firstOpen = days[0]! + 8 * 3_600_000
	const lastClose = last + 20 * 3_600_000
	for (let n = 0; n < count; n++) {
		// Evenly through the history, each trade a little later than the last.
		const openedMs = Math.floor(firstOpen + ((lastClose - firstOpen) * (n + random.next() * 0.5)) / (count + 1))
		const holdMs = Math.floor((1 + random.next() * 47) * 3_600_000)
		const closedMs = Math.min(openedMs + holdMs, lastClose)
		const symbol = spec.markets[Math.floor(random.next() * spec.markets.length)]!
		const s = state.get(symbol) ?? { run: 0, lastLossVolume: 0 }
		// A steady size (within ±20% of the trader's own), doubled only by a martingale.
		let volume = round2(baseVolume * (0.8 + random.next() * 0.4))
		if (spec.martingale && s.run >= 2) volume = round2(s.lastLossVolume * 2)
		const win = random.next() < spec.winRate
		const size = 0.5 + random.next()
		const profit = round2(win ? averageWin * size : -averageWin * spec.lossToWin * size)
		if (profit < 0) {
			s.run++
			s.lastLossVolume = volume
		} else s.run = 0
		state.set(symbol, s)
		const side = random.next() < 0.5 ? 'buy' : 'sell'
		const level = priceLevel(symbol)
		const openPrice = Number((level * (0.9 + random.next() * 0.2)).toPrecision(6))
		const move = level * 0.004 * size * (profit >= 0 ? 1 : -1) * (side === 'buy' ? 1 : -1)
		const closePrice = Number((openPrice + move).toPrecision(6))
		const hasStop = random.next() >= spec.noStopLoss
		const stopLoss = hasStop ? Number((openPrice - level * 0.006 * (side === 'buy' ? 1 : -1)).toPrecision(6)) : null
		trades.push({
			ticket: `S${String(n + 1).padStart(5, '0')}`,
			openedAt: new Date(openedMs).toISOString(),
			closedAt: new Date(closedMs).toISOString(),
			symbol,
			side,
			volume,
			openPrice,
			closePrice,
			stopLoss,
			profit,
		})
	}
	return { equity, trades }
}

/** Whether a fresh install should get the samples: no trader yet, and staff never removed them. */
function samplesWanted(tx: Tx) {
	const [{ n: existing }] = tx.select({ n: count() }).from(traders).all() as [{ n: number }]
	if (existing > 0) return false
	const removed = tx
		.select({ id: auditLog.id })
		.from(auditLog)
		.where(and(eq(auditLog.action, 'trader.samples-remove'), eq(auditLog.targetType, 'trader')))
		.limit(1)
		.get()
	return !removed
}

/**
 * Seeds the sample traders on a fresh install (db/seed.ts): listed, the
 * checklist done and a review by {@link SAMPLE_REVIEWER}, their statements
 * inserted and their figures computed, in one transaction, audited once as
 * `trader.samples-seed` by the system. Nothing when any trader exists or
 * the samples were removed before. Returns how many were seeded.
 */
export function ensureSampleTraders(now = new Date()): number {
	return write((tx) => {
		if (!samplesWanted(tx)) return 0
		const brokerIds = new Map(
			tx
				.select({ id: brokers.id, slug: brokers.slug })
				.from(brokers)
				.all()
				.map((b) => [b.slug, b.id]),
		)
		const fallbackBroker = brokerIds.values().next().value
		if (fallbackBroker === undefined) return 0
		const nextReview = isoDay(now.getTime() + REVIEW_INTERVAL_DAYS * DAY_MS)
		const seeded: string[] = []
		for (const spec of SAMPLES) {
			const { equity, trades } = sampleStatements(spec, now)
			const from = equity[0]!.date
			const until = equity.at(-1)!.date
			const created = tx
				.insert(traders)
				.values({
					slug: spec.slug,
					name: spec.name,
					strategy: spec.strategy,
					markets: spec.markets,
					brokerId: brokerIds.get(spec.brokerSlug) ?? fallbackBroker,
					accountRef: `SAMPLE-${spec.slug.toUpperCase()}`,
					country: spec.country,
					currency: 'USD',
					startDate: from,
					status: 'listed',
					statusNote: 'Sample trader of a fresh install, with generated statements.',
					statusChangedAt: now,
					sample: true,
					identityCheckedAt: now,
					identityCheckedBy: SAMPLE_REVIEWER,
					brokerAccountVerifiedAt: now,
					brokerAccountVerifiedBy: SAMPLE_REVIEWER,
					statementSourceVerifiedAt: now,
					statementSourceVerifiedBy: SAMPLE_REVIEWER,
					strategyMatchesTradesAt: now,
					strategyMatchesTradesBy: SAMPLE_REVIEWER,
					riskAcceptableAt: now,
					riskAcceptableBy: SAMPLE_REVIEWER,
					reviewedAt: now,
					reviewedBy: SAMPLE_REVIEWER,
					nextReviewDate: nextReview,
					createdAt: now,
					updatedAt: now,
				})
				.returning({ id: traders.id })
				.get()
			const traderId = created.id
			insertStatementRows(traderId, { equity, trades })
			const statement = { traderId, adminEmail: SYSTEM_ACTOR.email, appliedAt: now, contentHash: 'sample' }
			tx.insert(traderStatements)
				.values([
					{
						...statement,
						kind: 'equity',
						fileName: 'sample-equity.csv',
						rowCount: equity.length,
						fromDate: from,
						toDate: until,
					},
					{
						...statement,
						kind: 'trades',
						fileName: 'sample-trades.csv',
						rowCount: trades.length,
						fromDate: trades[0]!.closedAt.slice(0, 10),
						toDate: trades.at(-1)!.closedAt.slice(0, 10),
					},
				])
				.run()
			tx.insert(traderReviews)
				.values({
					traderId,
					fromStatus: 'in_review',
					toStatus: 'listed',
					note: 'Sample trader: listed on a fresh install with generated statements.',
					adminEmail: SAMPLE_REVIEWER,
					createdAt: now,
				})
				.run()
			recomputeTrader(traderId, now, tx)
			seeded.push(spec.slug)
		}
		recordAudit(
			tx,
			{
				admin: SYSTEM_ACTOR,
				action: 'trader.samples-seed',
				targetType: 'trader',
				targetId: 'samples',
				before: null,
				after: { traders: seeded },
			},
			now,
		)
		return seeded.length
	})
}

/** The number of sample traders a fresh install gets. */
export const SAMPLE_COUNT = SAMPLES.length
