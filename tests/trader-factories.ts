import Database from 'better-sqlite3'
import { eq } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/better-sqlite3'
import { getDb } from '#db/client.server.ts'
import * as schema from '#db/schema.ts'
import { brokers, traderEquity, traders, traderSeries, traderTrades } from '#db/schema.ts'
import type { TraderStatus } from '#app/domain/enums.ts'
import { computeTraderFigures, type ClosedTrade, type EquityPoint } from '#app/features/traders/metrics.ts'
import {
	createTrader,
	figureColumns,
	recomputeTrader,
	reviewTrader,
	setChecklist,
} from '#app/features/traders/registry.server.ts'
import { E2E_DATABASE } from '#tests/admin-utils.ts'
import { insertAuditActor } from '#tests/factories.ts'

/**
 * Traders with generated statements for unit and e2e tests (decision 056):
 * equity and trades are made here, the figures by the registry's own
 * models (recomputeTrader, computeTraderFigures). Sample traders may be
 * in the database too: tests never assume the list is empty or exact.
 */

const DAY_MS = 86_400_000

export function isoDay(start: string, days: number) {
	return new Date(Date.parse(`${start}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)
}

/** `days` daily rows from `start`, 10,000 deposited on the first, each day growing by `daily(i)`. */
export function generateEquity(start: string, days: number, daily: (i: number) => number = () => 0.001): EquityPoint[] {
	const rows: EquityPoint[] = []
	let equity = 10_000
	for (let i = 0; i < days; i++) {
		if (i > 0) equity *= 1 + daily(i)
		rows.push({
			date: isoDay(start, i),
			equity: Math.round(equity * 100) / 100,
			deposits: i === 0 ? 10_000 : 0,
			withdrawals: 0,
		})
	}
	return rows
}

/** `count` one-day trades from `start`, one a day; `wins` of each 10 win 100, the rest lose 50. */
export function generateTrades(start: string, count: number, wins = 6, stopLoss: number | null = 1.1): ClosedTrade[] {
	return Array.from({ length: count }, (_, i) => ({
		ticket: String(1000 + i),
		openedAt: `${isoDay(start, i)}T09:00:00Z`,
		closedAt: `${isoDay(start, i)}T17:00:00Z`,
		symbol: 'EURUSD',
		side: i % 2 === 0 ? 'buy' : 'sell',
		volume: 0.1,
		stopLoss,
		profit: i % 10 < wins ? 100 : -50,
	}))
}

export type TraderSpec = {
	slug: string
	name?: string
	status?: TraderStatus
	/** The note of the last transition (the reason past traders show). */
	note?: string
	sample?: boolean
	brokerSlug?: string
	start?: string
	/** Days of equity (0: no statement). */
	days?: number
	daily?: (i: number) => number
	trades?: number
	wins?: number
	stopLoss?: number | null
	followers?: number
	markets?: string[]
	strategy?: string
}

/** The statement dates a spec covers: ending yesterday, so the record is current. */
function startOf(spec: TraderSpec, now: Date) {
	if (spec.start) return spec.start
	const days = spec.days ?? 400
	return isoDay(now.toISOString().slice(0, 10), -days)
}

function brokerValues(slug: string) {
	return {
		name: `Broker ${slug}`,
		slug,
		regulator: 'FCA',
		licence: 'FRN 1',
		lossPercent: 70,
		affiliateUrl: `https://${slug}.example/?sub={trackingId}`,
	}
}

const PATH: Record<TraderStatus, TraderStatus[]> = {
	applied: [],
	in_review: ['in_review'],
	listed: ['in_review', 'listed'],
	watch: ['in_review', 'listed', 'watch'],
	suspended: ['in_review', 'listed', 'suspended'],
	retired: ['in_review', 'listed', 'retired'],
}

/**
 * A trader in the unit tests' database, through the registry's models:
 * createTrader, the statements inserted and recomputeTrader, the checklist
 * and the review path to `status` (default listed). Returns the row.
 */
export function makeTrader(spec: TraderSpec, now = new Date()) {
	const db = getDb()
	const brokerSlug = spec.brokerSlug ?? 'factory-broker'
	if (!db.select().from(brokers).where(eq(brokers.slug, brokerSlug)).get()) {
		db.insert(brokers).values(brokerValues(brokerSlug)).run()
	}
	const admin = { ...insertAuditActor({ role: 'super_admin' }), superAdmin: true }
	const start = startOf(spec, now)
	const created = createTrader(
		admin,
		{
			slug: spec.slug,
			name: spec.name ?? spec.slug,
			strategy: spec.strategy ?? 'Generated for a test.',
			markets: spec.markets ?? ['EURUSD'],
			brokerSlug,
			accountRef: `ACC-${spec.slug}`,
			country: 'Nigeria',
			currency: 'USD',
			startDate: start,
		},
		now,
		{ sample: spec.sample ?? false },
	)
	if (!created.ok) throw new Error(created.message)
	const id = created.value.id
	const days = spec.days ?? 400
	if (days > 0) {
		const equity = generateEquity(start, days, spec.daily)
		db.insert(traderEquity)
			.values(equity.map((e) => ({ traderId: id, ...e })))
			.run()
		const trades = generateTrades(start, Math.min(spec.trades ?? 30, days), spec.wins, spec.stopLoss)
		if (trades.length > 0) {
			db.insert(traderTrades)
				.values(trades.map((t) => ({ traderId: id, ...t, openPrice: 1.1, closePrice: 1.1 })))
				.run()
		}
		recomputeTrader(id, now)
	}
	const path = PATH[spec.status ?? 'listed']
	for (const to of path) {
		if (to === 'listed') {
			const checked = setChecklist(admin, id, {
				identityChecked: true,
				brokerAccountVerified: true,
				statementSourceVerified: true,
				strategyMatchesTrades: true,
				riskAcceptable: true,
			})
			if (!checked.ok) throw new Error(checked.message)
		}
		const note = to === path.at(-1) && spec.note ? spec.note : `Moved to ${to} by a test.`
		const reviewed = reviewTrader(admin, id, { to, note }, now)
		if (!reviewed.ok) throw new Error(`${to}: ${reviewed.message}`)
	}
	if (spec.followers) db.update(traders).set({ followers: spec.followers }).where(eq(traders.id, id)).run()
	return db.select().from(traders).where(eq(traders.id, id)).get()!
}

/**
 * The same trader in the e2e server's database file (direct inserts, the
 * figures by computeTraderFigures as recomputeTrader stores them), for
 * Playwright specs. Idempotent: a slug already there is kept as it is (the
 * js-on and js-off projects share the database and make the same traders).
 */
export function makeE2eTrader(spec: TraderSpec, now = new Date(), file = E2E_DATABASE) {
	const sqlite = new Database(file, { timeout: 5000 })
	try {
		// One write transaction from the first read: the JS-on and JS-off
		// projects' workers make the same traders at once, and the second
		// must see the first's row, not insert the slug again.
		// The statements and their figures are worked out first, so the
		// transaction only writes and holds the server's writes back briefly.
		const statements = statementsOf(spec, now)
		return sqlite.transaction(() => makeIn(sqlite, spec, now, statements)).immediate()
	} finally {
		sqlite.close()
	}
}

function statementsOf(spec: TraderSpec, now: Date) {
	const start = startOf(spec, now)
	const days = spec.days ?? 400
	const equity = days > 0 ? generateEquity(start, days, spec.daily) : []
	const trades = days > 0 ? generateTrades(start, Math.min(spec.trades ?? 30, days), spec.wins, spec.stopLoss) : []
	return { start, equity, trades, figures: equity.length > 0 ? computeTraderFigures(equity, trades) : null }
}

function makeIn(
	sqlite: Database.Database,
	spec: TraderSpec,
	now: Date,
	{ start, equity, trades, figures }: ReturnType<typeof statementsOf>,
) {
	const db = drizzle(sqlite, { schema })
	const brokerSlug =
		spec.brokerSlug ?? db.select({ slug: brokers.slug }).from(brokers).where(eq(brokers.active, true)).get()?.slug
	if (!brokerSlug) throw new Error('No active broker in the e2e database')
	let broker = db.select().from(brokers).where(eq(brokers.slug, brokerSlug)).get()
	if (!broker) broker = db.insert(brokers).values(brokerValues(brokerSlug)).returning().get()
	const existing = db.select().from(traders).where(eq(traders.slug, spec.slug)).get()
	if (existing) return existing
	const status = spec.status ?? 'listed'
	const reviewed = status !== 'applied' && status !== 'in_review'
	const row = db
		.insert(traders)
		.values({
			slug: spec.slug,
			name: spec.name ?? spec.slug,
			strategy: spec.strategy ?? 'Generated for a test.',
			markets: spec.markets ?? ['EURUSD'],
			brokerId: broker.id,
			accountRef: `ACC-${spec.slug}`,
			country: 'Nigeria',
			currency: 'USD',
			startDate: start,
			status,
			statusNote: spec.note ?? `Moved to ${status} by a test.`,
			statusChangedAt: now,
			sample: spec.sample ?? false,
			reviewedAt: reviewed ? now : null,
			reviewedBy: reviewed ? 'e2e@tradecircle.test' : null,
			nextReviewDate: reviewed ? isoDay(now.toISOString().slice(0, 10), 90) : null,
			followers: spec.followers ?? 0,
			createdAt: now,
			updatedAt: now,
		})
		.returning()
		.get()
	if (equity.length > 0)
		db.insert(traderEquity)
			.values(equity.map((e) => ({ traderId: row.id, ...e })))
			.run()
	if (trades.length > 0) {
		db.insert(traderTrades)
			.values(trades.map((t) => ({ traderId: row.id, ...t, openPrice: 1.1, closePrice: 1.1 })))
			.run()
	}
	if (figures) {
		db.update(traders).set(figureColumns(figures, now)).where(eq(traders.id, row.id)).run()
		db.insert(traderSeries).values({ traderId: row.id, drawdown: figures.drawdownSeries }).run()
	}
	return db.select().from(traders).where(eq(traders.id, row.id)).get()!
}
