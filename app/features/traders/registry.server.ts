import { and, asc, count, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm'
import { recordAudit, recordChange, recordCreation, type AuditActor } from '#app/features/audit/audit.server.ts'
import { log } from '#app/utils/log.server.ts'
import { pick } from '#app/utils/misc.ts'
import { fail, ok, type Result } from '#app/utils/result.ts'
import { getDb, write, type Db, type Tx } from '#db/client.server.ts'
import {
	brokers,
	traderEquity,
	traderReviews,
	traderSeries,
	traderStatements,
	traders,
	traderTrades,
	type SelectTrader,
} from '#db/schema.ts'
import { isUniqueViolation } from '#db/sql.server.ts'
import { paginate, type Pagination } from '#app/features/users/schemas.ts'
import type { AppliedStatement, StaffTrader, TraderReviewEntry } from './responses.server.ts'
import {
	computeTraderFigures,
	type ClosedTrade,
	type EquityPoint,
	type StoredTrade,
	type TraderFigures,
} from './metrics.ts'
import { CHECKLIST_ITEMS, checkTransition, REVIEW_INTERVAL_DAYS, REVIEW_MESSAGES, type ChecklistKey } from './review.ts'
import {
	parseTraderId,
	TRADER_MESSAGES,
	type TraderListQuery,
	type TraderChecklistInput,
	type TraderInput,
	type TraderReviewInput,
	type TraderUpdate,
} from './schemas.ts'

/**
 * The traders registry (issue 39 part 1): staff add and edit traders, tick
 * the review checklist and move them through the review
 * (app/features/traders/review.ts); every change is audited in its own
 * transaction. The figures are computed from the stored statements
 * (app/features/traders/metrics.ts) and written on the trader's row by
 * `recomputeTrader`, in the transaction of the statement that changed
 * them, and nightly by the scheduler.
 */

/** Checklist key -> the row's two columns. */
const CHECKLIST_COLUMNS = {
	identityChecked: ['identityCheckedAt', 'identityCheckedBy'],
	brokerAccountVerified: ['brokerAccountVerifiedAt', 'brokerAccountVerifiedBy'],
	statementSourceVerified: ['statementSourceVerifiedAt', 'statementSourceVerifiedBy'],
	strategyMatchesTrades: ['strategyMatchesTradesAt', 'strategyMatchesTradesBy'],
	riskAcceptable: ['riskAcceptableAt', 'riskAcceptableBy'],
} as const satisfies Record<ChecklistKey, readonly [keyof SelectTrader, keyof SelectTrader]>

export type ChecklistState = Record<ChecklistKey, { done: boolean; by: string | null; at: string | null }>

export function checklistOf(row: SelectTrader): ChecklistState {
	const out = {} as ChecklistState
	for (const { key } of CHECKLIST_ITEMS) {
		const [atKey, byKey] = CHECKLIST_COLUMNS[key]
		const at = row[atKey] as Date | null
		out[key] = { done: at !== null, by: (row[byKey] as string | null) ?? null, at: at ? at.toISOString() : null }
	}
	return out
}

/** The checklist items still open, by their labels. */
export function openChecklistItems(row: SelectTrader): string[] {
	return CHECKLIST_ITEMS.filter(({ key }) => row[CHECKLIST_COLUMNS[key][0]] === null).map(({ label }) => label)
}

/** What the audit row keeps of a trader. */
const AUDIT_FIELDS = [
	'slug',
	'name',
	'strategy',
	'markets',
	'brokerId',
	'accountRef',
	'country',
	'currency',
	'startDate',
	'status',
	'nextReviewDate',
	'sample',
] as const
const auditValue = (row: SelectTrader) => pick(row, AUDIT_FIELDS)

/** The metrics as stored on the row, by their API names. */
export const METRIC_COLUMNS = {
	return1m: traders.return1m,
	return3m: traders.return3m,
	return12m: traders.return12m,
	returnSinceStart: traders.returnSinceStart,
	cagr: traders.cagr,
	maxDrawdown: traders.maxDrawdown,
	currentDrawdown: traders.currentDrawdown,
	volatility: traders.volatility,
	sharpe: traders.sharpe,
	sortino: traders.sortino,
	calmar: traders.calmar,
	trades: traders.tradeCount,
	winRate: traders.winRate,
	profitFactor: traders.profitFactor,
	averageWin: traders.averageWin,
	averageLoss: traders.averageLoss,
	expectancy: traders.expectancy,
	averageHoldingHours: traders.averageHoldingHours,
	noStopLossShare: traders.noStopLossShare,
} as const
export type MetricName = keyof typeof METRIC_COLUMNS

export type StoredFigures = Pick<TraderFigures, 'flags' | 'drawdown' | 'monthlyReturns' | 'periods'>

export type TraderMetricsView = StaffTrader['metrics']

export function metricsOf(row: Omit<SelectTrader, 'figures'>): TraderMetricsView {
	return {
		return1m: row.return1m,
		return3m: row.return3m,
		return12m: row.return12m,
		returnSinceStart: row.returnSinceStart,
		cagr: row.cagr,
		maxDrawdown: row.maxDrawdown,
		currentDrawdown: row.currentDrawdown,
		volatility: row.volatility,
		sharpe: row.sharpe,
		sortino: row.sortino,
		calmar: row.calmar,
		trades: row.tradeCount,
		winRate: row.winRate,
		profitFactor: row.profitFactor,
		averageWin: row.averageWin,
		averageLoss: row.averageLoss,
		expectancy: row.expectancy,
		averageHoldingHours: row.averageHoldingHours,
		noStopLossShare: row.noStopLossShare,
	}
}

export function figuresOf(row: SelectTrader): StoredFigures | null {
	return (row.figures as StoredFigures | null) ?? null
}

type Row = { trader: SelectTrader; brokerSlug: string; brokerName: string }

export function toStaffTrader({ trader: row, brokerSlug, brokerName }: Row): StaffTrader {
	return {
		id: row.id,
		slug: row.slug,
		name: row.name,
		strategy: row.strategy,
		markets: row.markets,
		brokerSlug,
		brokerName,
		accountRef: row.accountRef,
		country: row.country,
		currency: row.currency,
		startDate: row.startDate,
		status: row.status,
		statusNote: row.statusNote,
		statusChangedAt: row.statusChangedAt.toISOString(),
		sample: row.sample,
		riskScore: row.riskScore,
		score: row.score,
		flags: (figuresOf(row)?.flags ?? []) as StaffTrader['flags'],
		statementsFrom: row.statementsFrom,
		statementsUntil: row.statementsUntil,
		reviewedAt: row.reviewedAt ? row.reviewedAt.toISOString() : null,
		reviewedBy: row.reviewedBy,
		nextReviewDate: row.nextReviewDate,
		checklist: checklistOf(row),
		metrics: metricsOf(row),
		computedAt: row.computedAt ? row.computedAt.toISOString() : null,
		createdAt: row.createdAt.toISOString(),
		updatedAt: row.updatedAt.toISOString(),
	}
}

function selectRows(db: Db | Tx) {
	return db
		.select({ trader: traders, brokerSlug: brokers.slug, brokerName: brokers.name })
		.from(traders)
		.innerJoin(brokers, eq(brokers.id, traders.brokerId))
}

/** A trader with their broker's slug and name, in the caller's transaction. */
export function findRow(db: Db | Tx, id: number): Row | null {
	return selectRows(db).where(eq(traders.id, id)).get() ?? null
}

/** A trader by id (staff), else null. */
export function getStaffTrader(id: number): StaffTrader | null {
	const row = findRow(getDb(), id)
	return row ? toStaffTrader(row) : null
}

function staffWhere(query: TraderListQuery): SQL | undefined {
	const parts: SQL[] = []
	if (query.status) parts.push(eq(traders.status, query.status))
	if (query.flag === 'any') parts.push(gt(traders.flagCount, 0))
	else if (query.flag === 'none') parts.push(eq(traders.flagCount, 0))
	else if (query.flag) {
		parts.push(
			sql`exists (select 1 from json_each(${traders.figures}, '$.flags') where json_extract(value, '$.code') = ${query.flag})`,
		)
	}
	return parts.length ? and(...parts) : undefined
}

/** A trader by the id in a URL (`/admin/traders/:id`, `/api/admin/traders/:id`); null for a malformed or unknown id. */
export function getStaffTraderByParam(param: string | undefined): StaffTrader | null {
	const id = parseTraderId(param)
	return id === null ? null : getStaffTrader(id)
}

/**
 * The staff list: newest first, filtered by status and flag, one page
 * (`clampPage`: a page past the last shows the last, as the page does).
 */
export function listStaffTraders(
	query: TraderListQuery,
	options: { clampPage?: boolean } = {},
): { traders: StaffTrader[]; pagination: Pagination; query: TraderListQuery } {
	const db = getDb()
	const where = staffWhere(query)
	const totalCount = db.select({ n: count() }).from(traders).where(where).get()?.n ?? 0
	let effective = query
	if (options.clampPage) {
		const last = Math.max(1, Math.ceil(totalCount / query.limit))
		if (query.page > last) effective = { ...query, page: last }
	}
	const rows =
		(effective.page - 1) * effective.limit >= totalCount
			? []
			: selectRows(db)
					.where(where)
					.orderBy(desc(traders.createdAt), desc(traders.id))
					.limit(effective.limit)
					.offset((effective.page - 1) * effective.limit)
					.all()
	return {
		traders: rows.map(toStaffTrader),
		pagination: paginate(totalCount, effective.page, effective.limit),
		query: effective,
	}
}

/** The brokers a trader can trade with (the staff form's choices): every broker, active or not, by name. */
export function listBrokerChoices(db: Db = getDb()): Array<{ slug: string; name: string; active: boolean }> {
	return db
		.select({ slug: brokers.slug, name: brokers.name, active: brokers.active })
		.from(brokers)
		.orderBy(asc(brokers.name))
		.all()
}

function brokerIdOf(db: Db | Tx, slug: string): number | null {
	return db.select({ id: brokers.id }).from(brokers).where(eq(brokers.slug, slug)).get()?.id ?? null
}

function unknownBroker() {
	return fail(400, TRADER_MESSAGES.brokerUnknown, { fieldErrors: { brokerSlug: [TRADER_MESSAGES.brokerUnknown] } })
}

function slugTaken() {
	return fail(409, TRADER_MESSAGES.slugTaken, { fieldErrors: { slug: [TRADER_MESSAGES.slugTaken] } })
}

/** Adds a trader (status applied), audited as trader.create; a taken slug is a 409 at the field. */
export function createTrader(
	admin: AuditActor,
	input: TraderInput,
	now = new Date(),
	options: { sample?: boolean } = {},
): Result<StaffTrader> {
	try {
		const result = write((tx) => {
			const brokerId = brokerIdOf(tx, input.brokerSlug)
			if (brokerId === null) return unknownBroker()
			const { brokerSlug: _broker, ...fields } = input
			const created = tx
				.insert(traders)
				.values({
					...fields,
					brokerId,
					status: 'applied',
					statusChangedAt: now,
					sample: options.sample ?? false,
					createdAt: now,
					updatedAt: now,
				})
				.returning()
				.get()
			recordCreation(tx, { admin, action: 'trader.create', targetType: 'trader', after: auditValue }, created, now)
			return ok(findRow(tx, created.id)!)
		})
		if (!result.ok) return result
		log('admin.trader_created', { adminId: admin.id, traderId: result.value.trader.id })
		return ok(toStaffTrader(result.value))
	} catch (error) {
		if (isUniqueViolation(error)) return slugTaken()
		throw error
	}
}

/** Edits a trader's fields (and the next review date), audited as trader.update; 404 for an unknown id. */
export function updateTrader(
	admin: AuditActor,
	id: number,
	input: TraderUpdate,
	now = new Date(),
): Result<StaffTrader> {
	try {
		const result = write((tx) => {
			const before = tx.select().from(traders).where(eq(traders.id, id)).get()
			if (!before) return fail(404, TRADER_MESSAGES.notFound)
			const { brokerSlug, ...fields } = input
			const set: Partial<SelectTrader> = { ...fields, updatedAt: now }
			if (brokerSlug !== undefined) {
				const brokerId = brokerIdOf(tx, brokerSlug)
				if (brokerId === null) return unknownBroker()
				set.brokerId = brokerId
			}
			const after = tx.update(traders).set(set).where(eq(traders.id, id)).returning().get()
			recordChange(tx, { admin, action: 'trader.update', targetType: 'trader', view: auditValue }, before, after, now)
			return ok(findRow(tx, id)!)
		})
		if (!result.ok) return result
		log('admin.trader_updated', { adminId: admin.id, traderId: id })
		return ok(toStaffTrader(result.value))
	} catch (error) {
		if (isUniqueViolation(error)) return slugTaken()
		throw error
	}
}

/** Ticks (true: done now, by `admin`) or opens again (false) checklist items; audited as trader.checklist. */
export function setChecklist(
	admin: AuditActor,
	id: number,
	input: TraderChecklistInput,
	now = new Date(),
): Result<StaffTrader> {
	const result = write((tx) => {
		const before = tx.select().from(traders).where(eq(traders.id, id)).get()
		if (!before) return fail(404, TRADER_MESSAGES.notFound)
		const set: Record<string, Date | string | null> = {}
		for (const { key } of CHECKLIST_ITEMS) {
			const value = input[key]
			if (value === undefined) continue
			const [atKey, byKey] = CHECKLIST_COLUMNS[key]
			const done = before[atKey] !== null
			if (value === done) continue
			set[atKey] = value ? now : null
			set[byKey] = value ? admin.email : null
		}
		const after = Object.keys(set).length
			? tx
					.update(traders)
					.set({ ...set, updatedAt: now })
					.where(eq(traders.id, id))
					.returning()
					.get()
			: before
		const view = (row: SelectTrader) => ({ checklist: checklistOf(row) })
		recordChange(tx, { admin, action: 'trader.checklist', targetType: 'trader', view }, before, after, now)
		return ok(findRow(tx, id)!)
	})
	if (!result.ok) return result
	return ok(toStaffTrader(result.value))
}

function addDays(date: Date, days: number) {
	return new Date(date.getTime() + days * 86_400_000).toISOString().slice(0, 10)
}

/**
 * Moves a trader through the review (app/features/traders/review.ts) with
 * its required note, in one transaction with its review row and its audit
 * row (trader.review). A move to listed or watch is a review: it records
 * who and when and sets the next review date 90 days on.
 */
export function reviewTrader(
	admin: AuditActor & { superAdmin: boolean },
	id: number,
	input: TraderReviewInput,
	now = new Date(),
): Result<StaffTrader> {
	const result = write((tx) => {
		const before = tx.select().from(traders).where(eq(traders.id, id)).get()
		if (!before) return fail(404, TRADER_MESSAGES.notFound)
		const hasEquity = before.statementsUntil !== null
		const refusal = checkTransition(before.status, input.to, {
			superAdmin: admin.superAdmin,
			hasEquity,
			checklistOpen: openChecklistItems(before),
		})
		if (refusal) return fail(refusal.status, refusal.message)
		const reviewed = input.to === 'listed' || input.to === 'watch'
		const after = tx
			.update(traders)
			.set({
				status: input.to,
				statusNote: input.note,
				statusChangedAt: now,
				updatedAt: now,
				...(reviewed
					? { reviewedAt: now, reviewedBy: admin.email, nextReviewDate: addDays(now, REVIEW_INTERVAL_DAYS) }
					: {}),
			})
			.where(eq(traders.id, id))
			.returning()
			.get()
		tx.insert(traderReviews)
			.values({
				traderId: id,
				fromStatus: before.status,
				toStatus: input.to,
				note: input.note,
				adminId: admin.id,
				adminEmail: admin.email,
				createdAt: now,
			})
			.run()
		const view = (row: SelectTrader) => ({ status: row.status, nextReviewDate: row.nextReviewDate })
		recordChange(
			tx,
			{ admin, action: 'trader.review', targetType: 'trader', view, extra: { note: input.note } },
			before,
			after,
			now,
		)
		return ok(findRow(tx, id)!)
	})
	if (!result.ok) return result
	log('admin.trader_reviewed', { adminId: admin.id, traderId: id, to: input.to })
	return ok(toStaffTrader(result.value))
}

export { REVIEW_MESSAGES }
export type { AppliedStatement, StaffTrader, TraderReviewEntry }

/** A trader's review history, newest first. */
export function listTraderReviews(id: number, db: Db = getDb()): TraderReviewEntry[] {
	return db
		.select()
		.from(traderReviews)
		.where(eq(traderReviews.traderId, id))
		.orderBy(desc(traderReviews.createdAt), desc(traderReviews.id))
		.all()
		.map((r) => ({
			id: r.id,
			from: r.fromStatus,
			to: r.toStatus,
			note: r.note,
			adminEmail: r.adminEmail,
			createdAt: r.createdAt.toISOString(),
		}))
}

/** The statements applied to a trader, newest first. */
export function listTraderStatements(id: number, db: Db = getDb()): AppliedStatement[] {
	return db
		.select()
		.from(traderStatements)
		.where(eq(traderStatements.traderId, id))
		.orderBy(desc(traderStatements.appliedAt), desc(traderStatements.id))
		.all()
		.map((r) => ({
			id: r.id,
			kind: r.kind,
			fileName: r.fileName,
			rowCount: r.rowCount,
			from: r.fromDate,
			to: r.toDate,
			replacedRows: r.replacedRows,
			appliedBy: r.adminEmail,
			appliedAt: r.appliedAt.toISOString(),
		}))
}

/**
 * Writes a trader's statement rows inside the caller's transaction (a
 * statement's apply, the sample traders): one prepared statement per table
 * run per row, bound parameters only. Drizzle's multi-row inserts spent
 * about 60 µs a row building their SQL; this is a few µs.
 */
export function insertStatementRows(
	traderId: number,
	rows: { equity?: readonly EquityPoint[]; trades?: readonly StoredTrade[] },
) {
	const client = getDb().$client
	if (!client.inTransaction) throw new Error('insertStatementRows runs inside write()')
	if (rows.equity?.length) {
		const insert = client.prepare(
			'INSERT INTO trader_equity (trader_id, date, equity, deposits, withdrawals) VALUES (?, ?, ?, ?, ?)',
		)
		for (const r of rows.equity) insert.run(traderId, r.date, r.equity, r.deposits, r.withdrawals)
	}
	if (rows.trades?.length) {
		const insert = client.prepare(
			'INSERT INTO trader_trades (trader_id, ticket, opened_at, closed_at, symbol, side, volume, open_price, close_price, stop_loss, profit) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
		)
		for (const t of rows.trades) {
			insert.run(
				traderId,
				t.ticket,
				t.openedAt,
				t.closedAt,
				t.symbol,
				t.side,
				t.volume,
				t.openPrice,
				t.closePrice,
				t.stopLoss,
				t.profit,
			)
		}
	}
}

/** A trader's stored statements, as the metrics read them. */
export function loadStatements(db: Db | Tx, id: number): { equity: EquityPoint[]; trades: ClosedTrade[] } {
	const equity = db
		.select({
			date: traderEquity.date,
			equity: traderEquity.equity,
			deposits: traderEquity.deposits,
			withdrawals: traderEquity.withdrawals,
		})
		.from(traderEquity)
		.where(eq(traderEquity.traderId, id))
		.orderBy(asc(traderEquity.date))
		.all()
	const trades = db
		.select({
			ticket: traderTrades.ticket,
			openedAt: traderTrades.openedAt,
			closedAt: traderTrades.closedAt,
			symbol: traderTrades.symbol,
			side: traderTrades.side,
			volume: traderTrades.volume,
			stopLoss: traderTrades.stopLoss,
			profit: traderTrades.profit,
		})
		.from(traderTrades)
		.where(eq(traderTrades.traderId, id))
		.orderBy(asc(traderTrades.closedAt), asc(traderTrades.ticket))
		.all()
	return { equity, trades }
}

/** The row's columns for a set of figures. */
export function figureColumns(figures: TraderFigures, now: Date): Partial<SelectTrader> {
	const m = figures.metrics
	return {
		statementsFrom: figures.firstDate,
		statementsUntil: figures.lastDate,
		riskScore: figures.riskScore,
		score: figures.score,
		return1w: figures.return1w,
		return1m: m.return1m,
		return3m: m.return3m,
		return12m: m.return12m,
		returnSinceStart: m.returnSinceStart,
		cagr: m.cagr,
		maxDrawdown: m.maxDrawdown,
		currentDrawdown: m.currentDrawdown,
		volatility: m.volatility,
		sharpe: m.sharpe,
		sortino: m.sortino,
		calmar: m.calmar,
		tradeCount: m.trades,
		winRate: m.winRate,
		profitFactor: m.profitFactor,
		averageWin: m.averageWin,
		averageLoss: m.averageLoss,
		expectancy: m.expectancy,
		averageHoldingHours: m.averageHoldingHours,
		noStopLossShare: m.noStopLossShare,
		flagCount: figures.flags.length,
		figures: {
			flags: figures.flags,
			drawdown: figures.drawdown,
			monthlyReturns: figures.monthlyReturns,
			periods: figures.periods,
		} satisfies StoredFigures,
		computedAt: now,
	}
}

/**
 * Computes a trader's figures from the stored statements and writes them
 * on the row, in the caller's transaction (a statement's apply) or in one
 * of its own (the nightly recompute). Returns the figures and the flag
 * codes newly raised.
 */
export function recomputeTrader(
	id: number,
	now = new Date(),
	db: Db | Tx = getDb(),
): { figures: TraderFigures; raised: string[] } | null {
	return write((tx) => {
		const before = tx.select({ figures: traders.figures }).from(traders).where(eq(traders.id, id)).get()
		if (!before) return null
		const { equity, trades } = loadStatements(tx, id)
		const figures = computeTraderFigures(equity, trades)
		const had = new Set(((before.figures as StoredFigures | null)?.flags ?? []).map((f) => f.code))
		tx.update(traders).set(figureColumns(figures, now)).where(eq(traders.id, id)).run()
		tx.insert(traderSeries)
			.values({ traderId: id, drawdown: figures.drawdownSeries })
			.onConflictDoUpdate({ target: traderSeries.traderId, set: { drawdown: figures.drawdownSeries } })
			.run()
		return { figures, raised: figures.flags.map((f) => f.code).filter((code) => !had.has(code)) }
	}, db)
}

/** The ids of every trader with statements (the nightly recompute walks them one by one). */
export function traderIdsWithStatements(db: Db = getDb()): number[] {
	return db
		.select({ id: traders.id })
		.from(traders)
		.where(
			sql`${traders.statementsUntil} is not null or exists (select 1 from ${traderEquity} where ${traderEquity.traderId} = ${traders.id})`,
		)
		.orderBy(asc(traders.id))
		.all()
		.map((r) => r.id)
}

/** How many sample traders there are (the removal dialog says it). */
export function countSampleTraders(db: Db = getDb()) {
	return db.select({ n: count() }).from(traders).where(eq(traders.sample, true)).get()?.n ?? 0
}

/**
 * Removes every sample trader (a fresh install's, marked "Sample") with
 * their statements, in one transaction with one audit row
 * (trader.samples-remove) naming them. 409 when there are none.
 */
export function removeSampleTraders(admin: AuditActor, now = new Date()): Result<{ removed: number }> {
	const result = write((tx) => {
		const samples = tx
			.select({ id: traders.id, slug: traders.slug })
			.from(traders)
			.where(eq(traders.sample, true))
			.all()
		if (samples.length === 0) return fail(409, TRADER_MESSAGES.noSamples)
		tx.delete(traders)
			.where(
				inArray(
					traders.id,
					samples.map((s) => s.id),
				),
			)
			.run()
		recordAudit(
			tx,
			{
				admin,
				action: 'trader.samples-remove',
				targetType: 'trader',
				targetId: 'samples',
				before: { traders: samples.map((s) => s.slug) },
				after: null,
			},
			now,
		)
		return ok({ removed: samples.length })
	})
	if (result.ok) log('admin.sample_traders_removed', { adminId: admin.id, removed: result.value.removed })
	return result
}

/** A trader's daily drawdown series (empty before any equity statement). */
export function drawdownSeriesOf(id: number, db: Db = getDb()) {
	return (
		db.select({ drawdown: traderSeries.drawdown }).from(traderSeries).where(eq(traderSeries.traderId, id)).get()
			?.drawdown ?? []
	)
}
