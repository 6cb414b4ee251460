import { describe, expect, test } from 'vitest'
import { cohortFigures, hiddenCohortsText, median } from './figures.ts'

describe('median', () => {
	test('odd, even, none; unsorted input', () => {
		expect(median([3, 1, 2])).toBe(2)
		expect(median([4, 1, 3, 2])).toBe(2.5)
		expect(median([])).toBeNull()
	})
})

describe('cohortFigures', () => {
	test('the median over members with net deposits above 0; the share in profit over all members', () => {
		const f = cohortFigures([
			{ netResultCents: 10_000, netDepositCents: 100_000 }, // +10%
			{ netResultCents: -5_000, netDepositCents: 50_000 }, // -10%
			{ netResultCents: 3_000, netDepositCents: 100_000 }, // +3%
			{ netResultCents: 2_000, netDepositCents: 0 }, // took out what they put in: not measured, in profit
			{ netResultCents: 0, netDepositCents: -1_000 }, // not measured, not in profit
		])
		expect(f).toEqual({ members: 5, measured: 3, medianReturn: 0.03, inProfit: 3 })
	})

	test('nobody measured: no median', () => {
		expect(cohortFigures([{ netResultCents: -1, netDepositCents: 0 }])).toEqual({
			members: 1,
			measured: 0,
			medianReturn: null,
			inProfit: 0,
		})
	})
})

test('hiddenCohortsText says how many cohorts are not shown', () => {
	expect(hiddenCohortsText(0)).toBeNull()
	expect(hiddenCohortsText(1)).toBe('1 cohort with fewer than 5 members is not shown, to protect its members’ privacy.')
	expect(hiddenCohortsText(3)).toBe(
		'3 cohorts with fewer than 5 members are not shown, to protect their members’ privacy.',
	)
})
