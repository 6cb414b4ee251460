import { and, eq, gt, isNull, or, sql } from 'drizzle-orm'
import { getDb, write, type Db, type Tx } from '#db/client.server.ts'
import { traders, watchlist, type SelectTrader } from '#db/schema.ts'
import { notify } from '#app/features/notifications/notifications.server.ts'
import { FLAG_LABELS, STATUS_LABELS } from '#app/features/traders/format.ts'
import type { StoredFigures } from '#app/features/traders/registry.server.ts'
import { inTurns } from '#app/utils/turns.server.ts'
import { WATCH_LIMITS } from './schemas.ts'

/**
 * The watch alerts (issue 40 part 2, decision 058), raised by the
 * scheduler's `watch-alerts` job after a trader's figures changed (a
 * statement applied, the nightly recompute): for each member who watches
 * the trader, through the notifications (inbox, and mail when the member
 * keeps "Watched traders" on), at most once per event:
 *
 * - the current drawdown at or beyond the member's threshold (told again
 *   only after it was back under it);
 * - the risk score 2 or more above the baseline (the score when watching
 *   started or at the last alert, lowered when the score falls);
 * - a red flag raised (told again only if it cleared and came back);
 * - the review status moving to watch, suspended or retired;
 * - statements more than 14 days old (once per last statement date).
 */

const DAY_MS = 86_400_000
const ALERT_STATUSES = ['watch', 'suspended', 'retired']

type WatchRow = typeof watchlist.$inferSelect
export type WatchEvent = { kind: 'drawdown' | 'risk' | 'flag' | 'status' | 'stale'; title: string; body: string }

function daysSince(date: string, now: Date) {
	return Math.floor((now.getTime() - Date.parse(`${date}T00:00:00Z`)) / DAY_MS)
}

/** The events a watch row has not been told yet, and the row's state once they are. */
export function watchEvents(
	trader: Pick<SelectTrader, 'name' | 'status' | 'statusNote' | 'riskScore' | 'currentDrawdown' | 'statementsUntil'> & {
		flags: StoredFigures['flags']
	},
	watch: Pick<
		WatchRow,
		'drawdownAlert' | 'drawdownAlerted' | 'riskBaseline' | 'alertedFlags' | 'alertedStatus' | 'alertedStaleUntil'
	>,
	now: Date,
) {
	const events: WatchEvent[] = []
	const name = trader.name
	const drawdown = (trader.currentDrawdown ?? 0) * 100
	const over = drawdown >= watch.drawdownAlert
	if (over && !watch.drawdownAlerted) {
		events.push({
			kind: 'drawdown',
			title: `${name} is ${drawdown.toFixed(1)}% below its peak`,
			body: `The current drawdown of ${name} is ${drawdown.toFixed(1)}%, beyond the ${watch.drawdownAlert}% alert you set.`,
		})
	}
	let riskBaseline = watch.riskBaseline
	if (trader.riskScore !== null) {
		if (riskBaseline === null || trader.riskScore < riskBaseline) riskBaseline = trader.riskScore
		else if (trader.riskScore - riskBaseline >= WATCH_LIMITS.riskRise) {
			events.push({
				kind: 'risk',
				title: `${name}'s risk score rose to ${trader.riskScore} of 10`,
				body: `The risk score of ${name} went from ${riskBaseline} to ${trader.riskScore}: the returns swing more than before.`,
			})
			riskBaseline = trader.riskScore
		}
	}
	const codes = trader.flags.map((f) => f.code)
	for (const flag of trader.flags.filter((f) => !watch.alertedFlags.includes(f.code))) {
		events.push({
			kind: 'flag',
			title: `Red flag on ${name}: ${FLAG_LABELS[flag.code] ?? flag.code}`,
			body: flag.detail,
		})
	}
	if (trader.status !== watch.alertedStatus && ALERT_STATUSES.includes(trader.status)) {
		const label = STATUS_LABELS[trader.status as keyof typeof STATUS_LABELS]
		events.push({
			kind: 'status',
			title: `${name} is now ${label.toLowerCase()}`,
			body: trader.statusNote ? `TradeCircle staff: ${trader.statusNote}` : `${name} moved to ${label.toLowerCase()}.`,
		})
	}
	const stale =
		trader.statementsUntil !== null &&
		daysSince(trader.statementsUntil, now) > WATCH_LIMITS.staleDays &&
		trader.statementsUntil !== watch.alertedStaleUntil
	if (stale) {
		events.push({
			kind: 'stale',
			title: `${name}'s statements are ${daysSince(trader.statementsUntil!, now)} days old`,
			body: `The last statement of ${name} is from ${trader.statementsUntil}: the figures may no longer show how the account is doing.`,
		})
	}
	return {
		events,
		state: {
			drawdownAlerted: over,
			riskBaseline,
			alertedFlags: codes,
			alertedStatus: trader.status,
			alertedStaleUntil: stale ? trader.statementsUntil : watch.alertedStaleUntil,
		},
	}
}

/**
 * The watch rows of `trader` that `watchEvents` may tell something or
 * change (a superset of them), so the pass reads only those: after the
 * nightly recompute most of a million rows have nothing new, and SQLite
 * skips them without handing them to JavaScript.
 */
export function mayHaveNews(trader: SelectTrader, flags: StoredFigures['flags'], now: Date) {
	const drawdown = (trader.currentDrawdown ?? 0) * 100
	const stale = trader.statementsUntil !== null && daysSince(trader.statementsUntil, now) > WATCH_LIMITS.staleDays
	return or(
		// Beyond the alert and not told, or back under it and still marked.
		sql`(${watchlist.drawdownAlert} <= ${drawdown}) != ${watchlist.drawdownAlerted}`,
		trader.riskScore === null
			? undefined
			: sql`(${watchlist.riskBaseline} is null or ${watchlist.riskBaseline} > ${trader.riskScore} or ${trader.riskScore} - ${watchlist.riskBaseline} >= ${WATCH_LIMITS.riskRise})`,
		sql`${watchlist.alertedFlags} != ${JSON.stringify(flags.map((f) => f.code))}`,
		sql`${watchlist.alertedStatus} != ${trader.status}`,
		stale ? sql`${watchlist.alertedStaleUntil} is not ${trader.statementsUntil}` : undefined,
	)
}

/** The statement that reads them (its plan is tested: the covering `watchlist_trader_news_idx`). */
export function watchersWithNews(db: Db | Tx, trader: SelectTrader, flags: StoredFigures['flags'], now: Date) {
	return db
		.select()
		.from(watchlist)
		.where(and(eq(watchlist.traderId, trader.id), mayHaveNews(trader, flags, now)))
}

/** One trader's watchers told, in the caller's transaction; the number of notifications. */
function alertWatchers(tx: Tx, trader: SelectTrader, now: Date) {
	const flags = ((trader.figures as StoredFigures | null)?.flags ?? []) as StoredFigures['flags']
	const rows = watchersWithNews(tx, trader, flags, now).all()
	let sent = 0
	for (const watch of rows) {
		const { events, state } = watchEvents({ ...trader, flags }, watch, now)
		for (const event of events) {
			notify(
				tx,
				{
					userId: watch.userId,
					kind: 'trader_watch',
					title: event.title,
					body: event.body,
					link: `/dashboard/traders/${trader.slug}`,
				},
				now,
			)
			sent++
		}
		const changed = (Object.keys(state) as Array<keyof typeof state>).some(
			(key) => JSON.stringify(state[key]) !== JSON.stringify(watch[key]),
		)
		// Most watchers have nothing new: their row is left as it is.
		if (!changed) continue
		tx.update(watchlist)
			.set(state)
			.where(and(eq(watchlist.userId, watch.userId), eq(watchlist.traderId, trader.id)))
			.run()
	}
	return sent
}

/** One due trader's watchers told and its mark set, in one transaction; the notifications sent. */
function checkTrader(id: number, now: Date) {
	return write((tx) => {
		const trader = tx.select().from(traders).where(eq(traders.id, id)).get()
		if (!trader) return 0
		const sent = alertWatchers(tx, trader, now)
		tx.update(traders)
			.set({ watchCheckedAt: trader.computedAt ?? now })
			.where(eq(traders.id, id))
			.run()
		return sent
	})
}

/**
 * The scheduler's pass: every watched trader whose figures or review
 * status changed since the last pass (or that was never read), one
 * transaction each, then its mark. The nightly recompute touches every
 * trader with statements, so the stale check runs at least daily. It runs
 * in the serving process, in turns (app/utils/turns.server.ts): after the
 * nightly recompute it reads every watch row, a million on the bench.
 */
export function watchAlertPass(now = new Date(), clock?: () => number) {
	const due = getDb()
		.select({ id: traders.id })
		.from(traders)
		.where(
			and(
				sql`exists (select 1 from ${watchlist} where ${watchlist.traderId} = ${traders.id})`,
				or(
					isNull(traders.watchCheckedAt),
					gt(traders.computedAt, traders.watchCheckedAt),
					gt(traders.statusChangedAt, traders.watchCheckedAt),
				),
			),
		)
		.all()
		.map((r) => r.id)
	let notified = 0
	return inTurns(
		due,
		(id) => {
			notified += checkTrader(id, now)
		},
		() => ({ traders: due.length, notified }),
		clock,
	)
}
