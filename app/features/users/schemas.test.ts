import { parseWithZod } from '@conform-to/zod'
import { describe, expect, test } from 'vitest'
import {
	BulkApiSchema,
	BulkFormSchema,
	bulkCapability,
	DEFAULT_USER_LIST_QUERY,
	paginate,
	parseSortValue,
	parseUserId,
	parseUserListQuery,
	sortValue,
	USER_SORT_OPTIONS,
	UserCreateApiSchema,
	UserCreateFormSchema,
	UserExportApiQuerySchema,
	UserListApiQuerySchema,
	UserUpdateApiSchema,
	UserUpdateFormSchema,
	userListSearch,
} from './schemas.ts'
import { queryInput } from '#app/utils/validation.ts'

const params = (text: string) => new URLSearchParams(text)

describe('the list query, as the page reads it (lenient)', () => {
	test('defaults: page 1, 10 a page, newest first, no filter', () => {
		expect(parseUserListQuery(params('')).query).toEqual(DEFAULT_USER_LIST_QUERY)
		expect(DEFAULT_USER_LIST_QUERY).toMatchObject({ page: 1, limit: 10, sortBy: 'createdAt', sortOrder: 'desc' })
	})

	test('reads every parameter', () => {
		expect(
			parseUserListQuery(params('page=3&search=%20Ada%20&status=banned&plan=gold&sortBy=name&sortOrder=desc')).query,
		).toEqual({
			page: 3,
			limit: 10,
			search: 'Ada',
			status: 'banned',
			plan: 'gold',
			sortBy: 'name',
			sortOrder: 'desc',
		})
	})

	test('bad values fall back to the defaults, never an error (B17)', () => {
		for (const page of ['0', '-1', '1.5', '1e3', '0x10', '', ' ', '1abc', 'NaN', 'Infinity', '01']) {
			expect(parseUserListQuery(params(`page=${encodeURIComponent(page)}`)).query.page, page).toBe(1)
		}
		expect(parseUserListQuery(params('page=99999999999999999999')).query.page).toBe(1)
		expect(parseUserListQuery(params('page=5000000')).query.page).toBe(1_000_000)
		expect(parseUserListQuery(params('limit=1000000')).query.limit).toBe(10)
		expect(parseUserListQuery(params('limit=-1')).query.limit).toBe(10)
		const q = parseUserListQuery(params('status=deleted&plan=diamond&sortBy=name;%20DROP&sortOrder=sideways')).query
		expect(q).toMatchObject({ status: null, plan: null, sortBy: 'createdAt', sortOrder: 'desc' })
	})

	test('empty or "all" means no filter; a repeated parameter takes the first', () => {
		expect(parseUserListQuery(params('status=&plan=all')).query).toMatchObject({ status: null, plan: null })
		expect(parseUserListQuery(params('status=active&status=banned')).query.status).toBe('active')
	})

	test('a sort key without an order takes its natural order', () => {
		expect(parseUserListQuery(params('sortBy=name')).query.sortOrder).toBe('asc')
		expect(parseUserListQuery(params('sortBy=totalInvested')).query.sortOrder).toBe('desc')
	})

	test('search: trimmed, NFKC, control characters dropped, cut to 100 characters', () => {
		expect(parseUserListQuery(params(`search=${encodeURIComponent('ＡＤＡ')}`)).query.search).toBe('ADA')
		expect(parseUserListQuery(params(`search=${encodeURIComponent('a\u0000b')}`)).query.search).toBe('a b')
		expect(parseUserListQuery(params(`search=${'x'.repeat(5000)}`)).query.search).toHaveLength(100)
	})
})

describe('the list query, as the API reads it (strict)', () => {
	test('good values pass, limit up to 100', () => {
		const r = parseUserListQuery(params('page=2&limit=100&sortBy=totalInvested&sortOrder=asc&status=pending'), {
			strict: true,
		})
		expect(r).toEqual({
			ok: true,
			query: expect.objectContaining({
				page: 2,
				limit: 100,
				sortBy: 'totalInvested',
				sortOrder: 'asc',
				status: 'pending',
			}),
		})
	})

	test('bad values are errors with their path (B17, B13, V6)', () => {
		for (const page of [
			'0',
			'-1',
			'1.5',
			'1e3',
			'0x10',
			' ',
			'1abc',
			'NaN',
			'Infinity',
			'9007199254740993',
			'1000001',
		]) {
			const r = parseUserListQuery(params(`page=${encodeURIComponent(page)}`), { strict: true })
			expect(r.ok, page).toBe(false)
			if (!r.ok) expect(r.errors.map((e) => e.path)).toEqual(['page'])
		}
		for (const limit of ['0', '-1', '101', '1000000', 'abc', '1.5']) {
			const r = parseUserListQuery(params(`limit=${limit}`), { strict: true })
			expect(r.ok, limit).toBe(false)
		}
		const r = parseUserListQuery(
			params('status=x&plan=y&sortBy=id%20desc,%20(select%201)&sortOrder=up&search=' + 'x'.repeat(101)),
			{ strict: true },
		)
		expect(r.ok ? [] : r.errors.map((e) => e.path)).toEqual(['search', 'status', 'plan', 'sortBy', 'sortOrder'])
		const dup = parseUserListQuery(params('status=active&status=banned'), { strict: true })
		expect(dup.ok ? [] : dup.errors).toEqual([{ path: 'status', message: 'Give status once' }])
		const ctl = parseUserListQuery(params(`search=${encodeURIComponent('a\u0007b')}`), { strict: true })
		expect(ctl.ok).toBe(false)
	})

	test('empty values are no filter; unknown parameters are ignored', () => {
		expect(parseUserListQuery(params('page=&status=&x=1'), { strict: true })).toEqual({
			ok: true,
			query: DEFAULT_USER_LIST_QUERY,
		})
	})
})

test('the export reads the list query the same way (page and limit checked too)', () => {
	const inputs = [
		'',
		'page=2&limit=100&sortBy=name&status=all&plan=gold&search=%20Ann%20',
		'page=0&limit=101',
		'page=1.5&status=x',
		'page=1&page=2&sortOrder=up',
		`search=${'x'.repeat(101)}`,
	]
	const read = (schema: typeof UserListApiQuerySchema, input: string) => {
		const parsed = schema.safeParse(queryInput(params(input)))
		return parsed.success ? parsed.data : parsed.error.issues
	}
	for (const input of inputs) {
		expect(read(UserExportApiQuerySchema, input), input).toEqual(read(UserListApiQuerySchema, input))
	}
	expect(UserExportApiQuerySchema.safeParse(queryInput(params('page=0'))).success).toBe(false)
})

describe('links and sort values', () => {
	test('every state is a link without its defaults', () => {
		expect(userListSearch(DEFAULT_USER_LIST_QUERY)).toBe('')
		expect(userListSearch(DEFAULT_USER_LIST_QUERY, { page: 2 })).toBe('?page=2')
		expect(
			userListSearch({
				...DEFAULT_USER_LIST_QUERY,
				search: 'a b',
				status: 'banned',
				plan: 'gold',
				sortBy: 'name',
				sortOrder: 'asc',
				page: 4,
			}),
		).toBe('?search=a+b&status=banned&plan=gold&sortBy=name&sortOrder=asc&page=4')
		// A link read back is the same state.
		const q = {
			...DEFAULT_USER_LIST_QUERY,
			search: '%_"',
			plan: 'titanium' as const,
			sortBy: 'totalInvested' as const,
			sortOrder: 'asc' as const,
			page: 7,
		}
		expect(parseUserListQuery(params(userListSearch(q).slice(1))).query).toEqual(q)
	})

	test('the six sort options of the spec', () => {
		expect(USER_SORT_OPTIONS.map((o) => o.label)).toEqual([
			'Newest First',
			'Oldest First',
			'Name A-Z',
			'Name Z-A',
			'Investment High-Low',
			'Investment Low-High',
		])
		for (const o of USER_SORT_OPTIONS)
			expect(parseSortValue(sortValue(o))).toEqual({ sortBy: o.sortBy, sortOrder: o.sortOrder })
		expect(parseSortValue('name-sideways')).toBeNull()
		expect(parseSortValue(null)).toBeNull()
	})
})

describe('pagination arithmetic', () => {
	test('Showing X to Y of Z, Page N of M', () => {
		expect(paginate(25, 1, 10)).toMatchObject({
			from: 1,
			to: 10,
			totalPages: 3,
			totalCount: 25,
			currentPage: 1,
			hasPrevious: false,
			hasNext: true,
		})
		expect(paginate(25, 3, 10)).toMatchObject({ from: 21, to: 25, totalPages: 3, hasPrevious: true, hasNext: false })
		expect(paginate(30, 3, 10)).toMatchObject({ from: 21, to: 30, totalPages: 3, hasNext: false })
		expect(paginate(31, 4, 10)).toMatchObject({ from: 31, to: 31, totalPages: 4 })
	})

	test('an empty list is page 1 of 1 showing 0 to 0; a page past the end shows nothing', () => {
		expect(paginate(0, 1, 10)).toMatchObject({ from: 0, to: 0, totalPages: 1, hasPrevious: false, hasNext: false })
		expect(paginate(5, 9, 10)).toMatchObject({
			from: 0,
			to: 0,
			totalPages: 1,
			page: 9,
			hasPrevious: true,
			hasNext: false,
		})
	})
})

describe('create and edit schemas', () => {
	const good = { name: 'Ada Lovelace', email: ' ADA@Example.com ', password: 'Str0ngPassw0rd' }

	test('create: defaults plan regular and status active; contact fields optional', () => {
		expect(UserCreateApiSchema.parse(good)).toEqual({
			name: 'Ada Lovelace',
			email: 'ada@example.com',
			password: 'Str0ngPassw0rd',
			plan: 'regular',
			status: 'active',
		})
		expect(UserCreateApiSchema.parse({ ...good, phone: '', country: ' ', telegram: '' })).toMatchObject({
			phone: undefined,
			country: undefined,
		})
		expect(
			UserCreateApiSchema.parse({
				...good,
				phone: '+234 801 234 5678',
				country: 'Nigeria',
				telegram: '@ada',
				plan: 'gold',
				status: 'pending',
			}),
		).toMatchObject({
			phone: '+234 801 234 5678',
			telegram: '@ada',
			plan: 'gold',
			status: 'pending',
		})
	})

	test('create: field errors like sign-up, one per field', () => {
		const r = UserCreateApiSchema.safeParse({
			name: ' ',
			email: 'not-an-email',
			password: 'short',
			telegram: 'ada',
			phone: 'abc',
			plan: 'diamond',
			status: 'deleted',
		})
		expect(r.success).toBe(false)
		const errors = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]))
		expect(errors).toEqual({
			name: 'Name is required',
			email: 'Invalid email address',
			password: 'Password must be at least 8 characters',
			telegram: 'Telegram username must start with @',
			phone: 'Enter a valid phone number',
			plan: 'Plan must be one of regular, gold, titanium, platinum',
			status: 'Status must be one of active, pending, suspended, banned',
		})
		const msg = (password: string) => UserCreateApiSchema.safeParse({ ...good, password }).error?.issues[0]?.message
		expect(msg('alllowercase1')).toBe('Password must contain uppercase, lowercase, and number')
		expect(msg('Aa1' + 'x'.repeat(70))).toBe('Password is too long (at most 72 bytes)')
		expect(msg('Aa1' + 'x'.repeat(69))).toBeUndefined()
		expect(UserCreateApiSchema.safeParse({ ...good, name: 'x'.repeat(101) }).error?.issues[0]?.message).toBe(
			'Name must be at most 100 characters',
		)
	})

	test('API schemas refuse unknown and mistyped fields (B4, B7)', () => {
		for (const extra of [
			{ role: 'super_admin' },
			{ passwordHash: 'x' },
			{ id: 1 },
			{ referralPoints: 5 },
			{ totalDeposit: 10 },
		]) {
			expect(UserCreateApiSchema.safeParse({ ...good, ...extra }).success).toBe(false)
			expect(UserUpdateApiSchema.safeParse({ name: 'A', email: 'a@b.co', ...extra }).success).toBe(false)
		}
		for (const email of [['a@b.co'], { $ne: null }, 42, null, true]) {
			expect(UserCreateApiSchema.safeParse({ ...good, email }).success).toBe(false)
		}
	})

	test('the form schema ignores extra fields (Conform form data)', () => {
		const form = new FormData()
		for (const [k, v] of Object.entries({ ...good, plan: 'gold', status: 'banned', role: 'super_admin' }))
			form.set(k, v)
		const submission = parseWithZod(form, { schema: UserCreateFormSchema })
		expect(submission.status).toBe('success')
		expect(submission.status === 'success' && submission.value).toEqual({
			name: 'Ada Lovelace',
			email: 'ada@example.com',
			password: 'Str0ngPassw0rd',
			plan: 'gold',
			status: 'banned',
		})
	})

	test('edit: password blank or left out keeps the current one; when given it follows the rules', () => {
		expect(UserUpdateApiSchema.parse({ name: 'A', email: 'a@b.co', password: '' }).password).toBeUndefined()
		expect(UserUpdateApiSchema.parse({ name: 'A', email: 'a@b.co' })).toEqual({ name: 'A', email: 'a@b.co' })
		expect(UserUpdateApiSchema.safeParse({ name: 'A', email: 'a@b.co', password: 'weak' }).success).toBe(false)
		expect(UserUpdateApiSchema.safeParse({ email: 'a@b.co' }).error?.issues[0]).toMatchObject({
			path: ['name'],
			message: 'Name is required',
		})
		const form = new FormData()
		form.set('name', 'A')
		form.set('email', 'a@b.co')
		form.set('password', '')
		form.set('phone', '')
		const submission = parseWithZod(form, { schema: UserUpdateFormSchema })
		expect(submission.status === 'success' && submission.value).toEqual({ name: 'A', email: 'a@b.co' })
	})
})

describe('bulk update schemas', () => {
	function form(entries: Array<[string, string]>) {
		const data = new FormData()
		for (const [k, v] of entries) data.append(k, v)
		return parseWithZod(data, { schema: BulkFormSchema })
	}

	test('the form: checked rows, action and value', () => {
		const s = form([
			['userIds', '3'],
			['userIds', '5'],
			['bulkAction', 'set-status'],
			['bulkValue', 'suspended'],
		])
		expect(s.status === 'success' && s.value).toEqual({
			userIds: [3, 5],
			action: 'set-status',
			status: 'suspended',
			confirmed: false,
		})
		const one = form([
			['userIds', '3'],
			['bulkAction', 'set-plan'],
			['bulkValue', 'gold'],
		])
		expect(one.status === 'success' && one.value).toEqual({
			userIds: [3],
			action: 'set-plan',
			plan: 'gold',
			confirmed: false,
		})
		const del = form([
			['userIds', '3'],
			['bulkAction', 'delete'],
			['confirm', 'yes'],
		])
		expect(del.status === 'success' && del.value).toEqual({ userIds: [3], action: 'delete', confirmed: true })
	})

	test('the form: errors under the selection, the action and the value', () => {
		const errors = (entries: Array<[string, string]>) => form(entries).reply().error
		expect(
			errors([
				['bulkAction', 'set-status'],
				['bulkValue', 'active'],
			]),
		).toEqual({ userIds: ['Select at least one user'] })
		expect(errors([['userIds', '1']])).toEqual({ bulkAction: ['Choose an action'] })
		expect(
			errors([
				['userIds', '1'],
				['bulkAction', 'set-status'],
				['bulkValue', 'gold'],
			]),
		).toEqual({ bulkValue: ['Choose a status'] })
		expect(
			errors([
				['userIds', '1'],
				['bulkAction', 'set-plan'],
				['bulkValue', 'banned'],
			]),
		).toEqual({ bulkValue: ['Choose a plan'] })
		expect(
			errors([
				['userIds', '1'],
				['userIds', '1'],
				['bulkAction', 'delete'],
			]),
		).toEqual({ userIds: ['Each user may be listed once'] })
		expect(
			errors([
				['userIds', '0'],
				['bulkAction', 'delete'],
			]),
		).toEqual({ userIds: ['User ids must be positive whole numbers'] })
		expect(
			errors([
				['userIds', '1abc'],
				['bulkAction', 'delete'],
			]),
		).toEqual({ userIds: ['User ids must be positive whole numbers'] })
		const many = Array.from({ length: 501 }, (_, i) => ['userIds', String(i + 1)] as [string, string])
		expect(errors([...many, ['bulkAction', 'delete']])).toEqual({
			userIds: ['At most 500 users can be updated at once'],
		})
	})

	test('the API payload: userIds, action, data', () => {
		expect(BulkApiSchema.parse({ userIds: [1, 2], action: 'set-status', data: { status: 'banned' } })).toEqual({
			userIds: [1, 2],
			action: 'set-status',
			status: 'banned',
		})
		expect(BulkApiSchema.parse({ userIds: [1], action: 'set-plan', data: { plan: 'platinum' } })).toEqual({
			userIds: [1],
			action: 'set-plan',
			plan: 'platinum',
		})
		expect(BulkApiSchema.parse({ userIds: [1], action: 'delete' })).toEqual({ userIds: [1], action: 'delete' })
		for (const bad of [
			{},
			{ userIds: [], action: 'delete' },
			{ userIds: ['1'], action: 'delete' },
			{ userIds: [1, 1], action: 'delete' },
			{ userIds: [1.5], action: 'delete' },
			{ userIds: [-1], action: 'delete' },
			{ userIds: [null], action: 'delete' },
			{ userIds: 1, action: 'delete' },
			{ userIds: [1], action: 'promote' },
			{ userIds: [1], action: 'set-status' },
			{ userIds: [1], action: 'set-status', data: { plan: 'gold' } },
			{ userIds: [1], action: 'set-plan', data: { plan: 'gold', status: 'active' } },
			{ userIds: [1], action: 'delete', data: { status: 'active' } },
			{ userIds: [1], action: 'set-status', data: { status: 'active', role: 'super_admin' } },
			{ userIds: [1], action: 'delete', extra: true },
			{ userIds: Array.from({ length: 501 }, (_, i) => i + 1), action: 'delete' },
		]) {
			expect(BulkApiSchema.safeParse(bad).success, JSON.stringify(bad).slice(0, 80)).toBe(false)
		}
	})

	test('which capability each bulk update needs', () => {
		expect(bulkCapability({ userIds: [1], action: 'delete' })).toBe('users:bulk-delete')
		expect(bulkCapability({ userIds: [1], action: 'set-status', status: 'banned' })).toBe('users:bulk-ban')
		expect(bulkCapability({ userIds: [1], action: 'set-status', status: 'suspended' })).toBe('users:bulk-update')
		expect(bulkCapability({ userIds: [1], action: 'set-plan', plan: 'gold' })).toBe('users:bulk-update')
	})
})

test('user ids in URLs', () => {
	expect(parseUserId('42')).toBe(42)
	for (const bad of [
		undefined,
		'0',
		'-1',
		'1.0',
		'01',
		'1abc',
		'x'.repeat(1000),
		'%00',
		'../',
		'99999999999999999999',
	]) {
		expect(parseUserId(bad), String(bad)).toBeNull()
	}
})
