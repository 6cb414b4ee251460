import { TRADER_FLAG_CODES, type TraderFlagCode } from '#app/domain/enums.ts'
/**
 * A trader's figures from their statements: pure functions over the daily
 * equity rows and the closed trades (no database, no I/O, O(n log n)).
 *
 * Rules:
 *
 * - Daily return r_t = (E_t - D_t + W_t) / E_{t-1} - 1 for t >= 1, so
 *   deposits and withdrawals are not returns. Time-weighted index I_0 = 1,
 *   I_t = I_{t-1} * (1 + r_t).
 * - Windows (1, 3, 12 months) are calendar months back from the last
 *   statement date, the day of month clamped (31 March - 1 month = 28/29
 *   February). The start is the index on the last row on or before that
 *   date; null when the first date is after it. Return = I_last / I_start - 1;
 *   since start = I_last - 1 (null with fewer than 2 rows).
 * - CAGR = I_last^(1 / years) - 1, years = days between the first and the
 *   last date / 365.25; null under 365 days. Calmar = CAGR / max drawdown,
 *   null under 365 days or with no drawdown.
 * - Max drawdown = max_t (1 - I_t / max_{s<=t} I_s), a fraction >= 0; the
 *   current drawdown is 1 - I_last / max I.
 * - Volatility (sample standard deviation x sqrt(252)), Sharpe (mean / sd x
 *   sqrt(252), no risk-free rate), Sortino (mean / sqrt(mean of min(r, 0)^2
 *   over all the days) x sqrt(252)) and the risk score use the returns dated
 *   after the last date - 12 calendar months; null under 20 returns (Sharpe
 *   also when sd is 0, Sortino when the downside is 0).
 * - Trade figures over the trades by close time (ties by ticket); the stop
 *   loss share over the last 100 of them. Null with no trades (count 0).
 * - Risk score 1-10 from the volatility: RISK_SCORE_BANDS.
 *
 * Choices where the rules were silent:
 *
 * - E_{t-1} = 0: the return of that day is 0. Any return that is not a
 *   finite number (bad input: NaN, Infinity) also counts as 0. Once the index
 *   reaches 0 it stays 0, and a window or month starting at 0 has a null
 *   return (never NaN or Infinity: every figure is a finite number or null).
 * - Drawdown episode: the peak date is the last date on which the index was
 *   at the running maximum before the deepest trough; the trough is the first
 *   date of the deepest drawdown; the recovery is the first later date on
 *   which the index is back at or above that peak (null while below). The
 *   episode is null when there is no drawdown (max drawdown 0) or no rows.
 * - Standard deviation: exactly 0 when all the returns are equal (so float
 *   noise from a constant return gives no huge Sharpe).
 * - Complete months: every month strictly before the month of the last date,
 *   plus the last date's month when the last date is that month's last day;
 *   the first month only when the first date is on its day 1-5 (its base is
 *   then I_0). A month with no row carries the index of the row before (0%).
 * - Periods: each `from`/`to` is computed from the last date directly
 *   (lastDate - 12k months), so they join without drifting on clamped days.
 * - Trade order: close time (Date.parse), then ticket: tickets made only of
 *   digits come first in numeric order, then the others in code-unit order;
 *   an unparseable time sorts first. The holding time is averaged over the
 *   trades whose two times parse.
 * - Wins are profit > 0, losses profit < 0; a trade at exactly 0 is neither
 *   (it counts in the win rate's denominator and the expectancy).
 * - A stop loss is missing only when it is null (a broker's 0 for "none" must
 *   be mapped to null by the caller).
 * - Martingale: per symbol, trades in open-time order (ties by ticket as
 *   above). After a run of 2 or more losses, a trade whose volume is at least
 *   2x the last losing trade's counts once. Any loss (counted or not) extends
 *   the run and becomes the last losing trade; any trade with profit >= 0
 *   (counted or not) resets the run. Flag at 3 or more counted trades over
 *   all symbols.
 * - Deposits in the last 90 days: rows dated after lastDate - 90 days,
 *   the first row included when it falls in that range.
 * - Ranking: RANKING_RULE (return12m / max(maxDrawdown, 5%), then 25% of its
 *   size off per red flag, at most 3 flags).
 */

export type EquityPoint = {
	/** YYYY-MM-DD, UTC. */
	date: string
	equity: number
	deposits: number
	withdrawals: number
}

/** A closed trade as stored: times ISO 8601 UTC, volume in lots, profit net. */
export type StoredTrade = {
	ticket: string
	openedAt: string
	closedAt: string
	symbol: string
	side: 'buy' | 'sell'
	volume: number
	openPrice: number
	closePrice: number
	stopLoss: number | null
	profit: number
}

/** What the figures read of a trade. */
export type ClosedTrade = Omit<StoredTrade, 'openPrice' | 'closePrice'>

export const FLAG_CODES = TRADER_FLAG_CODES
export type FlagCode = TraderFlagCode
export type RedFlag = { code: FlagCode; detail: string }

export type TraderMetrics = {
	return1m: number | null
	return3m: number | null
	return12m: number | null
	returnSinceStart: number | null
	cagr: number | null
	maxDrawdown: number | null
	currentDrawdown: number | null
	volatility: number | null
	sharpe: number | null
	sortino: number | null
	calmar: number | null
	trades: number
	winRate: number | null
	profitFactor: number | null
	averageWin: number | null
	averageLoss: number | null
	expectancy: number | null
	averageHoldingHours: number | null
	noStopLossShare: number | null
}

export const METRIC_KEYS = [
	'return1m',
	'return3m',
	'return12m',
	'returnSinceStart',
	'cagr',
	'maxDrawdown',
	'currentDrawdown',
	'volatility',
	'sharpe',
	'sortino',
	'calmar',
	'trades',
	'winRate',
	'profitFactor',
	'averageWin',
	'averageLoss',
	'expectancy',
	'averageHoldingHours',
	'noStopLossShare',
] as const satisfies readonly (keyof TraderMetrics)[]

export type MetricKey = (typeof METRIC_KEYS)[number]

export type DrawdownEpisode = { peakDate: string; troughDate: string; recoveryDate: string | null }
export type MonthlyReturn = { month: string; return: number | null }
export type PeriodReturn = { from: string; to: string; return: number | null }
export type IndexPoint = { date: string; index: number }
export type DrawdownPoint = { date: string; drawdown: number }

export type TraderFigures = {
	metrics: TraderMetrics
	/**
	 * The return over the last 7 days (the dashboard's Weekly Return,
	 * decision 056): the index on the last row on or before 7 days before
	 * the last statement date, like return1m; null when the history is shorter.
	 */
	return1w: number | null
	riskScore: number | null
	flags: RedFlag[]
	score: number | null
	firstDate: string | null
	lastDate: string | null
	drawdown: DrawdownEpisode | null
	monthlyReturns: MonthlyReturn[]
	periods: PeriodReturn[]
	indexSeries: IndexPoint[]
	drawdownSeries: DrawdownPoint[]
}

const DAY_MS = 86_400_000
const HOUR_MS = 3_600_000
const TRADING_DAYS = 252
const DAYS_PER_YEAR = 365.25
const MIN_HISTORY_DAYS = 365
const MIN_DAILY_RETURNS = 20
const WEEK_DAYS = 7
const LAST_TRADES = 100
const FIRST_MONTH_LAST_START_DAY = 5
const MAX_PERIODS = 5
const DEPOSIT_WINDOW_DAYS = 90
const DEPOSIT_SHARE = 0.5
const NO_STOP_LOSS_SHARE = 0.5
const MARTINGALE_MIN_LOSSES = 2
const MARTINGALE_VOLUME_FACTOR = 2
const MARTINGALE_MIN_TRADES = 3
const HIGH_WIN_RATE = 0.85
const LARGE_LOSS_FACTOR = 3
const DEEP_DRAWDOWN = 0.4
const RANKING_MIN_DRAWDOWN = 0.05
const RANKING_FLAG_PENALTY = 0.25
const RANKING_MAX_FLAGS = 3

// ---------------------------------------------------------------- risk score

/** Risk score bands: volatility in (min, max] (max inclusive; none for 10). */
export const RISK_SCORE_BANDS = [
	{ score: 1, min: 0, max: 0.02, label: 'Very low' },
	{ score: 2, min: 0.02, max: 0.05, label: 'Very low' },
	{ score: 3, min: 0.05, max: 0.1, label: 'Low' },
	{ score: 4, min: 0.1, max: 0.15, label: 'Low' },
	{ score: 5, min: 0.15, max: 0.25, label: 'Medium' },
	{ score: 6, min: 0.25, max: 0.35, label: 'Medium' },
	{ score: 7, min: 0.35, max: 0.5, label: 'High' },
	{ score: 8, min: 0.5, max: 0.75, label: 'High' },
	{ score: 9, min: 0.75, max: 1, label: 'Very high' },
	{ score: 10, min: 1, max: null, label: 'Very high' },
] as const

/** The risk score 1-10 of an annualised volatility; null for null. */
export function riskScoreFor(volatility: number | null): number | null {
	if (volatility === null || !Number.isFinite(volatility)) return null
	for (const band of RISK_SCORE_BANDS) {
		if (band.max === null || volatility <= band.max) return band.score
	}
	return null
}

function percentText(fraction: number) {
	return `${Math.round(fraction * 100)}%`
}

/**
 * A short text for a risk score: its label and its band of volatility, e.g.
 * "Low: annualised volatility 10%–15%". Null: not rated. A number that is
 * not an integer 1-10 is a RangeError.
 */
export function riskScoreMeaning(score: number | null): string {
	if (score === null) return 'Not rated: fewer than 20 daily returns in the last 12 months'
	const band = RISK_SCORE_BANDS.find((b) => b.score === score)
	if (!band) throw new RangeError(`A risk score is an integer from 1 to 10, not ${score}`)
	if (band.max === null) return `${band.label}: annualised volatility above ${percentText(band.min)}`
	if (band.min === 0) return `${band.label}: annualised volatility up to ${percentText(band.max)}`
	return `${band.label}: annualised volatility ${percentText(band.min)}–${percentText(band.max)}`
}

// ------------------------------------------------------------------- ranking

export const RANKING_RULE =
	'How we rank: a trader’s score is their return over the last 12 months divided by their maximum drawdown ' +
	'since the start of their statement, a drawdown under 5% counting as 5% (so a short, smooth record cannot ' +
	'top the list on a tiny drawdown). Each red flag then takes 25% of the score’s size off it, for at most 3 ' +
	'flags (75%): a positive score moves towards zero and a negative one further below it. A trader with less ' +
	'than 12 months of statements has no score and is not ranked. Higher scores rank first.'

/** The ranking score (RANKING_RULE); null when return12m or maxDrawdown is null. */
export function rankingScore(return12m: number | null, maxDrawdown: number | null, flagCount: number): number | null {
	if (return12m === null || maxDrawdown === null) return null
	const raw = return12m / Math.max(maxDrawdown, RANKING_MIN_DRAWDOWN)
	const flags = Math.min(Math.max(flagCount, 0), RANKING_MAX_FLAGS)
	return finite(raw - RANKING_FLAG_PENALTY * flags * Math.abs(raw))
}

// --------------------------------------------------------------------- dates

function pad2(n: number) {
	return String(n).padStart(2, '0')
}

function formatDate(year: number, month: number, day: number) {
	return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`
}

function parts(date: string) {
	return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)) }
}

/** Days in a month (month 1-12). */
function daysInMonth(year: number, month: number) {
	return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

function dayNumber(date: string) {
	const { year, month, day } = parts(date)
	return Date.UTC(year, month - 1, day) / DAY_MS
}

/** A YYYY-MM-DD date minus calendar months, the day clamped to the month's end (2024-03-31 - 1 = 2024-02-29). */
export function subtractMonths(date: string, months: number): string {
	const { year, month, day } = parts(date)
	const total = year * 12 + (month - 1) - months
	const y = Math.floor(total / 12)
	const m = total - y * 12 + 1
	return formatDate(y, m, Math.min(day, daysInMonth(y, m)))
}

/** A YYYY-MM-DD date plus (or minus) whole days. */
export function addDays(date: string, days: number): string {
	const d = new Date((dayNumber(date) + days) * DAY_MS)
	return formatDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate())
}

/** Whole days from one YYYY-MM-DD date to another. */
export function daysBetween(from: string, to: string): number {
	return Math.round(dayNumber(to) - dayNumber(from))
}

/** The position of the last date on or before `target` in ascending dates; -1 when none. */
function lastAtOrBefore(dates: readonly string[], target: string) {
	let lo = 0
	let hi = dates.length - 1
	let found = -1
	while (lo <= hi) {
		const mid = (lo + hi) >> 1
		if (dates[mid] <= target) {
			found = mid
			lo = mid + 1
		} else {
			hi = mid - 1
		}
	}
	return found
}

// ------------------------------------------------------------------- numbers

function finite(value: number): number | null {
	return Number.isFinite(value) ? value : null
}

/** end / start - 1; null when start is 0 or the result is not finite. */
function growth(end: number, start: number) {
	return start === 0 ? null : finite(end / start - 1)
}

function mean(values: readonly number[]) {
	let sum = 0
	for (const v of values) sum += v
	return sum / values.length
}

/** Sample standard deviation (n - 1); exactly 0 when all the values are equal; null under 2 values. */
function sampleStdev(values: readonly number[], average: number) {
	if (values.length < 2) return null
	let allEqual = true
	let sumSquares = 0
	for (const v of values) {
		if (v !== values[0]) allEqual = false
		sumSquares += (v - average) ** 2
	}
	return allEqual ? 0 : Math.sqrt(sumSquares / (values.length - 1))
}

function percent(fraction: number) {
	return `${(fraction * 100).toFixed(1)}%`
}

function amount(value: number) {
	return value.toFixed(2)
}

// -------------------------------------------------------------------- trades

function timeOf(iso: string) {
	const t = Date.parse(iso)
	return Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t
}

const DIGITS = /^\d+$/

function compareTickets(a: string, b: string) {
	const aDigits = DIGITS.test(a)
	const bDigits = DIGITS.test(b)
	if (aDigits !== bDigits) return aDigits ? -1 : 1
	if (aDigits) {
		const x = a.replace(/^0+(?=\d)/, '')
		const y = b.replace(/^0+(?=\d)/, '')
		if (x.length !== y.length) return x.length - y.length
		return x < y ? -1 : x > y ? 1 : 0
	}
	return a < b ? -1 : a > b ? 1 : 0
}

function sortByTime(trades: readonly ClosedTrade[], field: 'openedAt' | 'closedAt') {
	return trades
		.map((trade) => ({ trade, at: timeOf(trade[field]) }))
		.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : compareTickets(a.trade.ticket, b.trade.ticket)))
		.map((x) => x.trade)
}

/**
 * Martingale-like trades: per symbol, in open-time order, a trade opened at
 * 2x or more the volume of the last losing trade after 2 or more losses in a
 * row (see the header for how the run continues). bySymbol lists the symbols
 * with at least one such trade, in code-unit order.
 */
export function countMartingale(trades: readonly ClosedTrade[]): {
	count: number
	bySymbol: { symbol: string; count: number }[]
} {
	const state = new Map<string, { run: number; lastLossVolume: number; count: number }>()
	let count = 0
	for (const trade of sortByTime(trades, 'openedAt')) {
		let s = state.get(trade.symbol)
		if (!s) {
			s = { run: 0, lastLossVolume: 0, count: 0 }
			state.set(trade.symbol, s)
		}
		if (s.run >= MARTINGALE_MIN_LOSSES && trade.volume >= MARTINGALE_VOLUME_FACTOR * s.lastLossVolume) {
			s.count++
			count++
		}
		if (trade.profit < 0) {
			s.run++
			s.lastLossVolume = trade.volume
		} else {
			s.run = 0
		}
	}
	const bySymbol = [...state]
		.filter(([, s]) => s.count > 0)
		.map(([symbol, s]) => ({ symbol, count: s.count }))
		.sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0))
	return { count, bySymbol }
}

type TradeFigures = Pick<
	TraderMetrics,
	| 'trades'
	| 'winRate'
	| 'profitFactor'
	| 'averageWin'
	| 'averageLoss'
	| 'expectancy'
	| 'averageHoldingHours'
	| 'noStopLossShare'
> & { lastTrades: number; lastWithoutStopLoss: number }

function tradeFigures(trades: readonly ClosedTrade[]): TradeFigures {
	const n = trades.length
	if (n === 0) {
		return {
			trades: 0,
			winRate: null,
			profitFactor: null,
			averageWin: null,
			averageLoss: null,
			expectancy: null,
			averageHoldingHours: null,
			noStopLossShare: null,
			lastTrades: 0,
			lastWithoutStopLoss: 0,
		}
	}
	let wins = 0
	let losses = 0
	let grossProfit = 0
	let grossLoss = 0
	let total = 0
	let holdingMs = 0
	let timed = 0
	for (const t of trades) {
		total += t.profit
		if (t.profit > 0) {
			wins++
			grossProfit += t.profit
		} else if (t.profit < 0) {
			losses++
			grossLoss += t.profit
		}
		const opened = Date.parse(t.openedAt)
		const closed = Date.parse(t.closedAt)
		if (Number.isFinite(opened) && Number.isFinite(closed)) {
			holdingMs += closed - opened
			timed++
		}
	}
	const last = sortByTime(trades, 'closedAt').slice(-LAST_TRADES)
	const lastWithoutStopLoss = last.filter((t) => t.stopLoss === null).length
	return {
		trades: n,
		winRate: finite(wins / n),
		profitFactor: losses === 0 ? null : finite(grossProfit / Math.abs(grossLoss)),
		averageWin: wins === 0 ? null : finite(grossProfit / wins),
		averageLoss: losses === 0 ? null : finite(grossLoss / losses),
		expectancy: finite(total / n),
		averageHoldingHours: timed === 0 ? null : finite(holdingMs / timed / HOUR_MS),
		noStopLossShare: finite(lastWithoutStopLoss / last.length),
		lastTrades: last.length,
		lastWithoutStopLoss,
	}
}

// -------------------------------------------------------------------- equity

function sortedRows(equity: readonly EquityPoint[]): readonly EquityPoint[] {
	for (let i = 1; i < equity.length; i++) {
		if (equity[i - 1].date > equity[i].date) {
			return [...equity].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
		}
	}
	return equity
}

/** The daily returns (returns[t - 1] is dated dates[t]) and the time-weighted index. */
function timeWeightedIndex(rows: readonly EquityPoint[]) {
	const index: number[] = rows.length > 0 ? [1] : []
	const returns: number[] = []
	for (let t = 1; t < rows.length; t++) {
		const previous = rows[t - 1].equity
		const row = rows[t]
		let r = previous === 0 ? 0 : (row.equity - row.deposits + row.withdrawals) / previous - 1
		if (!Number.isFinite(r) || !Number.isFinite(index[t - 1] * (1 + r))) r = 0
		returns.push(r)
		index.push(index[t - 1] * (1 + r))
	}
	return { index, returns }
}

function monthlyReturnsOf(dates: readonly string[], index: readonly number[]): MonthlyReturn[] {
	const n = dates.length
	if (n === 0) return []
	const first = parts(dates[0])
	const last = parts(dates[n - 1])
	// The last complete month: the last date's month when it ends on its last day, else the one before.
	let end = last.year * 12 + (last.month - 1)
	if (last.day !== daysInMonth(last.year, last.month)) end--
	const out: MonthlyReturn[] = []
	let previousEnd = -1
	for (let k = first.year * 12 + (first.month - 1); k <= end; k++) {
		const year = Math.floor(k / 12)
		const month = k - year * 12 + 1
		const monthEnd = lastAtOrBefore(dates, formatDate(year, month, daysInMonth(year, month)))
		const isFirst = previousEnd === -1
		if (!isFirst || first.day <= FIRST_MONTH_LAST_START_DAY) {
			const base = isFirst ? index[0] : index[previousEnd]
			out.push({ month: `${String(year).padStart(4, '0')}-${pad2(month)}`, return: growth(index[monthEnd], base) })
		}
		previousEnd = monthEnd
	}
	return out
}

function periodsOf(dates: readonly string[], index: readonly number[]): PeriodReturn[] {
	const n = dates.length
	if (n === 0) return []
	const lastDate = dates[n - 1]
	const out: PeriodReturn[] = []
	for (let k = 1; k <= MAX_PERIODS; k++) {
		const to = k === 1 ? lastDate : subtractMonths(lastDate, 12 * (k - 1))
		const from = subtractMonths(lastDate, 12 * k)
		if (dates[0] > from) break
		const start = index[lastAtOrBefore(dates, from)]
		out.push({ from, to, return: growth(index[lastAtOrBefore(dates, to)], start) })
	}
	return out
}

// ------------------------------------------------------------------- figures

export function computeTraderFigures(equity: readonly EquityPoint[], trades: readonly ClosedTrade[]): TraderFigures {
	const rows = sortedRows(equity)
	const n = rows.length
	const dates = rows.map((r) => r.date)
	const { index, returns } = timeWeightedIndex(rows)
	const firstDate = n > 0 ? dates[0] : null
	const lastDate = n > 0 ? dates[n - 1] : null
	const lastIndex = n > 0 ? index[n - 1] : 0
	const days = firstDate !== null && lastDate !== null ? daysBetween(firstDate, lastDate) : 0

	const windowReturn = (months: number) => {
		if (lastDate === null || firstDate === null) return null
		const target = subtractMonths(lastDate, months)
		if (firstDate > target) return null
		return growth(lastIndex, index[lastAtOrBefore(dates, target)])
	}

	let return1w: number | null = null
	if (lastDate !== null && firstDate !== null) {
		const target = addDays(lastDate, -WEEK_DAYS)
		if (firstDate <= target) return1w = growth(lastIndex, index[lastAtOrBefore(dates, target)])
	}

	// Drawdown: running peak, deepest trough, recovery.
	const drawdownSeries: DrawdownPoint[] = []
	let peak = n > 0 ? index[0] : 0
	let peakAt = 0
	let maxDrawdown = 0
	let episodePeakAt = -1
	let troughAt = -1
	for (let t = 0; t < n; t++) {
		if (index[t] >= peak) {
			peak = index[t]
			peakAt = t
		}
		const dd = 1 - index[t] / peak
		drawdownSeries.push({ date: dates[t], drawdown: dd })
		if (dd > maxDrawdown) {
			maxDrawdown = dd
			episodePeakAt = peakAt
			troughAt = t
		}
	}
	let drawdown: DrawdownEpisode | null = null
	if (troughAt >= 0) {
		let recoveryAt = -1
		for (let t = troughAt + 1; t < n; t++) {
			if (index[t] >= index[episodePeakAt]) {
				recoveryAt = t
				break
			}
		}
		drawdown = {
			peakDate: dates[episodePeakAt],
			troughDate: dates[troughAt],
			recoveryDate: recoveryAt >= 0 ? dates[recoveryAt] : null,
		}
	}

	// Daily returns of the last 12 months (dated after lastDate - 12 months).
	let recent: number[] = []
	if (lastDate !== null) {
		const cutoff = lastAtOrBefore(dates, subtractMonths(lastDate, 12))
		recent = returns.slice(Math.max(cutoff + 1, 1) - 1)
	}
	let volatility: number | null = null
	let sharpe: number | null = null
	let sortino: number | null = null
	if (recent.length >= MIN_DAILY_RETURNS) {
		const average = mean(recent)
		const sd = sampleStdev(recent, average) ?? 0
		let downsideSquares = 0
		for (const r of recent) if (r < 0) downsideSquares += r * r
		const downside = Math.sqrt(downsideSquares / recent.length)
		const annual = Math.sqrt(TRADING_DAYS)
		volatility = finite(sd * annual)
		sharpe = sd === 0 ? null : finite((average / sd) * annual)
		sortino = downside === 0 ? null : finite((average / downside) * annual)
	}

	const cagr = n >= 2 && days >= MIN_HISTORY_DAYS ? finite(lastIndex ** (DAYS_PER_YEAR / days) - 1) : null
	const maxDrawdownMetric = n > 0 ? maxDrawdown : null
	const tradeStats = tradeFigures(trades)

	const metrics: TraderMetrics = {
		return1m: windowReturn(1),
		return3m: windowReturn(3),
		return12m: windowReturn(12),
		returnSinceStart: n >= 2 ? finite(lastIndex - 1) : null,
		cagr,
		maxDrawdown: maxDrawdownMetric,
		currentDrawdown: n > 0 ? finite(1 - lastIndex / peak) : null,
		volatility,
		sharpe,
		sortino,
		calmar: cagr !== null && maxDrawdown > 0 ? finite(cagr / maxDrawdown) : null,
		trades: tradeStats.trades,
		winRate: tradeStats.winRate,
		profitFactor: tradeStats.profitFactor,
		averageWin: tradeStats.averageWin,
		averageLoss: tradeStats.averageLoss,
		expectancy: tradeStats.expectancy,
		averageHoldingHours: tradeStats.averageHoldingHours,
		noStopLossShare: tradeStats.noStopLossShare,
	}

	// Red flags, in FLAG_CODES order.
	const flags: RedFlag[] = []
	const martingale = countMartingale(trades)
	if (martingale.count >= MARTINGALE_MIN_TRADES) {
		const symbols = martingale.bySymbol.map((s) => `${s.symbol} ${s.count}`).join(', ')
		flags.push({
			code: 'martingale',
			detail: `${martingale.count} trades were opened at 2× or more the volume of the last losing trade after 2 or more losses in a row (${symbols}).`,
		})
	}
	if (metrics.noStopLossShare !== null && metrics.noStopLossShare > NO_STOP_LOSS_SHARE) {
		flags.push({
			code: 'no_stop_loss',
			detail: `${tradeStats.lastWithoutStopLoss} of the last ${tradeStats.lastTrades} trades (${percent(metrics.noStopLossShare)}) had no stop loss.`,
		})
	}
	if (n < 2 || !(days >= MIN_HISTORY_DAYS)) {
		flags.push({
			code: 'short_history',
			detail:
				n < 2
					? `The statement has ${n === 0 ? 'no daily rows' : 'a single daily row'}; at least 365 days are needed.`
					: `The statement covers ${days} days, under 365.`,
		})
	}
	if (lastDate !== null) {
		const since = dayNumber(lastDate) - DEPOSIT_WINDOW_DAYS
		let deposits = 0
		for (let t = n - 1; t >= 0 && dayNumber(dates[t]) > since; t--) deposits += rows[t].deposits
		const current = rows[n - 1].equity
		if (deposits > DEPOSIT_SHARE * current) {
			flags.push({
				code: 'deposit_inflated',
				detail:
					current > 0
						? `Deposits of ${amount(deposits)} in the last 90 days are ${percent(deposits / current)} of the current equity of ${amount(current)} (over 50%).`
						: `Deposits of ${amount(deposits)} in the last 90 days against a current equity of ${amount(current)}.`,
			})
		}
	}
	const { winRate, averageWin, averageLoss } = metrics
	if (
		winRate !== null &&
		averageWin !== null &&
		averageLoss !== null &&
		winRate >= HIGH_WIN_RATE &&
		Math.abs(averageLoss) >= LARGE_LOSS_FACTOR * averageWin
	) {
		flags.push({
			code: 'high_win_rate_large_losses',
			detail: `A win rate of ${percent(winRate)} with an average loss of ${amount(Math.abs(averageLoss))}, ${(Math.abs(averageLoss) / averageWin).toFixed(1)}× the average win of ${amount(averageWin)} (3× or more).`,
		})
	}
	if (maxDrawdownMetric !== null && maxDrawdownMetric > DEEP_DRAWDOWN && drawdown) {
		flags.push({
			code: 'deep_drawdown',
			detail: `A maximum drawdown of ${percent(maxDrawdownMetric)} (peak ${drawdown.peakDate}, trough ${drawdown.troughDate}), over 40%.`,
		})
	}

	return {
		metrics,
		return1w,
		riskScore: riskScoreFor(volatility),
		flags,
		score: rankingScore(metrics.return12m, metrics.maxDrawdown, flags.length),
		firstDate,
		lastDate,
		drawdown,
		monthlyReturns: monthlyReturnsOf(dates, index),
		periods: periodsOf(dates, index),
		indexSeries: dates.map((date, t) => ({ date, index: index[t] })),
		drawdownSeries,
	}
}
