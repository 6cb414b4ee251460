import { describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { revenueEntries } from '#db/schema.ts'
import { insertAdmin } from '#tests/factories.ts'
import { listAuditForTarget } from '#app/features/audit/audit.server.ts'
import {
	correctRevenue,
	listRecentRevenue,
	listRevenueEntries,
	recordRevenue,
	revenueCentsForMonth,
	voidRevenue,
} from './revenue.server.ts'
import { getDashboardStats } from '#app/features/stats/stats.server.ts'

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
			voidedAt: null,
			voidReason: null,
			correctionReason: null,
			updatedAt: null,
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
			.$client.prepare(
				"explain query plan select sum(amount_cents) from revenue_entries where month = '2026-11' and voided_at is null",
			)
			.all() as Array<{ detail: string }>
		expect(plan.map((p) => p.detail).join(' ')).toMatch(/USING COVERING INDEX revenue_entries_month_idx/)
	})
})

describe('revenue corrections', () => {
	function setup() {
		const admin = insertAdmin()
		const actor = { id: admin.id, email: admin.email }
		const t = (m: number) => new Date(Date.UTC(2026, 10, 21, 10, m))
		const a = recordRevenue(actor, { broker: 'A', month: '2026-11', amountCents: 10_000 }, t(1))
		const b = recordRevenue(actor, { broker: 'B', month: '2026-11', amountCents: 2_500 }, t(2))
		if (!a.ok || !b.ok) throw new Error('setup')
		return { actor, a: a.value, b: b.value, t }
	}

	test('an edit changes the figures and keeps before, after and the reason in the audit log', () => {
		const { actor, a, t } = setup()
		const result = correctRevenue(actor, a.id, { amountCents: 12_000, reason: 'Broker re-issued the report' }, t(5))
		expect(result).toMatchObject({ ok: true, value: { amount: 120, correctionReason: 'Broker re-issued the report' } })
		expect(revenueCentsForMonth('2026-11')).toBe(14_500)
		// Moving it to another month moves its amount too.
		correctRevenue(actor, a.id, { month: '2026-10', reason: 'Wrong month' }, t(6))
		expect(revenueCentsForMonth('2026-11')).toBe(2_500)
		expect(revenueCentsForMonth('2026-10')).toBe(12_000)
		const audits = listAuditForTarget('revenue', a.id)
		const update = audits.find(
			(row) =>
				row.action === 'revenue.update' && (row.after as { reason: string }).reason === 'Broker re-issued the report',
		)
		expect(update).toMatchObject({
			adminId: actor.id,
			before: { broker: 'A', month: '2026-11', amountCents: 10_000 },
			after: { broker: 'A', month: '2026-11', amountCents: 12_000, reason: 'Broker re-issued the report' },
		})
	})

	test('a voided entry stays listed, counts nowhere (month sum and dashboard), and cannot be voided or edited again', () => {
		const { actor, a, b, t } = setup()
		const voided = voidRevenue(actor, a.id, 'Duplicate report', t(5))
		expect(voided).toMatchObject({ ok: true, value: { voidReason: 'Duplicate report', voidedAt: t(5).toISOString() } })
		expect(revenueCentsForMonth('2026-11')).toBe(2_500)
		expect(getDashboardStats(new Date('2026-11-22T00:00:00Z')).monthlyRevenue).toBe(25)
		expect(voidRevenue(actor, a.id, 'Again', t(6))).toMatchObject({ ok: false, status: 409 })
		expect(correctRevenue(actor, a.id, { amountCents: 1, reason: 'x' }, t(6))).toMatchObject({ ok: false, status: 409 })
		const { entries, pagination } = listRevenueEntries(1, 20)
		expect(entries.map((e) => [e.id, e.voidedAt !== null])).toEqual([
			[b.id, false],
			[a.id, true],
		])
		expect(pagination.totalCount).toBe(2)
		expect(listAuditForTarget('revenue', a.id).map((row) => row.action)).toContain('revenue.void')
		// Nothing changed by the refused calls: one void row, no update row.
		expect(listAuditForTarget('revenue', a.id).filter((row) => row.action !== 'revenue.record')).toHaveLength(1)
	})

	test('an unknown entry is a 404 and stores nothing', () => {
		const { actor } = setup()
		expect(correctRevenue(actor, 9999, { amountCents: 1, reason: 'x' })).toMatchObject({ ok: false, status: 404 })
		expect(voidRevenue(actor, 9999, 'x')).toMatchObject({ ok: false, status: 404 })
		expect(listAuditForTarget('revenue', 9999)).toHaveLength(0)
	})

	test('the list pages newest first', () => {
		const { actor, t } = setup()
		for (let i = 0; i < 3; i++) recordRevenue(actor, { broker: `C${i}`, month: '2026-09', amountCents: 100 }, t(10 + i))
		const page1 = listRevenueEntries(1, 2)
		const page3 = listRevenueEntries(3, 2)
		expect(page1.entries.map((e) => e.broker)).toEqual(['C2', 'C1'])
		expect(page3.entries.map((e) => e.broker)).toEqual(['A'])
		expect(page1.pagination).toMatchObject({ totalCount: 5, totalPages: 3, hasNext: true })
		expect(listRevenueEntries(9, 2).entries).toEqual([])
	})
})
