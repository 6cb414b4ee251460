import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { SEED_BROKERS } from '#app/content/dashboard.ts'
import { ensureSeedBrokers } from '#app/features/brokers/brokers.server.ts'
import { listAuditForTarget } from '#app/features/audit/audit.server.ts'
import { TRADER_FLAG_CODES } from '#app/domain/enums.ts'
import { getDb } from '#db/client.server.ts'
import { traderEquity, traders, traderTrades } from '#db/schema.ts'
import { insertAuditActor } from '#tests/factories.ts'
import { computeTraderFigures } from './metrics.ts'
import { figuresOf, removeSampleTraders } from './registry.server.ts'
import { ensureSampleTraders, SAMPLE_COUNT, SAMPLE_REVIEWER, SAMPLE_SLUGS } from './samples.server.ts'

const NOW = new Date('2026-12-05T09:00:00Z')

function seedSamples(now = NOW) {
	ensureSeedBrokers(SEED_BROKERS, now)
	return ensureSampleTraders(now)
}

function sampleRows() {
	return getDb().select().from(traders).where(eq(traders.sample, true)).all()
}

describe('sample traders', () => {
	test('a fresh install gets a dozen listed, reviewed sample traders with computed figures, audited once', () => {
		const started = performance.now()
		expect(seedSamples()).toBe(SAMPLE_COUNT)
		const ms = performance.now() - started
		const rows = sampleRows()
		expect(rows).toHaveLength(SAMPLE_COUNT)
		expect(SAMPLE_COUNT).toBeGreaterThanOrEqual(10)
		for (const row of rows) {
			expect(row.status).toBe('listed')
			expect(row.sample).toBe(true)
			expect(row.reviewedBy).toBe(SAMPLE_REVIEWER)
			expect(row.riskAcceptableAt).not.toBeNull()
			// The statements end the day before the seed.
			expect(row.statementsUntil).toBe('2026-12-04')
			expect(row.riskScore).not.toBeNull()
			expect(row.computedAt).not.toBeNull()
		}
		// The dashboard's old links keep working.
		expect(rows.map((r) => r.slug)).toEqual(
			expect.arrayContaining([
				'amara-okafor',
				'daniel-mensah',
				'chioma-eze',
				'tunde-bakare',
				'zainab-bello',
				'kwame-asante',
			]),
		)
		expect(listAuditForTarget('trader', 'samples').map((a) => a.action)).toEqual(['trader.samples-seed'])
		// Every server started on a fresh database pays this once.
		expect(ms).toBeLessThan(3_000)
	})

	test('every red flag is raised by some sample, some have none, and the risk scores spread', () => {
		seedSamples()
		const rows = sampleRows()
		const codes = new Set(rows.flatMap((r) => (figuresOf(r)?.flags ?? []).map((f) => f.code)))
		expect([...codes].sort()).toEqual([...TRADER_FLAG_CODES].sort())
		expect(rows.filter((r) => r.flagCount === 0).length).toBeGreaterThanOrEqual(3)
		expect(new Set(rows.map((r) => r.riskScore)).size).toBeGreaterThanOrEqual(4)
		// Histories of 1 to 5 years (one shorter, for the short-history flag).
		const days = rows.map((r) => (Date.parse(r.statementsUntil!) - Date.parse(r.statementsFrom!)) / 86_400_000)
		expect(Math.max(...days)).toBeGreaterThanOrEqual(5 * 365 - 5)
		expect(Math.min(...days)).toBeLessThan(365)
	})

	test('what the stored statements compute is what is stored', () => {
		seedSamples()
		const row = sampleRows().find((r) => r.slug === 'amara-okafor')!
		const equity = getDb().select().from(traderEquity).where(eq(traderEquity.traderId, row.id)).all()
		const trades = getDb().select().from(traderTrades).where(eq(traderTrades.traderId, row.id)).all()
		const figures = computeTraderFigures(equity, trades)
		expect(row.return12m).toBeCloseTo(figures.metrics.return12m!, 10)
		expect(row.tradeCount).toBe(trades.length)
		// Every trade closes within the equity dates; tickets unique.
		expect(trades.every((t) => t.closedAt.slice(0, 10) <= row.statementsUntil!)).toBe(true)
		expect(new Set(trades.map((t) => t.ticket)).size).toBe(trades.length)
	})

	test('the same day gives the same data', () => {
		seedSamples()
		const first = sampleRows().map((r) => [r.slug, r.return12m, r.maxDrawdown, r.tradeCount])
		getDb().delete(traders).run()
		seedSamples()
		expect(sampleRows().map((r) => [r.slug, r.return12m, r.maxDrawdown, r.tradeCount])).toEqual(first)
	})

	test('seeding again adds nothing; once staff removed them, they do not come back', () => {
		seedSamples()
		expect(seedSamples()).toBe(0)
		expect(sampleRows()).toHaveLength(SAMPLE_COUNT)
		const admin = insertAuditActor()
		expect(removeSampleTraders(admin, NOW)).toEqual({ ok: true, value: { removed: SAMPLE_COUNT } })
		expect(getDb().select().from(traderEquity).all()).toEqual([])
		expect(seedSamples(new Date('2026-12-06T09:00:00Z'))).toBe(0)
		expect(sampleRows()).toEqual([])
	})

	test('the slugs are unique and the list is the seeding order', () => {
		expect(new Set(SAMPLE_SLUGS).size).toBe(SAMPLE_COUNT)
	})
})
