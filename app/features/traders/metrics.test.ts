import { describe, expect, test } from 'vitest'
import {
	type ClosedTrade,
	computeTraderFigures,
	countMartingale,
	daysBetween,
	type EquityPoint,
	FLAG_CODES,
	METRIC_KEYS,
	RANKING_RULE,
	rankingScore,
	RISK_SCORE_BANDS,
	riskScoreFor,
	riskScoreMeaning,
	subtractMonths,
} from '#app/features/traders/metrics.ts'

const DAY_MS = 86_400_000
const ANNUAL = Math.sqrt(252)

function row(date: string, equity: number, deposits = 0, withdrawals = 0): EquityPoint {
	return { date, equity, deposits, withdrawals }
}

function addDays(date: string, days: number) {
	return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)
}

/** Daily rows from `start`, one per calendar day, growing by the returns given. */
function fromReturns(start: string, returns: readonly number[], equity = 1000): EquityPoint[] {
	const rows = [row(start, equity)]
	returns.forEach((r, i) => {
		equity *= 1 + r
		rows.push(row(addDays(start, i + 1), equity))
	})
	return rows
}

/** n returns a, b, a, b, ... */
function alternate(n: number, a: number, b: number) {
	return Array.from({ length: n }, (_, i) => (i % 2 === 0 ? a : b))
}

function hour(i: number) {
	return new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString()
}

function trade(ticket: string, fields: Partial<ClosedTrade> = {}): ClosedTrade {
	return {
		ticket,
		openedAt: '2024-01-01T00:00:00.000Z',
		closedAt: '2024-01-01T01:00:00.000Z',
		symbol: 'EURUSD',
		side: 'buy',
		volume: 0.1,
		stopLoss: 1.05,
		profit: 10,
		...fields,
	}
}

/** n trades closed an hour apart (ticket i closes at hour i), with a stop loss unless noStop(i). */
function tradesClosedHourly(n: number, noStop: (i: number) => boolean = () => false) {
	return Array.from({ length: n }, (_, i) =>
		trade(String(i + 1), { openedAt: hour(i), closedAt: hour(i + 0.5), stopLoss: noStop(i) ? null : 1.05 }),
	)
}

function codes(flags: { code: string }[]) {
	return flags.map((f) => f.code)
}

/** Every number anywhere in the value is finite. */
function allFinite(value: unknown): boolean {
	if (typeof value === 'number') return Number.isFinite(value)
	if (Array.isArray(value)) return value.every(allFinite)
	if (value && typeof value === 'object') return Object.values(value).every(allFinite)
	return true
}

describe('a small statement computed by hand', () => {
	// Six daily rows, a deposit of 500 on day 2 and a withdrawal of 300 on day 4.
	//
	//  t  date        E_t     D_t  W_t  r_t = (E_t - D_t + W_t) / E_{t-1} - 1     I_t      max I   drawdown 1 - I/max
	//  0  2024-01-01  1000                                                        1        1       0
	//  1  2024-01-02  1100              1100 / 1000 - 1           = +0.1          1.1      1.1     0
	//  2  2024-01-03  1490    500       (1490 - 500) / 1100 - 1   = 0.9 - 1 = -0.1 0.99     1.1     1 - 0.99/1.1  = 0.1
	//  3  2024-01-04  1192              1192 / 1490 - 1           = 0.8 - 1 = -0.2 0.792    1.1     1 - 0.792/1.1 = 0.28
	//  4  2024-01-05  1488         300  (1488 + 300) / 1192 - 1   = 1.5 - 1 = +0.5 1.188    1.188   0
	//  5  2024-01-06  1339.2            1339.2 / 1488 - 1         = 0.9 - 1 = -0.1 1.0692   1.188   1 - 1.0692/1.188 = 0.1
	//
	// Return since start = 1.0692 - 1 = 0.0692. Max drawdown 0.28: peak 2024-01-02 (1.1), trough 2024-01-04
	// (0.792), recovery 2024-01-05 (1.188 >= 1.1). Current drawdown 0.1. The 1, 3 and 12 month windows reach
	// before 2024-01-01: null. 5 days: CAGR, Calmar null; 5 returns (< 20): volatility, Sharpe, Sortino and the
	// risk score null. No complete month (January is not over), no 12-month period.
	const equity = [
		row('2024-01-01', 1000),
		row('2024-01-02', 1100),
		row('2024-01-03', 1490, 500),
		row('2024-01-04', 1192),
		row('2024-01-05', 1488, 0, 300),
		row('2024-01-06', 1339.2),
	]
	// Five trades (given out of order):
	//  ticket  hours held             stop loss  profit
	//  T1      08:00 -> 10:00 =  2    yes        +120
	//  T2      09:00 -> 15:00 =  6    none        -40
	//  T3      12:00 -> 12:00 = 24    yes         -60  (next day)
	//  T4      08:00 -> 09:30 = 1.5   none          0  (neither a win nor a loss)
	//  T5      10:00 -> 16:30 = 6.5   yes         +80
	// Win rate 2/5 = 0.4. Gross profit 200, gross loss -100: profit factor 2. Average win (120 + 80)/2 = 100,
	// average loss (-40 - 60)/2 = -50. Expectancy (120 - 40 - 60 + 0 + 80)/5 = 20. Holding (2 + 6 + 24 + 1.5 +
	// 6.5)/5 = 8 hours. No stop loss: 2 of the 5 (the last 100 are all of them) = 0.4.
	const trades = [
		trade('T3', {
			openedAt: '2024-01-03T12:00:00Z',
			closedAt: '2024-01-04T12:00:00Z',
			symbol: 'XAUUSD',
			volume: 0.2,
			stopLoss: 2000,
			profit: -60,
		}),
		trade('T1', { openedAt: '2024-01-01T08:00:00Z', closedAt: '2024-01-01T10:00:00Z', stopLoss: 1.09, profit: 120 }),
		trade('T5', {
			openedAt: '2024-01-05T10:00:00Z',
			closedAt: '2024-01-05T16:30:00Z',
			symbol: 'XAUUSD',
			side: 'sell',
			volume: 0.2,
			stopLoss: 2050,
			profit: 80,
		}),
		trade('T2', {
			openedAt: '2024-01-02T09:00:00Z',
			closedAt: '2024-01-02T15:00:00Z',
			side: 'sell',
			stopLoss: null,
			profit: -40,
		}),
		trade('T4', {
			openedAt: '2024-01-04T08:00:00Z',
			closedAt: '2024-01-04T09:30:00Z',
			symbol: 'GBPUSD',
			stopLoss: null,
			profit: 0,
		}),
	]
	const figures = computeTraderFigures(equity, trades)
	const m = figures.metrics

	test('returns, index and drawdown', () => {
		expect(figures.indexSeries.map((p) => p.date)).toEqual(equity.map((r) => r.date))
		const expectedIndex = [1, 1.1, 0.99, 0.792, 1.188, 1.0692]
		figures.indexSeries.forEach((p, i) => expect(p.index).toBeCloseTo(expectedIndex[i], 12))
		const expectedDrawdown = [0, 0, 0.1, 0.28, 0, 0.1]
		figures.drawdownSeries.forEach((p, i) => expect(p.drawdown).toBeCloseTo(expectedDrawdown[i], 12))
		expect(figures.drawdownSeries.map((p) => p.date)).toEqual(equity.map((r) => r.date))
		expect(m.returnSinceStart).toBeCloseTo(0.0692, 12)
		expect(m.maxDrawdown).toBeCloseTo(0.28, 12)
		expect(m.currentDrawdown).toBeCloseTo(0.1, 12)
		expect(figures.drawdown).toEqual({ peakDate: '2024-01-02', troughDate: '2024-01-04', recoveryDate: '2024-01-05' })
		expect(figures.firstDate).toBe('2024-01-01')
		expect(figures.lastDate).toBe('2024-01-06')
	})

	test('what the short history leaves null', () => {
		expect(m.return1m).toBeNull()
		expect(m.return3m).toBeNull()
		expect(m.return12m).toBeNull()
		expect(m.cagr).toBeNull()
		expect(m.calmar).toBeNull()
		expect(m.volatility).toBeNull()
		expect(m.sharpe).toBeNull()
		expect(m.sortino).toBeNull()
		expect(figures.riskScore).toBeNull()
		expect(figures.score).toBeNull()
		expect(figures.monthlyReturns).toEqual([])
		expect(figures.periods).toEqual([])
	})

	test('trade figures', () => {
		expect(m.trades).toBe(5)
		expect(m.winRate).toBeCloseTo(0.4, 12)
		expect(m.profitFactor).toBeCloseTo(2, 12)
		expect(m.averageWin).toBeCloseTo(100, 12)
		expect(m.averageLoss).toBeCloseTo(-50, 12)
		expect(m.expectancy).toBeCloseTo(20, 12)
		expect(m.averageHoldingHours).toBeCloseTo(8, 12)
		expect(m.noStopLossShare).toBeCloseTo(0.4, 12)
	})

	test('flags: only the short history (deposits 500 are under half of 1339.2, drawdown 28%, 40% without stop)', () => {
		expect(figures.flags).toEqual([{ code: 'short_history', detail: 'The statement covers 5 days, under 365.' }])
	})

	test('the metrics in METRIC_KEYS order, every one present', () => {
		expect(Object.keys(m)).toEqual([...METRIC_KEYS])
		expect(METRIC_KEYS).toHaveLength(19)
	})

	test('rows out of order are sorted on a copy; the input is left alone', () => {
		const reversed = [...equity].reverse()
		const copy = structuredClone(reversed)
		expect(computeTraderFigures(reversed, trades)).toEqual(figures)
		expect(reversed).toEqual(copy)
	})
})

describe('constants', () => {
	test('FLAG_CODES in the documented order', () => {
		expect(FLAG_CODES).toEqual([
			'martingale',
			'no_stop_loss',
			'short_history',
			'deposit_inflated',
			'high_win_rate_large_losses',
			'deep_drawdown',
		])
	})

	test('RANKING_RULE names the rule', () => {
		expect(RANKING_RULE).toContain('12 months')
		expect(RANKING_RULE).toContain('5%')
		expect(RANKING_RULE).toContain('25%')
	})
})

describe('empty and one-row statements', () => {
	test('nothing: null figures, 0 trades, a short history', () => {
		const f = computeTraderFigures([], [])
		for (const key of METRIC_KEYS) expect(f.metrics[key]).toBe(key === 'trades' ? 0 : null)
		expect(f.riskScore).toBeNull()
		expect(f.score).toBeNull()
		expect(f.firstDate).toBeNull()
		expect(f.lastDate).toBeNull()
		expect(f.drawdown).toBeNull()
		expect(f.indexSeries).toEqual([])
		expect(f.drawdownSeries).toEqual([])
		expect(f.monthlyReturns).toEqual([])
		expect(f.periods).toEqual([])
		expect(f.flags).toEqual([
			{ code: 'short_history', detail: 'The statement has no daily rows; at least 365 days are needed.' },
		])
	})

	test('one row: drawdowns 0, since start null, no episode', () => {
		const f = computeTraderFigures([row('2024-01-31', 1000)], [])
		expect(f.metrics.maxDrawdown).toBe(0)
		expect(f.metrics.currentDrawdown).toBe(0)
		expect(f.metrics.returnSinceStart).toBeNull()
		expect(f.metrics.return1m).toBeNull()
		expect(f.drawdown).toBeNull()
		expect(f.indexSeries).toEqual([{ date: '2024-01-31', index: 1 }])
		expect(f.drawdownSeries).toEqual([{ date: '2024-01-31', drawdown: 0 }])
		expect(f.monthlyReturns).toEqual([])
		expect(codes(f.flags)).toEqual(['short_history'])
		expect(f.flags[0].detail).toBe('The statement has a single daily row; at least 365 days are needed.')
	})
})

describe('E_{t-1} = 0 and an index at 0: 0 returns and nulls, never NaN', () => {
	test('after a 0 equity the day’s return is 0', () => {
		// r_1: E_0 = 0 -> 0 (not (100 - 100)/0). r_2 = 110/100 - 1 = 0.1. I = 1, 1, 1.1.
		const f = computeTraderFigures([row('2024-01-01', 0), row('2024-01-02', 100, 100), row('2024-01-03', 110)], [])
		expect(f.indexSeries.map((p) => p.index)).toEqual([1, 1, expect.closeTo(1.1, 12)])
		expect(f.metrics.returnSinceStart).toBeCloseTo(0.1, 12)
	})

	test('an account wiped out stays at index 0; months starting at 0 have a null return', () => {
		// r: 0/100 - 1 = -1 (I 0), then E_{t-1} = 0 -> 0 (I 0), then 60/50 - 1 = 0.2 (I 0 * 1.2 = 0).
		const f = computeTraderFigures(
			[row('2024-01-01', 100), row('2024-01-31', 0), row('2024-02-29', 50, 50), row('2024-03-31', 60)],
			[],
		)
		expect(f.metrics.maxDrawdown).toBe(1)
		expect(f.metrics.currentDrawdown).toBe(1)
		expect(f.metrics.returnSinceStart).toBe(-1)
		expect(f.metrics.return1m).toBeNull()
		expect(f.monthlyReturns).toEqual([
			{ month: '2024-01', return: -1 },
			{ month: '2024-02', return: null },
			{ month: '2024-03', return: null },
		])
		expect(allFinite(f)).toBe(true)
	})

	test('NaN or Infinity in the input gives no NaN or Infinity out', () => {
		const f = computeTraderFigures(
			[row('2024-01-01', 100), row('2024-01-02', Number.NaN), row('2024-01-03', Infinity), row('2024-01-04', 100)],
			[trade('1', { profit: Number.NaN }), trade('2', { closedAt: 'not a date' })],
		)
		expect(allFinite(f)).toBe(true)
	})
})

describe('calendar-month windows', () => {
	test('subtractMonths clamps the day to the month’s end', () => {
		expect(subtractMonths('2024-03-31', 1)).toBe('2024-02-29')
		expect(subtractMonths('2023-03-31', 1)).toBe('2023-02-28')
		expect(subtractMonths('2024-05-31', 3)).toBe('2024-02-29')
		expect(subtractMonths('2024-12-31', 1)).toBe('2024-11-30')
		expect(subtractMonths('2024-02-29', 12)).toBe('2023-02-28')
		expect(subtractMonths('2024-01-15', 3)).toBe('2023-10-15')
		expect(subtractMonths('2024-03-15', 15)).toBe('2022-12-15')
	})

	test('31 March - 1 month = 29 February: the index on that row, not on the 28th', () => {
		// I: 2023-12-31 1, 2024-02-28 1.1, 2024-02-29 1.2, 2024-03-31 1.32.
		// 1m: start 2024-02-29 -> 1.32 / 1.2 - 1 = 0.1 (the 28th would give 0.2).
		// 3m: start 2023-12-31 -> 0.32. 12m: 2023-03-31 is before the first row -> null.
		const f = computeTraderFigures(
			[row('2023-12-31', 100), row('2024-02-28', 110), row('2024-02-29', 120), row('2024-03-31', 132)],
			[],
		)
		expect(f.metrics.return1m).toBeCloseTo(0.1, 12)
		expect(f.metrics.return3m).toBeCloseTo(0.32, 12)
		expect(f.metrics.return12m).toBeNull()
		expect(f.metrics.returnSinceStart).toBeCloseTo(0.32, 12)
	})

	test('the start is the last row on or before the target date', () => {
		// Last 2024-03-20: 1m target 2024-02-20 -> the row of 2024-02-10 (I 1.1): 1.21 / 1.1 - 1 = 0.1.
		// 3m target 2023-12-20 is before the first row (2024-01-15): null.
		const f = computeTraderFigures([row('2024-01-15', 100), row('2024-02-10', 110), row('2024-03-20', 121)], [])
		expect(f.metrics.return1m).toBeCloseTo(0.1, 12)
		expect(f.metrics.return3m).toBeNull()
	})
})

describe('365 against 364 days: CAGR, Calmar, 12-month return, short history, score', () => {
	// 100 -> 80 -> 121: I 1, 0.8, 1.21; max drawdown 1 - 0.8/1 = 0.2; since start 0.21.
	test('365 days (2023-01-01 to 2024-01-01)', () => {
		expect(daysBetween('2023-01-01', '2024-01-01')).toBe(365)
		const f = computeTraderFigures([row('2023-01-01', 100), row('2023-06-01', 80), row('2024-01-01', 121)], [])
		// years = 365 / 365.25; CAGR = 1.21^(365.25/365) - 1 ≈ 0.21016.
		const cagr = 1.21 ** (365.25 / 365) - 1
		expect(f.metrics.cagr).toBeCloseTo(cagr, 12)
		expect(f.metrics.cagr).toBeCloseTo(0.21016, 5)
		expect(f.metrics.maxDrawdown).toBeCloseTo(0.2, 12)
		expect(f.metrics.calmar).toBeCloseTo(cagr / 0.2, 12)
		// 12 months back from 2024-01-01 is 2023-01-01, the first row.
		expect(f.metrics.return12m).toBeCloseTo(0.21, 12)
		expect(f.drawdown).toEqual({ peakDate: '2023-01-01', troughDate: '2023-06-01', recoveryDate: '2024-01-01' })
		expect(f.flags).toEqual([])
		// Score 0.21 / 0.2 = 1.05, no flag.
		expect(f.score).toBeCloseTo(1.05, 12)
	})

	test('364 days (2023-01-01 to 2023-12-31)', () => {
		expect(daysBetween('2023-01-01', '2023-12-31')).toBe(364)
		const f = computeTraderFigures([row('2023-01-01', 100), row('2023-06-01', 80), row('2023-12-31', 121)], [])
		expect(f.metrics.cagr).toBeNull()
		expect(f.metrics.calmar).toBeNull()
		expect(f.metrics.return12m).toBeNull()
		expect(f.score).toBeNull()
		expect(f.flags).toEqual([{ code: 'short_history', detail: 'The statement covers 364 days, under 365.' }])
	})

	test('Calmar is null with no drawdown', () => {
		const f = computeTraderFigures([row('2023-01-01', 100), row('2024-01-01', 121)], [])
		expect(f.metrics.cagr).not.toBeNull()
		expect(f.metrics.maxDrawdown).toBe(0)
		expect(f.metrics.calmar).toBeNull()
		expect(f.drawdown).toBeNull()
	})
})

describe('volatility, Sharpe, Sortino', () => {
	test('20 returns +2%, -1%, ... computed by hand', () => {
		// mean = (10 × 0.02 - 10 × 0.01) / 20 = 0.005. Deviations ±0.015, sum of squares 20 × 0.000225 = 0.0045.
		// Sample sd = sqrt(0.0045 / 19) = 0.015 × sqrt(20/19) ≈ 0.0153897.
		// Volatility = 0.0153897 × sqrt(252) ≈ 0.2443035. Sharpe = 0.005 / 0.0153897 × sqrt(252) = sqrt(19 × 252 / 20) / 3
		// ≈ 5.15752. Downside = sqrt(10 × 0.01² / 20) = sqrt(0.00005) ≈ 0.00707107; Sortino = 0.005 / 0.00707107 ×
		// sqrt(252) = sqrt(0.5 × 252) = sqrt(126) ≈ 11.22497. Risk score: 0.2443 is in (15%, 25%] -> 5.
		const f = computeTraderFigures(fromReturns('2024-01-01', alternate(20, 0.02, -0.01)), [])
		const sd = Math.sqrt(0.0045 / 19)
		expect(f.metrics.volatility).toBeCloseTo(sd * ANNUAL, 10)
		expect(f.metrics.volatility).toBeCloseTo(0.2443035, 6)
		expect(f.metrics.sharpe).toBeCloseTo(Math.sqrt((19 * 252) / 20) / 3, 8)
		expect(f.metrics.sharpe).toBeCloseTo(5.15752, 4)
		expect(f.metrics.sortino).toBeCloseTo(Math.sqrt(126), 8)
		expect(f.metrics.sortino).toBeCloseTo(11.22497, 4)
		expect(f.riskScore).toBe(5)
	})

	test('19 returns: null, and no risk score', () => {
		const f = computeTraderFigures(fromReturns('2024-01-01', alternate(19, 0.02, -0.01)), [])
		expect(f.metrics.volatility).toBeNull()
		expect(f.metrics.sharpe).toBeNull()
		expect(f.metrics.sortino).toBeNull()
		expect(f.riskScore).toBeNull()
	})

	test('a standard deviation of 0: volatility 0 (score 1), Sharpe and Sortino null', () => {
		const f = computeTraderFigures(fromReturns('2024-01-01', alternate(25, 0, 0)), [])
		expect(f.metrics.volatility).toBe(0)
		expect(f.metrics.sharpe).toBeNull()
		expect(f.metrics.sortino).toBeNull()
		expect(f.riskScore).toBe(1)
	})

	test('no losing day: Sortino null, Sharpe given', () => {
		const f = computeTraderFigures(fromReturns('2024-01-01', alternate(20, 0.01, 0.02)), [])
		expect(f.metrics.sharpe).not.toBeNull()
		expect(f.metrics.sortino).toBeNull()
	})

	test('only the returns dated after lastDate - 12 months', () => {
		// Daily rows 2023-01-01 .. 2024-06-30. The cutoff is 2023-06-30: its return (+50%) and every earlier
		// one (±10%) are left out; the 366 returns 2023-07-01 .. 2024-06-30 alternate +1%, -0.5%.
		const start = '2023-01-01'
		const days = daysBetween(start, '2024-06-30')
		const dates = Array.from({ length: days }, (_, i) => addDays(start, i + 1))
		const returns: number[] = dates.map((d, i) =>
			d < '2023-06-30' ? (i % 2 ? 0.1 : -0.1) : d === '2023-06-30' ? 0.5 : 0,
		)
		const kept: number[] = []
		dates.forEach((d, i) => {
			if (d > '2023-06-30') {
				returns[i] = kept.length % 2 === 0 ? 0.01 : -0.005
				kept.push(returns[i])
			}
		})
		expect(kept).toHaveLength(366)
		const mean = kept.reduce((a, b) => a + b, 0) / kept.length
		const sd = Math.sqrt(kept.reduce((a, b) => a + (b - mean) ** 2, 0) / (kept.length - 1))
		const f = computeTraderFigures(fromReturns(start, returns), [])
		expect(f.lastDate).toBe('2024-06-30')
		expect(f.metrics.volatility).toBeCloseTo(sd * ANNUAL, 10)
		expect(f.metrics.sharpe).toBeCloseTo((mean / sd) * ANNUAL, 8)
	})
})

describe('risk score', () => {
	test('bands, upper bounds inclusive', () => {
		expect(riskScoreFor(0)).toBe(1)
		expect(riskScoreFor(0.02)).toBe(1)
		expect(riskScoreFor(0.020001)).toBe(2)
		expect(riskScoreFor(0.05)).toBe(2)
		expect(riskScoreFor(0.1)).toBe(3)
		expect(riskScoreFor(0.15)).toBe(4)
		expect(riskScoreFor(0.25)).toBe(5)
		expect(riskScoreFor(0.35)).toBe(6)
		expect(riskScoreFor(0.5)).toBe(7)
		expect(riskScoreFor(0.75)).toBe(8)
		expect(riskScoreFor(1)).toBe(9)
		expect(riskScoreFor(1.0001)).toBe(10)
		expect(riskScoreFor(null)).toBeNull()
		expect(RISK_SCORE_BANDS.map((b) => b.max)).toEqual([0.02, 0.05, 0.1, 0.15, 0.25, 0.35, 0.5, 0.75, 1, null])
	})

	test('meanings', () => {
		expect(riskScoreMeaning(1)).toBe('Very low: annualised volatility up to 2%')
		expect(riskScoreMeaning(2)).toBe('Very low: annualised volatility 2%–5%')
		expect(riskScoreMeaning(4)).toBe('Low: annualised volatility 10%–15%')
		expect(riskScoreMeaning(6)).toBe('Medium: annualised volatility 25%–35%')
		expect(riskScoreMeaning(7)).toBe('High: annualised volatility 35%–50%')
		expect(riskScoreMeaning(10)).toBe('Very high: annualised volatility above 100%')
		expect(riskScoreMeaning(null)).toBe('Not rated: fewer than 20 daily returns in the last 12 months')
		expect(() => riskScoreMeaning(0)).toThrow(RangeError)
		expect(() => riskScoreMeaning(2.5)).toThrow(RangeError)
	})
})

describe('deep_drawdown', () => {
	test('exactly 40% is not flagged', () => {
		// r = 60/100 - 1 = -0.4, I = 0.6, drawdown 1 - 0.6 = 0.4.
		const f = computeTraderFigures([row('2024-01-01', 100), row('2024-01-02', 60)], [])
		expect(f.metrics.maxDrawdown).toBe(0.4)
		expect(codes(f.flags)).not.toContain('deep_drawdown')
	})

	test('40.1% is flagged', () => {
		const f = computeTraderFigures([row('2024-01-01', 100), row('2024-01-02', 59.9)], [])
		expect(f.flags).toContainEqual({
			code: 'deep_drawdown',
			detail: 'A maximum drawdown of 40.1% (peak 2024-01-01, trough 2024-01-02), over 40%.',
		})
	})
})

describe('published examples', () => {
	test('Investopedia’s maximum drawdown example', () => {
		// Investopedia, "Maximum Drawdown (MDD)", https://www.investopedia.com/terms/m/maximum-drawdown-mdd.asp:
		// a portfolio of $500,000 increases to $750,000, plunges to $400,000, rebounds to $600,000, drops again
		// to $350,000, then more than doubles to $800,000. MDD = (350,000 - 750,000) / 750,000 = -53.33% (the
		// interim $600,000 is not a new peak; the $800,000 peak comes after the drawdown).
		const f = computeTraderFigures(
			[
				row('2020-01-31', 500_000),
				row('2020-02-29', 750_000),
				row('2020-03-31', 400_000),
				row('2020-04-30', 600_000),
				row('2020-05-31', 350_000),
				row('2020-06-30', 800_000),
			],
			[],
		)
		expect(-f.metrics.maxDrawdown!).toBeCloseTo(-0.5333, 4)
		expect(f.metrics.maxDrawdown).toBeCloseTo(400_000 / 750_000, 12)
		expect(f.drawdown).toEqual({ peakDate: '2020-02-29', troughDate: '2020-05-31', recoveryDate: '2020-06-30' })
		expect(f.metrics.currentDrawdown).toBe(0)
		expect(codes(f.flags)).toContain('deep_drawdown')
	})

	test('YCharts’ max drawdown example', () => {
		// YCharts glossary, "Max Drawdown", https://ycharts.com/glossary/terms/max_drawdown: $100,000 -> $150,000
		// -> $90,000 -> $120,000 -> $80,000 -> $200,000: max drawdown = (150,000 - 80,000) / 150,000 = 46.67%.
		const f = computeTraderFigures(
			[100_000, 150_000, 90_000, 120_000, 80_000, 200_000].map((e, i) => row(addDays('2021-03-01', i), e)),
			[],
		)
		expect(f.metrics.maxDrawdown).toBeCloseTo(0.4667, 4)
	})
})

describe('trade figures and their flags', () => {
	test('no trades: every trade figure null, the count 0', () => {
		const m = computeTraderFigures([row('2024-01-01', 100)], []).metrics
		expect(m.trades).toBe(0)
		expect(m.winRate).toBeNull()
		expect(m.profitFactor).toBeNull()
		expect(m.averageWin).toBeNull()
		expect(m.averageLoss).toBeNull()
		expect(m.expectancy).toBeNull()
		expect(m.averageHoldingHours).toBeNull()
		expect(m.noStopLossShare).toBeNull()
	})

	test('no losing trade: profit factor and average loss null; no win: average win null', () => {
		const wins = computeTraderFigures([], [trade('1', { profit: 5 }), trade('2', { profit: 15 })]).metrics
		expect(wins.profitFactor).toBeNull()
		expect(wins.averageLoss).toBeNull()
		expect(wins.averageWin).toBe(10)
		const losses = computeTraderFigures([], [trade('1', { profit: -5 })]).metrics
		expect(losses.averageWin).toBeNull()
		expect(losses.profitFactor).toBe(0)
		expect(losses.winRate).toBe(0)
	})

	test('no_stop_loss: 50 of the last 100 is not flagged, 51 is', () => {
		const half = computeTraderFigures(
			[],
			tradesClosedHourly(100, (i) => i % 2 === 0),
		)
		expect(half.metrics.noStopLossShare).toBe(0.5)
		expect(codes(half.flags)).not.toContain('no_stop_loss')
		const more = computeTraderFigures(
			[],
			tradesClosedHourly(100, (i) => i % 2 === 0 || i === 99),
		)
		expect(more.metrics.noStopLossShare).toBe(0.51)
		expect(more.flags).toContainEqual({
			code: 'no_stop_loss',
			detail: '51 of the last 100 trades (51.0%) had no stop loss.',
		})
	})

	test('only the last 100 trades by close time count', () => {
		// 101 trades: the first closed (given last in the array) has no stop loss, then 50 of the 100 after it.
		const list = tradesClosedHourly(101, (i) => i === 0 || i % 2 === 1).reverse()
		const f = computeTraderFigures([], list)
		expect(f.metrics.noStopLossShare).toBe(0.5)
		expect(codes(f.flags)).not.toContain('no_stop_loss')
	})

	test('equal close times are ordered by ticket, numeric tickets in numeric order', () => {
		// Tickets 2..102 all closed at the same time: the oldest is ticket 2 (in string order it would be "10").
		const list = Array.from({ length: 101 }, (_, i) => trade(String(i + 2), { stopLoss: i === 0 ? null : 1.05 }))
		expect(computeTraderFigures([], list).metrics.noStopLossShare).toBe(0)
	})

	test('high_win_rate_large_losses: 85% with losses 3× the wins is flagged', () => {
		// 17 wins of +10 and 3 losses of -30: win rate 17/20 = 0.85, |average loss| 30 = 3 × 10.
		const list = [
			...Array.from({ length: 17 }, (_, i) => trade(`w${i}`, { profit: 10 })),
			...Array.from({ length: 3 }, (_, i) => trade(`l${i}`, { profit: -30 })),
		]
		const f = computeTraderFigures([], list)
		expect(f.metrics.winRate).toBe(0.85)
		expect(f.flags).toContainEqual({
			code: 'high_win_rate_large_losses',
			detail: 'A win rate of 85.0% with an average loss of 30.00, 3.0× the average win of 10.00 (3× or more).',
		})
	})

	test('high_win_rate_large_losses: not at 2.999× nor at an 80% win rate', () => {
		const smaller = [
			...Array.from({ length: 17 }, (_, i) => trade(`w${i}`, { profit: 10 })),
			...Array.from({ length: 3 }, (_, i) => trade(`l${i}`, { profit: -29.99 })),
		]
		expect(codes(computeTraderFigures([], smaller).flags)).not.toContain('high_win_rate_large_losses')
		const fewerWins = [
			...Array.from({ length: 16 }, (_, i) => trade(`w${i}`, { profit: 10 })),
			...Array.from({ length: 4 }, (_, i) => trade(`l${i}`, { profit: -30 })),
		]
		expect(codes(computeTraderFigures([], fewerWins).flags)).not.toContain('high_win_rate_large_losses')
	})
})

describe('martingale', () => {
	// Two symbols interleaved, in open-time order (the array below is shuffled; close times are in another order):
	//  #   symbol  volume  profit  EURUSD run / last loss   XAUUSD run / last loss   counted?
	//  1   EURUSD  0.1     loss    1 / 0.1
	//  2   XAUUSD  1       win                              0
	//  3   EURUSD  0.1     loss    2 / 0.1                                           (run 1 before it: no)
	//  4   EURUSD  0.2     loss    3 / 0.2                                           yes: run 2, 0.2 >= 2 × 0.1 (1)
	//  5   XAUUSD  1       loss                             1 / 1
	//  6   EURUSD  0.4     win     0                                                 yes: run 3, 0.4 >= 2 × 0.2 (2)
	//  7   EURUSD  0.8     loss    1 / 0.8                                           no: the win reset the run
	//  8   XAUUSD  1       loss                             2 / 1
	//  9   XAUUSD  1.5     loss                             3 / 1.5                  no: 1.5 < 2 × 1
	//  10  XAUUSD  3       win                              0                        yes: run 3, 3 >= 2 × 1.5 (3)
	// Trade 2 (an XAUUSD win) does not break the EURUSD run: taken in one sequence, trade 4 would not count.
	const sequence: [number, string, number, number][] = [
		[1, 'EURUSD', 0.1, -10],
		[2, 'XAUUSD', 1, 50],
		[3, 'EURUSD', 0.1, -10],
		[4, 'EURUSD', 0.2, -20],
		[5, 'XAUUSD', 1, -30],
		[6, 'EURUSD', 0.4, 60],
		[7, 'EURUSD', 0.8, -5],
		[8, 'XAUUSD', 1, -30],
		[9, 'XAUUSD', 1.5, -40],
		[10, 'XAUUSD', 3, 200],
	]
	const list = sequence.map(([n, symbol, volume, profit]) =>
		trade(`m${n}`, { symbol, volume, profit, openedAt: hour(n), closedAt: hour(24 - n) }),
	)
	const shuffled = [list[6], list[2], list[9], list[0], list[4], list[7], list[1], list[5], list[3], list[8]]

	test('counted per symbol in open-time order', () => {
		expect(countMartingale(shuffled)).toEqual({
			count: 3,
			bySymbol: [
				{ symbol: 'EURUSD', count: 2 },
				{ symbol: 'XAUUSD', count: 1 },
			],
		})
	})

	test('3 trades are flagged', () => {
		expect(computeTraderFigures([], shuffled).flags).toContainEqual({
			code: 'martingale',
			detail:
				'3 trades were opened at 2× or more the volume of the last losing trade after 2 or more losses in a row (EURUSD 2, XAUUSD 1).',
		})
	})

	test('2 trades are not', () => {
		const withoutLast = shuffled.filter((t) => t.ticket !== 'm10')
		expect(countMartingale(withoutLast).count).toBe(2)
		expect(codes(computeTraderFigures([], withoutLast).flags)).not.toContain('martingale')
	})

	test('a counted trade that loses extends the run: a doubling ladder counts each step', () => {
		// Losses at 1, 1, then 2, 4, 8 (each 2× the last loss, each losing): 3 counted.
		const ladder = [1, 1, 2, 4, 8].map((volume, i) =>
			trade(`d${i}`, { volume, profit: -1, openedAt: hour(i), closedAt: hour(i + 0.5) }),
		)
		expect(countMartingale(ladder).count).toBe(3)
	})
})

describe('deposit_inflated', () => {
	// Last date 2024-06-30; 90 days before is 2024-04-01: a deposit on 2024-04-01 is not counted, one on
	// 2024-04-02 is. Current equity 1000: the limit is 500.
	const statement = (deposit: number) => [
		row('2023-06-30', 1000),
		row('2024-04-01', 1600, 600),
		row('2024-04-02', 1600 + deposit, deposit),
		row('2024-06-30', 1000),
	]

	test('500 (exactly half) is not flagged, and the deposit of 2024-04-01 is outside', () => {
		expect(codes(computeTraderFigures(statement(500), []).flags)).not.toContain('deposit_inflated')
	})

	test('501 is flagged', () => {
		expect(computeTraderFigures(statement(501), []).flags).toContainEqual({
			code: 'deposit_inflated',
			detail: 'Deposits of 501.00 in the last 90 days are 50.1% of the current equity of 1000.00 (over 50%).',
		})
	})
})

describe('monthly returns', () => {
	test('complete months; the first month counted when the first date is on day 1-5', () => {
		// I: 01-03 1, 01-31 1.1, 02-15 0.99, 02-29 1.21, 03-31 1.089, 04-10 1.4.
		// January: base I_0 = 1 -> 1.1 - 1 = 0.1. February: 1.21 / 1.1 - 1 = 0.1. March: 1.089 / 1.21 - 1 = -0.1.
		// April is not over (the last date is 04-10): left out.
		const f = computeTraderFigures(
			[
				row('2024-01-03', 100),
				row('2024-01-31', 110),
				row('2024-02-15', 99),
				row('2024-02-29', 121),
				row('2024-03-31', 108.9),
				row('2024-04-10', 140),
			],
			[],
		)
		expect(f.monthlyReturns.map((r) => r.month)).toEqual(['2024-01', '2024-02', '2024-03'])
		const expected = [0.1, 0.1, -0.1]
		f.monthlyReturns.forEach((r, i) => expect(r.return).toBeCloseTo(expected[i], 12))
	})

	test('first date on day 6: its month left out; a month with no row is 0%; a last date on a month’s end counts', () => {
		// I: 01-06 1, 01-20 1.05, 03-31 1.26. February has no row: I(end Feb) = I(end Jan) = 1.05 -> 0.
		// March: 1.26 / 1.05 - 1 = 0.2 (the last date is 31 March, so March is complete).
		const f = computeTraderFigures([row('2024-01-06', 100), row('2024-01-20', 105), row('2024-03-31', 126)], [])
		expect(f.monthlyReturns).toEqual([
			{ month: '2024-02', return: 0 },
			{ month: '2024-03', return: expect.closeTo(0.2, 12) },
		])
	})

	test('day 5 is the last first day that keeps the first month', () => {
		const day5 = computeTraderFigures([row('2024-01-05', 100), row('2024-01-31', 110)], [])
		expect(day5.monthlyReturns).toEqual([{ month: '2024-01', return: expect.closeTo(0.1, 12) }])
		const day6 = computeTraderFigures([row('2024-01-06', 100), row('2024-01-31', 110)], [])
		expect(day6.monthlyReturns).toEqual([])
	})
})

describe('12-month periods', () => {
	test('newest first, while the history reaches their start', () => {
		// I: 2021-01-10 1, 2022-02-28 1.5, 2023-02-28 1.2, 2024-02-29 1.8.
		// 2023-02-28 -> 2024-02-29: 1.8 / 1.2 - 1 = 0.5. 2022-02-28 -> 2023-02-28: 1.2 / 1.5 - 1 = -0.2.
		// 2021-02-28 -> 2022-02-28: start on the row of 2021-01-10 (1): 0.5. 2020-02-29 is before the first row.
		const f = computeTraderFigures(
			[row('2021-01-10', 100), row('2022-02-28', 150), row('2023-02-28', 120), row('2024-02-29', 180)],
			[],
		)
		expect(f.periods).toEqual([
			{ from: '2023-02-28', to: '2024-02-29', return: expect.closeTo(0.5, 12) },
			{ from: '2022-02-28', to: '2023-02-28', return: expect.closeTo(-0.2, 12) },
			{ from: '2021-02-28', to: '2022-02-28', return: expect.closeTo(0.5, 12) },
		])
		expect(f.metrics.return12m).toBeCloseTo(0.5, 12)
	})

	test('at most 5', () => {
		const rows = Array.from({ length: 9 }, (_, k) => row(`${2016 + k}-06-30`, 100 * 1.1 ** k))
		const f = computeTraderFigures(rows, [])
		expect(f.periods.map((p) => [p.from, p.to])).toEqual([
			['2023-06-30', '2024-06-30'],
			['2022-06-30', '2023-06-30'],
			['2021-06-30', '2022-06-30'],
			['2020-06-30', '2021-06-30'],
			['2019-06-30', '2020-06-30'],
		])
		for (const p of f.periods) expect(p.return).toBeCloseTo(0.1, 12)
	})
})

describe('ranking score', () => {
	test('return12m / max(maxDrawdown, 5%), 25% of its size off per flag, at most 3', () => {
		expect(rankingScore(0.21, 0.2, 0)).toBeCloseTo(1.05, 12)
		expect(rankingScore(0.21, 0.01, 0)).toBeCloseTo(4.2, 12)
		expect(rankingScore(0.21, 0, 0)).toBeCloseTo(4.2, 12)
		expect(rankingScore(0.21, 0.2, 1)).toBeCloseTo(0.7875, 12)
		expect(rankingScore(0.21, 0.2, 3)).toBeCloseTo(0.2625, 12)
		expect(rankingScore(0.21, 0.2, 5)).toBeCloseTo(0.2625, 12)
		expect(rankingScore(-0.1, 0.2, 1)).toBeCloseTo(-0.625, 12)
		expect(rankingScore(null, 0.2, 0)).toBeNull()
	})

	test('a flag lowers a trader’s score', () => {
		// The 365-day statement (score 1.05) with 51 of its 100 trades without a stop loss.
		const f = computeTraderFigures(
			[row('2023-01-01', 100), row('2023-06-01', 80), row('2024-01-01', 121)],
			tradesClosedHourly(100, (i) => i % 2 === 0 || i === 99),
		)
		expect(codes(f.flags)).toEqual(['no_stop_loss'])
		expect(f.score).toBeCloseTo(1.05 * 0.75, 12)
	})
})

describe('performance', () => {
	test('1,300 daily rows and 5,000 trades in under 200 ms', () => {
		let seed = 42
		const random = () => {
			seed = (Math.imul(seed, 1_664_525) + 1_013_904_223) >>> 0
			return seed / 2 ** 32
		}
		let equity = 10_000
		const rows: EquityPoint[] = []
		for (let i = 0; i < 1300; i++) {
			const deposits = i % 97 === 0 ? 1000 : 0
			equity = equity * (1 + (random() - 0.5) * 0.04) + deposits
			rows.push(row(addDays('2021-01-01', i), equity, deposits))
		}
		const symbols = ['EURUSD', 'GBPUSD', 'XAUUSD', 'USDJPY', 'US30']
		const trades: ClosedTrade[] = Array.from({ length: 5000 }, (_, i) => {
			const opened = Date.UTC(2021, 0, 1) + Math.floor(random() * 1300 * DAY_MS)
			return trade(String(i + 1), {
				openedAt: new Date(opened).toISOString(),
				closedAt: new Date(opened + Math.floor(random() * 72 * 3_600_000)).toISOString(),
				symbol: symbols[Math.floor(random() * symbols.length)],
				volume: Math.round(random() * 100) / 100 + 0.01,
				stopLoss: random() < 0.2 ? null : 1,
				profit: Math.round((random() - 0.45) * 20_000) / 100,
			})
		})
		const start = performance.now()
		const f = computeTraderFigures(rows, trades)
		const elapsed = performance.now() - start
		expect(elapsed).toBeLessThan(200)
		expect(f.indexSeries).toHaveLength(1300)
		expect(f.metrics.trades).toBe(5000)
		expect(f.periods).toHaveLength(3)
		expect(f.metrics.volatility).not.toBeNull()
		expect(allFinite(f)).toBe(true)
	})
})

describe('return1w (decision 056: the dashboard’s Weekly Return)', () => {
	test('the index on the last row on or before 7 days back, across a gap and a deposit', () => {
		// 2024-03-01 1000, 03-04 1100 (gap of 3 days), 03-08 1210 + 500 deposit -> 1710, 03-11 1881.
		// Last date 03-11; 7 days back is 03-04 (a row): index 1.1; on 03-11: 1.1 * 1.1 * 1.1 = 1.331.
		const f = computeTraderFigures(
			[row('2024-03-01', 1000), row('2024-03-04', 1100), row('2024-03-08', 1710, 500), row('2024-03-11', 1881)],
			[],
		)
		expect(f.return1w).toBeCloseTo(1.331 / 1.1 - 1, 12)
	})
	test('the last row before the target when none is on it', () => {
		// Last 03-12, target 03-05: the row on or before it is 03-04.
		const f = computeTraderFigures(
			[row('2024-03-01', 1000), row('2024-03-04', 1000), row('2024-03-08', 1050), row('2024-03-12', 1100)],
			[],
		)
		expect(f.return1w).toBeCloseTo(0.1, 12)
	})
	test('null with under 7 days of history, and with none', () => {
		expect(
			computeTraderFigures(fromReturns('2024-01-01', [0.01, 0.01, 0.01, 0.01, 0.01, 0.01]), []).return1w,
		).toBeNull()
		expect(
			computeTraderFigures(fromReturns('2024-01-01', [0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01]), []).return1w,
		).toBeCloseTo(1.01 ** 7 - 1, 12)
		expect(computeTraderFigures([], []).return1w).toBeNull()
	})
})
