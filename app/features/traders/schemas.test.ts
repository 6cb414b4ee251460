import { describe, expect, test } from 'vitest'
import { TRADER_SORT_VALUES, TraderListQuerySchema } from './schemas.ts'

const SORT = `sort must be one of ${TRADER_SORT_VALUES.join(', ')}`

describe('TraderListQuerySchema (GET /api/member/traders)', () => {
	const defaults = { sort: 'score', order: 'desc', status: 'current', page: 1, limit: 20 }
	test('not given: the ranking score, descending, current traders, page 1 of 20', () => {
		expect(TraderListQuerySchema.parse({})).toEqual(defaults)
	})

	test('the seed’s four sorts, score and every metric are sorts', () => {
		for (const sort of [
			'score',
			'weeklyReturn',
			'monthlyReturn',
			'winRate',
			'followers',
			'return1w',
			'return12m',
			'noStopLossShare',
		]) {
			expect(TRADER_SORT_VALUES).toContain(sort)
		}
	})

	test.each(TRADER_SORT_VALUES)('%s is taken', (sort) => {
		expect(TraderListQuerySchema.parse({ sort })).toEqual({ ...defaults, sort })
	})

	test.each(['', 'name', 'WEEKLYRETURN'])('sort %j is refused with the message', (sort) => {
		const parsed = TraderListQuerySchema.safeParse({ sort })
		expect(parsed.success).toBe(false)
		expect(parsed.error?.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))).toEqual([
			{ path: 'sort', message: SORT },
		])
	})

	test('an unknown parameter is refused', () => {
		expect(TraderListQuerySchema.safeParse({ other: '1' }).success).toBe(false)
	})
})
