import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getDb } from '#db/client.server.ts'
import { brokers, traderEquity, traderReviews, traders, traderTrades } from '#db/schema.ts'
import { listAuditForTarget } from '#app/features/audit/audit.server.ts'
import { insertAuditActor } from '#tests/factories.ts'
import {
	createTrader,
	getStaffTrader,
	listStaffTraders,
	listTraderReviews,
	removeSampleTraders,
	reviewTrader,
	setChecklist,
	updateTrader,
} from './registry.server.ts'
import { REVIEW_MESSAGES } from './review.ts'
import type { TraderInput } from './schemas.ts'
import { DEFAULT_TRADER_LIST_QUERY, TRADER_MESSAGES, type TraderListQuery } from './schemas.ts'
import { applyStatement, previewStatement, STATEMENT_MESSAGES } from './statements.server.ts'

function broker(slug = 'alpha') {
	return getDb()
		.insert(brokers)
		.values({
			name: `Broker ${slug}`,
			slug,
			regulator: 'FCA',
			licence: 'FRN 1',
			lossPercent: 70,
			affiliateUrl: `https://${slug}.example/?sub={trackingId}`,
		})
		.returning()
		.get()
}

function input(overrides: Partial<TraderInput> = {}): TraderInput {
	return {
		slug: 'amara-okafor',
		name: 'Amara Okafor',
		strategy: 'Swing trades on gold.',
		markets: ['XAUUSD', 'EURUSD'],
		brokerSlug: 'alpha',
		accountRef: 'ACC-1',
		country: 'Nigeria',
		currency: 'USD',
		startDate: '2024-01-01',
		...overrides,
	}
}

const staff = () => insertAuditActor({ role: 'admin' })
const superStaff = () => ({ ...insertAuditActor({ role: 'super_admin' }), superAdmin: true })

/** A daily equity file of `days` days from `start`, growing 0.1% a day from 10,000. */
function equityCsv(start: string, days: number, from = 10_000) {
	const lines = ['date,equity,deposits,withdrawals']
	let equity = from
	for (let i = 0; i < days; i++) {
		const date = new Date(Date.parse(`${start}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10)
		lines.push(`${date},${equity.toFixed(2)},${i === 0 ? from : 0},0`)
		equity *= 1.001
	}
	return lines.join('\n')
}

function created(admin = staff()) {
	broker()
	const result = createTrader(admin, input())
	if (!result.ok) throw new Error(result.message)
	return { admin, trader: result.value }
}

function allChecked(admin: { id: number | null; email: string }, id: number) {
	const result = setChecklist(admin, id, {
		identityChecked: true,
		brokerAccountVerified: true,
		statementSourceVerified: true,
		strategyMatchesTrades: true,
		riskAcceptable: true,
	})
	expect(result.ok).toBe(true)
}

describe('createTrader and updateTrader', () => {
	test('a new trader is applied, with its broker, audited as trader.create; a taken slug is a 409 at the field', () => {
		const { admin, trader } = created()
		expect(trader).toMatchObject({
			slug: 'amara-okafor',
			status: 'applied',
			brokerSlug: 'alpha',
			markets: ['XAUUSD', 'EURUSD'],
			riskScore: null,
			flags: [],
			statementsUntil: null,
		})
		expect(trader.metrics.return12m).toBeNull()
		expect(trader.metrics.trades).toBe(0)
		expect(listAuditForTarget('trader', trader.id)[0]).toMatchObject({ action: 'trader.create', before: null })
		const again = createTrader(admin, input({ name: 'Someone else' }))
		expect(again).toMatchObject({ ok: false, status: 409, fieldErrors: { slug: [TRADER_MESSAGES.slugTaken] } })
	})

	test('an unknown broker is refused at the field and nothing is stored', () => {
		const result = createTrader(staff(), input({ brokerSlug: 'nobody' }))
		expect(result).toMatchObject({
			ok: false,
			status: 400,
			fieldErrors: { brokerSlug: [TRADER_MESSAGES.brokerUnknown] },
		})
		expect(getDb().select().from(traders).all()).toHaveLength(0)
	})

	test('an edit is audited with before and after; 404 for an unknown trader', () => {
		const { admin, trader } = created()
		broker('beta')
		const result = updateTrader(admin, trader.id, {
			name: 'Amara O.',
			brokerSlug: 'beta',
			nextReviewDate: '2027-01-01',
		})
		expect(result.ok && result.value).toMatchObject({
			name: 'Amara O.',
			brokerSlug: 'beta',
			nextReviewDate: '2027-01-01',
		})
		expect(listAuditForTarget('trader', trader.id)[0]).toMatchObject({
			action: 'trader.update',
			before: { name: 'Amara Okafor' },
			after: { name: 'Amara O.' },
		})
		expect(updateTrader(admin, 9999, { name: 'x' })).toMatchObject({ ok: false, status: 404 })
	})
})

describe('the review', () => {
	test('applied -> listed is refused; in_review -> listed needs an equity statement and the whole checklist', () => {
		const { admin, trader } = created()
		expect(reviewTrader({ ...admin, superAdmin: false }, trader.id, { to: 'listed', note: 'ok' })).toMatchObject({
			ok: false,
			status: 409,
			message: REVIEW_MESSAGES.appliedToListed,
		})
		expect(reviewTrader({ ...admin, superAdmin: false }, trader.id, { to: 'in_review', note: 'Documents in' }).ok).toBe(
			true,
		)
		expect(reviewTrader({ ...admin, superAdmin: false }, trader.id, { to: 'listed', note: 'ok' })).toMatchObject({
			status: 409,
			message: REVIEW_MESSAGES.needsEquity,
		})
		const applied = applyStatement(
			admin,
			{ traderId: trader.id, kind: 'equity', fileName: 'e.csv', content: equityCsv('2025-01-01', 30) },
			{ replace: false },
		)
		expect(applied.ok).toBe(true)
		const open = reviewTrader({ ...admin, superAdmin: false }, trader.id, { to: 'listed', note: 'ok' })
		expect(open).toMatchObject({ status: 409 })
		expect(!open.ok && open.message).toContain('Identity checked')
		allChecked(admin, trader.id)
		const listed = reviewTrader({ ...admin, superAdmin: false }, trader.id, { to: 'listed', note: 'All checked' })
		expect(listed.ok && listed.value).toMatchObject({
			status: 'listed',
			reviewedBy: admin.email,
			statusNote: 'All checked',
		})
		expect(listed.ok && listed.value.nextReviewDate).toMatch(/^\d{4}-\d{2}-\d{2}$/)
		expect(listTraderReviews(trader.id).map((r) => [r.from, r.to])).toEqual([
			['in_review', 'listed'],
			['applied', 'in_review'],
		])
		expect(listAuditForTarget('trader', trader.id).find((a) => a.action === 'trader.review')).toMatchObject({
			after: { status: 'listed', note: 'All checked' },
		})
	})

	test('only a super admin retires, and retired is final', () => {
		const { admin, trader } = created()
		expect(reviewTrader({ ...admin, superAdmin: false }, trader.id, { to: 'retired', note: 'Gone' })).toMatchObject({
			status: 403,
			message: REVIEW_MESSAGES.retireSuperOnly,
		})
		const boss = superStaff()
		expect(reviewTrader(boss, trader.id, { to: 'retired', note: 'Stopped trading' }).ok).toBe(true)
		expect(reviewTrader(boss, trader.id, { to: 'listed', note: 'Back' })).toMatchObject({
			status: 409,
			message: REVIEW_MESSAGES.retired,
		})
		expect(getStaffTrader(trader.id)).toMatchObject({ status: 'retired', statusNote: 'Stopped trading' })
		expect(getDb().select().from(traderReviews).all()).toHaveLength(1)
	})

	test('the checklist records who and when, and an item can be opened again', () => {
		const { admin, trader } = created()
		const ticked = setChecklist(admin, trader.id, { identityChecked: true })
		expect(ticked.ok && ticked.value.checklist.identityChecked).toMatchObject({ done: true, by: admin.email })
		const opened = setChecklist(admin, trader.id, { identityChecked: false })
		expect(opened.ok && opened.value.checklist.identityChecked).toEqual({ done: false, by: null, at: null })
		expect(listAuditForTarget('trader', trader.id).filter((a) => a.action === 'trader.checklist')).toHaveLength(2)
	})
})

describe('statements', () => {
	test('an equity statement is applied with the figures computed in its transaction, audited', () => {
		const { admin, trader } = created()
		const result = applyStatement(
			admin,
			{ traderId: trader.id, kind: 'equity', fileName: 'e.csv', content: equityCsv('2025-01-01', 40) },
			{ replace: false },
		)
		expect(result.ok).toBe(true)
		if (!result.ok) return
		expect(result.value.rows).toBe(40)
		expect(result.value.metrics.returnSinceStart).toBeCloseTo(1.001 ** 39 - 1, 5)
		expect(result.value.trader).toMatchObject({ statementsFrom: '2025-01-01', statementsUntil: '2025-02-09' })
		expect(result.value.trader.riskScore).not.toBeNull()
		expect(listAuditForTarget('trader', trader.id)[0]).toMatchObject({ action: 'trader.statement.apply' })
	})

	test('an overlapping file is refused with 409 unless replace; a file after the last date appends', () => {
		const { admin, trader } = created()
		const first = {
			traderId: trader.id,
			kind: 'equity' as const,
			fileName: 'e.csv',
			content: equityCsv('2025-01-01', 10),
		}
		expect(applyStatement(admin, first, { replace: false }).ok).toBe(true)
		const overlap = { ...first, content: equityCsv('2025-01-05', 10, 20_000) }
		expect(applyStatement(admin, overlap, { replace: false })).toMatchObject({
			ok: false,
			status: 409,
			message: STATEMENT_MESSAGES.overlap('equity'),
		})
		expect(getDb().select().from(traderEquity).all()).toHaveLength(10)
		const replaced = applyStatement(admin, overlap, { replace: true })
		expect(replaced.ok && replaced.value.statement.replacedRows).toBe(6)
		expect(getDb().select().from(traderEquity).all()).toHaveLength(14)
		expect(listAuditForTarget('trader', trader.id)[0]).toMatchObject({ action: 'trader.statement.replace' })
		const append = previewStatement(trader.id, 'equity', 'e.csv', equityCsv('2025-01-15', 3, 21_000))
		expect(append.ok && append.value).toMatchObject({ appends: true, overlapRows: 0, canApply: true })
	})

	test('a bad row is refused with its line and reason and nothing is stored', () => {
		const { admin, trader } = created()
		const content = 'date,equity,deposits,withdrawals\n2025-01-01,100,100,0\n2025-01-02,-5,0,0\n'
		const result = applyStatement(
			admin,
			{ traderId: trader.id, kind: 'equity', fileName: 'e.csv', content },
			{ replace: false },
		)
		expect(result).toMatchObject({ ok: false, status: 422 })
		expect(!result.ok && 'preview' in result && result.preview?.errors[0]).toMatchObject({ line: 3 })
		expect(getDb().select().from(traderEquity).all()).toHaveLength(0)
	})

	test('trades need the equity dates: before any equity the file is refused; a trade outside them is a bad row', () => {
		const { admin, trader } = created()
		const trades = [
			'ticket,opened_at,closed_at,symbol,side,volume,open_price,close_price,stop_loss,profit',
			'1,2025-01-02T10:00:00Z,2025-01-03T10:00:00Z,XAUUSD,buy,1,2000,2010,1990,100',
			'2,2025-01-04T10:00:00Z,2025-03-01T10:00:00Z,XAUUSD,sell,1,2010,2020,,-100',
		].join('\n')
		const input = { traderId: trader.id, kind: 'trades' as const, fileName: 't.csv', content: trades }
		expect(applyStatement(admin, input, { replace: false })).toMatchObject({
			status: 422,
			message: STATEMENT_MESSAGES.noEquity,
		})
		applyStatement(
			admin,
			{ traderId: trader.id, kind: 'equity', fileName: 'e.csv', content: equityCsv('2025-01-01', 30) },
			{ replace: false },
		)
		const outside = applyStatement(admin, input, { replace: false })
		expect(outside).toMatchObject({ status: 422 })
		expect(!outside.ok && 'preview' in outside && outside.preview?.errors.map((e) => e.line)).toEqual([3])
		const good = applyStatement(
			admin,
			{ ...input, content: trades.split('\n').slice(0, 2).join('\n') },
			{ replace: false },
		)
		expect(good.ok && good.value.metrics).toMatchObject({ trades: 1, winRate: 1 })
		expect(getDb().select().from(traderTrades).where(eq(traderTrades.traderId, trader.id)).all()).toHaveLength(1)
		expect(
			applyStatement(admin, { ...input, content: trades.split('\n').slice(0, 2).join('\n') }, { replace: false }),
		).toMatchObject({ status: 409, message: STATEMENT_MESSAGES.overlap('trades') })
	})
})

describe('the staff list and the samples', () => {
	test('filters by status and flag, pages by 25, newest first', () => {
		const admin = staff()
		broker()
		for (let i = 0; i < 27; i++) createTrader(admin, input({ slug: `trader-${i}`, name: `Trader ${i}` }))
		const q = (o: Partial<TraderListQuery> = {}) => ({ ...DEFAULT_TRADER_LIST_QUERY, ...o })
		const page1 = listStaffTraders(q())
		expect(page1.pagination).toMatchObject({ totalCount: 27, totalPages: 2, page: 1 })
		expect(page1.traders).toHaveLength(25)
		expect(page1.traders[0]!.slug).toBe('trader-26')
		expect(listStaffTraders(q({ page: 2 })).traders).toHaveLength(2)
		expect(listStaffTraders(q({ page: 9 }), { clampPage: true }).pagination.page).toBe(2)
		expect(listStaffTraders(q({ status: 'listed' })).pagination.totalCount).toBe(0)
		expect(listStaffTraders(q({ flag: 'any' })).pagination.totalCount).toBe(0)
		expect(listStaffTraders(q({ flag: 'none' })).pagination.totalCount).toBe(27)
		const id = page1.traders[0]!.id
		applyStatement(
			admin,
			{ traderId: id, kind: 'equity', fileName: 'e.csv', content: equityCsv('2025-01-01', 30) },
			{ replace: false },
		)
		// 30 days of history: short_history is raised.
		expect(listStaffTraders(q({ flag: 'short_history' })).traders.map((t) => t.id)).toEqual([id])
		expect(listStaffTraders(q({ flag: 'deep_drawdown' })).traders).toEqual([])
		expect(listStaffTraders(q({ flag: 'any' })).pagination.totalCount).toBe(1)
	})

	test('the sample traders are removed in one audited action', () => {
		const admin = staff()
		broker()
		createTrader(admin, input({ slug: 'sample-one' }), new Date(), { sample: true })
		createTrader(admin, input({ slug: 'real-one' }))
		const result = removeSampleTraders(admin)
		expect(result).toEqual({ ok: true, value: { removed: 1 } })
		expect(getDb().select({ slug: traders.slug }).from(traders).all()).toEqual([{ slug: 'real-one' }])
		expect(listAuditForTarget('trader', 'samples')[0]).toMatchObject({
			action: 'trader.samples-remove',
			before: { traders: ['sample-one'] },
		})
		expect(removeSampleTraders(admin)).toMatchObject({ ok: false, status: 409 })
	})
})
