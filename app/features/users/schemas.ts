import type { QueryError } from '#app/utils/list-query.ts'
import { PLANS, USER_STATUSES, type Plan, type UserStatus } from '#app/domain/enums.ts'
import {
	textFieldMessages,
	SORT_ORDER_INVALID,
	CONTROL_CHARS,
	CONTROL_CHARS_GLOBAL,
	CountrySchema,
	EmailSchema,
	NewPasswordSchema,
	PhoneSchema,
	queryInput,
	stringField,
	TelegramSchema,
} from '#app/utils/validation.ts'
import { z } from 'zod'
import type { Capability } from '#app/features/staff/roles.ts'

export const USER_LIMITS = {
	name: 100,
} as const

/**
 * The words of the admin users screens and /api/admin/users* (spec sections
 * 2, 5 and 8), one home for their texts; words every staff form shares (the
 * name field) come from app/utils/validation.ts.
 */
export const USERS_TITLE = 'User Management'
export const USERS_ERROR_TITLE = 'Error Loading Users'
export const USERS_LOAD_FAILED = 'Failed to load users'
export const USER_CREATE_FAILED = 'Failed to create user'
export const USER_UPDATE_FAILED = 'Failed to update user'
export const USER_DELETE_FAILED = 'Failed to delete user'
export const USER_NOT_FOUND = 'User not found'
export const USERS_SEARCH_PLACEHOLDER = 'Search users...'

export const CREATE_USER_TITLE = 'Create New User'
export const EDIT_USER_TITLE = 'Edit User'
export const DELETE_USER_TITLE = 'Delete User'
export const DELETE_USER_WARNING = 'This action cannot be undone'
export const DELETE_USER_DETAIL = 'This will permanently remove the user and all associated data.'

/** The create and edit forms' own fields (email and password use sign-up's words). */
export const USER_MESSAGES = {
	...textFieldMessages('name', 'Name', USER_LIMITS.name),
	planInvalid: `Plan must be one of ${PLANS.join(', ')}`,
	statusInvalid: `Status must be one of ${USER_STATUSES.join(', ')}`,
} as const

export const PASSWORD_KEEP_LABEL = 'Password (leave blank to keep current)'

export const USER_CREATED = 'User created'
export const USER_UPDATED = 'User updated'
export const USER_DELETED = 'User deleted'

export const BULK_NO_SELECTION = 'Select at least one user'
export const BULK_ACTION_REQUIRED = 'Choose an action'
export const BULK_STATUS_REQUIRED = 'Choose a status'
export const BULK_PLAN_REQUIRED = 'Choose a plan'
export const BULK_TOO_MANY = 'At most 500 users can be updated at once'
export const BULK_DUPLICATE_IDS = 'Each user may be listed once'
export const BULK_INVALID_IDS = 'User ids must be positive whole numbers'
export const BULK_UNKNOWN_USERS = 'Some of the selected users no longer exist; nothing was changed'

/** "1 user updated", "3 users updated", "0 users deleted". */
export function bulkResultMessage(count: number, verb: 'updated' | 'deleted') {
	return `${count} ${count === 1 ? 'user' : 'users'} ${verb}`
}

/**
 * The admin users screens and /api/admin/users*: the list's query (search,
 * filters, sort, pagination) and the create, edit and bulk update schemas.
 * No server code: the pages import it to build links, the browser to
 * validate as an enhancement, the server to decide. Each field reports one
 * message at a time, the first rule it breaks.
 */

// ---------------------------------------------------------------------------
// The list query

/** Spec section 9: the users screen shows 10 rows a page. */
export const USERS_PAGE_SIZE = 10
/** The most rows one /api/admin/users call may ask for. */
export const USERS_API_MAX_LIMIT = 100
/** Pages past this are refused by the API (and clamped by the page). */
export const USERS_MAX_PAGE = 1_000_000
export const USERS_SEARCH_MAX = 100

export const USER_SORT_KEYS = ['createdAt', 'name', 'totalInvested'] as const
export type UserSortKey = (typeof USER_SORT_KEYS)[number]
export const SORT_ORDERS = ['asc', 'desc'] as const
export type SortOrder = (typeof SORT_ORDERS)[number]

/** The six sort options of spec section 9, as the sort selector offers them. */
export const USER_SORT_OPTIONS = [
	{ value: 'createdAt-desc', label: 'Newest First', sortBy: 'createdAt', sortOrder: 'desc' },
	{ value: 'createdAt-asc', label: 'Oldest First', sortBy: 'createdAt', sortOrder: 'asc' },
	{ value: 'name-asc', label: 'Name A-Z', sortBy: 'name', sortOrder: 'asc' },
	{ value: 'name-desc', label: 'Name Z-A', sortBy: 'name', sortOrder: 'desc' },
	{ value: 'totalInvested-desc', label: 'Investment High-Low', sortBy: 'totalInvested', sortOrder: 'desc' },
	{ value: 'totalInvested-asc', label: 'Investment Low-High', sortBy: 'totalInvested', sortOrder: 'asc' },
] as const satisfies ReadonlyArray<{ value: string; label: string; sortBy: UserSortKey; sortOrder: SortOrder }>

export type UserListQuery = {
	page: number
	limit: number
	/** Trimmed, NFKC; '' for none. */
	search: string
	status: UserStatus | null
	plan: Plan | null
	sortBy: UserSortKey
	sortOrder: SortOrder
}

/** Newest first when nothing is asked; a name sorts A-Z and an amount high to low unless told. */
export function defaultSortOrder(sortBy: UserSortKey): SortOrder {
	return sortBy === 'name' ? 'asc' : 'desc'
}

export const DEFAULT_USER_LIST_QUERY: UserListQuery = {
	page: 1,
	limit: USERS_PAGE_SIZE,
	search: '',
	status: null,
	plan: null,
	sortBy: 'createdAt',
	sortOrder: 'desc',
}

function isOneOf<T extends string>(list: readonly T[], value: string): value is T {
	return (list as readonly string[]).includes(value)
}

/** A whole number written plainly ("1", "25"; not "1.5", "1e3", "0x10", " 1", "01"). */
function plainInteger(value: string) {
	return /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null
}

/** "" (and "all" for the filters) means "not given". */
const blank = (value: string | undefined, all = false) =>
	value === undefined || value === '' || (all && value === 'all')

/**
 * One parameter of the API's query: given once (security V6: no first-or-
 * last ambiguity). A repeated one is the error 'Give <name> once', and its
 * first value is still checked.
 */
function givenOnce<T extends z.ZodTypeAny>(name: string, schema: T) {
	return z.preprocess((value, ctx) => {
		if (!Array.isArray(value)) return value
		ctx.addIssue({ code: z.ZodIssueCode.custom, message: `Give ${name} once` })
		return value[0]
	}, schema)
}

const listMessages = {
	page: `page must be a whole number from 1 to ${USERS_MAX_PAGE}`,
	limit: `limit must be a whole number from 1 to ${USERS_API_MAX_LIMIT}`,
	searchTooLong: `search must be at most ${USERS_SEARCH_MAX} characters`,
	searchInvalid: 'search contains characters that are not allowed',
	status: `status must be one of ${USER_STATUSES.join(', ')}`,
	plan: `plan must be one of ${PLANS.join(', ')}`,
	sortBy: `sortBy must be one of ${USER_SORT_KEYS.join(', ')}`,
	sortOrder: SORT_ORDER_INVALID,
}

/**
 * A whole number from 1 to `max`, written plainly; blank is "not given"
 * (`fallback`). The number schema inside is what the API's document shows.
 */
const wholeNumberParam = (max: number, message: string, fallback: number) =>
	z.preprocess(
		(v) => (typeof v !== 'string' ? v : blank(v) ? undefined : (plainInteger(v) ?? v)),
		z.number({ message }).int({ message }).min(1, { message }).max(max, { message }).default(fallback),
	)

/** One of `options`; blank is "not given" (`fallback` when there is one). */
const oneOfParam = <T extends string>(options: readonly [T, ...T[]], message: string, fallback?: T) => {
	const schema = z.enum(options, { message })
	return z.preprocess(
		(v) => (v === '' ? undefined : v),
		fallback === undefined ? schema.optional() : schema.default(fallback),
	)
}

/** A filter: one of `options`, or blank or "all" for every value. */
const filterParam = <T extends string>(options: readonly [T, ...T[]], message: string) =>
	z
		.enum([...options, 'all', ''], { message })
		.optional()
		.transform((v) => (v === undefined || v === '' || v === 'all' ? undefined : (v as T)))

/** Fills the defaults in: newest first, a name sorts A-Z and an amount high to low unless told. */
function toListQuery(q: {
	page?: number
	limit?: number
	search?: string
	status?: UserStatus
	plan?: Plan
	sortBy?: UserSortKey
	sortOrder?: SortOrder
}): UserListQuery {
	const sortBy = q.sortBy ?? DEFAULT_USER_LIST_QUERY.sortBy
	return {
		page: q.page ?? DEFAULT_USER_LIST_QUERY.page,
		limit: q.limit ?? DEFAULT_USER_LIST_QUERY.limit,
		search: q.search ?? '',
		status: q.status ?? null,
		plan: q.plan ?? null,
		sortBy,
		sortOrder: q.sortOrder ?? defaultSortOrder(sortBy),
	}
}

/**
 * GET /api/admin/users (and /export): page, limit, search, status, plan,
 * sortBy, sortOrder, each at most once. Anything that is not exactly right
 * is an error with its path (a page of "0", "-1", "1.5", "1e3" or "abc", a
 * limit over 100, an unknown status, plan, sortBy or sortOrder, a search
 * over 100 characters or with control characters). An empty value, or
 * "all" for status and plan, is no filter; unknown parameters are ignored.
 * Read it with `parseQuery(url, UserListApiQuerySchema, { repeated: 'schema' })`.
 */
const userListApiQueryShape = {
	page: givenOnce('page', wholeNumberParam(USERS_MAX_PAGE, listMessages.page, DEFAULT_USER_LIST_QUERY.page)),
	limit: givenOnce('limit', wholeNumberParam(USERS_API_MAX_LIMIT, listMessages.limit, DEFAULT_USER_LIST_QUERY.limit)),
	search: givenOnce(
		'search',
		z.preprocess(
			(v) => (typeof v === 'string' ? v.normalize('NFKC').trim() : v),
			z
				.string()
				.max(USERS_SEARCH_MAX, listMessages.searchTooLong)
				.refine((v) => v.length > USERS_SEARCH_MAX || !CONTROL_CHARS.test(v), listMessages.searchInvalid)
				.optional(),
		),
	).describe('Name or email contains this (trimmed, NFKC).'),
	status: givenOnce('status', filterParam(USER_STATUSES, listMessages.status)).describe(
		'Empty or `all`: every status.',
	),
	plan: givenOnce('plan', filterParam(PLANS, listMessages.plan)).describe('Empty or `all`: every plan.'),
	sortBy: givenOnce('sortBy', oneOfParam(USER_SORT_KEYS, listMessages.sortBy, DEFAULT_USER_LIST_QUERY.sortBy)),
	sortOrder: givenOnce('sortOrder', oneOfParam(SORT_ORDERS, listMessages.sortOrder)).describe(
		'`asc` for name, else `desc`, when not given.',
	),
}
export const UserListApiQuerySchema = z.object(userListApiQueryShape).transform(toListQuery)

/** GET /api/admin/users/export: the list's query; page and limit are checked, then ignored (it has every page). */
export const UserExportApiQuerySchema = z
	.object({
		...userListApiQueryShape,
		page: userListApiQueryShape.page.describe('Checked as in the list, then ignored.'),
		limit: userListApiQueryShape.limit.describe('Checked as in the list, then ignored.'),
	})
	.transform(toListQuery)

/** The first value of a repeated parameter (the page never refuses a link). */
const firstValue = (value: unknown) => (Array.isArray(value) ? value[0] : value)

/**
 * The list page's query: the same parameters, every bad value falling back
 * to its default so that a hand-edited link never fails. A page past
 * 1,000,000 reads as the last; the limit is always 10; a search loses its
 * control characters and is cut to 100 characters.
 */
export const UserListPageQuerySchema = z
	.object({
		page: z.preprocess(
			firstValue,
			z
				.string()
				.optional()
				.transform((v) => {
					const n = v === undefined ? null : plainInteger(v)
					return n === null ? undefined : Math.min(n, USERS_MAX_PAGE)
				}),
		),
		search: z.preprocess(
			firstValue,
			z
				.string()
				.optional()
				.transform((v) =>
					v?.normalize('NFKC').trim().replace(CONTROL_CHARS_GLOBAL, ' ').trim().slice(0, USERS_SEARCH_MAX).trim(),
				),
		),
		status: z.preprocess(firstValue, z.enum(USER_STATUSES).optional().catch(undefined)),
		plan: z.preprocess(firstValue, z.enum(PLANS).optional().catch(undefined)),
		sortBy: z.preprocess(firstValue, z.enum(USER_SORT_KEYS).optional().catch(undefined)),
		sortOrder: z.preprocess(firstValue, z.enum(SORT_ORDERS).optional().catch(undefined)),
	})
	.transform(toListQuery)

/**
 * Reads the list query from URL search params: `strict` through
 * UserListApiQuerySchema (errors with their paths), otherwise through
 * UserListPageQuerySchema (never fails).
 */
export function parseUserListQuery(
	params: URLSearchParams,
	options: { strict: true },
): { ok: true; query: UserListQuery } | { ok: false; errors: QueryError[] }
export function parseUserListQuery(
	params: URLSearchParams,
	options?: { strict?: false },
): { ok: true; query: UserListQuery }
export function parseUserListQuery(
	params: URLSearchParams,
	options: { strict?: boolean } = {},
): { ok: true; query: UserListQuery } | { ok: false; errors: QueryError[] } {
	if (options.strict !== true) return { ok: true, query: UserListPageQuerySchema.parse(queryInput(params)) }
	const parsed = UserListApiQuerySchema.safeParse(queryInput(params))
	if (parsed.success) return { ok: true, query: parsed.data }
	return {
		ok: false,
		errors: parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
	}
}

/** The sort selector's value for a query ("name-asc"). */
export function sortValue(query: Pick<UserListQuery, 'sortBy' | 'sortOrder'>) {
	return `${query.sortBy}-${query.sortOrder}`
}

/** The sort selector's value read back ("name-asc" → name, asc); null when unknown. */
export function parseSortValue(value: string | null | undefined) {
	const option = USER_SORT_OPTIONS.find((o) => o.value === value)
	return option ? { sortBy: option.sortBy, sortOrder: option.sortOrder } : null
}

/**
 * The canonical query string of a list state, without the defaults
 * ("?status=active&sortBy=name&sortOrder=asc&page=2"; "" for the default
 * list). Every state of the list is a link.
 */
export function userListSearch(query: UserListQuery, overrides: Partial<UserListQuery> = {}) {
	const q = { ...query, ...overrides }
	const params = new URLSearchParams()
	if (q.search) params.set('search', q.search)
	if (q.status) params.set('status', q.status)
	if (q.plan) params.set('plan', q.plan)
	if (q.sortBy !== DEFAULT_USER_LIST_QUERY.sortBy || q.sortOrder !== DEFAULT_USER_LIST_QUERY.sortOrder) {
		params.set('sortBy', q.sortBy)
		params.set('sortOrder', q.sortOrder)
	}
	if (q.page > 1) params.set('page', String(q.page))
	const text = params.toString()
	return text ? `?${text}` : ''
}

export type Pagination = {
	page: number
	limit: number
	totalPages: number
	totalCount: number
	currentPage: number
	/** 1-based index of the first row shown (0 when there is none). */
	from: number
	/** 1-based index of the last row shown (0 when there is none). */
	to: number
	hasPrevious: boolean
	hasNext: boolean
}

/**
 * Pagination arithmetic: at least one page (an empty list is 'Page 1 of
 * 1'); 'Showing from to to of totalCount'. A page past the end shows no
 * rows (the page clamps before asking, the API answers an empty list).
 */
export function paginate(totalCount: number, page: number, limit: number): Pagination {
	const totalPages = Math.max(1, Math.ceil(totalCount / limit))
	const first = (page - 1) * limit
	const from = totalCount > 0 && first < totalCount ? first + 1 : 0
	const to = from === 0 ? 0 : Math.min(first + limit, totalCount)
	return {
		page,
		limit,
		totalPages,
		totalCount,
		currentPage: page,
		from,
		to,
		hasPrevious: page > 1,
		hasNext: page < totalPages,
	}
}

// ---------------------------------------------------------------------------
// Create, edit

export const ManagedNameSchema = stringField(USER_MESSAGES.nameRequired, [
	[(v) => v.length <= USER_LIMITS.name, USER_MESSAGES.nameTooLong],
	[(v) => !CONTROL_CHARS.test(v), USER_MESSAGES.nameInvalid],
])

export const PlanSchema = z.enum(PLANS, { errorMap: () => ({ message: USER_MESSAGES.planInvalid }) })
export const UserStatusSchema = z.enum(USER_STATUSES, { errorMap: () => ({ message: USER_MESSAGES.statusInvalid }) })

/** Blank (missing, '', only spaces) reads as "not given". */
function blankAsUndefined(value: unknown) {
	return typeof value === 'string' && value.trim() === '' ? undefined : value
}

/** Optional contact fields: accepted blank (stored as ''), checked like sign-up when filled. */
const optionalContact = <T extends z.ZodTypeAny>(schema: T) => z.preprocess(blankAsUndefined, schema.optional())

const contactFields = {
	phone: optionalContact(PhoneSchema),
	country: optionalContact(CountrySchema),
	telegram: optionalContact(TelegramSchema),
}

const createFields = {
	name: ManagedNameSchema,
	email: EmailSchema,
	password: NewPasswordSchema,
	...contactFields,
	plan: z.preprocess(blankAsUndefined, PlanSchema.default('regular')),
	status: z.preprocess(blankAsUndefined, UserStatusSchema.default('active')),
}

/** The Create New User form (spec: plan defaults to regular, status to active). */
export const UserCreateFormSchema = z.object(createFields)
/** POST /api/admin/users: the same fields, no others. */
export const UserCreateApiSchema = z.object(createFields).strict()
export type UserCreateInput = z.output<typeof UserCreateFormSchema>

const updateFields = {
	name: ManagedNameSchema,
	email: EmailSchema,
	// 'Password (leave blank to keep current)'.
	password: z.preprocess((v) => (v === '' ? undefined : v), NewPasswordSchema.optional()),
	...contactFields,
	plan: z.preprocess(blankAsUndefined, PlanSchema.optional()),
	status: z.preprocess(blankAsUndefined, UserStatusSchema.optional()),
}

/** The Edit User form. A blank contact field clears it; plan and status are always sent. */
export const UserUpdateFormSchema = z.object(updateFields)
/**
 * PUT /api/admin/users/:id: name and email required; password omitted (or
 * blank) keeps the current one; phone, country, telegram, plan and status
 * left out keep theirs. No other fields.
 */
export const UserUpdateApiSchema = z.object(updateFields).strict()
export type UserUpdateInput = z.output<typeof UserUpdateFormSchema>

// ---------------------------------------------------------------------------
// Bulk update

export const BULK_MAX_USERS = 500
export const BULK_ACTIONS = ['set-status', 'set-plan', 'delete'] as const
export type BulkAction = (typeof BULK_ACTIONS)[number]
export const BULK_ACTION_LABELS: Record<BulkAction, string> = {
	'set-status': 'Set status',
	'set-plan': 'Set plan',
	delete: 'Delete',
}

/** What the bulk rule takes. */
export type BulkInput =
	| { userIds: number[]; action: 'set-status'; status: UserStatus }
	| { userIds: number[]; action: 'set-plan'; plan: Plan }
	| { userIds: number[]; action: 'delete' }

function readIds(values: unknown[], ctx: z.RefinementCtx, path: string) {
	if (values.length === 0) {
		ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message: BULK_NO_SELECTION })
		return null
	}
	if (values.length > BULK_MAX_USERS) {
		ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message: BULK_TOO_MANY })
		return null
	}
	const ids: number[] = []
	for (const value of values) {
		const id =
			typeof value === 'number' && Number.isSafeInteger(value) && value > 0
				? value
				: typeof value === 'string'
					? plainInteger(value)
					: null
		if (id === null || !Number.isSafeInteger(id)) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message: BULK_INVALID_IDS })
			return null
		}
		ids.push(id)
	}
	if (new Set(ids).size !== ids.length) {
		ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message: BULK_DUPLICATE_IDS })
		return null
	}
	return ids
}

/**
 * The list page's bulk form: row checkboxes `userIds`, `bulkAction` and
 * `bulkValue` (a status or a plan). `confirm` is set by the confirmation
 * step that a bulk delete goes through.
 */
export const BulkFormSchema = z
	.object({
		userIds: z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(z.unknown())),
		bulkAction: z.string().optional(),
		bulkValue: z.string().optional(),
		confirm: z.string().optional(),
	})
	.transform((value, ctx): BulkInput & { confirmed: boolean } => {
		const ids = readIds(value.userIds, ctx, 'userIds')
		const action = value.bulkAction
		if (!action || !isOneOf(BULK_ACTIONS, action)) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['bulkAction'], message: BULK_ACTION_REQUIRED })
			return z.NEVER
		}
		const confirmed = value.confirm === 'yes'
		if (action === 'set-status') {
			if (!value.bulkValue || !isOneOf(USER_STATUSES, value.bulkValue)) {
				ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['bulkValue'], message: BULK_STATUS_REQUIRED })
				return z.NEVER
			}
			return ids ? { userIds: ids, action, status: value.bulkValue, confirmed } : z.NEVER
		}
		if (action === 'set-plan') {
			if (!value.bulkValue || !isOneOf(PLANS, value.bulkValue)) {
				ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['bulkValue'], message: BULK_PLAN_REQUIRED })
				return z.NEVER
			}
			return ids ? { userIds: ids, action, plan: value.bulkValue, confirmed } : z.NEVER
		}
		return ids ? { userIds: ids, action, confirmed } : z.NEVER
	})

/**
 * POST /api/admin/users/bulk-update (spec: userIds, action, data):
 * `{ userIds: [1, 2], action: 'set-status', data: { status: 'suspended' } }`,
 * `{ ..., action: 'set-plan', data: { plan: 'gold' } }`,
 * `{ ..., action: 'delete' }`. Ids are JSON numbers, once each, at most 500.
 */
export const BulkApiSchema = z
	.object({
		userIds: z.array(z.unknown(), { required_error: BULK_NO_SELECTION, invalid_type_error: BULK_INVALID_IDS }),
		action: z.enum(BULK_ACTIONS, { errorMap: () => ({ message: `action must be one of ${BULK_ACTIONS.join(', ')}` }) }),
		data: z.object({ status: UserStatusSchema.optional(), plan: PlanSchema.optional() }).strict().optional(),
	})
	.strict()
	.transform((value, ctx): BulkInput => {
		if (value.userIds.some((id) => typeof id !== 'number')) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['userIds'], message: BULK_INVALID_IDS })
			return z.NEVER
		}
		const ids = readIds(value.userIds, ctx, 'userIds')
		const data = value.data ?? {}
		if (value.action === 'set-status') {
			if (!data.status || data.plan !== undefined) {
				ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['data', 'status'], message: BULK_STATUS_REQUIRED })
				return z.NEVER
			}
			return ids ? { userIds: ids, action: 'set-status', status: data.status } : z.NEVER
		}
		if (value.action === 'set-plan') {
			if (!data.plan || data.status !== undefined) {
				ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['data', 'plan'], message: BULK_PLAN_REQUIRED })
				return z.NEVER
			}
			return ids ? { userIds: ids, action: 'set-plan', plan: data.plan } : z.NEVER
		}
		if (data.status !== undefined || data.plan !== undefined) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['data'], message: 'delete takes no data' })
			return z.NEVER
		}
		return ids ? { userIds: ids, action: 'delete' } : z.NEVER
	})

/** A user id in a URL ("/admin/users/42"): a plain positive whole number, else null. */
export function parseUserId(value: string | undefined) {
	if (value === undefined) return null
	const id = plainInteger(value)
	return id !== null && Number.isSafeInteger(id) ? id : null
}

/**
 * The capability a bulk update needs (docs/decisions/008-roles-and-capabilities.md): deleting and
 * banning are super_admin's; other status and plan changes any admin's.
 */
export function bulkCapability(input: BulkInput): Capability {
	if (input.action === 'delete') return 'users:bulk-delete'
	if (input.action === 'set-status' && input.status === 'banned') return 'users:bulk-ban'
	return 'users:bulk-update'
}

// ---------------------------------------------------------------------------

/** "/admin/users?status=banned": the list in `query`'s state (what a change redirects to). */
export function usersListHref(query: UserListQuery) {
	return `/admin/users${userListSearch(query)}`
}
