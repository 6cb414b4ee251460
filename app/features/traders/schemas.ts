import { z } from 'zod'
import {
	STATEMENT_KINDS,
	TRADER_FLAG_CODES,
	TRADER_STATUSES,
	type TraderFlagCode,
	type TraderStatus,
} from '#app/domain/enums.ts'
import { filteredListQueryParser, filteredListSearch, filterParam, wholeNumberParam } from '#app/utils/list-query.ts'
import { CHECKLIST_KEYS, type ChecklistKey } from '#app/features/traders/review.ts'
import { CONTROL_CHARS, CONTROL_CHARS_EXCEPT_LINE_BREAKS, CountrySchema } from '#app/utils/validation.ts'
import { METRIC_KEYS } from '#app/features/traders/metrics.ts'

export const UNKNOWN_TRADER = 'This trader does not exist'

/**
 * The member API's inputs (/api/member/*): query strings and bodies, the
 * same fields and messages as the dashboard's forms. The pages read a bad
 * `sort` or `tab` in a hand-edited link as the default; the API refuses it
 * (400) so a client learns of its mistake.
 */

/**
 * The members' list sorts (issue 39 part 4, decision 056): `score` (How we
 * rank), every metric by its API name, `return1w`, and the seed's four
 * dashboard sorts kept from data: weeklyReturn = return1w, monthlyReturn =
 * return1m, winRate, followers.
 */
export const TRADER_SORT_VALUES = [
	'score',
	'weeklyReturn',
	'monthlyReturn',
	'followers',
	'return1w',
	...METRIC_KEYS,
] as const
export type TraderSort = (typeof TRADER_SORT_VALUES)[number]

/** The dashboard's sort selector: How we rank, then the seed's four sorts. */
export const TRADER_SORTS = [
	{ value: 'score', label: 'Ranking score' },
	{ value: 'weeklyReturn', label: 'Weekly Return' },
	{ value: 'monthlyReturn', label: 'Monthly Return' },
	{ value: 'winRate', label: 'Win Rate' },
	{ value: 'followers', label: 'Followers' },
] as const satisfies readonly { value: TraderSort; label: string }[]

/** The list's order when none is asked for (page and API): How we rank. */
export const DEFAULT_TRADER_SORT: TraderSort = 'score'
export const TRADER_ORDERS = ['desc', 'asc'] as const
export type TraderOrder = (typeof TRADER_ORDERS)[number]
/** `current`: listed and watch traders; `past`: suspended and retired ones. */
export const MEMBER_TRADER_STATUSES = ['current', 'past'] as const
export type MemberTraderStatus = (typeof MEMBER_TRADER_STATUSES)[number]
export const MEMBER_TRADERS_PAGE_SIZE = 20

export type MemberTraderQuery = {
	sort: TraderSort
	order: TraderOrder
	status: MemberTraderStatus
	page: number
	limit: number
	/** Issue 40 part 1: the current list's filters (past traders are not filtered). */
	filters?: TraderFilters
}

// ---------------------------------------------------------------------------
// The members' filters (issue 40 part 1, decision 057): in the query string
// of /dashboard and GET /api/member/traders alike, so a filtered list is a
// link and works without JavaScript.

export const TRADER_FILTER_LIMITS = {
	riskScore: { min: 1, max: 10 },
	/** Percent. */
	maxDrawdown: { min: 1, max: 100 },
	minMonths: { min: 0, max: 120 },
	markets: 10,
	search: 80,
} as const

export const TRADER_FILTER_NAMES = [
	'riskMin',
	'riskMax',
	'maxDrawdown',
	'minMonths',
	'markets',
	'broker',
	'noFlags',
	'q',
] as const
export type TraderFilterName = (typeof TRADER_FILTER_NAMES)[number]

export const TRADER_FILTER_MESSAGES = {
	riskScore: 'Risk score is a whole number from 1 to 10',
	riskOrder: 'The lowest risk score is above the highest',
	maxDrawdown: 'Maximum drawdown is a percentage from 1 to 100',
	minMonths: 'History is a whole number of months from 0 to 120',
	marketsTooMany: `Choose at most ${TRADER_FILTER_LIMITS.markets} markets`,
	marketInvalid: 'Markets are instrument symbols like XAUUSD',
	unknownMarket: (symbol: string) => `No listed trader trades ${symbol}`,
	unknownBroker: (slug: string) => `Unknown broker: ${slug}`,
	noFlags: 'noFlags must be 1 or 0',
	searchTooLong: `Search is at most ${TRADER_FILTER_LIMITS.search} characters`,
	searchInvalid: 'Search contains characters that are not allowed',
	noMatch: 'No traders match these filters.',
	/** Issue 40 part 6: shown beside a list sorted by a week's or a month's return. */
	shortReturns:
		'Returns over a week or a month mostly reflect luck, not skill: compare the 12-month record and the risk score too.',
} as const

export type TraderFilters = {
	riskMin: number | null
	riskMax: number | null
	/** A fraction (0.2 for a query's 20%). */
	maxDrawdown: number | null
	minMonths: number | null
	markets: string[]
	broker: string | null
	noFlags: boolean
	q: string | null
}

export const NO_TRADER_FILTERS: TraderFilters = {
	riskMin: null,
	riskMax: null,
	maxDrawdown: null,
	minMonths: null,
	markets: [],
	broker: null,
	noFlags: false,
	q: null,
}

/** The sorts whose short windows mostly reflect luck (the list says so). */
export const SHORT_RETURN_SORTS: readonly TraderSort[] = ['weeklyReturn', 'monthlyReturn', 'return1w', 'return1m']

export function sortWarning(sort: TraderSort) {
	return SHORT_RETURN_SORTS.includes(sort) ? TRADER_FILTER_MESSAGES.shortReturns : null
}

function wholeIn(value: string, min: number, max: number) {
	if (!/^\d{1,4}$/.test(value)) return null
	const n = Number(value)
	return n >= min && n <= max ? n : null
}

/**
 * Reads the filters of a query string (`get` a parameter's value, `getAll`
 * its values: the page's market checkboxes repeat `markets`, the API sends
 * them comma separated). Empty values are no filter. Each bad value is
 * left out of the filters and named in `errors` with its message; whether a
 * market or broker exists is the server's check (traders.server.ts).
 */
export function readTraderFilters(params: URLSearchParams): {
	filters: TraderFilters
	errors: Partial<Record<TraderFilterName, string>>
} {
	const errors: Partial<Record<TraderFilterName, string>> = {}
	const filters: TraderFilters = { ...NO_TRADER_FILTERS, markets: [] }
	const text = (name: TraderFilterName) => (params.get(name) ?? '').trim()
	const { riskScore, maxDrawdown, minMonths } = TRADER_FILTER_LIMITS
	for (const name of ['riskMin', 'riskMax'] as const) {
		const value = text(name)
		if (value === '') continue
		const n = wholeIn(value, riskScore.min, riskScore.max)
		if (n === null) errors[name] = TRADER_FILTER_MESSAGES.riskScore
		else filters[name] = n
	}
	if (filters.riskMin !== null && filters.riskMax !== null && filters.riskMin > filters.riskMax) {
		errors.riskMin = TRADER_FILTER_MESSAGES.riskOrder
		filters.riskMin = null
		filters.riskMax = null
	}
	const drawdown = text('maxDrawdown')
	if (drawdown !== '') {
		const n = /^\d{1,3}(\.\d{1,2})?$/.test(drawdown) ? Number(drawdown) : NaN
		if (!(n >= maxDrawdown.min && n <= maxDrawdown.max)) errors.maxDrawdown = TRADER_FILTER_MESSAGES.maxDrawdown
		else filters.maxDrawdown = Math.round(n * 100) / 10_000
	}
	const months = text('minMonths')
	if (months !== '') {
		const n = wholeIn(months, minMonths.min, minMonths.max)
		if (n === null) errors.minMonths = TRADER_FILTER_MESSAGES.minMonths
		else filters.minMonths = n
	}
	const markets = [
		...new Set(
			params
				.getAll('markets')
				.flatMap((v) => v.split(','))
				.map((m) => m.trim().toUpperCase())
				.filter(Boolean),
		),
	]
	if (markets.length > TRADER_FILTER_LIMITS.markets) errors.markets = TRADER_FILTER_MESSAGES.marketsTooMany
	else if (!markets.every((m) => SYMBOL_PATTERN.test(m))) errors.markets = TRADER_FILTER_MESSAGES.marketInvalid
	else filters.markets = markets
	const broker = text('broker')
	if (broker !== '') {
		if (!TRADER_SLUG_PATTERN.test(broker) || broker.length > TRADER_LIMITS.slug)
			errors.broker = TRADER_FILTER_MESSAGES.unknownBroker(broker.slice(0, TRADER_LIMITS.slug))
		else filters.broker = broker
	}
	const noFlags = text('noFlags')
	if (noFlags !== '') {
		if (['1', 'true', 'on'].includes(noFlags)) filters.noFlags = true
		else if (!['0', 'false'].includes(noFlags)) errors.noFlags = TRADER_FILTER_MESSAGES.noFlags
	}
	const q = text('q')
	if (q !== '') {
		if (q.length > TRADER_FILTER_LIMITS.search) errors.q = TRADER_FILTER_MESSAGES.searchTooLong
		else if (CONTROL_CHARS.test(q)) errors.q = TRADER_FILTER_MESSAGES.searchInvalid
		else filters.q = q
	}
	return { filters, errors }
}

/** The query string of a set of filters (the page's links keep them), in a stable order. */
export function traderFilterParams(filters: TraderFilters): URLSearchParams {
	const params = new URLSearchParams()
	if (filters.riskMin !== null) params.set('riskMin', String(filters.riskMin))
	if (filters.riskMax !== null) params.set('riskMax', String(filters.riskMax))
	if (filters.maxDrawdown !== null) params.set('maxDrawdown', String(Math.round(filters.maxDrawdown * 10_000) / 100))
	if (filters.minMonths !== null) params.set('minMonths', String(filters.minMonths))
	if (filters.markets.length) params.set('markets', filters.markets.join(','))
	if (filters.broker !== null) params.set('broker', filters.broker)
	if (filters.noFlags) params.set('noFlags', '1')
	if (filters.q !== null) params.set('q', filters.q)
	return params
}

export function hasTraderFilters(filters: TraderFilters) {
	return traderFilterParams(filters).size > 0
}

function oneOf<T extends string>(name: string, values: readonly [T, ...T[]]) {
	return z.enum(values, { errorMap: () => ({ message: `${name} must be one of ${values.join(', ')}` }) })
}

/** GET /api/member/traders: sort, order (nulls last either way), status, page, limit. */
export const TraderListQuerySchema = z
	.object({
		sort: oneOf('sort', TRADER_SORT_VALUES)
			.default(DEFAULT_TRADER_SORT)
			.describe(
				'`score`, a metric name, `return1w`, or one of the dashboard sorts (weeklyReturn = return1w, monthlyReturn = return1m, followers).',
			),
		order: oneOf('order', TRADER_ORDERS).default('desc').describe('Nulls come last in either order.'),
		status: oneOf('status', MEMBER_TRADER_STATUSES)
			.default('current')
			.describe('`current`: listed and watch traders; `past`: suspended and retired traders with the reason.'),
		page: wholeNumberParam('page', 1_000_000, 1),
		limit: wholeNumberParam('limit', 100, MEMBER_TRADERS_PAGE_SIZE),
		riskMin: z.string().optional().describe('The lowest risk score, 1 to 10.'),
		riskMax: z.string().optional().describe('The highest risk score, 1 to 10.'),
		maxDrawdown: z.string().optional().describe('The largest maximum drawdown, in percent (1 to 100; 20 for 20%).'),
		minMonths: z.string().optional().describe('The shortest history, in months (0 to 120).'),
		markets: z
			.string()
			.optional()
			.describe('Instrument symbols, comma separated (at most 10): traders who trade any of them.'),
		broker: z.string().optional().describe("A partner broker's slug: traders whose account is there."),
		noFlags: z.string().optional().describe('`1`: traders without a red flag.'),
		q: z.string().optional().describe('Text searched in the name and the strategy (at most 80 characters).'),
	})
	.strict()

/** The dashboard's `?sort=`, `?order=`, `?page=`: anything unknown falls back to the default. */
export function parseMemberTraderQuery(
	params: URLSearchParams,
	status: MemberTraderStatus = 'current',
): MemberTraderQuery {
	const sort = params.get('sort')
	const order = params.get('order')
	const page = Number(params.get(status === 'past' ? 'pastPage' : 'page'))
	return {
		sort: (TRADER_SORT_VALUES as readonly string[]).includes(sort ?? '') ? (sort as TraderSort) : DEFAULT_TRADER_SORT,
		order: order === 'asc' ? 'asc' : 'desc',
		status,
		page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
		limit: MEMBER_TRADERS_PAGE_SIZE,
	}
}

// ---------------------------------------------------------------------------
// The registry (issue 39): staff's fields and the review's inputs, for the
// /admin/traders forms and /api/admin/traders* alike. Browser-safe.

export const TRADER_LIMITS = {
	slug: 60,
	name: 80,
	strategy: 2000,
	accountRef: 64,
	markets: 20,
	market: 20,
	note: 1000,
	/** The staff list's page size (and the API's default limit). */
	pageSize: 25,
	maxPage: 1_000_000,
	apiMaxLimit: 100,
} as const

/** The staff pages' texts (/admin/traders). */
export const TRADER_PAGE_MESSAGES = {
	title: 'Traders',
	description:
		'The traders registry: every trader staff review, with the figures computed from their statements. Only listed and watch traders reach members.',
	loadFailed: 'The traders could not be loaded. Try again in a moment.',
	newTitle: 'Add a trader',
	newDescription: 'A trader who applied to be listed. They start as applied; members see them only once listed.',
	pageTitle: 'Trader',
	statementsTitle: 'Statements',
	statementsDescription:
		"Upload the broker's daily equity or closed trades export, check the preview, then apply it: the figures are recomputed at once.",
	uploadKept: 'File uploaded: check the preview below.',
	statementNotApplied: 'The statement was not applied',
	removeSamplesTitle: 'Remove sample traders',
	removeSamplesWarning:
		'This removes every sample trader of a fresh install, with their statements, from staff and members alike. They are not seeded again. Traders staff added are not touched.',
} as const

export const TRADER_MESSAGES = {
	slugRequired: 'Slug is required',
	slugFormat: 'Slug may only use lowercase letters a-z, digits and single hyphens (like "amara-okafor")',
	slugTooLong: `Slug must be at most ${TRADER_LIMITS.slug} characters`,
	slugTaken: 'This slug is already used by another trader',
	slugReserved: 'This slug is reserved; choose another',
	nameRequired: 'Name is required',
	nameTooLong: `Name must be at most ${TRADER_LIMITS.name} characters`,
	nameInvalid: 'Name contains characters that are not allowed',
	strategyRequired: 'Strategy is required',
	strategyTooLong: `Strategy must be at most ${TRADER_LIMITS.strategy} characters`,
	strategyInvalid: 'Strategy contains characters that are not allowed',
	marketsRequired: 'Give at least one market (an instrument symbol like XAUUSD)',
	marketsTooMany: `At most ${TRADER_LIMITS.markets} markets`,
	marketInvalid:
		'Markets are instrument symbols of up to 20 letters, digits, ".", "/", "_", "-" or "#" (like XAUUSD or EUR/USD)',
	brokerRequired: 'Choose the broker',
	brokerUnknown: 'This broker does not exist',
	accountRefRequired: 'Account reference is required',
	accountRefTooLong: `Account reference must be at most ${TRADER_LIMITS.accountRef} characters`,
	accountRefInvalid: 'Account reference contains characters that are not allowed',
	currencyRequired: 'Currency is required',
	currencyFormat: 'Currency is a three-letter code like USD or EUR',
	startDateRequired: 'Start date is required',
	startDateFormat: 'Start date must be a date (YYYY-MM-DD)',
	startDateFuture: 'Start date cannot be in the future',
	nextReviewDateFormat: 'Next review date must be a date (YYYY-MM-DD)',
	statusRequired: 'Choose the status to move the trader to',
	statusInvalid: 'to must be one of applied, in_review, listed, watch, suspended, retired',
	noteRequired: 'Write a note for this change',
	noteTooLong: `The note must be at most ${TRADER_LIMITS.note} characters`,
	noteInvalid: 'The note contains characters that are not allowed',
	checklistEmpty: 'Give at least one checklist item (true or false)',
	checklistItem: 'Checklist items are true or false',
	nothingToChange: 'Give at least one field to change',
	notFound: 'Trader not found',
	created: 'Trader added.',
	updated: 'Trader updated.',
	checklistSaved: 'Checklist saved.',
	samplesRemoved: (count: number) => `${count} sample trader${count === 1 ? '' : 's'} removed.`,
	noSamples: 'There are no sample traders to remove.',
} as const

const TRADER_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
const RESERVED_TRADER_SLUGS = new Set(['new'])
const SYMBOL_PATTERN = /^[A-Z0-9./_#-]{1,20}$/
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/

/** A real calendar date "YYYY-MM-DD" (2000 to 9999). */
export function isCalendarDate(value: string) {
	if (!DATE_PATTERN.test(value)) return false
	const date = new Date(`${value}T00:00:00Z`)
	return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value >= '2000-01-01'
}

function issue(ctx: z.RefinementCtx, message: string) {
	ctx.addIssue({ code: z.ZodIssueCode.custom, message })
}

function textField(required: string, max: number, tooLong: string, invalid: string, multiline = false) {
	const control = multiline ? CONTROL_CHARS_EXCEPT_LINE_BREAKS : CONTROL_CHARS
	return z
		.string({ required_error: required, invalid_type_error: required })
		.trim()
		.superRefine((value, ctx) => {
			if (value.length === 0) issue(ctx, required)
			else if (value.length > max) issue(ctx, tooLong)
			else if (control.test(value)) issue(ctx, invalid)
		})
}

export const TraderSlugSchema = z
	.string({ required_error: TRADER_MESSAGES.slugRequired, invalid_type_error: TRADER_MESSAGES.slugRequired })
	.trim()
	.superRefine((value, ctx) => {
		if (value.length === 0) issue(ctx, TRADER_MESSAGES.slugRequired)
		else if (value.length > TRADER_LIMITS.slug) issue(ctx, TRADER_MESSAGES.slugTooLong)
		else if (!TRADER_SLUG_PATTERN.test(value)) issue(ctx, TRADER_MESSAGES.slugFormat)
		else if (RESERVED_TRADER_SLUGS.has(value)) issue(ctx, TRADER_MESSAGES.slugReserved)
	})

/** A slug in a URL: well-formed, else null (a 404). */
export function parseTraderSlug(value: string | undefined) {
	return value !== undefined && value.length <= TRADER_LIMITS.slug && TRADER_SLUG_PATTERN.test(value) ? value : null
}

/** Markets: a list of instrument symbols (upper-cased), 1 to 20, without repeats. */
export const MarketsSchema = z
	.array(z.string({ invalid_type_error: TRADER_MESSAGES.marketInvalid }), {
		required_error: TRADER_MESSAGES.marketsRequired,
		invalid_type_error: TRADER_MESSAGES.marketsRequired,
	})
	.transform((list) => [...new Set(list.map((m) => m.trim().toUpperCase()).filter((m) => m !== ''))])
	.superRefine((list, ctx) => {
		if (list.length === 0) issue(ctx, TRADER_MESSAGES.marketsRequired)
		else if (list.length > TRADER_LIMITS.markets) issue(ctx, TRADER_MESSAGES.marketsTooMany)
		else if (!list.every((m) => SYMBOL_PATTERN.test(m))) issue(ctx, TRADER_MESSAGES.marketInvalid)
	})

/** The form's markets field: symbols separated by commas or spaces. */
export const MarketsTextSchema = z
	.string({ required_error: TRADER_MESSAGES.marketsRequired, invalid_type_error: TRADER_MESSAGES.marketsRequired })
	.transform((text) => text.split(/[\s,]+/))
	.pipe(MarketsSchema)

const CurrencySchema = z
	.string({ required_error: TRADER_MESSAGES.currencyRequired, invalid_type_error: TRADER_MESSAGES.currencyRequired })
	.trim()
	.transform((v) => v.toUpperCase())
	.superRefine((value, ctx) => {
		if (value.length === 0) issue(ctx, TRADER_MESSAGES.currencyRequired)
		else if (!/^[A-Z]{3}$/.test(value)) issue(ctx, TRADER_MESSAGES.currencyFormat)
	})

const StartDateSchema = z
	.string({ required_error: TRADER_MESSAGES.startDateRequired, invalid_type_error: TRADER_MESSAGES.startDateRequired })
	.trim()
	.superRefine((value, ctx) => {
		if (value.length === 0) issue(ctx, TRADER_MESSAGES.startDateRequired)
		else if (!isCalendarDate(value)) issue(ctx, TRADER_MESSAGES.startDateFormat)
		else if (value > new Date().toISOString().slice(0, 10)) issue(ctx, TRADER_MESSAGES.startDateFuture)
	})

const NextReviewDateSchema = z
	.string({ invalid_type_error: TRADER_MESSAGES.nextReviewDateFormat })
	.trim()
	.refine((value) => isCalendarDate(value), TRADER_MESSAGES.nextReviewDateFormat)

const traderFields = {
	slug: TraderSlugSchema,
	name: textField(
		TRADER_MESSAGES.nameRequired,
		TRADER_LIMITS.name,
		TRADER_MESSAGES.nameTooLong,
		TRADER_MESSAGES.nameInvalid,
	),
	strategy: textField(
		TRADER_MESSAGES.strategyRequired,
		TRADER_LIMITS.strategy,
		TRADER_MESSAGES.strategyTooLong,
		TRADER_MESSAGES.strategyInvalid,
		true,
	),
	markets: MarketsSchema,
	brokerSlug: z
		.string({ required_error: TRADER_MESSAGES.brokerRequired, invalid_type_error: TRADER_MESSAGES.brokerRequired })
		.trim()
		.min(1, TRADER_MESSAGES.brokerRequired),
	accountRef: textField(
		TRADER_MESSAGES.accountRefRequired,
		TRADER_LIMITS.accountRef,
		TRADER_MESSAGES.accountRefTooLong,
		TRADER_MESSAGES.accountRefInvalid,
	),
	country: CountrySchema,
	currency: CurrencySchema,
	startDate: StartDateSchema,
}

/** POST /api/admin/traders: a new trader (status applied). */
export const TraderCreateSchema = z.object(traderFields).strict()
export type TraderInput = z.infer<typeof TraderCreateSchema>

/** /admin/traders/new: the same fields, markets as text. */
export const TraderCreateFormSchema = z.object({ ...traderFields, markets: MarketsTextSchema })

/** PATCH /api/admin/traders/:id: any of the fields, and the next review date (null clears it). */
export const TraderUpdateSchema = z
	.object({
		...Object.fromEntries(Object.entries(traderFields).map(([k, v]) => [k, v.optional()])),
		nextReviewDate: NextReviewDateSchema.nullable().optional(),
	} as { [K in keyof typeof traderFields]: z.ZodOptional<(typeof traderFields)[K]> } & {
		nextReviewDate: z.ZodOptional<z.ZodNullable<typeof NextReviewDateSchema>>
	})
	.strict()
	.refine((value) => Object.values(value).some((v) => v !== undefined), TRADER_MESSAGES.nothingToChange)
export type TraderUpdate = z.infer<typeof TraderUpdateSchema>

/** /admin/traders/:id edit form: every field, markets as text, an empty next review date clears it. */
export const TraderEditFormSchema = z.object({
	...traderFields,
	markets: MarketsTextSchema,
	nextReviewDate: z
		.string()
		.trim()
		.optional()
		.transform((v) => (v ? v : null))
		.pipe(NextReviewDateSchema.nullable()),
})

export const ReviewNoteSchema = textField(
	TRADER_MESSAGES.noteRequired,
	TRADER_LIMITS.note,
	TRADER_MESSAGES.noteTooLong,
	TRADER_MESSAGES.noteInvalid,
	true,
)

/** POST /api/admin/traders/:id/review and the page's review form. */
export const TraderReviewSchema = z
	.object({
		to: z.enum(TRADER_STATUSES, { errorMap: () => ({ message: TRADER_MESSAGES.statusInvalid }) }),
		note: ReviewNoteSchema,
	})
	.strict()
export type TraderReviewInput = z.infer<typeof TraderReviewSchema>

/** The page's review form: the same, with the form's message for a status not chosen. */
export const TraderReviewFormSchema = z.object({
	to: z.enum(TRADER_STATUSES, { errorMap: () => ({ message: TRADER_MESSAGES.statusRequired }) }),
	note: ReviewNoteSchema,
})

const checklistBoolean = z.boolean({ invalid_type_error: TRADER_MESSAGES.checklistItem }).optional()

/** PATCH /api/admin/traders/:id/checklist: any of the five items, true (done now, by me) or false (open again). */
export const TraderChecklistSchema = z
	.object(
		Object.fromEntries(CHECKLIST_KEYS.map((key) => [key, checklistBoolean])) as Record<
			ChecklistKey,
			typeof checklistBoolean
		>,
	)
	.strict()
	.refine((value) => Object.values(value).some((v) => v !== undefined), TRADER_MESSAGES.checklistEmpty)
export type TraderChecklistInput = z.infer<typeof TraderChecklistSchema>

/** The page's checklist form: a checkbox per item (an unticked box is false). */
export const TraderChecklistFormSchema = z.object(
	Object.fromEntries(
		CHECKLIST_KEYS.map((key) => [
			key,
			z
				.literal('on')
				.optional()
				.transform((v) => v === 'on'),
		]),
	) as Record<ChecklistKey, z.ZodEffects<z.ZodOptional<z.ZodLiteral<'on'>>, boolean>>,
)

export { TRADER_FLAG_CODES, type TraderFlagCode }
/** The staff list's flag filter: a flag code, any flag, or none. */
export const TRADER_FLAG_FILTERS = [...TRADER_FLAG_CODES, 'any', 'none'] as const

export const TRADER_QUERY_MESSAGES = {
	status: `status must be one of ${TRADER_STATUSES.join(', ')}`,
	flag: `flag must be one of ${TRADER_FLAG_FILTERS.join(', ')}`,
} as const

export type TraderListQuery = {
	page: number
	limit: number
	status: TraderStatus | null
	flag: (typeof TRADER_FLAG_FILTERS)[number] | null
}

export const DEFAULT_TRADER_LIST_QUERY: TraderListQuery = {
	page: 1,
	limit: TRADER_LIMITS.pageSize,
	status: null,
	flag: null,
}

/** /admin/traders ?status &flag &page (and the API's &limit): each bad value an error at its path. */
export const parseTraderListQuery = filteredListQueryParser<TraderListQuery>(() => ({
	filters: {
		status: { values: TRADER_STATUSES, message: TRADER_QUERY_MESSAGES.status },
		flag: { values: TRADER_FLAG_FILTERS, message: TRADER_QUERY_MESSAGES.flag },
	},
	pageSize: TRADER_LIMITS.pageSize,
	maxPage: TRADER_LIMITS.maxPage,
	maxLimit: TRADER_LIMITS.apiMaxLimit,
}))

/** GET /api/admin/traders: what parseTraderListQuery reads, as the document's schema. */
export const TraderListApiQuerySchema = z
	.object({
		status: filterParam('status', { values: TRADER_STATUSES, message: TRADER_QUERY_MESSAGES.status }, [
			...TRADER_STATUSES,
			'all',
			'',
		]).describe('Empty or `all`: every status.'),
		flag: filterParam('flag', { values: TRADER_FLAG_FILTERS, message: TRADER_QUERY_MESSAGES.flag }, [
			...TRADER_FLAG_FILTERS,
			'all',
			'',
		]).describe('A red flag code, `any` (at least one flag) or `none`; empty or `all`: every trader.'),
		page: wholeNumberParam('page', TRADER_LIMITS.maxPage, 1),
		limit: wholeNumberParam('limit', TRADER_LIMITS.apiMaxLimit, TRADER_LIMITS.pageSize),
	})
	.transform(({ status, flag, page, limit }): TraderListQuery => ({
		status: status ?? null,
		flag: flag ?? null,
		page,
		limit,
	}))

export function traderListSearch(query: TraderListQuery, overrides: Partial<TraderListQuery> = {}) {
	return filteredListSearch({ ...query, ...overrides }, ['status', 'flag'])
}

/** A trader id in a URL: a plain positive whole number, else null (a 404). */
export function parseTraderId(value: string | undefined) {
	return value !== undefined && /^[1-9]\d{0,15}$/.test(value) && Number.isSafeInteger(Number(value))
		? Number(value)
		: null
}

const Flag = z
	.enum(['1', '0', 'true', 'false'], { message: 'Use 1 or 0' })
	.optional()
	.transform((value) => value === '1' || value === 'true')

export const STATEMENT_QUERY_MESSAGES = {
	kind: `kind must be one of ${STATEMENT_KINDS.join(', ')}`,
} as const

/** POST /api/admin/traders/:id/statements ?kind (required) &dryRun=1 (preview only) &replace=1 (replace overlapping rows). */
export const TraderStatementQuerySchema = z
	.object({
		kind: z.enum(STATEMENT_KINDS, {
			errorMap: () => ({ message: STATEMENT_QUERY_MESSAGES.kind }),
		}),
		dryRun: Flag,
		replace: Flag,
	})
	.strict()
