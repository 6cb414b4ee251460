import { TRADER_SORTS, traders, type Trader, type TraderSort } from '#app/content/dashboard.ts'

/** Live Top Traders: sample traders from the content module, sorted on the server. */
export const DEFAULT_TRADER_SORT: TraderSort = 'weeklyReturn'

/** A sort key from the URL; anything unknown falls back to Weekly Return. */
export function parseTraderSort(value: string | null): TraderSort {
	return TRADER_SORTS.some((s) => s.value === value) ? (value as TraderSort) : DEFAULT_TRADER_SORT
}

/** Highest first; equal values keep the content's order. */
export function sortTraders(sort: TraderSort, list: Trader[] = traders) {
	return [...list].sort((a, b) => b[sort] - a[sort])
}

export function getTrader(id: string) {
	return traders.find((t) => t.id === id) ?? null
}
