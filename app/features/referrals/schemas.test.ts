import { describe, expect, test } from 'vitest'
import { REFERRAL_REVIEW_LIMITS, ReferralReviewApiQuerySchema } from './schemas.ts'

describe('ReferralReviewApiQuerySchema', () => {
	const parse = (search: string) =>
		ReferralReviewApiQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(search)))
	test('the held view, page 1 and the page size when not given', () => {
		expect(parse('').data).toEqual({ status: 'held', page: 1, limit: REFERRAL_REVIEW_LIMITS.pageSize })
		expect(parse('status=decided&page=2&limit=5').data).toEqual({ status: 'decided', page: 2, limit: 5 })
	})
	test('numbers are read as zod coerces them; out of range is refused', () => {
		expect(parse('page=%205%20&limit=1e1').data).toMatchObject({ page: 5, limit: 10 })
		for (const search of [
			'status=all',
			'page=',
			'page=0',
			'page=100001',
			'page=abc',
			`limit=${REFERRAL_REVIEW_LIMITS.maxPageSize + 1}`,
		]) {
			expect(parse(search).success, search).toBe(false)
		}
	})
})
