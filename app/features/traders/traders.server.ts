import { TRADER_SORTS, traders, type Trader, type TraderSort } from '#app/content/dashboard.ts'
import { listActiveBrokers } from '#app/features/brokers/brokers.server.ts'
import type { TraderDetail, TraderSummary } from '#app/features/traders/responses.server.ts'
import { DEFAULT_TRADER_SORT } from '#app/features/traders/schemas.ts'

// Live Top Traders: sample traders from the content module, sorted on the server.

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

/** A trader in the Live Top Traders list (page and GET /api/member/traders); the 12 weekly returns draw the sparkline. */
export function traderSummary(t: Trader): TraderSummary {
	return {
		id: t.id,
		name: t.name,
		weeklyReturn: t.weeklyReturn,
		monthlyReturn: t.monthlyReturn,
		winRate: t.winRate,
		followers: t.followers,
		riskLevel: t.riskLevel,
		trending: t.trending,
		weeklySeries: t.weeklySeries,
	}
}

/**
 * A trader's detail (page and GET /api/member/traders/:id): the trader and
 * the broker to copy them with, the recommended active broker (else the
 * first active one; none when staff deactivated them all). Null for an
 * unknown id.
 */
export function getTraderDetail(id: string): TraderDetail | null {
	const trader = getTrader(id)
	if (!trader) return null
	const active = listActiveBrokers()
	const broker = active.find((b) => b.recommended) ?? active.at(0) ?? null
	return { trader, broker }
}
