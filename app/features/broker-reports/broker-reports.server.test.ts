import { eq } from 'drizzle-orm'
import { describe, expect, test, vi } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { auditLog, brokerReportRows, brokerReports, brokerReportUploads, revenueEntries, users } from '#db/schema.ts'
import { insertBroker, insertTrackedMember, insertTrackedMembers, reportCsv } from '#tests/broker-report-factories.ts'
import { insertAdmin } from '#tests/factories.ts'
import * as scoring from '#app/features/contests/scoring.server.ts'
import {
	applyReport,
	BROKER_REPORT_MESSAGES,
	getUpload,
	listBrokerReports,
	previewReport,
	storeUpload,
} from './broker-reports.server.ts'

const MONTH = '2026-10'
const NOW = new Date('2026-11-05T10:00:00Z')

function setup() {
	const admin = insertAdmin()
	const actor = { id: admin.id, email: admin.email }
	const broker = insertBroker({ name: 'Exness' })
	const a = insertTrackedMember(broker.id)
	const b = insertTrackedMember(broker.id)
	const other = insertBroker()
	const stranger = insertTrackedMember(other.id)
	return { actor, broker, a, b, other, stranger }
}

function member(id: number) {
	return getDb().select().from(users).where(eq(users.id, id)).get()!
}

function counts() {
	const db = getDb()
	return {
		reports: db.select().from(brokerReports).all().length,
		rows: db.select().from(brokerReportRows).all().length,
		revenue: db.select().from(revenueEntries).all().length,
		audit: db.select().from(auditLog).all().length,
	}
}

describe('previewReport', () => {
	test('totals of the good rows; bad rows by line with their reason; nothing written', () => {
		const { broker, a, b, stranger } = setup()
		const content = reportCsv([
			{
				trackingId: a.trackingId,
				deposits: '1000.50',
				withdrawals: '200',
				volume: '50000',
				commission: '12.25',
				month: MONTH,
			},
			{ trackingId: b.trackingId, deposits: '99.5', commission: '0.75', month: MONTH },
			{ trackingId: 'tc_nobody', deposits: '1', month: MONTH },
			{ trackingId: stranger.trackingId, deposits: '1', month: MONTH },
			{ trackingId: a.trackingId, deposits: '1', month: MONTH },
			{ trackingId: 'x', deposits: '1', month: '2026-09' },
		])
		const before = counts()
		const result = previewReport(broker.slug, MONTH, 'october.csv', content)
		expect(result.ok).toBe(true)
		if (!result.ok) return
		expect(result.value).toMatchObject({
			broker: { slug: broker.slug, name: 'Exness' },
			month: MONTH,
			fileName: 'october.csv',
			rowCount: 6,
			totals: { rows: 2, members: 2, deposits: 1100, withdrawals: 200, volume: 50000, commission: 13 },
			fileError: null,
			errorCount: 4,
			applied: null,
			sameFile: false,
			canApply: false,
		})
		expect(result.value.contentSha256).toMatch(/^[0-9a-f]{64}$/)
		expect(result.value.errors.map((e) => [e.line, e.kind])).toEqual([
			[4, 'unknown_tracking_id'],
			[5, 'other_broker'],
			[6, 'duplicate_row'],
			[7, 'wrong_month'],
		])
		expect(counts()).toEqual(before)
	})

	test('unknown broker: 404; a file-level problem is in the preview; over 50,000 rows: 422', () => {
		const { broker } = setup()
		expect(previewReport('nope', MONTH, 'a.csv', 'x')).toMatchObject({ ok: false, status: 404 })
		const empty = previewReport(broker.slug, MONTH, 'a.csv', '')
		expect(empty.ok && empty.value).toMatchObject({ fileError: 'The file is empty.', canApply: false })
		const big = reportCsv(
			Array.from({ length: 50_001 }, (_, i) => ({ trackingId: `t${i}`, month: MONTH })),
			'\n',
		)
		const refused = previewReport(broker.slug, MONTH, 'a.csv', big)
		expect(refused).toMatchObject({ ok: false, status: 422 })
		expect(!refused.ok && refused.message).toContain('50,001 data rows')
	})
})

describe('applyReport', () => {
	test("one transaction: report, rows, members' totals, revenue entry, audit rows, contest rescoring", () => {
		const { actor, broker, a, b } = setup()
		const rescore = vi.spyOn(scoring, 'rescoreContests')
		const content = reportCsv([
			{
				trackingId: a.trackingId,
				deposits: '1000.50',
				withdrawals: '200',
				volume: '50000',
				commission: '12.25',
				month: MONTH,
			},
			{ trackingId: b.trackingId, deposits: '99.5', commission: '0.75', month: MONTH },
		])
		const result = applyReport(
			actor,
			{ brokerSlug: broker.slug, month: MONTH, fileName: 'oct.csv', content },
			{ replace: false },
			NOW,
		)
		expect(result.ok).toBe(true)
		if (!result.ok) return
		const { report } = result.value
		expect(report).toMatchObject({
			brokerSlug: broker.slug,
			month: MONTH,
			fileName: 'oct.csv',
			rowCount: 2,
			deposits: 1100,
			withdrawals: 200,
			volume: 50000,
			commission: 13,
			appliedAt: NOW.toISOString(),
			appliedBy: actor.email,
			reversedAt: null,
			state: 'applied',
		})
		expect(result.value.replaced).toEqual([])
		expect(member(a.user.id)).toMatchObject({ totalDeposit: 1000.5, totalWithdraw: 200 })
		expect(member(b.user.id)).toMatchObject({ totalDeposit: 99.5, totalWithdraw: 0 })
		const revenue = getDb().select().from(revenueEntries).all()
		expect(revenue).toEqual([
			expect.objectContaining({
				id: report.revenueEntryId,
				broker: 'Exness',
				month: MONTH,
				amountCents: 1300,
				voidedAt: null,
			}),
		])
		const rows = getDb().select().from(brokerReportRows).all()
		expect(rows.map((r) => [r.line, r.userId, r.depositsCents, r.volumeCents])).toEqual([
			[2, a.user.id, 100_050, 5_000_000],
			[3, b.user.id, 9950, 0],
		])
		const actions = getDb()
			.select()
			.from(auditLog)
			.all()
			.map((r) => [r.action, r.targetType])
		expect(actions).toEqual([
			['revenue.record', 'revenue'],
			['broker-report.apply', 'broker-report'],
		])
		expect(rescore).toHaveBeenCalledTimes(1)
		expect(rescore.mock.calls[0]![1]).toEqual({ types: ['deposit', 'trading'], userIds: [a.user.id, b.user.id] })
		expect(listBrokerReports(broker.slug)).toEqual([report])
	})

	test('bad rows: 422 with the preview, nothing stored', () => {
		const { actor, broker, a } = setup()
		const content = reportCsv([
			{ trackingId: a.trackingId, deposits: '10', month: MONTH },
			{ trackingId: 'tc_nobody', deposits: '1', month: MONTH },
		])
		const before = counts()
		const result = applyReport(
			actor,
			{ brokerSlug: broker.slug, month: MONTH, fileName: 'x.csv', content },
			{ replace: false },
			NOW,
		)
		expect(result).toMatchObject({ ok: false, status: 422, message: BROKER_REPORT_MESSAGES.hasErrors(1) })
		expect(!result.ok && 'preview' in result && result.preview?.errors).toEqual([
			{ line: 3, kind: 'unknown_tracking_id', message: 'tracking_id "tc_nobody" is not a member\'s tracking id.' },
		])
		expect(counts()).toEqual(before)
		expect(member(a.user.id).totalDeposit).toBe(0)
		const wrongHeader = applyReport(
			actor,
			{ brokerSlug: broker.slug, month: MONTH, fileName: 'x.csv', content: 'a,b\n1,2\n' },
			{ replace: false },
			NOW,
		)
		expect(wrongHeader).toMatchObject({ ok: false, status: 422 })
		expect(counts()).toEqual(before)
	})

	test('the same file or the same month again: 409 without replace; replace reverses the earlier one', () => {
		const { actor, broker, a, b } = setup()
		const first = reportCsv([
			{ trackingId: a.trackingId, deposits: '100', withdrawals: '10', commission: '5', month: MONTH },
			{ trackingId: b.trackingId, deposits: '50', month: MONTH },
		])
		const applied = applyReport(
			actor,
			{ brokerSlug: broker.slug, month: MONTH, fileName: 'v1.csv', content: first },
			{ replace: false },
			NOW,
		)
		expect(applied.ok).toBe(true)
		if (!applied.ok) return
		const before = counts()
		const again = applyReport(
			actor,
			{ brokerSlug: broker.slug, month: MONTH, fileName: 'v1.csv', content: first },
			{ replace: false },
			NOW,
		)
		expect(again).toMatchObject({ ok: false, status: 409, message: BROKER_REPORT_MESSAGES.sameFileApplied(MONTH) })
		const second = reportCsv([{ trackingId: a.trackingId, deposits: '30', commission: '2', month: MONTH }])
		const sameMonth = applyReport(
			actor,
			{ brokerSlug: broker.slug, month: MONTH, fileName: 'v2.csv', content: second },
			{ replace: false },
			NOW,
		)
		expect(sameMonth).toMatchObject({ ok: false, status: 409, message: BROKER_REPORT_MESSAGES.alreadyApplied(MONTH) })
		expect(counts()).toEqual(before)
		const preview = previewReport(broker.slug, MONTH, 'v2.csv', second)
		expect(preview.ok && preview.value).toMatchObject({
			canApply: true,
			sameFile: false,
			applied: { id: applied.value.report.id },
		})

		const later = new Date(NOW.getTime() + 60_000)
		const replaced = applyReport(
			actor,
			{ brokerSlug: broker.slug, month: MONTH, fileName: 'v2.csv', content: second },
			{ replace: true },
			later,
		)
		expect(replaced.ok).toBe(true)
		if (!replaced.ok) return
		const { report } = replaced.value
		expect(replaced.value.replaced).toEqual([
			expect.objectContaining({
				id: applied.value.report.id,
				state: 'replaced',
				reversedAt: later.toISOString(),
				replacedById: report.id,
			}),
		])
		// a: 100 - 100 + 30; b: 50 - 50.
		expect(member(a.user.id)).toMatchObject({ totalDeposit: 30, totalWithdraw: 0 })
		expect(member(b.user.id)).toMatchObject({ totalDeposit: 0, totalWithdraw: 0 })
		const oldEntry = getDb()
			.select()
			.from(revenueEntries)
			.where(eq(revenueEntries.id, applied.value.report.revenueEntryId!))
			.get()!
		expect(oldEntry.voidedAt).toEqual(later)
		expect(oldEntry.voidReason).toContain('Replaced by a new Exness report for October 2026 (file v2.csv')
		const newEntry = getDb().select().from(revenueEntries).where(eq(revenueEntries.id, report.revenueEntryId!)).get()!
		expect(newEntry).toMatchObject({ amountCents: 200, voidedAt: null })
		const actions = getDb()
			.select()
			.from(auditLog)
			.all()
			.map((r) => r.action)
		expect(actions).toEqual([
			'revenue.record',
			'broker-report.apply',
			'revenue.void',
			'broker-report.reverse',
			'revenue.record',
			'broker-report.replace',
		])
		expect(listBrokerReports(broker.slug)!.map((r) => [r.id, r.state])).toEqual([
			[report.id, 'applied'],
			[applied.value.report.id, 'replaced'],
		])
		// The first file can come back only with a replace too (the month is taken by v2).
		const back = applyReport(
			actor,
			{ brokerSlug: broker.slug, month: MONTH, fileName: 'v1.csv', content: first },
			{ replace: false },
			later,
		)
		expect(back).toMatchObject({ ok: false, status: 409 })
	})

	test('a replace by the file applied already changes nothing (a retried replace is idempotent)', () => {
		const { actor, broker, a } = setup()
		const v1 = reportCsv([{ trackingId: a.trackingId, deposits: '100', commission: '5', month: MONTH }])
		const v2 = reportCsv([{ trackingId: a.trackingId, deposits: '30', commission: '2', month: MONTH }])
		const apply = (content: string, fileName: string, at: Date) =>
			applyReport(actor, { brokerSlug: broker.slug, month: MONTH, fileName, content }, { replace: true }, at)
		const first = apply(v1, 'v1.csv', NOW)
		expect(first).toMatchObject({ ok: true, value: { alreadyApplied: false, replaced: [] } })
		const replaced = apply(v2, 'v2.csv', new Date(NOW.getTime() + 1000))
		expect(replaced).toMatchObject({ ok: true, value: { alreadyApplied: false } })
		if (!replaced.ok) return
		expect(replaced.value.replaced).toHaveLength(1)
		const before = counts()
		const totals = member(a.user.id)
		// The retries of that replace: the same v2 again, under any file name.
		for (const [i, name] of ['v2.csv', 'v2 (1).csv', ''].entries()) {
			const retry = apply(v2, name, new Date(NOW.getTime() + 2000 + i))
			expect(retry).toMatchObject({
				ok: true,
				value: { alreadyApplied: true, replaced: [], report: { id: replaced.value.report.id, state: 'applied' } },
			})
		}
		expect(counts()).toEqual(before)
		expect(member(a.user.id)).toEqual(totals)
		expect(member(a.user.id)).toMatchObject({ totalDeposit: 30 })
		// Without replace the same file is still a 409 that says so.
		expect(
			applyReport(
				actor,
				{ brokerSlug: broker.slug, month: MONTH, fileName: 'v2.csv', content: v2 },
				{ replace: false },
			),
		).toMatchObject({ ok: false, status: 409, message: BROKER_REPORT_MESSAGES.sameFileApplied(MONTH) })
		// The earlier file is a real replace again.
		expect(apply(v1, 'v1.csv', new Date(NOW.getTime() + 5000))).toMatchObject({
			ok: true,
			value: { alreadyApplied: false, replaced: [{ id: replaced.value.report.id }] },
		})
		expect(member(a.user.id)).toMatchObject({ totalDeposit: 100 })
	})

	test('members whose tracking ids start with =, +, - or @ are applied (issue 37)', () => {
		const { actor, broker } = setup()
		const ids = ['-ZhNGFGnZggujrla8IqGrg', '=ZhNGFGnZggujrla8IqGrg', '+ZhNGFGnZggujrla8IqGrg', '@ZhNGFGnZggujrla8IqGrg']
		const members = ids.map((trackingId) => insertTrackedMember(broker.id, {}, trackingId))
		const content = reportCsv(
			members.map((m) => ({ trackingId: m.trackingId, deposits: '10', commission: '1', month: MONTH })),
		)
		const preview = previewReport(broker.slug, MONTH, 'dashes.csv', content)
		expect(preview.ok && preview.value).toMatchObject({ canApply: true, errorCount: 0, totals: { members: 4 } })
		const applied = applyReport(
			actor,
			{ brokerSlug: broker.slug, month: MONTH, fileName: 'dashes.csv', content },
			{ replace: false },
			NOW,
		)
		expect(applied).toMatchObject({ ok: true, value: { report: { rowCount: 4, commission: 4 } } })
		for (const m of members) expect(member(m.user.id)).toMatchObject({ totalDeposit: 10 })
	})

	test('a failure at the end (contest rescoring) rolls everything back', () => {
		const { actor, broker, a } = setup()
		vi.spyOn(scoring, 'rescoreContests').mockImplementation(() => {
			throw new Error('scoring failed')
		})
		const content = reportCsv([{ trackingId: a.trackingId, deposits: '5', commission: '1', month: MONTH }])
		const before = counts()
		expect(() =>
			applyReport(actor, { brokerSlug: broker.slug, month: MONTH, fileName: '', content }, { replace: false }, NOW),
		).toThrow('scoring failed')
		expect(counts()).toEqual(before)
		expect(member(a.user.id).totalDeposit).toBe(0)
	})

	test('a commission of 0 writes no revenue entry; an unknown broker is a 404', () => {
		const { actor, broker, a } = setup()
		const content = reportCsv([{ trackingId: a.trackingId, deposits: '5', month: MONTH }])
		const result = applyReport(
			actor,
			{ brokerSlug: broker.slug, month: MONTH, fileName: '', content },
			{ replace: false },
			NOW,
		)
		expect(result.ok && result.value.report.revenueEntryId).toBeNull()
		expect(getDb().select().from(revenueEntries).all()).toEqual([])
		expect(
			applyReport(actor, { brokerSlug: 'nope', month: MONTH, fileName: '', content }, { replace: false }, NOW),
		).toMatchObject({
			ok: false,
			status: 404,
		})
	})

	test('a 10,000-row file previews and applies well under the bar (< 4 s here; the bench bar is 2 s)', () => {
		const { actor, broker } = setup()
		const lines = insertTrackedMembers(broker.id, 10_000).map((trackingId) => ({
			trackingId,
			deposits: '120.50',
			withdrawals: '20',
			volume: '10000',
			commission: '1.10',
			month: MONTH,
		}))
		const content = reportCsv(lines)
		const started = performance.now()
		const preview = previewReport(broker.slug, MONTH, 'big.csv', content)
		expect(preview.ok && preview.value.canApply).toBe(true)
		const result = applyReport(
			actor,
			{ brokerSlug: broker.slug, month: MONTH, fileName: 'big.csv', content },
			{ replace: false },
			NOW,
		)
		const elapsed = performance.now() - started
		expect(result.ok && result.value.report.rowCount).toBe(10_000)
		expect(elapsed).toBeLessThan(4000)
	})
})

describe('uploads waiting for their confirmation', () => {
	test("kept for the admin who uploaded, for a day; a new upload replaces the admin's earlier one", () => {
		const { actor, broker } = setup()
		const other = insertAdmin()
		const first = storeUpload(actor, { brokerSlug: broker.slug, month: MONTH, fileName: 'a.csv', content: 'x' }, NOW)
		expect(first.ok).toBe(true)
		if (!first.ok) return
		expect(getUpload(actor.id!, broker.slug, first.value.id, NOW)).toMatchObject({
			month: MONTH,
			fileName: 'a.csv',
			content: 'x',
		})
		expect(getUpload(other.id, broker.slug, first.value.id, NOW)).toBeNull()
		expect(getUpload(actor.id!, 'nope', first.value.id, NOW)).toBeNull()
		expect(getUpload(actor.id!, broker.slug, first.value.id, new Date(NOW.getTime() + 86_400_001))).toBeNull()
		const second = storeUpload(actor, { brokerSlug: broker.slug, month: MONTH, fileName: 'b.csv', content: 'y' }, NOW)
		expect(second.ok).toBe(true)
		expect(getUpload(actor.id!, broker.slug, first.value.id, NOW)).toBeNull()
		// Older than a day (anyone's) is discarded on the next upload.
		storeUpload(
			{ id: other.id, email: other.email },
			{ brokerSlug: broker.slug, month: MONTH, fileName: 'c.csv', content: 'z' },
			new Date(NOW.getTime() + 2 * 86_400_000),
		)
		expect(
			getDb()
				.select()
				.from(brokerReportUploads)
				.all()
				.map((u) => u.fileName),
		).toEqual(['c.csv'])
		expect(storeUpload(actor, { brokerSlug: 'nope', month: MONTH, fileName: '', content: '' }, NOW)).toMatchObject({
			status: 404,
		})
	})
})
