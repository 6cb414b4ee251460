/**
 * What copiers earned (issue 40 part 4, decision 061): the cohort figures,
 * pure and browser-safe. The stored rows and their upkeep are
 * outcomes.server.ts; the trader page's section is
 * app/components/trader-outcomes.tsx.
 */

/** A cohort with fewer members is not shown (privacy); nor is a median over fewer members. */
export const MIN_COHORT_MEMBERS = 5

/** One member's copy of one trader since their first month: US cents. */
export type CopierTotals = { netResultCents: number; netDepositCents: number }

export type CohortFigures = {
	/** Members whose first month with the trader is the cohort's. */
	members: number
	/** Members with net deposits above 0: the median is over them. */
	measured: number
	/** Median of net result since start / net deposits since start (a fraction); null when nobody is measured. */
	medianReturn: number | null
	/** Members with a net result since start above 0. */
	inProfit: number
}

/** The median of `values` (the mean of the middle two for an even count); null for none. */
export function median(values: readonly number[]): number | null {
	if (values.length === 0) return null
	const sorted = [...values].sort((a, b) => a - b)
	const middle = Math.floor(sorted.length / 2)
	return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/**
 * A cohort's figures from its members' totals. A member whose net deposits
 * since start are 0 or less (they took out what they put in, or more) has no
 * percentage: they count in `members` and in the share in profit, not in the
 * median.
 */
export function cohortFigures(copiers: readonly CopierTotals[]): CohortFigures {
	const ratios: number[] = []
	let inProfit = 0
	for (const c of copiers) {
		if (c.netResultCents > 0) inProfit++
		if (c.netDepositCents > 0) ratios.push(c.netResultCents / c.netDepositCents)
	}
	return { members: copiers.length, measured: ratios.length, medianReturn: median(ratios), inProfit }
}

/** The words under the cohorts when some are hidden. */
export function hiddenCohortsText(count: number) {
	if (count === 0) return null
	return count === 1
		? `1 cohort with fewer than ${MIN_COHORT_MEMBERS} members is not shown, to protect its members’ privacy.`
		: `${count} cohorts with fewer than ${MIN_COHORT_MEMBERS} members are not shown, to protect their members’ privacy.`
}
