import { and, asc, desc, eq, getTableColumns, gte, inArray, lte, sql, type SQL } from 'drizzle-orm'
import { brokers, traders } from '#db/schema.ts'
import { getDb, type Db } from '#db/client.server.ts'
import { untilChanged } from '#app/utils/data-version.server.ts'
import type { TraderStatus } from '#app/domain/enums.ts'
import { listActiveBrokers } from '#app/features/brokers/brokers.server.ts'
import { listBrokerCosts } from '#app/features/brokers/broker-costs.server.ts'
import { riskScoreMeaning } from '#app/features/traders/metrics.ts'
import {
	drawdownSeriesOf,
	figuresOf,
	METRIC_COLUMNS,
	metricsOf,
	type StoredFigures,
} from '#app/features/traders/registry.server.ts'
import type { MemberTrader, MemberTraderDetail } from '#app/features/traders/responses.server.ts'
import {
	TRADER_FILTER_MESSAGES,
	type MemberTraderQuery,
	type MemberTraderStatus,
	type TraderFilterName,
	type TraderFilters,
	type TraderSort,
} from '#app/features/traders/schemas.ts'

/**
 * What members see of the traders registry (issue 39 part 4, decision 056):
 * listed and watch traders with the figures recomputeTrader stored on their
 * row, sorted and paged in SQL; suspended and retired ones as past traders
 * with their reason. One rule for /dashboard and /api/member/traders*.
 */

/** Only these reach members in the list; past traders are shown apart. */
export const VISIBLE_STATUSES = ['listed', 'watch'] as const satisfies readonly TraderStatus[]
export const PAST_STATUSES = ['suspended', 'retired'] as const satisfies readonly TraderStatus[]

function statusesOf(status: MemberTraderStatus): TraderStatus[] {
	return status === 'past' ? [...PAST_STATUSES] : [...VISIBLE_STATUSES]
}

/** The stored column a sort reads (the dashboard's four sorts map to metrics, decision 056). */
export function sortColumn(sort: TraderSort) {
	switch (sort) {
		case 'score':
			return traders.score
		case 'weeklyReturn':
		case 'return1w':
			return traders.return1w
		case 'monthlyReturn':
			return traders.return1m
		case 'followers':
			return traders.followers
		default:
			return METRIC_COLUMNS[sort]
	}
}

/** ORDER BY for a sort: nulls last in either order, then name and id so pages are stable. */
export function traderOrder(sort: TraderSort, order: 'asc' | 'desc'): SQL[] {
	const column = sortColumn(sort)
	return [sql`${column} is null`, order === 'asc' ? asc(column) : desc(column), asc(traders.name), asc(traders.id)]
}

type Row = typeof traders.$inferSelect

/**
 * The columns the members' list reads: every one but `figures` (its
 * periods and drawdown dates are the detail's); of it the list reads only
 * the flags and the monthly returns (json_extract). The daily drawdown
 * series is in trader_series, read by the detail alone.
 */
const { figures: _figures, ...LIST_COLUMNS } = getTableColumns(traders)
export type ListRow = Omit<Row, 'figures'>

export function toMemberTrader(row: ListRow, flags: MemberTrader['flags']): MemberTrader {
	return {
		id: row.slug,
		slug: row.slug,
		name: row.name,
		status: row.status,
		statusNote: row.status === 'listed' ? null : row.statusNote,
		sample: row.sample,
		strategy: row.strategy,
		markets: row.markets,
		currency: row.currency,
		riskScore: row.riskScore,
		riskMeaning: riskScoreMeaning(row.riskScore),
		score: row.score,
		return1w: row.return1w,
		followers: row.followers,
		flags,
		statementsFrom: row.statementsFrom,
		statementsUntil: row.statementsUntil,
		metrics: metricsOf(row),
	}
}

export type MemberTraderPage = {
	traders: MemberTrader[]
	/** By slug: the last 12 complete months with a return (the table's sparkline; not in the API). */
	lastMonths: Record<string, Array<{ month: string; return: number }>>
	page: number
	limit: number
	totalCount: number
	totalPages: number
	currentPage: number
}

/**
 * A page of the members' list: `current` (listed and watch) or `past`
 * (suspended and retired) traders, by the sort's stored column, nulls last.
 * A page past the end is answered empty.
 */
export function listMemberTraders(query: MemberTraderQuery, db = getDb()): MemberTraderPage {
	// Kept per process until a trader or a broker's slug is written (the
	// `traders` counter): members ask for the same few pages again and again.
	return untilChanged('traders', `list:${JSON.stringify(query)}`, () => readMemberTraders(query, db), db)
}

function readMemberTraders(query: MemberTraderQuery, db: Db): MemberTraderPage {
	const status = inArray(traders.status, statusesOf(query.status))
	const filtered = query.status === 'current' && query.filters ? filterWhere(query.filters) : []
	const where = filtered.length ? and(status, ...filtered) : status
	const totalCount =
		db
			.select({ n: sql<number>`count(*)` })
			.from(traders)
			.where(where)
			.get()?.n ?? 0
	// The page's ids first, sorting small rows (the sort's columns and the id),
	// then those rows with the flags and monthly returns out of their figures.
	const ids = db
		.select({ id: traders.id })
		.from(traders)
		.where(where)
		.orderBy(...traderOrder(query.sort, query.order))
		.limit(query.limit)
		.offset((query.page - 1) * query.limit)
		.all()
		.map((r) => r.id)
	const found = ids.length
		? db
				.select({
					...LIST_COLUMNS,
					listFigures: sql<string | null>`json_extract(${traders.figures}, '$.flags', '$.monthlyReturns')`,
				})
				.from(traders)
				.where(inArray(traders.id, ids))
				.all()
		: []
	const byId = new Map(found.map((r) => [r.id, r]))
	const rows = ids.map((id) => byId.get(id)).filter((r) => r !== undefined)
	const totalPages = Math.max(1, Math.ceil(totalCount / query.limit))
	const lastMonths: MemberTraderPage['lastMonths'] = {}
	const list: MemberTrader[] = []
	for (const { listFigures, ...row } of rows) {
		const [flags, monthlyReturns] = listFigures
			? (JSON.parse(listFigures) as [MemberTrader['flags'] | null, StoredFigures['monthlyReturns'] | null])
			: [null, null]
		lastMonths[row.slug] = (monthlyReturns ?? [])
			.filter((m): m is { month: string; return: number } => m.return !== null)
			.slice(-12)
		list.push(toMemberTrader(row, flags ?? []))
	}
	return {
		traders: list,
		lastMonths,
		page: query.page,
		limit: query.limit,
		totalCount,
		totalPages,
		currentPage: query.page,
	}
}

/** LIKE's wildcards in a member's search text, escaped. */
function likeText(text: string) {
	return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** The SQL of the members' filters (issue 40 part 1), on the row's stored columns. */
export function filterWhere(filters: TraderFilters): SQL[] {
	const parts: SQL[] = []
	if (filters.riskMin !== null) parts.push(gte(traders.riskScore, filters.riskMin))
	if (filters.riskMax !== null) parts.push(lte(traders.riskScore, filters.riskMax))
	if (filters.maxDrawdown !== null) parts.push(lte(traders.maxDrawdown, filters.maxDrawdown))
	if (filters.minMonths !== null && filters.minMonths > 0) {
		parts.push(sql`${traders.statementsFrom} <= date(${traders.statementsUntil}, ${`-${filters.minMonths} months`})`)
	}
	if (filters.markets.length) {
		parts.push(
			sql`exists (select 1 from json_each(${traders.markets}) where json_each.value in (${sql.join(
				filters.markets.map((m) => sql`${m}`),
				sql`, `,
			)}))`,
		)
	}
	if (filters.broker !== null) {
		parts.push(
			sql`${traders.brokerId} = (select ${brokers.id} from ${brokers} where ${brokers.slug} = ${filters.broker})`,
		)
	}
	if (filters.noFlags) parts.push(eq(traders.flagCount, 0))
	if (filters.q !== null) {
		const pattern = likeText(filters.q)
		parts.push(sql`(${traders.name} like ${pattern} escape '\\' or ${traders.strategy} like ${pattern} escape '\\')`)
	}
	return parts
}

/** What the filter form offers: the markets and the brokers of the traders members see. */
export function traderFilterChoices(db = getDb()) {
	// A pass over every listed trader's markets: kept until the registry changes.
	return untilChanged('registry', 'filter-choices', () => readTraderFilterChoices(db), db)
}

function readTraderFilterChoices(db: Db) {
	const visible = inArray(traders.status, [...VISIBLE_STATUSES])
	const markets = db
		.selectDistinct({ market: sql<string>`json_each.value` })
		.from(sql`${traders}, json_each(${traders.markets})`)
		.where(visible)
		.orderBy(sql`json_each.value`)
		.all()
		.map((r) => r.market)
	const brokerChoices = db
		.selectDistinct({ slug: brokers.slug, name: brokers.name })
		.from(traders)
		.innerJoin(brokers, eq(brokers.id, traders.brokerId))
		.where(visible)
		.orderBy(asc(brokers.name))
		.all()
	return { markets, brokers: brokerChoices }
}

/**
 * The filters' references that do not exist: a market no trader members
 * see trades, a broker slug that is not a broker. Empty when all do.
 */
export function unknownFilterValues(filters: TraderFilters, db = getDb()): Partial<Record<TraderFilterName, string>> {
	const errors: Partial<Record<TraderFilterName, string>> = {}
	if (filters.markets.length) {
		const known = new Set(traderFilterChoices(db).markets)
		const unknown = filters.markets.find((m) => !known.has(m))
		if (unknown) errors.markets = TRADER_FILTER_MESSAGES.unknownMarket(unknown)
	}
	if (filters.broker !== null) {
		const found = db.select({ id: brokers.id }).from(brokers).where(eq(brokers.slug, filters.broker)).get()
		if (!found) errors.broker = TRADER_FILTER_MESSAGES.unknownBroker(filters.broker)
	}
	return errors
}

const longDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' })

function dayText(date: string) {
	return longDate.format(new Date(`${date}T00:00:00Z`))
}

/** "Reviewed by TradeCircle staff on <date>; next review <date>" (issue 39 part 4). */
export function reviewText(reviewedAt: Date, nextReviewDate: string | null) {
	const on = longDate.format(reviewedAt)
	return nextReviewDate
		? `Reviewed by TradeCircle staff on ${on}; next review ${dayText(nextReviewDate)}`
		: `Reviewed by TradeCircle staff on ${on}`
}

/**
 * A trader's detail for members by slug: listed, watch, suspended and
 * retired traders (past traders with their status and reason); null for an
 * unknown slug or a trader not yet reviewed (applied, in_review). The
 * broker to copy with is the trader's own broker when active, else the
 * recommended active one, else the first (none when all are inactive).
 * The page leaves out the daily drawdown series (`drawdownSeries: false`: an empty list, not read
 * from trader_series): it draws the monthly figures, and years of days would
 * only be parsed to be dropped.
 */
export function getMemberTraderDetail(
	slug: string,
	{ drawdownSeries = true }: { drawdownSeries?: boolean } = {},
	db = getDb(),
): MemberTraderDetail | null {
	const found = db
		.select({ trader: traders, brokerSlug: brokers.slug, brokerName: brokers.name })
		.from(traders)
		.innerJoin(brokers, eq(brokers.id, traders.brokerId))
		.where(and(eq(traders.slug, slug), inArray(traders.status, [...VISIBLE_STATUSES, ...PAST_STATUSES])))
		.get()
	if (!found) return null
	const row = found.trader
	const figures = figuresOf(row)
	const active = listActiveBrokers()
	const broker =
		active.find((b) => b.slug === found.brokerSlug) ?? active.find((b) => b.recommended) ?? active.at(0) ?? null
	const until = row.statementsUntil
	return {
		trader: {
			...toMemberTrader(row, (figures?.flags ?? []) as MemberTrader['flags']),
			monthlyReturns: figures?.monthlyReturns ?? [],
			periods: (figures?.periods ?? []).slice(0, 5),
			drawdownSeries: drawdownSeries ? drawdownSeriesOf(row.id, db) : [],
			review: {
				reviewedAt: row.reviewedAt ? row.reviewedAt.toISOString() : null,
				nextReviewDate: row.nextReviewDate,
				text: reviewText(row.reviewedAt ?? row.statusChangedAt, row.nextReviewDate),
			},
			source: {
				brokerName: found.brokerName,
				until,
				text: until
					? `Daily equity and closed trades from the trader’s account at ${found.brokerName}, up to ${dayText(until)}`
					: `No statement from ${found.brokerName} has been applied yet`,
			},
		},
		broker,
		brokerCosts: listBrokerCosts(row, db),
	}
}

/** The registry's figures behind the dashboard tiles (decision 056). */
export function registryTotals(db = getDb()): { traders: number; trades: number; winRate: number | null } {
	// A sum over every listed trader: kept until the registry changes.
	return untilChanged('registry', 'totals', () => readRegistryTotals(db), db)
}

function readRegistryTotals(db: Db) {
	const row = db
		.select({
			traders: sql<number>`count(*)`,
			trades: sql<number>`coalesce(sum(${traders.tradeCount}), 0)`,
			wins: sql<number>`coalesce(sum(round(${traders.winRate} * ${traders.tradeCount})), 0)`,
		})
		.from(traders)
		.where(inArray(traders.status, [...VISIBLE_STATUSES]))
		.get()
	const totalTrades = row?.trades ?? 0
	return {
		traders: row?.traders ?? 0,
		trades: totalTrades,
		winRate: totalTrades > 0 ? (row?.wins ?? 0) / totalTrades : null,
	}
}
