import { describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { brokerAccounts, brokerReportRows, brokerReports, brokers } from '#db/schema.ts'
import { insertMember } from '#tests/factories.ts'
import { getMemberBrokers, MEMBER_BROKER_MONTHS } from './member-brokers.server.ts'

let seq = 0

function insertBroker(name: string, active = true) {
	seq += 1
	return getDb()
		.insert(brokers)
		.values({
			name,
			slug: `${name.toLowerCase()}-${seq}`,
			regulator: 'CySEC',
			licence: '120/10',
			lossPercent: 70,
			affiliateUrl: 'https://broker.example/?ref={trackingId}',
			active,
		})
		.returning()
		.get()
}

function connect(userId: number, brokerId: number, firstClickAt: Date, clicks = 1) {
	seq += 1
	return getDb()
		.insert(brokerAccounts)
		.values({
			userId,
			brokerId,
			trackingId: `trk${seq}x${userId}`,
			clickCount: clicks,
			firstClickAt,
			lastClickAt: new Date(firstClickAt.getTime() + 3_600_000),
		})
		.returning()
		.get()
}

/** An applied report of `brokerId` for `month` with the given rows (amounts in cents). */
function applyReport(
	brokerId: number,
	month: string,
	rows: Array<{ userId: number | null; accountId?: number; deposits: number; withdrawals?: number }>,
	options: { reversed?: boolean } = {},
) {
	seq += 1
	const report = getDb()
		.insert(brokerReports)
		.values({
			brokerId,
			month,
			contentHash: `hash-${seq}`,
			rowCount: rows.length,
			depositsCents: rows.reduce((s, r) => s + r.deposits, 0),
			withdrawalsCents: rows.reduce((s, r) => s + (r.withdrawals ?? 0), 0),
			volumeCents: 0,
			commissionCents: 0,
			appliedAt: new Date(),
			reversedAt: options.reversed ? new Date() : null,
		})
		.returning()
		.get()
	rows.forEach((row, i) =>
		getDb()
			.insert(brokerReportRows)
			.values({
				reportId: report.id,
				line: i + 2,
				userId: row.userId,
				brokerAccountId: row.accountId ?? null,
				depositsCents: row.deposits,
				withdrawalsCents: row.withdrawals ?? 0,
				volumeCents: 1000,
				commissionCents: 100,
			})
			.run(),
	)
	return report
}

describe("a member's connected brokers", () => {
	test('none: an empty list', () => {
		const member = insertMember()
		expect(getMemberBrokers(member.id)).toEqual([])
	})

	test('clicked only vs funded, figures in dollars from cents, newest month first, totals', () => {
		const member = insertMember()
		const other = insertMember()
		const xm = insertBroker('XM')
		const exness = insertBroker('Exness')
		const xmAccount = connect(member.id, xm.id, new Date('2026-09-01T10:00:00Z'), 3)
		connect(member.id, exness.id, new Date('2026-10-05T10:00:00Z'))
		connect(other.id, xm.id, new Date('2026-09-02T10:00:00Z'))

		// Reports out of order; another member's row never counts for this one.
		applyReport(xm.id, '2026-10', [
			{ userId: member.id, accountId: xmAccount.id, deposits: 125_000, withdrawals: 2_550 },
			{ userId: other.id, deposits: 999_900 },
		])
		applyReport(xm.id, '2026-08', [{ userId: member.id, deposits: 5, withdrawals: 0 }])
		applyReport(xm.id, '2026-09', [{ userId: member.id, deposits: 0, withdrawals: 10_000 }])
		// Exness reports the member, but with no deposit: still only clicked.
		applyReport(exness.id, '2026-10', [{ userId: member.id, deposits: 0, withdrawals: 0 }])

		const list = getMemberBrokers(member.id)
		expect(list.map((b) => b.name)).toEqual(['XM', 'Exness'])
		const [xmRow, exnessRow] = list
		expect(xmRow).toMatchObject({
			brokerId: xm.id,
			slug: xm.slug,
			active: true,
			trackingId: xmAccount.trackingId,
			clickCount: 3,
			firstClickAt: '2026-09-01T10:00:00.000Z',
			lastClickAt: '2026-09-01T11:00:00.000Z',
			funded: true,
		})
		expect(xmRow!.months).toEqual([
			{ month: '2026-10', deposits: 1250, withdrawals: 25.5 },
			{ month: '2026-09', deposits: 0, withdrawals: 100 },
			{ month: '2026-08', deposits: 0.05, withdrawals: 0 },
		])
		expect(xmRow!.totals).toEqual({ deposits: 1250.05, withdrawals: 125.5, reportMonths: 3 })
		expect(exnessRow).toMatchObject({ funded: false, months: [{ month: '2026-10', deposits: 0, withdrawals: 0 }] })

		expect(getMemberBrokers(other.id)).toEqual([
			expect.objectContaining({
				name: 'XM',
				funded: true,
				months: [{ month: '2026-10', deposits: 9999, withdrawals: 0 }],
			}),
		])
	})

	test('a reversed report counts for nothing: not funded, no month, no totals', () => {
		const member = insertMember()
		const xm = insertBroker('XM')
		connect(member.id, xm.id, new Date('2026-09-01T10:00:00Z'))
		applyReport(xm.id, '2026-10', [{ userId: member.id, deposits: 50_000 }], { reversed: true })

		expect(getMemberBrokers(member.id)).toEqual([
			expect.objectContaining({
				funded: false,
				months: [],
				totals: { deposits: 0, withdrawals: 0, reportMonths: 0 },
			}),
		])

		// The replacing report is what counts.
		applyReport(xm.id, '2026-10', [{ userId: member.id, deposits: 40_000 }])
		expect(getMemberBrokers(member.id)[0]).toMatchObject({
			funded: true,
			months: [{ month: '2026-10', deposits: 400, withdrawals: 0 }],
			totals: { deposits: 400, withdrawals: 0, reportMonths: 1 },
		})
	})

	test('only the newest 12 months are listed; the totals count every month', () => {
		const member = insertMember()
		const xm = insertBroker('XM', false)
		connect(member.id, xm.id, new Date('2025-01-01T00:00:00Z'))
		for (let i = 1; i <= 14; i++) {
			const month = `${2025 + Math.floor((i - 1) / 12)}-${String(((i - 1) % 12) + 1).padStart(2, '0')}`
			applyReport(xm.id, month, [{ userId: member.id, deposits: 100 }])
		}
		const [row] = getMemberBrokers(member.id)
		expect(row!.active).toBe(false)
		expect(row!.months).toHaveLength(MEMBER_BROKER_MONTHS)
		expect(row!.months[0]!.month).toBe('2026-02')
		expect(row!.months.at(-1)!.month).toBe('2025-03')
		expect(row!.totals).toEqual({ deposits: 14, withdrawals: 0, reportMonths: 14 })
	})

	test('two indexed queries: accounts by member, report rows by member', () => {
		const sqlite = getDb().$client
		const plan = (query: string) =>
			(sqlite.prepare(`explain query plan ${query}`).all(1) as Array<{ detail: string }>)
				.map((r) => r.detail)
				.join('\n')
		expect(
			plan(
				'select * from broker_report_rows r join broker_reports p on p.id = r.report_id where r.user_id = ? and p.reversed_at is null',
			),
		).toMatch(/broker_report_rows_user_idx/)
		expect(plan('select * from broker_accounts where user_id = ?')).toMatch(/broker_accounts_user_broker_unique/)
	})
})
