import { describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { revenueEntries } from '#db/schema.ts'
import { insertAdmin } from '#tests/factories.ts'
import { listAuditForTarget } from './audit.server.ts'
import { listRecentRevenue, recordRevenue, revenueCentsForMonth } from './revenue.server.ts'

describe('recordRevenue', () => {
	test('stores the entry and its audit row', () => {
		const admin = insertAdmin()
		const now = new Date('2026-11-21T10:00:00Z')
		const result = recordRevenue(
			{ id: admin.id, email: admin.email },
			{ broker: 'Exness', month: '2026-11', amountCents: 125_050 },
			now,
		)
		expect(result.ok).toBe(true)
		if (!result.ok) return
		expect(result.value).toEqual({
			id: result.value.id,
			broker: 'Exness',
			month: '2026-11',
			amount: 1250.5,
			createdAt: now.toISOString(),
		})
		const row = getDb().select().from(revenueEntries).get()!
		expect(row).toMatchObject({ broker: 'Exness', month: '2026-11', amountCents: 125_050, adminId: admin.id })
		const [audit] = listAuditForTarget('revenue', result.value.id)
		expect(audit).toMatchObject({
			adminId: admin.id,
			adminEmail: admin.email,
			action: 'revenue.record',
			before: null,
			after: { broker: 'Exness', month: '2026-11', amountCents: 125_050 },
		})
	})
})

describe('revenueCentsForMonth and listRecentRevenue', () => {
	test("sums one month's entries; the newest entries come first", () => {
		const admin = insertAdmin()
		const actor = { id: admin.id, email: admin.email }
		const t = (m: number) => new Date(Date.UTC(2026, 10, 21, 10, m))
		recordRevenue(actor, { broker: 'A', month: '2026-11', amountCents: 100 }, t(1))
		recordRevenue(actor, { broker: 'B', month: '2026-11', amountCents: 250 }, t(2))
		recordRevenue(actor, { broker: 'A', month: '2026-10', amountCents: 999 }, t(3))
		expect(revenueCentsForMonth('2026-11')).toBe(350)
		expect(revenueCentsForMonth('2026-10')).toBe(999)
		expect(revenueCentsForMonth('2026-09')).toBe(0)
		expect(listRecentRevenue(2).map((e) => e.broker + e.month)).toEqual(['A2026-10', 'B2026-11'])
	})

	test('the month sum reads the month index only', () => {
		const plan = getDb()
			.$client.prepare("explain query plan select sum(amount_cents) from revenue_entries where month = '2026-11'")
			.all() as Array<{ detail: string }>
		expect(plan.map((p) => p.detail).join(' ')).toMatch(/USING COVERING INDEX revenue_entries_month_idx/)
	})
})
