import { eq, like } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { SEED_BROKERS } from '#app/content/dashboard.ts'
import { ensureSeedBrokers } from '#app/features/brokers/brokers.server.ts'
import { getDb } from '#db/client.server.ts'
import { systemAlerts, traderEquity, traders } from '#db/schema.ts'
import { insertAuditActor } from '#tests/factories.ts'
import {
	checkTraderAlerts,
	checkTraderAlertsInTurns,
	recomputeAllTraders,
	recomputeAllTradersInTurns,
	RECOMPUTE_REST_FACTOR,
	RECOMPUTE_TURN_MS,
} from './jobs.server.ts'
import { ensureSampleTraders, SAMPLE_COUNT } from './samples.server.ts'
import { applyStatement } from './statements.server.ts'

const NOW = new Date('2026-12-05T09:00:00Z')
const later = (days: number) => new Date(NOW.getTime() + days * 86_400_000)

function seed() {
	ensureSeedBrokers(SEED_BROKERS, NOW)
	ensureSampleTraders(NOW)
}

function alerts(prefix: string) {
	return getDb()
		.select()
		.from(systemAlerts)
		.where(like(systemAlerts.dedupeKey, `${prefix}:%`))
		.all()
}

function trader(slug: string) {
	return getDb().select().from(traders).where(eq(traders.slug, slug)).get()!
}

describe('trader alerts', () => {
	test('nothing to say while statements are fresh and reviews are not due', () => {
		seed()
		expect(checkTraderAlerts(NOW)).toEqual({ raised: 0, resolved: 0 })
		expect(alerts('trader-')).toEqual([])
	})

	test('statements more than 7 days old: one warning per trader and last date, resolved by a newer statement', () => {
		seed()
		// The statements end on 2026-12-04: 7 days later is not yet stale, 8 days is.
		expect(checkTraderAlerts(new Date('2026-12-11T09:00:00Z')).raised).toBe(0)
		expect(checkTraderAlerts(new Date('2026-12-12T09:00:00Z')).raised).toBe(SAMPLE_COUNT)
		expect(checkTraderAlerts(new Date('2026-12-12T10:00:00Z')).raised).toBe(0)
		const amara = trader('amara-okafor')
		const stale = alerts(`trader-stale:${amara.id}`)
		expect(stale).toHaveLength(1)
		expect(stale[0]).toMatchObject({
			type: 'warning',
			title: 'Trader statements out of date',
			actionUrl: `/admin/traders/${amara.id}`,
			resolvedAt: null,
		})
		expect(stale[0]!.message).toContain('2026-12-04, more than 7 days ago')
		// A newer statement: that trader's warning is resolved, the others stay.
		getDb().update(traders).set({ statementsUntil: '2026-12-11' }).where(eq(traders.id, amara.id)).run()
		expect(checkTraderAlerts(new Date('2026-12-12T11:00:00Z'))).toEqual({ raised: 0, resolved: 1 })
		expect(alerts(`trader-stale:${amara.id}`)[0]!.resolvedAt).not.toBeNull()
		expect(alerts('trader-stale').filter((a) => a.resolvedAt === null)).toHaveLength(SAMPLE_COUNT - 1)
	})

	test('a review date passed: a warning, resolved when staff set the next date or the trader leaves the list', () => {
		seed()
		const amara = trader('amara-okafor')
		const kwame = trader('kwame-asante')
		getDb().update(traders).set({ nextReviewDate: '2026-12-01' }).where(eq(traders.id, amara.id)).run()
		getDb().update(traders).set({ nextReviewDate: '2026-12-02' }).where(eq(traders.id, kwame.id)).run()
		expect(checkTraderAlerts(NOW).raised).toBe(2)
		const due = alerts(`trader-review-due:${amara.id}`)
		expect(due[0]).toMatchObject({ title: 'Trader review due', actionUrl: `/admin/traders/${amara.id}` })
		expect(due[0]!.message).toBe(
			'Amara Okafor was due for review on 2026-12-01. Review the trader and set the next review date.',
		)
		getDb().update(traders).set({ nextReviewDate: '2027-03-01' }).where(eq(traders.id, amara.id)).run()
		getDb().update(traders).set({ status: 'suspended' }).where(eq(traders.id, kwame.id)).run()
		expect(checkTraderAlerts(NOW)).toEqual({ raised: 0, resolved: 2 })
		// A suspended trader is not watched for due reviews.
		expect(checkTraderAlerts(NOW).raised).toBe(0)
	})
})

describe('red flags newly raised', () => {
	test('by a statement applied to a listed trader: one warning per flag, with the evidence', () => {
		seed()
		const amara = trader('amara-okafor')
		expect(amara.flagCount).toBe(0)
		const last = getDb().select().from(traderEquity).where(eq(traderEquity.traderId, amara.id)).all().at(-1)!
		// Five days in which the account loses 60%.
		const lines = ['date,equity,deposits,withdrawals']
		let equity = last.equity
		for (const date of ['2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10', '2026-12-11']) {
			equity = Math.round(equity * 0.83 * 100) / 100
			lines.push(`${date},${equity},0,0`)
		}
		const admin = insertAuditActor()
		const applied = applyStatement(
			admin,
			{ traderId: amara.id, kind: 'equity', fileName: 'crash.csv', content: lines.join('\n') },
			{ replace: false },
			later(7),
		)
		expect(applied.ok).toBe(true)
		const flag = alerts(`trader-flag:${amara.id}`)
		expect(flag.map((a) => a.dedupeKey)).toEqual([`trader-flag:${amara.id}:deep_drawdown`])
		expect(flag[0]).toMatchObject({ title: 'Trader red flag raised', actionUrl: `/admin/traders/${amara.id}` })
		expect(flag[0]!.message).toMatch(/^Amara Okafor: A maximum drawdown of \d+\.\d% .*over 40%\. Review the trader/)
		// The nightly recompute finds nothing new.
		expect(recomputeAllTraders(later(8)).flagAlerts).toBe(0)
	})

	test('by the nightly recompute, for traders members see only', () => {
		seed()
		// Figures stored before a flag existed: the recompute raises it.
		const chioma = trader('chioma-eze')
		const kwame = trader('kwame-asante')
		expect(chioma.flagCount).toBeGreaterThan(0)
		getDb().update(traders).set({ figures: null, flagCount: 0 }).run()
		getDb().update(traders).set({ status: 'retired' }).where(eq(traders.id, kwame.id)).run()
		const result = recomputeAllTraders(NOW)
		expect(result.recomputed).toBe(SAMPLE_COUNT)
		expect(alerts(`trader-flag:${chioma.id}`).length).toBe(chioma.flagCount)
		expect(alerts(`trader-flag:${kwame.id}`)).toEqual([])
		// Once per trader and flag.
		getDb().update(traders).set({ figures: null }).run()
		expect(recomputeAllTraders(NOW).flagAlerts).toBe(0)
		expect(trader('chioma-eze').flagCount).toBe(chioma.flagCount)
	})
})

describe('the scheduler’s recompute, in turns', () => {
	test('what fits in one turn is done at once; more gives the event loop back between turns, with the same result', async () => {
		seed()
		// A clock that stands still: everything fits in the first turn.
		expect(recomputeAllTradersInTurns(NOW, () => 0)).toMatchObject({ recomputed: SAMPLE_COUNT })
		// A clock 6 ms later at each reading: two traders a turn, then a rest twice as long.
		let ms = 0
		const clock = () => (ms += 6)
		const running = recomputeAllTradersInTurns(NOW, clock)
		expect(running).toBeInstanceOf(Promise)
		expect(12).toBeGreaterThanOrEqual(RECOMPUTE_TURN_MS)
		expect(RECOMPUTE_REST_FACTOR).toBe(2)
		// A timer set now fires before the recompute ends: the process answers requests meanwhile.
		let served = 0
		const request = setInterval(() => served++, 1)
		const result = await running
		clearInterval(request)
		expect(served).toBeGreaterThan(SAMPLE_COUNT)
		expect(result).toEqual(recomputeAllTraders(NOW))
	})
})

describe('the scheduler’s trader alerts, in turns', () => {
	test('a turn ends after about 10 ms of traders; the alerts raised and resolved are those of the check all at once', async () => {
		seed()
		const stale = new Date('2026-12-12T09:00:00Z')
		// A clock 6 ms later at each reading: two traders a turn.
		let ms = 0
		const running = checkTraderAlertsInTurns(stale, () => (ms += 6))
		expect(running).toBeInstanceOf(Promise)
		let served = 0
		const request = setInterval(() => served++, 1)
		expect(await running).toEqual({ raised: SAMPLE_COUNT, resolved: 0 })
		clearInterval(request)
		expect(served).toBeGreaterThan(1)
		expect(alerts('trader-stale')).toHaveLength(SAMPLE_COUNT)
		// Nothing left to say: the same as all at once.
		expect(checkTraderAlertsInTurns(stale, () => 0)).toEqual(checkTraderAlerts(stale))
	})
})
