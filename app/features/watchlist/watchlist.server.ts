import { and, asc, count, eq, getTableColumns, inArray, sql } from 'drizzle-orm'
import { getDb, write, type Db, type Tx } from '#db/client.server.ts'
import { traders, watchlist, type WatchSnapshot } from '#db/schema.ts'
import type { MemberTrader } from '#app/features/traders/responses.server.ts'
import { toMemberTrader, VISIBLE_STATUSES, type ListRow } from '#app/features/traders/traders.server.ts'
import { FLAG_LABELS, STATUS_LABELS, percent } from '#app/features/traders/format.ts'
import { fail, ok, type Result } from '#app/utils/result.ts'
import { WATCH_LIMITS, WATCH_MESSAGES } from './schemas.ts'

/**
 * A member's watchlist (issue 40 part 2, decision 058): watch and stop
 * watching listed traders, the drawdown alert each, and what changed since
 * the member last marked the list as seen. One rule for the page and
 * /api/member/watchlist*. The alerts are app/features/watchlist/alerts.server.ts.
 */

const { figures: _figures, ...TRADER_COLUMNS } = getTableColumns(traders)

type TraderRow = ListRow & { flagCodes: string | null }

function traderBySlug(db: Db | Tx, slug: string): TraderRow | null {
	return (
		db
			.select({ ...TRADER_COLUMNS, flagCodes: sql<string | null>`json_extract(${traders.figures}, '$.flags')` })
			.from(traders)
			.where(eq(traders.slug, slug))
			.get() ?? null
	)
}

function flagsOf(row: TraderRow): MemberTrader['flags'] {
	return row.flagCodes ? (JSON.parse(row.flagCodes) as MemberTrader['flags']) : []
}

/** The figures a member is shown as "seen" (and compared with later). */
export function snapshotOf(row: TraderRow): WatchSnapshot {
	return {
		status: row.status,
		riskScore: row.riskScore,
		return1m: row.return1m,
		maxDrawdown: row.maxDrawdown,
		currentDrawdown: row.currentDrawdown,
		flags: flagsOf(row).map((f) => f.code),
		statementsUntil: row.statementsUntil,
	}
}

export type WatchChange = { field: Exclude<keyof WatchSnapshot, 'flags'> | 'flag'; text: string }

/** What changed between what the member saw and now, in words. */
export function changesSince(seen: WatchSnapshot, now: WatchSnapshot): WatchChange[] {
	const changes: WatchChange[] = []
	if (seen.status !== now.status) {
		changes.push({
			field: 'status',
			text: `Status: ${STATUS_LABELS[seen.status as keyof typeof STATUS_LABELS] ?? seen.status} → ${STATUS_LABELS[now.status as keyof typeof STATUS_LABELS] ?? now.status}`,
		})
	}
	if (seen.riskScore !== now.riskScore) {
		changes.push({ field: 'riskScore', text: `Risk score: ${seen.riskScore ?? '—'} → ${now.riskScore ?? '—'}` })
	}
	for (const code of now.flags.filter((c) => !seen.flags.includes(c))) {
		changes.push({ field: 'flag', text: `New red flag: ${FLAG_LABELS[code] ?? code}` })
	}
	for (const code of seen.flags.filter((c) => !now.flags.includes(c))) {
		changes.push({ field: 'flag', text: `Red flag cleared: ${FLAG_LABELS[code] ?? code}` })
	}
	if (seen.currentDrawdown !== now.currentDrawdown) {
		changes.push({
			field: 'currentDrawdown',
			text: `Current drawdown: ${percent(seen.currentDrawdown)} → ${percent(now.currentDrawdown)}`,
		})
	}
	if (seen.maxDrawdown !== now.maxDrawdown) {
		changes.push({
			field: 'maxDrawdown',
			text: `Max drawdown: ${percent(seen.maxDrawdown)} → ${percent(now.maxDrawdown)}`,
		})
	}
	if (seen.return1m !== now.return1m) {
		changes.push({ field: 'return1m', text: `Return, 1 month: ${percent(seen.return1m)} → ${percent(now.return1m)}` })
	}
	if (seen.statementsUntil !== now.statementsUntil) {
		changes.push({
			field: 'statementsUntil',
			text: `Statements until: ${seen.statementsUntil ?? '—'} → ${now.statementsUntil ?? '—'}`,
		})
	}
	return changes
}

export type WatchedTrader = {
	trader: MemberTrader
	drawdownAlert: number
	watchedAt: string
	seenAt: string
	changes: WatchChange[]
}

/** The member's watched traders, by name, each with what changed since they were last seen. */
export function listWatchlist(userId: number, db: Db = getDb()): WatchedTrader[] {
	return db
		.select({
			trader: { ...TRADER_COLUMNS, flagCodes: sql<string | null>`json_extract(${traders.figures}, '$.flags')` },
			watch: watchlist,
		})
		.from(watchlist)
		.innerJoin(traders, eq(traders.id, watchlist.traderId))
		.where(eq(watchlist.userId, userId))
		.orderBy(asc(traders.name), asc(traders.id))
		.all()
		.map(({ trader, watch }) => ({
			trader: toMemberTrader(trader, flagsOf(trader)),
			drawdownAlert: watch.drawdownAlert,
			watchedAt: watch.createdAt.toISOString(),
			seenAt: watch.seenAt.toISOString(),
			changes: changesSince(watch.seen, snapshotOf(trader)),
		}))
}

/** The slugs among `slugs` the member watches (the list's and the detail's Watch buttons). */
export function watchedSlugs(userId: number, db: Db = getDb()): Set<string> {
	return new Set(
		db
			.select({ slug: traders.slug })
			.from(watchlist)
			.innerJoin(traders, eq(traders.id, watchlist.traderId))
			.where(eq(watchlist.userId, userId))
			.all()
			.map((r) => r.slug),
	)
}

/**
 * Watches a listed (or watch) trader: 404 for an unknown slug, 409 for a
 * trader members cannot follow now, 409 past the limit. Watching again
 * changes nothing (`created` false).
 */
export function watchTrader(
	userId: number,
	input: { slug: string; drawdownAlert?: number },
	now = new Date(),
): Result<{ name: string; slug: string; created: boolean }> {
	return write((tx) => {
		const row = traderBySlug(tx, input.slug)
		if (!row) return fail(404, WATCH_MESSAGES.notFound)
		const existing = tx
			.select({ traderId: watchlist.traderId })
			.from(watchlist)
			.where(and(eq(watchlist.userId, userId), eq(watchlist.traderId, row.id)))
			.get()
		if (existing) return ok({ name: row.name, slug: row.slug, created: false })
		if (!(VISIBLE_STATUSES as readonly string[]).includes(row.status)) return fail(409, WATCH_MESSAGES.notListed)
		const watched = tx.select({ n: count() }).from(watchlist).where(eq(watchlist.userId, userId)).get()?.n ?? 0
		if (watched >= WATCH_LIMITS.maxWatched) return fail(409, WATCH_MESSAGES.tooMany)
		const seen = snapshotOf(row)
		const drawdownAlert = input.drawdownAlert ?? WATCH_LIMITS.drawdownAlert.default
		tx.insert(watchlist)
			.values({
				userId,
				traderId: row.id,
				drawdownAlert,
				createdAt: now,
				seenAt: now,
				seen,
				// What is true when watching starts is not news: the alerts tell what happens from here.
				drawdownAlerted: (row.currentDrawdown ?? 0) * 100 >= drawdownAlert,
				riskBaseline: row.riskScore,
				alertedFlags: seen.flags,
				alertedStatus: row.status,
				alertedStaleUntil: row.statementsUntil,
			})
			.run()
		return ok({ name: row.name, slug: row.slug, created: true })
	})
}

function watchedRow(tx: Tx, userId: number, slug: string) {
	const row = traderBySlug(tx, slug)
	if (!row) return null
	const watch = tx
		.select()
		.from(watchlist)
		.where(and(eq(watchlist.userId, userId), eq(watchlist.traderId, row.id)))
		.get()
	return watch ? { row, watch } : null
}

/** Stops watching: 404 when the member does not watch this trader. */
export function unwatchTrader(userId: number, slug: string): Result<{ name: string; slug: string }> {
	return write((tx) => {
		const found = watchedRow(tx, userId, slug)
		if (!found) return fail(404, WATCH_MESSAGES.notWatched)
		tx.delete(watchlist)
			.where(and(eq(watchlist.userId, userId), eq(watchlist.traderId, found.row.id)))
			.run()
		return ok({ name: found.row.name, slug: found.row.slug })
	})
}

/** Sets a watched trader's drawdown alert; a drawdown now under it can be told again. */
export function setDrawdownAlert(
	userId: number,
	slug: string,
	drawdownAlert: number,
): Result<{ name: string; slug: string; drawdownAlert: number }> {
	return write((tx) => {
		const found = watchedRow(tx, userId, slug)
		if (!found) return fail(404, WATCH_MESSAGES.notWatched)
		const over = (found.row.currentDrawdown ?? 0) * 100 >= drawdownAlert
		tx.update(watchlist)
			.set({ drawdownAlert, drawdownAlerted: over && found.watch.drawdownAlerted })
			.where(and(eq(watchlist.userId, userId), eq(watchlist.traderId, found.row.id)))
			.run()
		return ok({ name: found.row.name, slug: found.row.slug, drawdownAlert })
	})
}

/** "Mark as seen": the changes are counted from now, for every watched trader. */
export function markWatchlistSeen(userId: number, now = new Date()): number {
	return write((tx) => {
		const rows = tx
			.select({ ...TRADER_COLUMNS, flagCodes: sql<string | null>`json_extract(${traders.figures}, '$.flags')` })
			.from(watchlist)
			.innerJoin(traders, eq(traders.id, watchlist.traderId))
			.where(eq(watchlist.userId, userId))
			.all()
		for (const row of rows) {
			tx.update(watchlist)
				.set({ seen: snapshotOf(row), seenAt: now })
				.where(and(eq(watchlist.userId, userId), eq(watchlist.traderId, row.id)))
				.run()
		}
		return rows.length
	})
}

/** How many members watch each of these traders. */
export function watcherCounts(traderIds: number[], db: Db = getDb()) {
	if (traderIds.length === 0) return new Map<number, number>()
	return new Map(
		db
			.select({ traderId: watchlist.traderId, n: count() })
			.from(watchlist)
			.where(inArray(watchlist.traderId, traderIds))
			.groupBy(watchlist.traderId)
			.all()
			.map((r) => [r.traderId, r.n]),
	)
}
