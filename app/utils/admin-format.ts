/**
 * Display formats of the admin screens (no server code): money in USD
 * without decimals, signed change percentages, dates in UTC.
 */
const usdWhole = new Intl.NumberFormat('en-US', {
	style: 'currency',
	currency: 'USD',
	minimumFractionDigits: 0,
	maximumFractionDigits: 0,
})
const usdCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
const count = new Intl.NumberFormat('en-US')
const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 })
const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })
const monthYear = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })

/** "$12,346" (spec: revenue in USD, no decimals). */
export function formatUsd(dollars: number) {
	return usdWhole.format(dollars)
}

/** "$1,250.50": an amount as entered. */
export function formatUsdCents(dollars: number) {
	return usdCents.format(dollars)
}

export function formatCount(value: number) {
	return count.format(value)
}

/** "40%", "33.3%". */
export function formatPercent(value: number) {
	return `${percent.format(value)}%`
}

/** "+12.5%", "-3%", "0%": a change with its sign. */
export function formatChange(value: number) {
	if (value > 0) return `+${percent.format(value)}%`
	if (value < 0) return `-${percent.format(Math.abs(value))}%`
	return '0%'
}

/** "Nov 21, 2026" (UTC). */
export function formatDate(value: Date | string) {
	return date.format(typeof value === 'string' ? new Date(value) : value)
}

/** "Nov 21, 2026, 8:05 AM UTC". */
export function formatDateTime(value: Date | string) {
	return `${dateTime.format(typeof value === 'string' ? new Date(value) : value)} UTC`
}

/** "November 2026" for "2026-11". */
export function formatMonth(month: string) {
	const [year, m] = month.split('-').map(Number) as [number, number]
	return monthYear.format(new Date(Date.UTC(year, m - 1, 1)))
}
