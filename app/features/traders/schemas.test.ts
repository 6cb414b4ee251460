import { describe, expect, test } from 'vitest'
import { TRADER_SORT_VALUES, TraderListQuerySchema } from './schemas.ts'

const SORT = `sort must be one of ${TRADER_SORT_VALUES.join(', ')}`

describe('TraderListQuerySchema (GET /api/member/traders)', () => {
	test('not given: weeklyReturn', () => {
		expect(TraderListQuerySchema.parse({})).toEqual({ sort: 'weeklyReturn' })
	})

	test.each(TRADER_SORT_VALUES)('%s is taken', (sort) => {
		expect(TraderListQuerySchema.parse({ sort })).toEqual({ sort })
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
