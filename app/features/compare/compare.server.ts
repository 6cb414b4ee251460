import { and, inArray, notInArray, sql } from 'drizzle-orm'
import { traders } from '#db/schema.ts'
import { getDb } from '#db/client.server.ts'
import { figuresOf } from '#app/features/traders/registry.server.ts'
import type { MemberTrader } from '#app/features/traders/responses.server.ts'
import { DEFAULT_TRADER_SORT, NO_TRADER_FILTERS } from '#app/features/traders/schemas.ts'
import {
	filterWhere,
	PAST_STATUSES,
	toMemberTrader,
	traderOrder,
	VISIBLE_STATUSES,
} from '#app/features/traders/traders.server.ts'
import { fail, ok, type Result } from '#app/utils/result.ts'
import { COMPARE_LIMITS, COMPARE_MESSAGES, COMPARE_PICKER, type ComparePickerQuery } from './schemas.ts'

/**
 * Traders side by side (issue 40 part 3, decision 059): 2 to 4 traders
 * members see now (listed or on watch), in the order asked, with every
 * figure of the members' list, their monthly returns over the complete
 * calendar months they all have, and an index of each over those months
 * (100 at the start). One rule for /dashboard/compare and
 * GET /api/member/compare.
 */

export type Comparison = {
	/** In the order asked. */
	traders: MemberTrader[]
	/** The complete calendar months every trader has a return for (the last unbroken run), oldest first. */
	months: string[]
	/** One row per month: each trader's return (a fraction), in the order of `traders`. */
	monthlyReturns: Array<{ month: string; returns: number[] }>
	/**
	 * Each trader's index over `months`: `base` on the first month's first
	 * day, then compounded to each month's last day (two decimals). Empty
	 * points when there is no month in common.
	 */
	index: { base: number; points: Array<{ date: string; values: number[] }> }
}

const TRADER_STATUS_WORDS: Record<(typeof PAST_STATUSES)[number], string> = {
	suspended: 'suspended',
	retired: 'retired',
}

function refuse(message: string) {
	return fail(400, message, { fieldErrors: { ids: [message] } })
}

/** The month after `month` ("2026-12" -> "2027-01"). */
export function nextMonth(month: string) {
	const [year, m] = month.split('-').map(Number) as [number, number]
	return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`
}

/** The last day of `month` ("2026-02" -> "2026-02-28"). */
function monthEnd(month: string) {
	const [year, m] = month.split('-').map(Number) as [number, number]
	return new Date(Date.UTC(year, m, 0)).toISOString().slice(0, 10)
}

/**
 * The months every series has a return for, oldest first: of those, the
 * last unbroken run of calendar months (a month one of them has no return
 * for breaks it), so that the index compounds month after month.
 */
export function commonMonths(series: ReadonlyArray<ReadonlyArray<{ month: string; return: number | null }>>): string[] {
	if (series.length === 0) return []
	const known = series.map((s) => new Map(s.filter((m) => m.return !== null).map((m) => [m.month, m.return])))
	const shared = [...known[0]!.keys()].filter((month) => known.every((k) => k.has(month))).sort()
	let start = shared.length - 1
	while (start > 0 && nextMonth(shared[start - 1]!) === shared[start]) start--
	return shared.slice(Math.max(0, start))
}

const twoDecimals = (value: number) => Math.round(value * 100) / 100

/** Compares the traders of `ids` (slugs, in order), or names the first problem with them (400). */
export function compareTraders(ids: readonly string[], db = getDb()): Result<Comparison> {
	if (ids.length > COMPARE_LIMITS.max) return refuse(COMPARE_MESSAGES.tooMany(ids.length))
	const seen = new Set<string>()
	for (const slug of ids) {
		if (seen.has(slug)) return refuse(COMPARE_MESSAGES.duplicate(slug))
		seen.add(slug)
	}
	const rows = ids.length
		? db
				.select()
				.from(traders)
				.where(inArray(traders.slug, [...ids]))
				.all()
		: []
	const bySlug = new Map(rows.map((row) => [row.slug, row]))
	const visible: readonly string[] = VISIBLE_STATUSES
	const past: readonly string[] = PAST_STATUSES
	for (const slug of ids) {
		const row = bySlug.get(slug)
		// A trader not yet reviewed (applied, in review) is not there for members.
		if (!row || !(visible.includes(row.status) || past.includes(row.status))) {
			return refuse(COMPARE_MESSAGES.unknown(slug))
		}
		if (!visible.includes(row.status)) {
			return refuse(
				COMPARE_MESSAGES.notCurrent(row.name, TRADER_STATUS_WORDS[row.status as (typeof PAST_STATUSES)[number]]),
			)
		}
	}
	if (ids.length < COMPARE_LIMITS.min) return refuse(COMPARE_MESSAGES.tooFew)
	const chosen = ids.map((slug) => bySlug.get(slug)!)
	const figures = chosen.map((row) => figuresOf(row))
	const monthly = figures.map((f) => f?.monthlyReturns ?? [])
	const months = commonMonths(monthly)
	const returnsOf = monthly.map((series) => new Map(series.map((m) => [m.month, m.return ?? 0])))
	const monthlyReturns = months.map((month) => ({ month, returns: returnsOf.map((r) => r.get(month)!) }))
	const levels = chosen.map(() => COMPARE_LIMITS.indexBase as number)
	const points =
		months.length === 0
			? []
			: [
					{ date: `${months[0]}-01`, values: levels.map(twoDecimals) },
					...monthlyReturns.map(({ month, returns }) => {
						returns.forEach((r, i) => (levels[i] = levels[i]! * (1 + r)))
						return { date: monthEnd(month), values: levels.map(twoDecimals) }
					}),
				]
	return ok({
		traders: chosen.map((row, i) => toMemberTrader(row, (figures[i]?.flags ?? []) as MemberTrader['flags'])),
		months,
		monthlyReturns,
		index: { base: COMPARE_LIMITS.indexBase, points },
	})
}

export type CompareChoice = { slug: string; name: string; status: string }

export type CompareChoices = {
	/** The traders of `ids` members can compare now, in the order of `ids` (shown first, ticked). */
	chosen: CompareChoice[]
	/** One page of the others matching `q`, by the dashboard's default ranking. */
	choices: CompareChoice[]
	/** The page shown: the one asked, or the last when it is past the end. */
	page: number
	totalPages: number
	/** The others matching `q` (the chosen ones are not counted). */
	totalCount: number
}

const CHOICE_COLUMNS = { slug: traders.slug, name: traders.name, status: traders.status }

/**
 * The picker's choices (decision 059), bounded whatever the registry's
 * size: the chosen traders (at most COMPARE_PICKER.chosenShown, by the
 * unique slug index), then one page of the other listed and watch traders
 * whose name or strategy holds `q` (the traders list's search), in the
 * /dashboard default order (ranking score, highest first), paged in SQL.
 */
export function compareChoices(
	{ ids, q, page }: ComparePickerQuery & { ids: readonly string[] },
	db = getDb(),
): CompareChoices {
	const visible = inArray(traders.status, [...VISIBLE_STATUSES])
	const asked = [...new Set(ids)].slice(0, COMPARE_PICKER.chosenShown)
	const found = asked.length
		? db
				.select(CHOICE_COLUMNS)
				.from(traders)
				.where(and(visible, inArray(traders.slug, asked)))
				.all()
		: []
	const bySlug = new Map(found.map((row) => [row.slug, row]))
	const chosen = asked.map((slug) => bySlug.get(slug)).filter((row) => row !== undefined)
	const where = and(
		visible,
		...filterWhere({ ...NO_TRADER_FILTERS, q }),
		...(chosen.length
			? [
					notInArray(
						traders.slug,
						chosen.map((c) => c.slug),
					),
				]
			: []),
	)
	const totalCount =
		db
			.select({ n: sql<number>`count(*)` })
			.from(traders)
			.where(where)
			.get()?.n ?? 0
	const totalPages = Math.max(1, Math.ceil(totalCount / COMPARE_PICKER.pageSize))
	const shown = Math.min(page, totalPages)
	const choices = db
		.select(CHOICE_COLUMNS)
		.from(traders)
		.where(where)
		.orderBy(...traderOrder(DEFAULT_TRADER_SORT, 'desc'))
		.limit(COMPARE_PICKER.pageSize)
		.offset((shown - 1) * COMPARE_PICKER.pageSize)
		.all()
	return { chosen, choices, page: shown, totalPages, totalCount }
}
