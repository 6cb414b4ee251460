import { describe, expect, test } from 'vitest'
import {
	REFERRAL_REVIEW_LIMITS,
	ReferralReviewApiQuerySchema,
	STATEMENT_MAX_LIMIT,
	STATEMENT_MAX_PAGE,
	STATEMENT_PAGE_SIZE,
	StatementQuerySchema,
} from './schemas.ts'

const PAGE = `page must be a whole number from 1 to ${STATEMENT_MAX_PAGE}`
const LIMIT = `limit must be a whole number from 1 to ${STATEMENT_MAX_LIMIT}`

function issues(input: Record<string, string>) {
	const parsed = StatementQuerySchema.safeParse(input)
	return parsed.success ? [] : parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))
}

describe('StatementQuerySchema (GET /api/member/referrals)', () => {
	test('not given: page 1 of STATEMENT_PAGE_SIZE lines', () => {
		expect(StatementQuerySchema.parse({})).toEqual({ page: 1, limit: STATEMENT_PAGE_SIZE })
	})

	test('plain whole numbers within the bounds', () => {
		expect(StatementQuerySchema.parse({ page: '3', limit: '2' })).toEqual({ page: 3, limit: 2 })
		expect(
			StatementQuerySchema.parse({ page: String(STATEMENT_MAX_PAGE), limit: String(STATEMENT_MAX_LIMIT) }),
		).toEqual({ page: STATEMENT_MAX_PAGE, limit: STATEMENT_MAX_LIMIT })
	})

	test.each(['', '0', '-1', '01', '1.5', '1e2', ' 2', 'x', '99999999999999999'])(
		'page %j is refused with the one message',
		(page) => {
			expect(issues({ page })).toEqual([{ path: 'page', message: PAGE }])
		},
	)

	test('past the bounds', () => {
		expect(issues({ page: String(STATEMENT_MAX_PAGE + 1) })).toEqual([{ path: 'page', message: PAGE }])
		expect(issues({ limit: String(STATEMENT_MAX_LIMIT + 1) })).toEqual([{ path: 'limit', message: LIMIT }])
		expect(issues({ limit: '' })).toEqual([{ path: 'limit', message: LIMIT }])
	})

	test('an unknown parameter is refused', () => {
		expect(StatementQuerySchema.safeParse({ tab: 'info' }).success).toBe(false)
	})
})

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
