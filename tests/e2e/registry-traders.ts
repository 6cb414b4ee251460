import { computeTraderFigures } from '#app/features/traders/metrics.ts'
import { generateEquity, generateTrades, makeE2eTrader, type TraderSpec } from '#tests/trader-factories.ts'
import { withE2eDatabase } from '../admin-utils.ts'

/**
 * The traders the member-side specs make in the e2e database (decision
 * 056), idempotently: sample traders may be there too, so the specs check
 * these traders' places and figures, never the whole list. The leader's
 * returns (+2.5% / -0.5% on alternate days) top every return sort and the
 * score; the followed traders top Followers.
 */
export const LEADER = {
	slug: 'e2e-leader',
	name: 'Aaron E2E Leader',
	brokerSlug: 'exness',
	days: 800,
	// A strong last month (+10% every other day), so this trader leads the
	// weekly and monthly returns over any sample trader a fresh install has.
	daily: (i: number) => (i % 2 === 0 ? (i > 770 ? 0.1 : 0.025) : -0.005),
	trades: 40,
	wins: 10,
} satisfies TraderSpec
export const FOLLOWED = {
	slug: 'e2e-followed',
	name: 'Abby E2E Followed',
	brokerSlug: 'exness',
	followers: 1_000_000,
	wins: 5,
} satisfies TraderSpec
export const WATCHED = {
	slug: 'e2e-watch',
	name: 'Abe E2E Watched',
	brokerSlug: 'exness',
	status: 'watch',
	note: 'On watch while staff check a deep drawdown.',
	followers: 999_999,
} satisfies TraderSpec
export const RETIRED = {
	slug: 'e2e-retired',
	name: 'Ada E2E Retired',
	brokerSlug: 'exness',
	status: 'retired',
	note: 'Retired: the trader closed their account.',
} satisfies TraderSpec
export const IN_REVIEW = {
	slug: 'e2e-in-review',
	name: 'Al E2E In Review',
	brokerSlug: 'exness',
	status: 'in_review',
} satisfies TraderSpec

/** The registry traders of the specs, made once per run (both projects share them). */
/** A registry trader's id in the e2e database, by slug. */
export function registryTraderId(slug: string) {
	return withE2eDatabase((db) => (db.prepare('select id from traders where slug = ?').get(slug) as { id: number }).id)
}

export function makeRegistryTraders() {
	for (const spec of [LEADER, FOLLOWED, WATCHED, RETIRED, IN_REVIEW] as TraderSpec[]) makeE2eTrader(spec)
}

/** The figures the server computed for a spec (same generator, same day). */
export function figuresOf(spec: TraderSpec, now = new Date()) {
	const days = spec.days ?? 400
	const start = new Date(Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00Z`) - days * 86_400_000)
		.toISOString()
		.slice(0, 10)
	return computeTraderFigures(
		generateEquity(start, days, spec.daily),
		generateTrades(start, Math.min(spec.trades ?? 30, days), spec.wins, spec.stopLoss),
	)
}
