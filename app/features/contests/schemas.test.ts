import { describe, expect, test } from 'vitest'
import {
	ContestApiSchema,
	ContestFormSchema,
	contestListSearch,
	ContestListQuerySchema,
	ContestStatusApiSchema,
	findTransition,
	LeaderboardQuerySchema,
	parseDateOnly,
	ParticipantsQuerySchema,
	readContestFilters,
	ScoreApiSchema,
	ScoreFormSchema,
	statusActions,
} from './schemas.ts'

function fieldErrors(result: {
	success: boolean
	error?: { issues: Array<{ path: (string | number)[]; message: string }> }
}) {
	const out: Record<string, string[]> = {}
	for (const issue of result.error?.issues ?? []) (out[issue.path.join('.')] ??= []).push(issue.message)
	return out
}

const goodForm = {
	name: '  December Sprint ',
	type: 'trading',
	description: 'Line one\nLine two',
	startDate: '2026-12-01',
	endDate: '2026-12-31',
	prizeFirst: '$1,000',
	prizeSecond: '',
	prizeThird: 'Jacket',
	rules: 'Rule 1\r\nRule 2',
	maxParticipants: '',
}

const goodApi = {
	name: 'December Sprint',
	description: 'Trade',
	type: 'deposit',
	startDate: '2026-12-01',
	endDate: '2026-12-31',
	prizes: { first: '$1,000', second: 'Phone', third: null },
	rules: 'Be fair',
	maxParticipants: 100,
}

describe('ContestFormSchema', () => {
	test('a good form: trimmed, blanks are null, unlimited when max is blank', () => {
		expect(ContestFormSchema.parse(goodForm)).toEqual({
			name: 'December Sprint',
			type: 'trading',
			description: 'Line one\nLine two',
			startDate: '2026-12-01',
			endDate: '2026-12-31',
			prizeFirst: '$1,000',
			prizeSecond: null,
			prizeThird: 'Jacket',
			rules: 'Rule 1\r\nRule 2',
			maxParticipants: null,
		})
	})

	test('type defaults to referral; max participants is a whole number from 1', () => {
		const { type: _t, ...noType } = goodForm
		expect(ContestFormSchema.parse(noType).type).toBe('referral')
		expect(ContestFormSchema.parse({ ...goodForm, maxParticipants: ' 25 ' }).maxParticipants).toBe(25)
		for (const bad of ['0', '-1', '1.5', 'ten', '1e3', '1000001']) {
			expect(fieldErrors(ContestFormSchema.safeParse({ ...goodForm, maxParticipants: bad }))).toEqual({
				maxParticipants: ['Max participants must be a whole number from 1 to 1,000,000'],
			})
		}
	})

	test('the required fields, one message each', () => {
		expect(fieldErrors(ContestFormSchema.safeParse({}))).toEqual({
			name: ['Name is required'],
			description: ['Description is required'],
			startDate: ['Start date is required'],
			endDate: ['End date is required'],
			prizeFirst: ['First prize is required'],
			rules: ['Rules are required'],
		})
		expect(fieldErrors(ContestFormSchema.safeParse({ ...goodForm, name: '   ', rules: ' ' }))).toEqual({
			name: ['Name is required'],
			rules: ['Rules are required'],
		})
	})

	test('an end date before the start date is an error on the end date; the same day is fine', () => {
		expect(
			fieldErrors(ContestFormSchema.safeParse({ ...goodForm, startDate: '2026-12-10', endDate: '2026-12-09' })),
		).toEqual({
			endDate: ['End date must be on or after the start date'],
		})
		expect(ContestFormSchema.safeParse({ ...goodForm, startDate: '2026-12-10', endDate: '2026-12-10' }).success).toBe(
			true,
		)
		// Shown together with the other fields' errors.
		expect(
			fieldErrors(
				ContestFormSchema.safeParse({
					...goodForm,
					name: 'x'.repeat(101),
					startDate: '2026-12-10',
					endDate: '2026-12-09',
				}),
			),
		).toEqual({
			name: ['Name must be at most 100 characters'],
			endDate: ['End date must be on or after the start date'],
		})
	})

	test('dates: date-only, a time part is trimmed, real days, 2000 to 2100', () => {
		expect(ContestFormSchema.parse({ ...goodForm, startDate: '2026-12-01T00:00:00.000Z' }).startDate).toBe('2026-12-01')
		expect(ContestFormSchema.parse({ ...goodForm, startDate: '2026-12-01T10:30' }).startDate).toBe('2026-12-01')
		for (const bad of ['2026-02-30', '2026-13-01', '01/12/2026', '2026-1-1', 'tomorrow', '2026-12-01Tabc']) {
			expect(fieldErrors(ContestFormSchema.safeParse({ ...goodForm, startDate: bad }))).toEqual({
				startDate: ['Enter a date as YYYY-MM-DD'],
			})
		}
		expect(fieldErrors(ContestFormSchema.safeParse({ ...goodForm, startDate: '1999-12-31' }))).toEqual({
			startDate: ['Enter a date between 2000 and 2100'],
		})
		expect(parseDateOnly('2028-02-29')).toBe('2028-02-29')
		expect(parseDateOnly('2027-02-29')).toBeNull()
	})

	test('limits and control characters', () => {
		expect(fieldErrors(ContestFormSchema.safeParse({ ...goodForm, name: 'x'.repeat(101) }))).toEqual({
			name: ['Name must be at most 100 characters'],
		})
		expect(fieldErrors(ContestFormSchema.safeParse({ ...goodForm, name: 'a\nb', prizeFirst: 'a\u0000' }))).toEqual({
			name: ['Name contains characters that are not allowed'],
			prizeFirst: ['Prize contains characters that are not allowed'],
		})
		expect(fieldErrors(ContestFormSchema.safeParse({ ...goodForm, type: 'lottery' }))).toEqual({
			type: ['Type must be referral, trading, deposit or activity'],
		})
	})
})

describe('ContestApiSchema', () => {
	test('maps prizes to the rule input', () => {
		expect(ContestApiSchema.parse(goodApi)).toEqual({
			name: 'December Sprint',
			description: 'Trade',
			type: 'deposit',
			startDate: '2026-12-01',
			endDate: '2026-12-31',
			prizeFirst: '$1,000',
			prizeSecond: 'Phone',
			prizeThird: null,
			rules: 'Be fair',
			maxParticipants: 100,
		})
		const { maxParticipants: _m, type: _t, ...minimal } = goodApi
		expect(ContestApiSchema.parse({ ...minimal, prizes: { first: 'Cash' } })).toMatchObject({
			type: 'referral',
			prizeSecond: null,
			prizeThird: null,
			maxParticipants: null,
		})
	})

	test('strict, typed: unknown fields, wrong types and a status are refused with their paths', () => {
		expect(fieldErrors(ContestApiSchema.safeParse({ ...goodApi, status: 'active', isAdmin: true }))).toEqual({
			'': ["Unrecognized key(s) in object: 'status', 'isAdmin'"],
		})
		expect(
			fieldErrors(
				ContestApiSchema.safeParse({
					...goodApi,
					name: ['x'],
					prizes: { first: 5, extra: 'x' },
					maxParticipants: '10',
					startDate: 20261201,
				}),
			),
		).toEqual({
			name: ['Name is required'],
			'prizes.first': ['First prize is required'],
			prizes: ["Unrecognized key(s) in object: 'extra'"],
			maxParticipants: ['Max participants must be a whole number from 1 to 1,000,000'],
			startDate: ['Start date is required'],
		})
		expect(fieldErrors(ContestApiSchema.safeParse({ ...goodApi, prizes: null }))).toEqual({
			prizes: ['First prize is required'],
		})
		expect(fieldErrors(ContestApiSchema.safeParse({ ...goodApi, maxParticipants: 2.5 }))).toEqual({
			maxParticipants: ['Max participants must be a whole number from 1 to 1,000,000'],
		})
		expect(fieldErrors(ContestApiSchema.safeParse({ ...goodApi, endDate: '2026-11-30' }))).toEqual({
			endDate: ['End date must be on or after the start date'],
		})
	})

	test('status only', () => {
		expect(ContestStatusApiSchema.parse({ status: 'paused' })).toEqual({ status: 'paused' })
		expect(fieldErrors(ContestStatusApiSchema.safeParse({}))).toEqual({ status: ['Status is required'] })
		expect(fieldErrors(ContestStatusApiSchema.safeParse({ status: 'archived' }))).toEqual({
			status: ['Status must be draft, active, paused or completed'],
		})
		expect(fieldErrors(ContestStatusApiSchema.safeParse({ status: ['active'] }))).toEqual({
			status: ['Status must be draft, active, paused or completed'],
		})
	})
})

describe('scores', () => {
	test('the form: a non-negative whole number up to 1,000,000,000', () => {
		expect(ScoreFormSchema.parse({ userId: '12', score: ' 0 ' })).toEqual({ userId: 12, score: 0 })
		expect(fieldErrors(ScoreFormSchema.safeParse({ userId: '12', score: '' }))).toEqual({
			score: ['Score is required'],
		})
		for (const bad of ['-1', '1.5', 'abc', '1e3']) {
			expect(fieldErrors(ScoreFormSchema.safeParse({ userId: '12', score: bad }))).toEqual({
				score: ['Score must be a whole number of 0 or more'],
			})
		}
		expect(fieldErrors(ScoreFormSchema.safeParse({ userId: '12', score: '99999999999999999999' }))).toEqual({
			score: ['Score must be at most 1,000,000,000'],
		})
		expect(ScoreFormSchema.safeParse({ userId: '0', score: '1' }).success).toBe(false)
	})

	test('the API: a JSON whole number', () => {
		expect(ScoreApiSchema.parse({ score: 42 })).toEqual({ score: 42 })
		for (const bad of [-1, 1.5, '5', null, true]) {
			expect(ScoreApiSchema.safeParse({ score: bad }).success).toBe(false)
		}
		expect(ScoreApiSchema.safeParse({ score: 1, rank: 1 }).success).toBe(false)
	})
})

describe('transitions', () => {
	test('the buttons each status offers (spec section 4)', () => {
		expect(statusActions('draft').map((t) => t.label)).toEqual(['Start'])
		expect(statusActions('active').map((t) => t.label)).toEqual(['Pause', 'Complete'])
		expect(statusActions('paused').map((t) => t.label)).toEqual(['Resume'])
		expect(statusActions('completed')).toEqual([])
		expect(findTransition('paused', 'completed')).toBeNull()
		expect(findTransition('draft', 'paused')).toBeNull()
	})
})

describe('list filters', () => {
	test('API query: strict, with defaults; bad values are errors', () => {
		expect(ContestListQuerySchema.parse({})).toEqual({
			search: '',
			status: null,
			type: null,
			sortBy: 'createdAt',
			sortOrder: 'desc',
		})
		expect(
			ContestListQuerySchema.parse({
				search: ' x ',
				status: 'all',
				type: 'deposit',
				sortBy: 'createdAt',
				sortOrder: 'asc',
			}),
		).toEqual({
			search: 'x',
			status: null,
			type: 'deposit',
			sortBy: 'createdAt',
			sortOrder: 'asc',
		})
		expect(
			fieldErrors(
				ContestListQuerySchema.safeParse({
					status: 'bogus',
					type: 'x',
					sortBy: 'password',
					sortOrder: 'up',
					page: '1',
				}),
			),
		).toEqual({
			status: ['status must be draft, active, paused, completed or all'],
			type: ['type must be referral, trading, deposit, activity or all'],
			sortBy: ['sortBy must be createdAt, name, startDate or endDate'],
			sortOrder: ['sortOrder must be asc or desc'],
			'': ["Unrecognized key(s) in object: 'page'"],
		})
		expect(ContestListQuerySchema.safeParse({ search: 'x'.repeat(101) }).success).toBe(false)
	})

	test('the page reads them leniently and keeps them for the dialogs', () => {
		expect(readContestFilters(new URLSearchParams('status=paused&type=nope&search=%20ab%20'))).toMatchObject({
			search: 'ab',
			status: 'paused',
			type: null,
		})
		expect(contestListSearch(new URLSearchParams('search=a b&status=active&done=created&page=2'))).toBe(
			'?search=a+b&status=active',
		)
		expect(contestListSearch(new URLSearchParams('done=created'))).toBe('')
	})

	test('participants and leaderboard queries', () => {
		expect(ParticipantsQuerySchema.parse({ page: '2', limit: '100' })).toEqual({ page: 2, limit: 100 })
		for (const bad of [
			{ page: '0' },
			{ page: '-1' },
			{ limit: '101' },
			{ limit: 'abc' },
			{ page: '1.5' },
			{ sort: 'x' },
		]) {
			expect(ParticipantsQuerySchema.safeParse(bad).success).toBe(false)
		}
		expect(LeaderboardQuerySchema.parse({})).toEqual({})
		expect(LeaderboardQuerySchema.safeParse({ limit: '0' }).success).toBe(false)
	})
})
