import {
	textFieldMessages,
	SORT_ORDER_INVALID,
	CONTROL_CHARS,
	CONTROL_CHARS_EXCEPT_LINE_BREAKS,
} from '#app/utils/validation.ts'
import { z } from 'zod'
import { CONTEST_STATUSES, CONTEST_TYPES, type ContestStatus, type ContestType } from '#app/domain/enums.ts'

/**
 * How long or large what staff enter may be: the schemas below enforce these
 * and the messages name them, so both read one number (every area keeps its
 * limits at the top of its schemas.ts, browser-safe).
 */

export const CONTEST_LIMITS = {
	name: 100,
	description: 1000,
	prize: 100,
	rules: 5000,
	search: 100,
	maxParticipants: 1_000_000,
	score: 1_000_000_000,
} as const

/**
 * The contest management screens' words (spec sections 2, 4, 5 and 8),
 * shared by the server rules, the pages and /api/admin/contests; words every
 * staff form shares (the name field) come from app/utils/validation.ts.
 * Field limits are CONTEST_LIMITS, at the top of this file.
 */

/** The contest form's and API's field messages (one at a time, the first rule broken). */
export const CONTEST_MESSAGES = {
	...textFieldMessages('name', 'Name', CONTEST_LIMITS.name),
	...textFieldMessages('description', 'Description', CONTEST_LIMITS.description),
	typeInvalid: 'Type must be referral, trading, deposit or activity',
	startDateRequired: 'Start date is required',
	endDateRequired: 'End date is required',
	dateFormat: 'Enter a date as YYYY-MM-DD',
	dateRange: 'Enter a date between 2000 and 2100',
	endBeforeStart: 'End date must be on or after the start date',
	prizeFirstRequired: 'First prize is required',
	prizeTooLong: `Prize must be at most ${CONTEST_LIMITS.prize} characters`,
	prizeInvalid: 'Prize contains characters that are not allowed',
	rulesRequired: 'Rules are required',
	rulesTooLong: `Rules must be at most ${CONTEST_LIMITS.rules} characters`,
	rulesInvalid: 'Rules contain characters that are not allowed',
	maxParticipantsInvalid: 'Max participants must be a whole number from 1 to 1,000,000',
	statusRequired: 'Status is required',
	statusInvalid: 'Status must be draft, active, paused or completed',
	scoreRequired: 'Score is required',
	scoreInvalid: 'Score must be a whole number of 0 or more',
	scoreTooLarge: 'Score must be at most 1,000,000,000',
	userIdRequired: 'userId is required',
	userIdInvalid: 'userId must be a participant id',
	eitherStatusOrFields: 'Send either the contest fields or only status',
} as const

/** The query parameters of GET /api/admin/contests and its participants and leaderboard (400). */
export const CONTEST_QUERY_MESSAGES = {
	search: `search must be at most ${CONTEST_LIMITS.search} characters without control characters`,
	status: 'status must be draft, active, paused, completed or all',
	type: 'type must be referral, trading, deposit, activity or all',
	sortBy: 'sortBy must be createdAt, name, startDate or endDate',
	sortOrder: SORT_ORDER_INVALID,
	page: 'page must be a whole number from 1',
	limit: 'limit must be a whole number from 1 to 100',
} as const

/** The words of /admin/contests and /api/admin/contests*: titles, failures, dialogs and refusals. */
export const CONTEST_TEXTS = {
	title: 'Contest Management',
	subtitle: 'Create and manage monthly contests',
	errorTitle: 'Error Loading Contests',
	loadFailed: 'Failed to load contests',
	createFailed: 'Failed to create contest',
	updateFailed: 'Failed to update contest',
	completeFailed: 'Failed to complete contest',
	statusFailed: 'Failed to update contest status',
	deleteFailed: 'Failed to delete contest',
	scoreFailed: 'Failed to update score',

	createContestTitle: 'Create New Contest',
	editContestTitle: 'Edit Contest',
	deleteContestTitle: 'Delete Contest',
	completeContestTitle: 'Complete Contest',
	deleteContestWarning: 'This will permanently remove the contest and all participant data.',
	completeContestWarning:
		'Completing freezes the ranks as they stand now. Scores can no longer change and the contest cannot be restarted.',
	noParticipants: 'No participants yet',
	noContests: 'No contests found',
	maxParticipantsHint: 'Leave blank for unlimited',

	notFound: 'Contest not found',
	participantNotFound: 'Participant not found',
	scoresLocked: 'This contest is completed: its ranks are final and scores can no longer change.',
	scoresFromData:
		'Scores of deposit, trading and activity contests come from the data (broker reports, sign-ins, lessons, referrals) and cannot be set by hand.',
	/** The participants dialog of a data-scored contest (no score form). */
	scoresFromDataNote: 'Scores come from the data.',
	useCompleteAction: 'A contest is completed through the complete action, which freezes its ranks.',
	fullBelowCount: (count: number) =>
		`Max participants cannot be below the ${count} ${count === 1 ? 'participant' : 'participants'} already in the contest`,
} as const

export const STATUS_LABELS: Record<ContestStatus, string> = {
	draft: 'Draft',
	active: 'Active',
	paused: 'Paused',
	completed: 'Completed',
}

export const TYPE_LABELS: Record<ContestType, string> = {
	referral: 'Referral',
	trading: 'Trading',
	deposit: 'Deposit',
	activity: 'Activity',
}

/** Why a status change is refused (409). */
export function transitionRefused(from: ContestStatus, to: ContestStatus) {
	if (from === to) return `This contest is already ${from}.`
	return `${from === 'active' ? 'An' : 'A'} ${from} contest cannot be changed to ${to}.`
}

/** The notices shown on the list after a change (flash messages). */
export const CONTEST_NOTICES = {
	created: 'Contest created as a draft.',
	updated: 'Contest updated.',
	started: 'Contest started.',
	paused: 'Contest paused.',
	resumed: 'Contest resumed.',
	completed: 'Contest completed: ranks are final.',
	deleted: 'Contest deleted.',
} as const
export type ContestNotice = keyof typeof CONTEST_NOTICES

export const SCORE_UPDATED = 'Score updated.'

/**
 * Contest management's rules without server code: the form and API schemas
 * (zod, shared by the page actions through Conform, the browser and
 * /api/admin/contests), the status transitions of spec section 4, and the
 * list filters read from the URL. Each field reports one message at a time.
 */

// Single-line fields refuse every control character; multi-line ones keep
// tabs and line breaks.

const M = CONTEST_MESSAGES

type Check = [test: (value: string) => boolean, message: string]

/** A trimmed text field: `required` when missing or empty, then the first failing check. */
function requiredText(required: string, checks: Check[]) {
	return z
		.string({ required_error: required, invalid_type_error: required })
		.trim()
		.superRefine((value, ctx) => {
			if (value.length === 0) return void ctx.addIssue({ code: z.ZodIssueCode.custom, message: required })
			const failed = checks.find(([test]) => !test(value))
			if (failed) ctx.addIssue({ code: z.ZodIssueCode.custom, message: failed[1] })
		})
}

/** An optional trimmed text field: missing, null or blank is null. */
function optionalText(checks: Check[], invalidType: string) {
	return z
		.string({ invalid_type_error: invalidType })
		.trim()
		.nullish()
		.transform((value) => (value ? value : null))
		.superRefine((value, ctx) => {
			if (value === null) return
			const failed = checks.find(([test]) => !test(value))
			if (failed) ctx.addIssue({ code: z.ZodIssueCode.custom, message: failed[1] })
		})
}

const within = (max: number, message: string): Check => [(v) => v.length <= max, message]
const singleLine = (message: string): Check => [(v) => !CONTROL_CHARS.test(v), message]
const multiLine = (message: string): Check => [(v) => !CONTROL_CHARS_EXCEPT_LINE_BREAKS.test(v), message]

const NameSchema = requiredText(M.nameRequired, [within(CONTEST_LIMITS.name, M.nameTooLong), singleLine(M.nameInvalid)])
const DescriptionSchema = requiredText(M.descriptionRequired, [
	within(CONTEST_LIMITS.description, M.descriptionTooLong),
	multiLine(M.descriptionInvalid),
])
const RulesSchema = requiredText(M.rulesRequired, [
	within(CONTEST_LIMITS.rules, M.rulesTooLong),
	multiLine(M.rulesInvalid),
])
const prizeChecks = [within(CONTEST_LIMITS.prize, M.prizeTooLong), singleLine(M.prizeInvalid)]
const FirstPrizeSchema = requiredText(M.prizeFirstRequired, prizeChecks)
const OtherPrizeSchema = optionalText(prizeChecks, M.prizeInvalid)

/** Type: one of the four, referral when missing (spec section 5). */
const TypeSchema = z.enum(CONTEST_TYPES, { errorMap: () => ({ message: M.typeInvalid }) }).default('referral')

/** A real calendar day "YYYY-MM-DD", or null. */
export function parseDateOnly(value: string): string | null {
	const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
	if (!match) return null
	const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
	const date = new Date(Date.UTC(year, month - 1, day))
	if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null
	return value
}

/**
 * A date-only value (spec section 5): "YYYY-MM-DD", or a date with a time
 * part ("2026-11-01T00:00:00.000Z"), whose time part is trimmed. Years 2000
 * to 2100.
 */
function dateSchema(required: string) {
	return z
		.string({ required_error: required, invalid_type_error: required })
		.trim()
		.transform((value, ctx) => {
			if (value.length === 0) {
				ctx.addIssue({ code: z.ZodIssueCode.custom, message: required })
				return z.NEVER
			}
			const match = /^(\d{4}-\d{2}-\d{2})(?:[T ][0-9:.]{2,18}(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(value)
			const day = match ? parseDateOnly(match[1]!) : null
			if (!day) {
				ctx.addIssue({ code: z.ZodIssueCode.custom, message: M.dateFormat })
				return z.NEVER
			}
			if (day < '2000-01-01' || day > '2100-12-31') {
				ctx.addIssue({ code: z.ZodIssueCode.custom, message: M.dateRange })
				return z.NEVER
			}
			return day
		})
}

// Runs on dirty objects too (other fields may have failed): compare only
// two good dates.
function checkDateOrder(value: { startDate: string; endDate: string }, ctx: z.RefinementCtx) {
	const { startDate, endDate } = value
	if (typeof startDate !== 'string' || typeof endDate !== 'string') return
	if (endDate < startDate) {
		ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['endDate'], message: M.endBeforeStart })
	}
}

/** The form's max participants: blank is unlimited (null), else 1 to 1,000,000. */
const MaxParticipantsTextSchema = z
	.string({ invalid_type_error: M.maxParticipantsInvalid })
	.trim()
	.optional()
	.transform((value, ctx) => {
		if (!value) return null
		if (!/^\d{1,7}$/.test(value)) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, message: M.maxParticipantsInvalid })
			return z.NEVER
		}
		const n = Number(value)
		if (n < 1 || n > CONTEST_LIMITS.maxParticipants) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, message: M.maxParticipantsInvalid })
			return z.NEVER
		}
		return n
	})

/** The API's max participants: a whole JSON number, or null/missing for unlimited. */
const MaxParticipantsNumberSchema = z
	.number({ invalid_type_error: M.maxParticipantsInvalid })
	.int(M.maxParticipantsInvalid)
	.min(1, M.maxParticipantsInvalid)
	.max(CONTEST_LIMITS.maxParticipants, M.maxParticipantsInvalid)
	.nullish()
	.transform((value) => value ?? null)

/** What the contest rules take (the form and the API both come out as this). */
export type ContestInput = {
	name: string
	description: string
	type: ContestType
	startDate: string
	endDate: string
	prizeFirst: string
	prizeSecond: string | null
	prizeThird: string | null
	rules: string
	maxParticipants: number | null
}

/** The create and edit dialogs' form. */
export const ContestFormSchema = z
	.object({
		name: NameSchema,
		type: TypeSchema,
		description: DescriptionSchema,
		startDate: dateSchema(M.startDateRequired),
		endDate: dateSchema(M.endDateRequired),
		prizeFirst: FirstPrizeSchema,
		prizeSecond: OtherPrizeSchema,
		prizeThird: OtherPrizeSchema,
		rules: RulesSchema,
		maxParticipants: MaxParticipantsTextSchema,
	})
	.superRefine(checkDateOrder)

/**
 * POST /api/admin/contests and PUT /api/admin/contests/:id (spec section 7):
 * { name, description, type, startDate, endDate, prizes { first, second,
 * third }, rules, maxParticipants }. Strict: unknown fields are refused.
 */
export const ContestApiSchema = z
	.object({
		name: NameSchema,
		description: DescriptionSchema,
		type: TypeSchema,
		startDate: dateSchema(M.startDateRequired),
		endDate: dateSchema(M.endDateRequired),
		prizes: z
			.object(
				{ first: FirstPrizeSchema, second: OtherPrizeSchema, third: OtherPrizeSchema },
				{ required_error: M.prizeFirstRequired, invalid_type_error: M.prizeFirstRequired },
			)
			.strict(),
		rules: RulesSchema,
		maxParticipants: MaxParticipantsNumberSchema,
	})
	.strict()
	.superRefine(checkDateOrder)
	.transform(({ prizes, ...rest }): ContestInput => ({
		...rest,
		prizeFirst: prizes.first,
		prizeSecond: prizes.second,
		prizeThird: prizes.third,
	}))

/** PUT /api/admin/contests/:id with only { status } (start, pause, resume). */
export const ContestStatusApiSchema = z
	.object({
		status: z.enum(CONTEST_STATUSES, {
			errorMap: (issue) => ({
				message: issue.code === 'invalid_type' && issue.received === 'undefined' ? M.statusRequired : M.statusInvalid,
			}),
		}),
	})
	.strict()

/** The participants dialog's score form (one per row). */
export const ScoreFormSchema = z.object({
	userId: z
		.string({ required_error: M.userIdRequired, invalid_type_error: M.userIdRequired })
		.regex(/^[1-9]\d{0,9}$/, M.userIdInvalid)
		.transform(Number),
	score: z
		.string({ required_error: M.scoreRequired, invalid_type_error: M.scoreRequired })
		.trim()
		.transform((value, ctx) => {
			if (!value) {
				ctx.addIssue({ code: z.ZodIssueCode.custom, message: M.scoreRequired })
				return z.NEVER
			}
			if (!/^\d+$/.test(value)) {
				ctx.addIssue({ code: z.ZodIssueCode.custom, message: M.scoreInvalid })
				return z.NEVER
			}
			const n = value.length > 10 ? Infinity : Number(value)
			if (n > CONTEST_LIMITS.score) {
				ctx.addIssue({ code: z.ZodIssueCode.custom, message: M.scoreTooLarge })
				return z.NEVER
			}
			return n
		}),
})

/** PUT /api/admin/contests/:id/participants/:userId { score }. */
export const ScoreApiSchema = z
	.object({
		score: z
			.number({ required_error: M.scoreRequired, invalid_type_error: M.scoreInvalid })
			.int(M.scoreInvalid)
			.min(0, M.scoreInvalid)
			.max(CONTEST_LIMITS.score, M.scoreTooLarge),
	})
	.strict()

// ---------------------------------------------------------------- status

export type ContestAction = 'start' | 'pause' | 'resume' | 'complete'

/** The transitions of spec section 4; anything else is refused (409). */
export const CONTEST_TRANSITIONS: ReadonlyArray<{
	action: ContestAction
	label: string
	from: ContestStatus
	to: ContestStatus
}> = [
	{ action: 'start', label: 'Start', from: 'draft', to: 'active' },
	{ action: 'pause', label: 'Pause', from: 'active', to: 'paused' },
	{ action: 'resume', label: 'Resume', from: 'paused', to: 'active' },
	{ action: 'complete', label: 'Complete', from: 'active', to: 'completed' },
]

/** The transition from `from` to `to`, or null when the spec does not offer it. */
export function findTransition(from: ContestStatus, to: ContestStatus) {
	return CONTEST_TRANSITIONS.find((t) => t.from === from && t.to === to) ?? null
}

/** The status buttons a contest in `status` offers (in order). */
export function statusActions(status: ContestStatus) {
	return CONTEST_TRANSITIONS.filter((t) => t.from === status)
}

/** Start, Pause and Resume post to the list; Complete has its own dialog. */
export const STATUS_FORM_INTENTS = ['start', 'pause', 'resume'] as const satisfies readonly ContestAction[]
export const CONTEST_STATUS_CHOICE = 'Choose Start, Pause or Resume for a contest'

/**
 * The list's status buttons: `{ intent, contestId }`, one small form per
 * button. Anything else is the one form error CONTEST_STATUS_CHOICE.
 */
export const ContestStatusFormSchema = z.object({
	intent: z.enum(STATUS_FORM_INTENTS, { errorMap: () => ({ message: CONTEST_STATUS_CHOICE }) }),
	contestId: z
		.string({ errorMap: () => ({ message: CONTEST_STATUS_CHOICE }) })
		.regex(/^[1-9]\d{0,9}$/, CONTEST_STATUS_CHOICE)
		.transform(Number)
		.refine((id) => id <= 2_147_483_647, CONTEST_STATUS_CHOICE),
})

// ---------------------------------------------------------------- list filters

export const CONTEST_SORT_KEYS = ['createdAt', 'name', 'startDate', 'endDate'] as const
export type ContestSortKey = (typeof CONTEST_SORT_KEYS)[number]

export type ContestFilters = {
	search: string
	status: ContestStatus | null
	type: ContestType | null
	sortBy: ContestSortKey
	sortOrder: 'asc' | 'desc'
}

/**
 * GET /api/admin/contests ?search, status, type, sortBy (createdAt), sortOrder
 * (desc). Strict: unknown or malformed values are a 400, never a 500.
 */
export const ContestListQuerySchema = z
	.object({
		search: z
			.string()
			.trim()
			.refine((v) => v.length <= CONTEST_LIMITS.search && !CONTROL_CHARS.test(v), CONTEST_QUERY_MESSAGES.search)
			.optional(),
		status: z
			.enum([...CONTEST_STATUSES, 'all', ''], { errorMap: () => ({ message: CONTEST_QUERY_MESSAGES.status }) })
			.optional(),
		type: z
			.enum([...CONTEST_TYPES, 'all', ''], { errorMap: () => ({ message: CONTEST_QUERY_MESSAGES.type }) })
			.optional(),
		sortBy: z.enum(CONTEST_SORT_KEYS, { errorMap: () => ({ message: CONTEST_QUERY_MESSAGES.sortBy }) }).optional(),
		sortOrder: z.enum(['asc', 'desc'], { errorMap: () => ({ message: CONTEST_QUERY_MESSAGES.sortOrder }) }).optional(),
	})
	.strict()
	.transform((q): ContestFilters => ({
		search: q.search ?? '',
		status: q.status && q.status !== 'all' ? q.status : null,
		type: q.type && q.type !== 'all' ? q.type : null,
		sortBy: q.sortBy ?? 'createdAt',
		sortOrder: q.sortOrder ?? 'desc',
	}))

/**
 * The page's filters: the same parameters read leniently (a value that is
 * not one of the options reads as "all"), since a hand-edited URL should
 * still show the list.
 */
export function readContestFilters(params: URLSearchParams): ContestFilters {
	const search = (params.get('search') ?? '').trim()
	const status = params.get('status')
	const type = params.get('type')
	return {
		search: search.length <= CONTEST_LIMITS.search && !CONTROL_CHARS.test(search) ? search : '',
		status: CONTEST_STATUSES.includes(status as ContestStatus) ? (status as ContestStatus) : null,
		type: CONTEST_TYPES.includes(type as ContestType) ? (type as ContestType) : null,
		sortBy: 'createdAt',
		sortOrder: 'desc',
	}
}

/** "?search=x&status=active": the list's own parameters, kept by every dialog's close link. */
export function contestListSearch(params: URLSearchParams) {
	const kept = new URLSearchParams()
	for (const key of ['search', 'status', 'type'] as const) {
		const value = params.get(key)
		if (value) kept.set(key, value)
	}
	const text = kept.toString()
	return text ? `?${text}` : ''
}

/** A positive whole-number path or query value (ids, pages), or null. */
export function parsePositiveInt(value: string | null | undefined, max = 2_147_483_647) {
	if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null
	const n = Number(value)
	return n <= max ? n : null
}

/** ?limit=1..100 (optional), the same on the participants and leaderboard calls. */
const LimitParam = z
	.string()
	.regex(/^[1-9]\d{0,2}$/, CONTEST_QUERY_MESSAGES.limit)
	.transform(Number)
	.refine((n) => n <= 100, CONTEST_QUERY_MESSAGES.limit)
	.optional()

/** ?page=1.. & ?limit=1..100 of the participants call (both optional). */
export const ParticipantsQuerySchema = z
	.object({
		page: z
			.string()
			.regex(/^[1-9]\d{0,5}$/, CONTEST_QUERY_MESSAGES.page)
			.transform(Number)
			.optional(),
		limit: LimitParam,
	})
	.strict()

/** ?limit=1..100 of the leaderboard call (default 10). */
export const LeaderboardQuerySchema = z
	.object({
		limit: LimitParam,
	})
	.strict()
