import { and, desc, eq, inArray } from 'drizzle-orm'
import { getDb, type Db, type Tx } from '#db/client.server.ts'
import { traderCohorts, traderOutcomes, traders } from '#db/schema.ts'
import { PAST_STATUSES, VISIBLE_STATUSES } from '#app/features/traders/traders.server.ts'
import { cohortFigures, hiddenCohortsText, MIN_COHORT_MEMBERS, type CopierTotals } from './figures.ts'
import type { CopierCohort, TraderOutcomes } from './responses.server.ts'

/**
 * What copiers earned (issue 40 part 4, decision 061), precomputed when a
 * broker report is applied, replaced or reversed, in that transaction:
 *
 * - copier_months: one row per applied report row naming a trader (written
 *   by `recordCopierMonths`, deleted by `removeCopierMonths`);
 * - trader_copiers: per trader and member, the sums since their first
 *   month: added to row by row as a report is applied, recomputed from
 *   copier_months for the pairs a reversed report had;
 * - trader_outcomes and trader_cohorts: per trader, how many members copied
 *   and each cohort's figures, rewritten for the traders touched.
 *
 * The trader page and the API read a trader's few summary rows
 * (`traderOutcomesBySlug`): nothing is computed per request.
 */

export type { TraderOutcomes }

/** The reads of the upkeep, each over an index (their plans are tested in outcomes.server.test.ts). */
export const OUTCOME_SQL = {
	pairsOfReport:
		'select distinct trader_id as traderId, member_key as memberKey from copier_months where report_id = ?',
	memberSums:
		'select min(month) as firstMonth, max(month) as lastMonth, count(*) as n, coalesce(sum(net_result_cents), 0) as netResultCents, coalesce(sum(net_deposit_cents), 0) as netDepositCents from copier_months where trader_id = ? and member_key = ?',
	copiersInCohortOrder:
		'select first_month as firstMonth, last_month as lastMonth, net_result_cents as netResultCents, net_deposit_cents as netDepositCents from trader_copiers where trader_id = ? order by first_month',
} as const

/**
 * What a report changed: the traders whose outcomes are rewritten, and per
 * trader the members whose sums are recomputed (a reversed report's).
 */
export type OutcomeChanges = { traders: Set<number>; recompute: Map<number, Set<number>> }

export function newOutcomeChanges(): OutcomeChanges {
	return { traders: new Set(), recompute: new Map() }
}

/** The prepared statements run on the one connection, inside the caller's transaction. */
function client(_tx: Tx) {
	return getDb().$client
}

/** An applied report row as the outcomes read it (amounts in US cents). */
export type CopierRow = {
	userId: number
	traderId: number | null
	netResultCents: number | null
	depositsCents: number
	withdrawalsCents: number
}

/** Writes the report's rows that name a trader as copier months (the report's month). */
export function recordCopierMonths(
	tx: Tx,
	report: { id: number; month: string },
	rows: readonly CopierRow[],
	changes: OutcomeChanges,
) {
	const db = client(tx)
	const insert = db.prepare(
		'insert into copier_months (report_id, trader_id, member_key, month, net_result_cents, net_deposit_cents) values (?, ?, ?, ?, ?, ?)',
	)
	// The member's sums grow by the row (a pair a reversal touched is recomputed after, in refreshOutcomes).
	const add = db.prepare(
		`insert into trader_copiers (trader_id, member_key, first_month, last_month, months, net_result_cents, net_deposit_cents)
		 values (?, ?, ?, ?, 1, ?, ?)
		 on conflict (trader_id, member_key) do update set
		   first_month = min(first_month, excluded.first_month),
		   last_month = max(last_month, excluded.last_month),
		   months = months + 1,
		   net_result_cents = net_result_cents + excluded.net_result_cents,
		   net_deposit_cents = net_deposit_cents + excluded.net_deposit_cents`,
	)
	for (const row of rows) {
		if (row.traderId === null) continue
		const netResult = row.netResultCents ?? 0
		const netDeposit = row.depositsCents - row.withdrawalsCents
		insert.run(report.id, row.traderId, row.userId, report.month, netResult, netDeposit)
		add.run(row.traderId, row.userId, report.month, report.month, netResult, netDeposit)
		changes.traders.add(row.traderId)
	}
}

/** Removes a reversed (or replaced) report's copier months. */
export function removeCopierMonths(tx: Tx, reportId: number, changes: OutcomeChanges) {
	const db = client(tx)
	const pairs = db.prepare(OUTCOME_SQL.pairsOfReport).all(reportId) as Array<{ traderId: number; memberKey: number }>
	if (pairs.length === 0) return
	db.prepare('delete from copier_months where report_id = ?').run(reportId)
	for (const { traderId, memberKey } of pairs) {
		const members = changes.recompute.get(traderId) ?? new Set<number>()
		members.add(memberKey)
		changes.recompute.set(traderId, members)
		changes.traders.add(traderId)
	}
}

/**
 * Recomputes trader_copiers for the pairs a reversal touched (from the
 * copier months left), then rewrites each changed trader's outcomes and
 * cohorts (deleted when no member copies them any more).
 */
export function refreshOutcomes(tx: Tx, changes: OutcomeChanges, now: Date) {
	if (changes.traders.size === 0) return
	const db = client(tx)
	const sums = db.prepare(OUTCOME_SQL.memberSums)
	const upsert = db.prepare(
		'insert or replace into trader_copiers (trader_id, member_key, first_month, last_month, months, net_result_cents, net_deposit_cents) values (?, ?, ?, ?, ?, ?, ?)',
	)
	const remove = db.prepare('delete from trader_copiers where trader_id = ? and member_key = ?')
	const copiersOf = db.prepare(OUTCOME_SQL.copiersInCohortOrder)
	const clearCohorts = db.prepare('delete from trader_cohorts where trader_id = ?')
	const insertCohort = db.prepare(
		'insert into trader_cohorts (trader_id, month, members, measured, median_return, in_profit) values (?, ?, ?, ?, ?, ?)',
	)
	const clearOutcome = db.prepare('delete from trader_outcomes where trader_id = ?')
	const insertOutcome = db.prepare(
		'insert into trader_outcomes (trader_id, members, first_month, last_month, computed_at) values (?, ?, ?, ?, ?)',
	)
	for (const [traderId, members] of changes.recompute) {
		for (const memberKey of members) {
			const s = sums.get(traderId, memberKey) as {
				firstMonth: string | null
				lastMonth: string | null
				n: number
				netResultCents: number
				netDepositCents: number
			}
			if (s.n === 0 || s.firstMonth === null || s.lastMonth === null) remove.run(traderId, memberKey)
			else upsert.run(traderId, memberKey, s.firstMonth, s.lastMonth, s.n, s.netResultCents, s.netDepositCents)
		}
	}
	for (const traderId of changes.traders) {
		const copiers = copiersOf.all(traderId) as Array<CopierTotals & { firstMonth: string; lastMonth: string }>
		clearCohorts.run(traderId)
		clearOutcome.run(traderId)
		if (copiers.length === 0) continue
		let lastMonth = copiers[0]!.lastMonth
		let start = 0
		for (let i = 1; i <= copiers.length; i++) {
			const current = copiers[i]
			if (current && current.lastMonth > lastMonth) lastMonth = current.lastMonth
			if (current && current.firstMonth === copiers[start]!.firstMonth) continue
			const cohort = copiers.slice(start, i)
			const f = cohortFigures(cohort)
			insertCohort.run(traderId, cohort[0]!.firstMonth, f.members, f.measured, f.medianReturn, f.inProfit)
			start = i
		}
		insertOutcome.run(traderId, copiers.length, copiers[0]!.firstMonth, lastMonth, now.getTime())
	}
}

/** The two reads behind a trader's outcomes, by primary key (their plans are tested). */
export function outcomeReads(traderId: number, db: Db = getDb()) {
	return {
		summary: db.select().from(traderOutcomes).where(eq(traderOutcomes.traderId, traderId)),
		cohorts: db
			.select()
			.from(traderCohorts)
			.where(eq(traderCohorts.traderId, traderId))
			.orderBy(desc(traderCohorts.month)),
	}
}

/**
 * A trader's outcomes as members see them (the trader page and GET
 * /api/member/traders/:id/outcomes): null for a slug members cannot see.
 * Reads the trader's summary row and its cohorts (a few rows by key).
 */
export function traderOutcomesBySlug(slug: string, db: Db = getDb()): TraderOutcomes | null {
	const trader = db
		.select({ id: traders.id, slug: traders.slug })
		.from(traders)
		.where(and(eq(traders.slug, slug), inArray(traders.status, [...VISIBLE_STATUSES, ...PAST_STATUSES])))
		.get()
	if (!trader) return null
	const reads = outcomeReads(trader.id, db)
	const summary = reads.summary.get()
	const rows = summary ? reads.cohorts.all() : []
	const shown: CopierCohort[] = []
	let hidden = 0
	for (const row of rows) {
		if (row.members < MIN_COHORT_MEMBERS) {
			hidden++
			continue
		}
		shown.push({
			month: row.month,
			members: row.members,
			// A median over fewer than 5 members would come close to telling one member's result.
			medianReturn: row.measured >= MIN_COHORT_MEMBERS ? row.medianReturn : null,
			measured: row.measured,
			profitShare: row.inProfit / row.members,
			inProfit: row.inProfit,
		})
	}
	return {
		slug: trader.slug,
		members: summary?.members ?? 0,
		firstMonth: summary?.firstMonth ?? null,
		lastMonth: summary?.lastMonth ?? null,
		computedAt: summary ? summary.computedAt.toISOString() : null,
		minCohortMembers: MIN_COHORT_MEMBERS,
		cohorts: shown,
		hiddenCohorts: hidden,
		hiddenText: hiddenCohortsText(hidden),
	}
}
