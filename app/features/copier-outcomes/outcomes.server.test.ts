import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { brokerReportRows, copierMonths, traderCohorts, traderCopiers, traderOutcomes, users } from '#db/schema.ts'
import { insertBroker, insertTrackedMember, reportCsv, type ReportLine } from '#tests/broker-report-factories.ts'
import { insertAdmin } from '#tests/factories.ts'
import { makeTrader } from '#tests/trader-factories.ts'
import { exportMemberData } from '#app/features/account/account-settings.server.ts'
import { applyReport, previewReport } from '#app/features/broker-reports/broker-reports.server.ts'
import { OUTCOME_SQL, outcomeReads, traderOutcomesBySlug } from './outcomes.server.ts'

const NOW = new Date('2026-11-05T10:00:00Z')

function setup(members = 8) {
	const admin = insertAdmin()
	const actor = { id: admin.id, email: admin.email }
	const broker = insertBroker({ name: 'Exness' })
	const trader = makeTrader({ slug: 'amara-okafor', days: 40 }, NOW)
	const other = makeTrader({ slug: 'kofi-mensah', days: 40 }, NOW)
	const copiers = Array.from({ length: members }, () => insertTrackedMember(broker.id))
	const apply = (month: string, lines: Array<Omit<ReportLine, 'month'>>, replace = false) => {
		const result = applyReport(
			actor,
			{
				brokerSlug: broker.slug,
				month,
				fileName: `${month}.csv`,
				content: reportCsv(lines.map((l) => ({ ...l, month }))),
			},
			{ replace },
			NOW,
		)
		if (!result.ok) throw new Error(`${result.status} ${result.message}`)
		return result.value
	}
	return { actor, broker, trader, other, copiers, apply }
}

/** The sums kept row by row equal the sums of the copier months (what a recompute would write). */
function expectSumsMatchMonths() {
	const grouped = getDb()
		.$client.prepare(
			'select trader_id as traderId, member_key as memberKey, min(month) as firstMonth, max(month) as lastMonth, count(*) as months, sum(net_result_cents) as netResultCents, sum(net_deposit_cents) as netDepositCents from copier_months group by trader_id, member_key order by trader_id, member_key',
		)
		.all()
	const kept = getDb().select().from(traderCopiers).orderBy(traderCopiers.traderId, traderCopiers.memberKey).all()
	expect(kept).toEqual(grouped)
}

describe('outcomes at report apply', () => {
	test('cohorts by first month: members, median net result over net deposits, share in profit; under 5 hidden', () => {
		const { copiers, apply } = setup(8)
		const [m0, m1, m2, m3, m4, m5, m6, m7] = copiers.map((c) => c.trackingId) as [
			string,
			string,
			string,
			string,
			string,
			string,
			string,
			string,
		]
		// September: five members start (the cohort 2026-09); one deposits nothing (not measured).
		apply('2026-09', [
			{ trackingId: m0, deposits: '1000', trader: 'amara-okafor', netResult: '100' },
			{ trackingId: m1, deposits: '1000', trader: 'amara-okafor', netResult: '-50' },
			{ trackingId: m2, deposits: '2000', trader: 'amara-okafor', netResult: '40' },
			{ trackingId: m3, deposits: '500', trader: 'amara-okafor', netResult: '-10' },
			{ trackingId: m4, deposits: '0', trader: 'amara-okafor', netResult: '5' },
			{ trackingId: m7, deposits: '300' },
		])
		// October: the five go on (m0 withdraws 200), three more start (a cohort of 3: hidden).
		apply('2026-10', [
			{ trackingId: m0, withdrawals: '200', trader: 'amara-okafor', netResult: '50' },
			{ trackingId: m1, trader: 'amara-okafor', netResult: '20' },
			{ trackingId: m2, trader: 'amara-okafor', netResult: '-100' },
			{ trackingId: m3, deposits: '500', trader: 'amara-okafor', netResult: '110' },
			{ trackingId: m4, deposits: '100', trader: 'amara-okafor', netResult: '1' },
			{ trackingId: m5, deposits: '100', trader: 'amara-okafor', netResult: '1' },
			{ trackingId: m6, deposits: '100', trader: 'amara-okafor', netResult: '-1' },
			{ trackingId: m7, deposits: '100', trader: 'amara-okafor', netResult: '2' },
		])
		const outcomes = traderOutcomesBySlug('amara-okafor')
		// Since start: m0 150/800 = 18.75%, m1 -30/1000 = -3%, m2 -60/2000 = -3%, m3 100/1000 = 10%, m4 6/100 = 6%.
		expect(outcomes).toEqual({
			slug: 'amara-okafor',
			members: 8,
			firstMonth: '2026-09',
			lastMonth: '2026-10',
			computedAt: NOW.toISOString(),
			minCohortMembers: 5,
			cohorts: [{ month: '2026-09', members: 5, measured: 5, medianReturn: 0.06, inProfit: 3, profitShare: 0.6 }],
			hiddenCohorts: 1,
			hiddenText: '1 cohort with fewer than 5 members is not shown, to protect its members’ privacy.',
		})
		// The rows keep the columns; a row without a trader names none.
		const rows = getDb().select().from(brokerReportRows).all()
		expect(rows.filter((r) => r.traderId !== null)).toHaveLength(13)
		expect(rows.find((r) => r.traderId === null)).toMatchObject({ netResultCents: null, depositsCents: 30_000 })
		expect(traderOutcomesBySlug('kofi-mensah')).toMatchObject({ members: 0, cohorts: [], hiddenCohorts: 0 })
		expectSumsMatchMonths()
		// The member's data export carries their own rows' trader and net result.
		expect(exportMemberData(copiers[0]!.user.id, null)!.reportedFigures).toEqual([
			expect.objectContaining({ month: '2026-09', trader: 'amara-okafor', netResultCents: 10_000 }),
			expect.objectContaining({ month: '2026-10', trader: 'amara-okafor', netResultCents: 5_000 }),
		])
		expect(exportMemberData(copiers[7]!.user.id, null)!.reportedFigures[0]).toMatchObject({
			month: '2026-09',
			trader: null,
			netResultCents: null,
		})
	})

	test('a median over fewer than 5 measured members is not shown; the cohort and its share in profit are', () => {
		const { copiers, apply } = setup(5)
		apply(
			'2026-10',
			copiers.map((c, i) => ({
				trackingId: c.trackingId,
				deposits: i < 2 ? '100' : '0',
				trader: 'amara-okafor',
				netResult: i % 2 === 0 ? '10' : '-10',
			})),
		)
		expect(traderOutcomesBySlug('amara-okafor')?.cohorts).toEqual([
			{ month: '2026-10', members: 5, measured: 2, medianReturn: null, inProfit: 3, profitShare: 0.6 },
		])
	})

	test('a member changing trader counts for each trader from their own first month, with those months only', () => {
		const { copiers, apply } = setup(1)
		const [m] = copiers
		apply('2026-09', [{ trackingId: m!.trackingId, deposits: '1000', trader: 'amara-okafor', netResult: '100' }])
		apply('2026-10', [{ trackingId: m!.trackingId, deposits: '500', trader: 'kofi-mensah', netResult: '-20' }])
		const db = getDb()
		expect(db.select().from(traderCopiers).orderBy(traderCopiers.firstMonth).all()).toEqual([
			expect.objectContaining({
				firstMonth: '2026-09',
				lastMonth: '2026-09',
				netResultCents: 10_000,
				netDepositCents: 100_000,
			}),
			expect.objectContaining({
				firstMonth: '2026-10',
				lastMonth: '2026-10',
				netResultCents: -2_000,
				netDepositCents: 50_000,
			}),
		])
		expect(traderOutcomesBySlug('amara-okafor')).toMatchObject({ members: 1, hiddenCohorts: 1, cohorts: [] })
		expect(traderOutcomesBySlug('kofi-mensah')).toMatchObject({ members: 1, hiddenCohorts: 1, firstMonth: '2026-10' })
	})

	test('a replace undoes the replaced report’s months; the new file’s rows count instead', () => {
		const { copiers, apply } = setup(5)
		const lines = copiers.map((c) => ({
			trackingId: c.trackingId,
			deposits: '100',
			trader: 'amara-okafor',
			netResult: '10',
		}))
		apply('2026-10', lines)
		expect(traderOutcomesBySlug('amara-okafor')?.cohorts[0]).toMatchObject({
			members: 5,
			medianReturn: 0.1,
			inProfit: 5,
		})
		// The corrected file: two members copied the other trader, everyone lost.
		const corrected = lines.map((l, i) => ({ ...l, trader: i < 2 ? 'kofi-mensah' : 'amara-okafor', netResult: '-10' }))
		const replaced = apply('2026-10', corrected, true)
		expect(replaced.replaced).toHaveLength(1)
		expect(traderOutcomesBySlug('amara-okafor')).toMatchObject({ members: 3, cohorts: [], hiddenCohorts: 1 })
		expect(traderOutcomesBySlug('kofi-mensah')).toMatchObject({ members: 2, hiddenCohorts: 1 })
		expect(getDb().select().from(copierMonths).all()).toHaveLength(5)
		expectSumsMatchMonths()
		// Replaced by a file without the columns: the month's outcomes are gone, and so are the traders' figures.
		apply(
			'2026-10',
			copiers.map((c) => ({ trackingId: c.trackingId, deposits: '100' })),
			true,
		)
		const db = getDb()
		expect(db.select().from(copierMonths).all()).toEqual([])
		expect(db.select().from(traderCopiers).all()).toEqual([])
		expect(db.select().from(traderOutcomes).all()).toEqual([])
		expect(db.select().from(traderCohorts).all()).toEqual([])
		expect(traderOutcomesBySlug('amara-okafor')).toMatchObject({ members: 0, firstMonth: null, cohorts: [] })
	})

	test('replacing the first month moves the members to the cohort of their next month', () => {
		const { copiers, apply } = setup(5)
		const line = (trackingId: string, trader?: string) => ({
			trackingId,
			deposits: '100',
			...(trader ? { trader, netResult: '5' } : { netResult: '' }),
		})
		apply(
			'2026-09',
			copiers.map((c) => line(c.trackingId, 'amara-okafor')),
		)
		apply(
			'2026-10',
			copiers.map((c) => line(c.trackingId, 'amara-okafor')),
		)
		expect(traderOutcomesBySlug('amara-okafor')?.cohorts.map((c) => [c.month, c.members])).toEqual([['2026-09', 5]])
		apply(
			'2026-09',
			copiers.map((c) => line(c.trackingId)),
			true,
		)
		expect(traderOutcomesBySlug('amara-okafor')).toMatchObject({
			firstMonth: '2026-10',
			cohorts: [{ month: '2026-10', members: 5, measured: 5, medianReturn: 0.05, inProfit: 5 }],
		})
		expectSumsMatchMonths()
	})

	test("a deleted member's months stay in the figures, anonymous", () => {
		const { copiers, apply } = setup(5)
		apply(
			'2026-10',
			copiers.map((c) => ({ trackingId: c.trackingId, deposits: '100', trader: 'amara-okafor', netResult: '-10' })),
		)
		getDb().delete(users).where(eq(users.id, copiers[0]!.user.id)).run()
		expect(traderOutcomesBySlug('amara-okafor')?.cohorts[0]).toMatchObject({ members: 5, inProfit: 0 })
		expect(getDb().select().from(copierMonths).all()).toHaveLength(5)
	})

	test('unknown trader slugs and traders members cannot see are bad rows: 422, nothing stored', () => {
		const { actor, broker, copiers } = setup(2)
		makeTrader({ slug: 'in-review-trader', status: 'in_review', days: 0 }, NOW)
		const content = reportCsv([
			{ trackingId: copiers[0]!.trackingId, trader: 'no-such-trader', netResult: '1', month: '2026-10' },
			{ trackingId: copiers[1]!.trackingId, trader: 'in-review-trader', netResult: 'abc', month: '2026-10' },
		])
		const preview = previewReport(broker.slug, '2026-10', 'x.csv', content)
		expect(preview.ok && preview.value.errors).toEqual([
			{
				line: 2,
				kind: 'unknown_trader',
				message:
					'trader "no-such-trader" is not the slug of a trader members can see (listed, watch, suspended or retired).',
			},
			expect.objectContaining({ line: 3, kind: 'malformed_number' }),
		])
		const result = applyReport(
			actor,
			{ brokerSlug: broker.slug, month: '2026-10', fileName: 'x.csv', content },
			{ replace: false },
			NOW,
		)
		expect(result).toMatchObject({ ok: false, status: 422 })
		expect(getDb().select().from(copierMonths).all()).toEqual([])
		expect(getDb().select().from(brokerReportRows).all()).toEqual([])
		const unknownOnly = reportCsv([
			{ trackingId: copiers[1]!.trackingId, trader: 'in-review-trader', netResult: '1', month: '2026-10' },
		])
		const second = previewReport(broker.slug, '2026-10', 'y.csv', unknownOnly)
		expect(second.ok && second.value.errors.map((e) => [e.line, e.kind])).toEqual([[2, 'unknown_trader']])
	})

	test('a slug members cannot see reads no outcomes', () => {
		setup(0)
		makeTrader({ slug: 'applied-trader', status: 'applied', days: 0 }, NOW)
		expect(traderOutcomesBySlug('applied-trader')).toBeNull()
		expect(traderOutcomesBySlug('nobody')).toBeNull()
	})
})

// The trader page reads a few rows by key whatever the number of copiers
// (the bench: 24 months of reports for 50,000 copiers, p95 < 50 ms),
// and the upkeep's reads walk an index: EXPLAIN QUERY PLAN on the real
// statements, on a fresh database (no statistics: the planner's worst guess).
describe('query plans', () => {
	function detailsOf(sql: string, params: unknown[]) {
		const rows = getDb()
			.$client.prepare(`explain query plan ${sql}`)
			.all(...(params as never[])) as Array<{ detail: string }>
		return rows.map((r) => r.detail)
	}
	const scansOrSorts = (details: string[]) =>
		details.filter((d) => (/^SCAN /.test(d) && !/USING (COVERING )?INDEX/.test(d)) || /TEMP B-TREE/.test(d))

	test('the outcomes read: two primary key lookups, no scan, no sort', () => {
		const reads = outcomeReads(1)
		for (const statement of [reads.summary, reads.cohorts]) {
			const { sql, params } = statement.toSQL()
			const details = detailsOf(sql, params)
			expect(scansOrSorts(details), details.join('; ')).toEqual([])
			expect(details.join('; ')).toMatch(
				/USING (INTEGER PRIMARY KEY|(COVERING )?INDEX sqlite_autoindex_trader_cohorts_1)/,
			)
		}
	})

	test('the upkeep: by report, by member and trader, copiers in cohort order', () => {
		const cases: Array<[string, unknown[], RegExp]> = [
			[OUTCOME_SQL.pairsOfReport, [1], /copier_months_report_idx/],
			[OUTCOME_SQL.memberSums, [1, 1], /copier_months_trader_member_idx/],
			[OUTCOME_SQL.copiersInCohortOrder, [1], /trader_copiers_cohort_idx/],
		]
		for (const [sql, params, index] of cases) {
			const details = detailsOf(sql, params)
			expect(details.join('; ')).toMatch(index)
			expect(details.filter((d) => /^SCAN /.test(d) && !/USING (COVERING )?INDEX/.test(d))).toEqual([])
		}
		expect(detailsOf(OUTCOME_SQL.copiersInCohortOrder, [1]).join('; ')).not.toMatch(/TEMP B-TREE/)
	})
})
