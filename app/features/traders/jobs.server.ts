import { andThen, inTurns } from '#app/utils/turns.server.ts'
import { and, eq, inArray, isNull, like } from 'drizzle-orm'
import { raiseAlert } from '#app/features/alerts/alerts.server.ts'
import { getDb, write, type Db, type Tx } from '#db/client.server.ts'
import { systemAlerts, traders } from '#db/schema.ts'
import { daysBetween, type RedFlag } from './metrics.ts'
import { recomputeTrader, traderIdsWithStatements } from './registry.server.ts'
import { MEMBER_VISIBLE_STATUSES, STALE_STATEMENT_DAYS } from './review.ts'

/**
 * The scheduler's trader work (server/scheduled-jobs.ts) and the staff
 * alerts it raises (issue 39 parts 1 and 3), through the alerts feature
 * (`system_alerts`, one per dedupe key):
 * - `trader-flag:<id>:<code>`: a red flag newly raised on a listed or
 *   watch trader, by a statement's apply or the nightly recompute; staff
 *   decide whether the trader moves to watch;
 * - `trader-review-due:<id>:<date>`: a listed or watch trader whose next
 *   review date has passed (resolved once the date moves or the trader
 *   leaves the list);
 * - `trader-stale:<id>:<last date>`: a listed or watch trader whose last
 *   statement date is more than 7 days old (resolved by a newer statement
 *   or the trader leaving the list).
 */

const utcDay = (now: Date) => now.toISOString().slice(0, 10)
/** Where staff act on a trader: the trader's own staff page. */
function traderPage(id: number) {
	return `/admin/traders/${id}`
}

/** One alert per flag newly raised on a trader members see, in the caller's transaction. */
export function alertRaisedFlags(
	trader: { id: number; name: string; status: string },
	flags: readonly RedFlag[],
	raised: readonly string[],
	now = new Date(),
	db: Db | Tx = getDb(),
) {
	if (!(MEMBER_VISIBLE_STATUSES as readonly string[]).includes(trader.status)) return 0
	let created = 0
	for (const flag of flags.filter((f) => raised.includes(f.code))) {
		const result = raiseAlert(
			{
				type: 'warning',
				title: 'Trader red flag raised',
				message: `${trader.name}: ${flag.detail} Review the trader and decide whether they move to watch.`,
				actionUrl: traderPage(trader.id),
				dedupeKey: `trader-flag:${trader.id}:${flag.code}`,
			},
			now,
			db,
		)
		if (result.created) created++
	}
	return created
}

type RecomputeTotals = { recomputed: number; flagAlerts: number }

/** One trader's figures again, in its own transaction, and a staff alert for each flag newly raised. */
function recomputeOne(id: number, now: Date, totals: RecomputeTotals) {
	const result = recomputeTrader(id, now)
	if (!result) return
	totals.recomputed++
	if (result.raised.length > 0) {
		const trader = getDb()
			.select({ id: traders.id, name: traders.name, status: traders.status })
			.from(traders)
			.where(eq(traders.id, id))
			.get()
		if (trader) totals.flagAlerts += alertRaisedFlags(trader, result.figures.flags, result.raised, now)
	}
}

/**
 * The nightly recompute, all at once: every trader with statements, one
 * short transaction each, then the due and stale checks. The operator
 * CLI's form (`bench:recompute-traders`) and the tests'.
 */
export function recomputeAllTraders(now = new Date()) {
	const totals: RecomputeTotals = { recomputed: 0, flagAlerts: 0 }
	for (const id of traderIdsWithStatements()) recomputeOne(id, now, totals)
	return { ...totals, ...checkTraderAlerts(now) }
}

/** A turn of the scheduler's recompute, and its rest (app/utils/turns.server.ts). */
export { TURN_MS as RECOMPUTE_TURN_MS, REST_FACTOR as RECOMPUTE_REST_FACTOR } from '#app/utils/turns.server.ts'

type RecomputeResult = RecomputeTotals & ReturnType<typeof checkTraderAlerts>

/**
 * The scheduler's nightly recompute (`traders-recompute`): the same work
 * as `recomputeAllTraders`, in turns. It runs in a serving process, so
 * after about 10 ms of traders it gives the event loop back and rests
 * twice as long: requests keep being answered meanwhile, a little slower,
 * and 1,000 traders of 5 years still take well under a minute
 * (docs/decisions/055). The due and stale checks that follow go in turns
 * too (`checkTraderAlertsInTurns`): a first run over 1,000 listed traders
 * raises up to 2,000 alerts. Work that fits in one turn (a small registry,
 * the tests) is done at once and answered as a plain result.
 */
export function recomputeAllTradersInTurns(
	now = new Date(),
	clock: () => number = () => performance.now(),
): RecomputeResult | Promise<RecomputeResult> {
	const totals: RecomputeTotals = { recomputed: 0, flagAlerts: 0 }
	const recomputed = inTurns(
		traderIdsWithStatements(),
		(id) => recomputeOne(id, now, totals),
		() => totals,
		clock,
	)
	return andThen(recomputed, () =>
		andThen(checkTraderAlertsInTurns(now, clock), (alerts): RecomputeResult => ({ ...totals, ...alerts })),
	)
}

/** Open alerts whose dedupe key starts with `prefix`, with the trader id and the date the key names. */
function openAlerts(db: Db, prefix: string) {
	return db
		.select({ id: systemAlerts.id, dedupeKey: systemAlerts.dedupeKey })
		.from(systemAlerts)
		.where(and(isNull(systemAlerts.resolvedAt), like(systemAlerts.dedupeKey, `${prefix}:%`)))
		.all()
		.map((alert) => {
			const [, id, date] = alert.dedupeKey!.split(':')
			return { id: alert.id, traderId: Number(id), date: date ?? '' }
		})
}

/**
 * The due and stale checks as a job's work: the listed traders, what is
 * done for each (raise "review due" and "statements stale" alerts) and,
 * at the end, the alerts whose cause has gone resolved.
 */
function traderAlertsWork(now: Date, db: Db) {
	const today = utcDay(now)
	const listed = db
		.select({
			id: traders.id,
			name: traders.name,
			nextReviewDate: traders.nextReviewDate,
			statementsUntil: traders.statementsUntil,
		})
		.from(traders)
		.where(inArray(traders.status, [...MEMBER_VISIBLE_STATUSES]))
		.all()
	let raised = 0
	const due = new Set<string>()
	const stale = new Set<string>()
	const each = (trader: (typeof listed)[number]) => {
		if (trader.nextReviewDate !== null && trader.nextReviewDate < today) {
			due.add(`${trader.id}:${trader.nextReviewDate}`)
			const result = raiseAlert(
				{
					type: 'warning',
					title: 'Trader review due',
					message: `${trader.name} was due for review on ${trader.nextReviewDate}. Review the trader and set the next review date.`,
					actionUrl: traderPage(trader.id),
					dedupeKey: `trader-review-due:${trader.id}:${trader.nextReviewDate}`,
				},
				now,
			)
			if (result.created) raised++
		}
		if (trader.statementsUntil !== null && daysBetween(trader.statementsUntil, today) > STALE_STATEMENT_DAYS) {
			stale.add(`${trader.id}:${trader.statementsUntil}`)
			const result = raiseAlert(
				{
					type: 'warning',
					title: 'Trader statements out of date',
					message: `${trader.name}'s last statement is from ${trader.statementsUntil}, more than ${STALE_STATEMENT_DAYS} days ago. Upload the broker's newer statements.`,
					actionUrl: traderPage(trader.id),
					dedupeKey: `trader-stale:${trader.id}:${trader.statementsUntil}`,
				},
				now,
			)
			if (result.created) raised++
		}
	}
	// What is no longer due or stale (a new date, a newer statement, a trader no longer listed) is no longer news.
	const done = () => {
		let resolved = 0
		const gone = [
			...openAlerts(db, 'trader-review-due').filter((a) => !due.has(`${a.traderId}:${a.date}`)),
			...openAlerts(db, 'trader-stale').filter((a) => !stale.has(`${a.traderId}:${a.date}`)),
		]
		if (gone.length > 0) {
			const ids = gone.map((a) => a.id)
			resolved = write(
				(tx) =>
					tx
						.update(systemAlerts)
						.set({ resolvedAt: now })
						.where(and(inArray(systemAlerts.id, ids), isNull(systemAlerts.resolvedAt)))
						.run().changes,
				db,
			)
		}
		return { raised, resolved }
	}
	return { items: listed, each, done }
}

/**
 * Raises "review due" and "statements stale" alerts for the traders
 * members see, and resolves those whose cause has gone, all at once (the
 * tests' and the CLI's form).
 */
export function checkTraderAlerts(now = new Date(), db: Db = getDb()) {
	const work = traderAlertsWork(now, db)
	for (const trader of work.items) work.each(trader)
	return work.done()
}

/** The same checks in turns (app/utils/turns.server.ts): the scheduler's hourly `trader-alerts` and the nightly recompute's end. */
export function checkTraderAlertsInTurns(now = new Date(), clock: () => number = () => performance.now()) {
	const work = traderAlertsWork(now, getDb())
	return inTurns(work.items, work.each, work.done, clock)
}
