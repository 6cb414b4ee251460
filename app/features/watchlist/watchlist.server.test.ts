import { and, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import type { TraderStatus } from '#app/domain/enums.ts'
import { getDb } from '#db/client.server.ts'
import { notifications, traderEquity, traders, watchlist } from '#db/schema.ts'
import { insertAuditActor, insertMember } from '#tests/factories.ts'
import { makeTrader } from '#tests/trader-factories.ts'
import { applyStatement } from '#app/features/traders/statements.server.ts'
import { reviewTrader, type StoredFigures } from '#app/features/traders/registry.server.ts'
import { mayHaveNews, watchAlertPass, watchersWithNews, watchEvents } from './alerts.server.ts'
import { WATCH_MESSAGES, WatchAlertsFormSchema, WatchBodySchema } from './schemas.ts'
import {
	changesSince,
	listWatchlist,
	markWatchlistSeen,
	setDrawdownAlert,
	unwatchTrader,
	watchedSlugs,
	watchTrader,
} from './watchlist.server.ts'

const later = (days: number) => new Date(Date.now() + days * 86_400_000)

function inbox(userId: number) {
	return getDb()
		.select()
		.from(notifications)
		.where(and(eq(notifications.userId, userId), eq(notifications.kind, 'trader_watch')))
		.all()
}

/** Appends days of equity to a trader's statements through the statements' pipeline. */
function appendEquity(slug: string, factors: number[], now = new Date()) {
	const trader = getDb().select().from(traders).where(eq(traders.slug, slug)).get()!
	const last = getDb().select().from(traderEquity).where(eq(traderEquity.traderId, trader.id)).all().at(-1)!
	let equity = last.equity
	const lines = ['date,equity,deposits,withdrawals']
	factors.forEach((factor, i) => {
		equity = Math.round(equity * factor * 100) / 100
		const date = new Date(Date.parse(`${last.date}T00:00:00Z`) + (i + 1) * 86_400_000).toISOString().slice(0, 10)
		lines.push(`${date},${equity},0,0`)
	})
	const applied = applyStatement(
		insertAuditActor(),
		{ traderId: trader.id, kind: 'equity', fileName: 'more.csv', content: lines.join('\n') },
		{ replace: false },
		now,
	)
	if (!applied.ok) throw new Error(applied.message)
}

describe('watching', () => {
	test('watch a listed trader, again (nothing new), not an unknown or unlisted one; stop watching', () => {
		const member = insertMember({ unlockedAt: new Date() })
		makeTrader({ slug: 'calm', name: 'Calm' })
		makeTrader({ slug: 'checking', status: 'in_review' })
		expect(watchTrader(member.id, { slug: 'calm' })).toEqual({
			ok: true,
			value: { name: 'Calm', slug: 'calm', created: true },
		})
		expect(watchTrader(member.id, { slug: 'calm', drawdownAlert: 30 })).toMatchObject({
			ok: true,
			value: { created: false },
		})
		expect(watchTrader(member.id, { slug: 'nobody' })).toMatchObject({ ok: false, status: 404 })
		expect(watchTrader(member.id, { slug: 'checking' })).toMatchObject({
			ok: false,
			status: 409,
			message: WATCH_MESSAGES.notListed,
		})
		const [watched] = listWatchlist(member.id)
		expect(watched).toMatchObject({ trader: { slug: 'calm', name: 'Calm' }, drawdownAlert: 20, changes: [] })
		expect([...watchedSlugs(member.id)]).toEqual(['calm'])
		expect(unwatchTrader(member.id, 'calm')).toMatchObject({ ok: true, value: { name: 'Calm' } })
		expect(unwatchTrader(member.id, 'calm')).toMatchObject({
			ok: false,
			status: 404,
			message: WATCH_MESSAGES.notWatched,
		})
		expect(listWatchlist(member.id)).toEqual([])
	})

	test('the drawdown alert: 1 to 90, set per trader; the inputs refuse the rest', () => {
		const member = insertMember({ unlockedAt: new Date() })
		makeTrader({ slug: 'calm' })
		watchTrader(member.id, { slug: 'calm' })
		expect(setDrawdownAlert(member.id, 'calm', 35)).toMatchObject({ ok: true, value: { drawdownAlert: 35 } })
		expect(listWatchlist(member.id)[0]!.drawdownAlert).toBe(35)
		expect(setDrawdownAlert(member.id, 'other', 35)).toMatchObject({ ok: false, status: 404 })
		for (const bad of [0, 91, 20.5, '20'])
			expect(WatchBodySchema.safeParse({ slug: 'calm', drawdownAlert: bad }).success, String(bad)).toBe(false)
		expect(WatchBodySchema.safeParse({ slug: 'calm', extra: 1 }).success).toBe(false)
		expect(WatchAlertsFormSchema.safeParse({ drawdownAlert: '25' })).toMatchObject({
			success: true,
			data: { drawdownAlert: 25 },
		})
		const refused = WatchAlertsFormSchema.safeParse({ drawdownAlert: '95' })
		expect(refused.success ? null : refused.error.issues[0]!.message).toBe(WATCH_MESSAGES.drawdownAlert)
	})

	test('what changed since the member marked the list as seen', () => {
		expect(
			changesSince(
				{
					status: 'listed',
					riskScore: 3,
					return1m: 0.01,
					maxDrawdown: 0.1,
					currentDrawdown: 0,
					flags: ['short_history'],
					statementsUntil: '2026-12-01',
				},
				{
					status: 'watch',
					riskScore: 5,
					return1m: 0.01,
					maxDrawdown: 0.1,
					currentDrawdown: 0,
					flags: ['deep_drawdown'],
					statementsUntil: '2026-12-01',
				},
			).map((c) => c.text),
		).toEqual([
			'Status: Listed → Watch',
			'Risk score: 3 → 5',
			'New red flag: Deep drawdown',
			'Red flag cleared: Short history',
		])
		const member = insertMember({ unlockedAt: new Date() })
		makeTrader({ slug: 'calm', daily: () => 0.001 })
		watchTrader(member.id, { slug: 'calm' })
		appendEquity('calm', [0.9, 0.9])
		const changes = listWatchlist(member.id)[0]!.changes.map((c) => c.field)
		expect(changes).toEqual(expect.arrayContaining(['currentDrawdown', 'maxDrawdown', 'statementsUntil']))
		expect(markWatchlistSeen(member.id)).toBe(1)
		expect(listWatchlist(member.id)[0]!.changes).toEqual([])
	})
})

/** The pass with a clock that stands still: all in one turn, a plain result. */
function passNow(now?: Date) {
	const result = watchAlertPass(now, () => 0)
	if (result instanceof Promise) throw new Error('the pass ran in turns')
	return result
}

describe('the watch alerts', () => {
	test('a deep drawdown after a statement: the drawdown and the flag told once, with a link to the trader', () => {
		const member = insertMember({ unlockedAt: new Date() })
		const other = insertMember({ unlockedAt: new Date() })
		makeTrader({ slug: 'calm', name: 'Calm', daily: () => 0.001 })
		watchTrader(member.id, { slug: 'calm' })
		watchTrader(other.id, { slug: 'calm', drawdownAlert: 60 })
		// Nothing has happened since they started watching.
		expect(passNow()).toEqual({ traders: 1, notified: 0 })
		expect(passNow()).toEqual({ traders: 0, notified: 0 })
		// Five days losing 12% a day: a 47% drawdown, the deep drawdown flag.
		appendEquity('calm', [0.88, 0.88, 0.88, 0.88, 0.88], later(1))
		const pass = passNow(later(1))
		expect(pass.traders).toBe(1)
		const told = inbox(member.id)
		// The crash made the returns swing more too: the risk score rose.
		expect(told.map((n) => n.title)).toEqual([
			expect.stringMatching(/^Calm is 4\d\.\d% below its peak$/),
			expect.stringMatching(/^Calm's risk score rose to \d+ of 10$/),
			'Red flag on Calm: Deep drawdown',
		])
		expect(told[0]!.body).toMatch(/beyond the 20% alert you set\.$/)
		expect(told.every((n) => n.link === '/dashboard/traders/calm')).toBe(true)
		// The member with a 60% alert hears of the risk and the flag only.
		expect(inbox(other.id).map((n) => n.title)).toEqual([
			expect.stringMatching(/risk score rose/),
			'Red flag on Calm: Deep drawdown',
		])
		// Once per event: the next pass and the nightly recompute tell nothing new.
		expect(passNow(later(1)).notified).toBe(0)
		getDb()
			.update(traders)
			.set({ computedAt: later(2) })
			.where(eq(traders.slug, 'calm'))
			.run()
		expect(passNow(later(2)).notified).toBe(0)
	})

	test('the risk score up by 2, a review move, stale statements; each once', () => {
		const now = new Date()
		const trader = {
			name: 'Wild',
			status: 'listed' as TraderStatus,
			statusNote: '',
			riskScore: 3,
			currentDrawdown: 0.05,
		}
		const watch = {
			drawdownAlert: 20,
			drawdownAlerted: false,
			riskBaseline: 3,
			alertedFlags: [],
			alertedStatus: 'listed',
			alertedStaleUntil: '2026-11-30',
		}
		const fresh = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10)
		expect(watchEvents({ ...trader, flags: [], statementsUntil: fresh }, watch, now).events).toEqual([])
		// 4 is not 2 above 3; 5 is, and becomes the baseline.
		expect(watchEvents({ ...trader, riskScore: 4, flags: [], statementsUntil: fresh }, watch, now).events).toEqual([])
		const risen = watchEvents({ ...trader, riskScore: 5, flags: [], statementsUntil: fresh }, watch, now)
		expect(risen.events.map((e) => e.title)).toEqual(["Wild's risk score rose to 5 of 10"])
		expect(risen.state.riskBaseline).toBe(5)
		// A falling score lowers the baseline.
		expect(
			watchEvents({ ...trader, riskScore: 2, flags: [], statementsUntil: fresh }, watch, now).state.riskBaseline,
		).toBe(2)
		const moved = watchEvents(
			{
				...trader,
				status: 'suspended' as TraderStatus,
				statusNote: 'Account under review.',
				flags: [],
				statementsUntil: fresh,
			},
			watch,
			now,
		)
		expect(moved.events).toEqual([
			{ kind: 'status', title: 'Wild is now suspended', body: 'TradeCircle staff: Account under review.' },
		])
		// Back to listed is not an alert.
		expect(
			watchEvents({ ...trader, flags: [], statementsUntil: fresh }, { ...watch, alertedStatus: 'suspended' }, now)
				.events,
		).toEqual([])
		const old = new Date(now.getTime() - 15 * 86_400_000).toISOString().slice(0, 10)
		const stale = watchEvents({ ...trader, flags: [], statementsUntil: old }, watch, now)
		expect(stale.events.map((e) => e.title)).toEqual(["Wild's statements are 15 days old"])
		expect(
			watchEvents({ ...trader, flags: [], statementsUntil: old }, { ...watch, ...stale.state }, now).events,
		).toEqual([])
	})

	test('a review move reaches the watchers on the next pass', () => {
		const member = insertMember({ unlockedAt: new Date() })
		makeTrader({ slug: 'calm', name: 'Calm' })
		watchTrader(member.id, { slug: 'calm' })
		passNow()
		const id = getDb().select().from(traders).where(eq(traders.slug, 'calm')).get()!.id
		const admin = { ...insertAuditActor({ role: 'super_admin' }), superAdmin: true }
		expect(reviewTrader(admin, id, { to: 'watch', note: 'Drawdown under review.' }, later(1)).ok).toBe(true)
		expect(passNow(later(1)).notified).toBe(1)
		expect(inbox(member.id).map((n) => [n.title, n.body])).toEqual([
			['Calm is now watch', 'TradeCircle staff: Drawdown under review.'],
		])
		// A trader removed takes the watch rows with it.
		getDb().delete(traders).where(eq(traders.id, id)).run()
		expect(getDb().select().from(watchlist).all()).toEqual([])
	})
})

describe('the watch pass, in turns', () => {
	test('more than a turn gives the event loop back between traders, with the same alerts', async () => {
		const member = insertMember({ unlockedAt: new Date() })
		for (const n of [1, 2, 3, 4, 5]) {
			makeTrader({ slug: `calm-${n}`, name: `Calm ${n}`, daily: () => 0.001 })
			watchTrader(member.id, { slug: `calm-${n}`, drawdownAlert: 1 })
		}
		for (const n of [1, 2, 3, 4, 5]) appendEquity(`calm-${n}`, [0.9], later(1))
		// A clock 6 ms later at each reading: two traders a turn, then a rest.
		let ms = 0
		const running = watchAlertPass(later(1), () => (ms += 6))
		expect(running).toBeInstanceOf(Promise)
		let served = 0
		const request = setInterval(() => served++, 1)
		const result = await running
		clearInterval(request)
		expect(served).toBeGreaterThan(0)
		expect(result.traders).toBe(5)
		expect(inbox(member.id).filter((n) => /below its peak$/.test(n.title))).toHaveLength(5)
		expect(passNow(later(1))).toEqual({ traders: 0, notified: 0 })
	})
})

describe('the rows the pass reads', () => {
	test('exactly the watch rows with something to tell or to change are read; the others stay in SQLite', () => {
		makeTrader({ slug: 'calm', name: 'Calm', daily: () => 0.001 })
		const db = getDb()
		const id = db.select().from(traders).where(eq(traders.slug, 'calm')).get()!.id
		// The trader in many states, and watch rows told many things.
		const states: Array<Partial<typeof traders.$inferSelect>> = [
			{ currentDrawdown: 0.25, riskScore: 5, status: 'listed', statementsUntil: '2026-01-01' },
			{ currentDrawdown: 0.1, riskScore: null, status: 'watch', statementsUntil: null },
			{ currentDrawdown: null, riskScore: 3, status: 'listed', statementsUntil: later(0).toISOString().slice(0, 10) },
		]
		const members = Array.from({ length: 48 }, () => insertMember({ unlockedAt: new Date() }))
		members.forEach((m, i) => {
			watchTrader(m.id, { slug: 'calm', drawdownAlert: [5, 10, 20, 30][i % 4] })
			db.update(watchlist)
				.set({
					drawdownAlerted: i % 2 === 0,
					riskBaseline: [null, 3, 5, 7][(i >> 1) % 4],
					alertedFlags: [[], ['deep_drawdown']][(i >> 3) % 2],
					alertedStatus: ['listed', 'watch', 'retired'][i % 3],
					alertedStaleUntil: [null, '2026-01-01'][(i >> 4) % 2],
				})
				.where(and(eq(watchlist.userId, m.id), eq(watchlist.traderId, id)))
				.run()
		})
		for (const state of states) {
			db.update(traders).set(state).where(eq(traders.id, id)).run()
			const trader = db.select().from(traders).where(eq(traders.id, id)).get()!
			const flags = (trader.figures as StoredFigures | null)?.flags ?? []
			const rows = db.select().from(watchlist).where(eq(watchlist.traderId, id)).all()
			const withNews = rows
				.filter((w) => {
					const { events, state: next } = watchEvents({ ...trader, flags }, w, new Date())
					const changed = (Object.keys(next) as Array<keyof typeof next>).some(
						(k) => JSON.stringify(next[k]) !== JSON.stringify(w[k]),
					)
					return events.length > 0 || changed
				})
				.map((w) => w.userId)
			const read = db
				.select({ userId: watchlist.userId })
				.from(watchlist)
				.where(and(eq(watchlist.traderId, id), mayHaveNews(trader, flags, new Date())))
				.all()
				.map((w) => w.userId)
			expect(read.sort()).toEqual(withNews.sort())
		}
		// SQLite decides in the covering index, before reading a watch row.
		const current = db.select().from(traders).where(eq(traders.id, id)).get()!
		const { sql, params } = watchersWithNews(db, current, [], new Date()).toSQL()
		const plan = db.$client
			.prepare(`explain query plan ${sql}`)
			.all(...(params as never[]))
			.map((r) => (r as { detail: string }).detail)
		expect(plan).toEqual(['SEARCH watchlist USING INDEX watchlist_trader_news_idx (trader_id=?)'])
		// Once the pass has told them, nothing is left to read.
		db.update(traders)
			.set({ computedAt: later(1) })
			.where(eq(traders.id, id))
			.run()
		passNow(later(1))
		const trader = db.select().from(traders).where(eq(traders.id, id)).get()!
		const flags = (trader.figures as StoredFigures | null)?.flags ?? []
		expect(
			db
				.select()
				.from(watchlist)
				.where(and(eq(watchlist.traderId, id), mayHaveNews(trader, flags, later(1))))
				.all(),
		).toEqual([])
	})
})
