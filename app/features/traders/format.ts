import type { TraderMetrics } from './metrics.ts'

/**
 * How members' pages write the registry's figures (browser-safe): fractions
 * as percents, a null as "—" (not computable yet, never 0).
 */

export const NOT_COMPUTED = '—'

/** 0.0512 -> "+5.1%"; -0.02 -> "-2.0%"; null -> "—". */
export function signedPercent(fraction: number | null, digits = 1) {
	if (fraction === null) return NOT_COMPUTED
	const text = `${(fraction * 100).toFixed(digits)}%`
	return fraction > 0 ? `+${text}` : text
}

/** 0.6 -> "60.0%"; null -> "—". */
export function percent(fraction: number | null, digits = 1) {
	return fraction === null ? NOT_COMPUTED : `${(fraction * 100).toFixed(digits)}%`
}

/** A ratio or amount with `digits` decimals; null -> "—". */
export function decimal(value: number | null, digits = 2) {
	return value === null ? NOT_COMPUTED : value.toFixed(digits)
}

const dayFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' })

/** "2026-12-05" -> "5 Dec 2026"; null -> "—". */
export function day(date: string | null) {
	return date === null ? NOT_COMPUTED : dayFormat.format(new Date(`${date}T00:00:00Z`))
}

export const STATUS_LABELS = {
	applied: 'Applied',
	in_review: 'In review',
	listed: 'Listed',
	watch: 'Watch',
	suspended: 'Suspended',
	retired: 'Retired',
} as const

function money(value: number | null, currency: string) {
	return value === null ? NOT_COMPUTED : `${decimal(value)} ${currency}`
}

/** Every metric as a labelled text, in the order the trader's pages list them. */
export function metricRows(m: TraderMetrics, currency: string): Array<[string, string]> {
	return [
		['Return, 1 month', signedPercent(m.return1m)],
		['Return, 3 months', signedPercent(m.return3m)],
		['Return, 12 months', signedPercent(m.return12m)],
		['Return since start', signedPercent(m.returnSinceStart)],
		['CAGR', signedPercent(m.cagr)],
		['Max drawdown', percent(m.maxDrawdown)],
		['Current drawdown', percent(m.currentDrawdown)],
		['Volatility (annualised)', percent(m.volatility)],
		['Sharpe', decimal(m.sharpe)],
		['Sortino', decimal(m.sortino)],
		['Calmar', decimal(m.calmar)],
		['Trades', m.trades.toLocaleString('en-US')],
		['Win rate', percent(m.winRate)],
		['Profit factor', decimal(m.profitFactor)],
		['Average win', money(m.averageWin, currency)],
		['Average loss', money(m.averageLoss, currency)],
		['Expectancy', money(m.expectancy, currency)],
		[
			'Average holding time',
			m.averageHoldingHours === null ? NOT_COMPUTED : `${decimal(m.averageHoldingHours, 1)} hours`,
		],
		['Trades without stop loss', percent(m.noStopLossShare)],
	]
}

/** The red flags' names, as members and staff read them. */
export const FLAG_LABELS: Record<string, string> = {
	martingale: 'Martingale',
	no_stop_loss: 'No stop loss',
	short_history: 'Short history',
	deposit_inflated: 'Deposits inflate the return',
	high_win_rate_large_losses: 'High win rate with large losses',
	deep_drawdown: 'Deep drawdown',
}
