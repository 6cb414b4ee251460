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
