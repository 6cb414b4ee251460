import { z } from 'zod'
import { PLANS, type ContentStatus } from '#app/domain/enums.ts'
import { CONTROL_CHARS, CONTROL_CHARS_EXCEPT_LINE_BREAKS } from '#app/utils/validation.ts'
import { LESSON_TABS } from '#app/features/academy/schemas.ts'

/**
 * The words, limits and schemas of the staff-run content (issue 41,
 * docs/decisions/062): the lifecycle every kind shares, then each kind's
 * fields (promotions, part 1). Browser-safe: the staff forms check with
 * these as an enhancement, the page actions and /api/admin/content/* parse
 * with them.
 */

export const CONTENT_STATUS_LABELS: Record<ContentStatus, string> = {
	draft: 'Draft',
	scheduled: 'Scheduled',
	published: 'Published',
	expired: 'Expired',
}

export const CONTENT_MESSAGES = {
	pageTitle: 'Content',
	loadFailed: 'Failed to load content',
	expiryBeforePublish: 'The expiry date cannot be before the publish date',
	expiryPassed: 'The expiry date has passed: change it before publishing',
	alreadyPublished: 'This item is already published',
	alreadyScheduled: 'This item is already scheduled: unpublish it first to change that',
	alreadyDraft: 'This item is a draft: there is nothing to unpublish',
	sample: 'Sample',
	dayInvalid: (label: string) => `Enter the ${label} as a day, like 2026-12-31`,
	nothingToChange: 'Give at least one field to change',
} as const

export const PROMOTION_LIMITS = { code: 40, description: 200 } as const

export const PROMOTION_MESSAGES = {
	codeRequired: 'Code is required',
	codeTooLong: `Code must be at most ${PROMOTION_LIMITS.code} characters`,
	codeInvalid: 'Code must not contain control characters (like line breaks or tabs)',
	descriptionRequired: 'Description is required',
	descriptionTooLong: `Description must be at most ${PROMOTION_LIMITS.description} characters`,
	descriptionInvalid: 'Description must not contain control characters (like line breaks or tabs)',
	brokerInvalid: 'Choose a broker from the list, or none',
	pageTitle: 'Promotions',
	newTitle: 'New Promotion',
	notFound: 'Promotion not found',
	created: 'Promotion saved as a draft.',
	updated: 'Promotion updated.',
	published: 'Promotion published: members see it on their dashboard.',
	scheduled: 'Promotion scheduled: it is published on its publish date.',
	unpublished: 'Promotion unpublished: members no longer see it.',
	deleted: 'Promotion deleted.',
	deleteWarning:
		'The promotion is removed for good: members no longer see it, and only the audit log keeps what it was.',
} as const

// Years 2000 to 2999: a content date is near today (and stays a four-digit year in ISO form).
const DAY_PATTERN = /^2\d{3}-\d{2}-\d{2}$/

/** Whether `value` is a real calendar day `YYYY-MM-DD` from 2000 to 2999 (2026-02-30 is not). */
export function isDay(value: string) {
	if (!DAY_PATTERN.test(value)) return false
	const date = new Date(`${value}T00:00:00.000Z`)
	return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

function oneLine(required: string, max: number, tooLong: string, invalid: string) {
	return z
		.string({ required_error: required, invalid_type_error: required })
		.trim()
		.superRefine((value, ctx) => {
			const message =
				value.length === 0 ? required : value.length > max ? tooLong : CONTROL_CHARS.test(value) ? invalid : null
			if (message) ctx.addIssue({ code: z.ZodIssueCode.custom, message })
		})
}

const CodeSchema = oneLine(
	PROMOTION_MESSAGES.codeRequired,
	PROMOTION_LIMITS.code,
	PROMOTION_MESSAGES.codeTooLong,
	PROMOTION_MESSAGES.codeInvalid,
)
const DescriptionSchema = oneLine(
	PROMOTION_MESSAGES.descriptionRequired,
	PROMOTION_LIMITS.description,
	PROMOTION_MESSAGES.descriptionTooLong,
	PROMOTION_MESSAGES.descriptionInvalid,
)

const daySchema = (label: string) =>
	z
		.string({ invalid_type_error: CONTENT_MESSAGES.dayInvalid(label) })
		.refine(isDay, { message: CONTENT_MESSAGES.dayInvalid(label) })
const PublishOnSchema = daySchema('publish date')
const ExpiresOnSchema = daySchema('expiry date')

/** What a promotion is made of, as the model takes it (days as `YYYY-MM-DD`, UTC). */
export type PromotionInput = {
	code: string
	description: string
	/** A row of `brokers`, or null for the platform's own promotion. */
	brokerId: number | null
	/** The first day it shows (from 00:00 UTC), or null: when published. */
	publishOn: string | null
	/** The last day it shows (until 24:00 UTC), or null: no expiry. */
	expiresOn: string | null
}

/** An expiry day before the publish day: the message at the expiry field. */
function checkDayOrder(value: { publishOn?: string | null; expiresOn?: string | null }, ctx: z.RefinementCtx) {
	const { publishOn, expiresOn } = value
	if (typeof publishOn === 'string' && typeof expiresOn === 'string' && expiresOn < publishOn)
		ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['expiresOn'], message: CONTENT_MESSAGES.expiryBeforePublish })
}

/** "3" from a select: a broker id; missing or blank (Conform's undefined): none. */
const BrokerChoiceSchema = z
	.string()
	.regex(/^[1-9]\d{0,15}$/, PROMOTION_MESSAGES.brokerInvalid)
	.transform(Number)
	.optional()

/**
 * /admin/content/promotions/new and /:id, read through Conform's
 * parseWithZod (a blank field arrives as missing). `intent` tells Save from
 * Preview (which stores nothing).
 */
export const PromotionFormSchema = z
	.object({
		intent: z.enum(['save', 'preview']).default('save'),
		code: CodeSchema,
		description: DescriptionSchema,
		brokerId: BrokerChoiceSchema,
		publishOn: PublishOnSchema.optional(),
		expiresOn: ExpiresOnSchema.optional(),
	})
	.superRefine(checkDayOrder)
	.transform(({ intent, brokerId, publishOn, expiresOn, ...rest }) => ({
		intent,
		input: {
			...rest,
			brokerId: brokerId ?? null,
			publishOn: publishOn ?? null,
			expiresOn: expiresOn ?? null,
		} satisfies PromotionInput,
	}))

const apiBroker = z
	.number({ invalid_type_error: PROMOTION_MESSAGES.brokerInvalid })
	.int(PROMOTION_MESSAGES.brokerInvalid)
	.min(1, PROMOTION_MESSAGES.brokerInvalid)
	.nullable()

/** POST /api/admin/content/promotions: code and description required; brokerId, publishOn, expiresOn optional (null). A draft. */
export const PromotionCreateApiSchema = z
	.object({
		code: CodeSchema,
		description: DescriptionSchema,
		brokerId: apiBroker.default(null),
		publishOn: PublishOnSchema.nullable().default(null),
		expiresOn: ExpiresOnSchema.nullable().default(null),
	})
	.strict()
	.superRefine(checkDayOrder)
	.transform((value): PromotionInput => value)

/** PATCH /api/admin/content/promotions/:id: any of the fields, at least one (null clears broker or a date). */
export const PromotionUpdateApiSchema = z
	.object({
		code: CodeSchema.optional(),
		description: DescriptionSchema.optional(),
		brokerId: apiBroker.optional(),
		publishOn: PublishOnSchema.nullable().optional(),
		expiresOn: ExpiresOnSchema.nullable().optional(),
	})
	.strict()
	.superRefine((value, ctx) => {
		if (Object.values(value).every((v) => v === undefined))
			ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['code'], message: CONTENT_MESSAGES.nothingToChange })
		checkDayOrder(value, ctx)
	})
	.transform((value): Partial<PromotionInput> => {
		const out: Partial<PromotionInput> = {}
		for (const [key, v] of Object.entries(value)) if (v !== undefined) Object.assign(out, { [key]: v })
		return out
	})

/** An id in a URL (/admin/content/promotions/:id): a positive whole number, else null (a 404). */
export function parseContentId(value: string | undefined) {
	return value !== undefined && /^[1-9]\d{0,15}$/.test(value) && Number.isSafeInteger(Number(value))
		? Number(value)
		: null
}

// ---------------------------------------------------------------------------
// 0% fee offers (part 2)

export const FEE_OFFER_LIMITS = {
	description: 200,
	fee: 100,
	minCapital: 10_000_000,
	totalSpots: 100_000,
} as const

export const FEE_OFFER_MESSAGES = {
	traderRequired: 'Choose a listed trader',
	traderInvalid: 'Choose a listed trader from the list',
	originalFeeInvalid: `Original fee must be a whole percent from 1 to ${FEE_OFFER_LIMITS.fee}`,
	currentFeeInvalid: `Current fee must be a whole percent from 0 to ${FEE_OFFER_LIMITS.fee}`,
	currentFeeNotLower: 'Current fee must be lower than the original fee',
	minCapitalInvalid: `Minimum capital must be whole US dollars from 1 to ${FEE_OFFER_LIMITS.minCapital.toLocaleString('en-US')}`,
	totalSpotsInvalid: `Total spots must be a whole number from 1 to ${FEE_OFFER_LIMITS.totalSpots.toLocaleString('en-US')}`,
	totalBelowClaims: (claims: number) =>
		`Total spots cannot be below the ${claims} ${claims === 1 ? 'spot' : 'spots'} members have already claimed`,
	descriptionRequired: 'Description is required',
	descriptionTooLong: `Description must be at most ${FEE_OFFER_LIMITS.description} characters`,
	descriptionInvalid: 'Description must not contain control characters (like line breaks or tabs)',
	pageTitle: '0% Fee Offers',
	newTitle: 'New 0% Fee Offer',
	notFound: 'Offer not found',
	created: 'Offer saved as a draft.',
	updated: 'Offer updated.',
	published: 'Offer published: members see it on their 0% Fee Offers page.',
	scheduled: 'Offer scheduled: it is published on its publish date.',
	unpublished: 'Offer unpublished: members no longer see it.',
	deleted: 'Offer deleted.',
	deleteWarning:
		'The offer is removed for good: members no longer see it, its claims stay on Offer Claims, and only the audit log keeps what it was.',
} as const

/** What a 0% fee offer is made of, as the model takes it. */
export type FeeOfferInput = {
	/** A listed trader of the registry (traders.id). */
	traderId: number
	originalFee: number
	currentFee: number
	minCapital: number
	totalSpots: number
	description: string
	featured: boolean
	urgent: boolean
	publishOn: string | null
	expiresOn: string | null
}

const OfferDescriptionSchema = oneLine(
	FEE_OFFER_MESSAGES.descriptionRequired,
	FEE_OFFER_LIMITS.description,
	FEE_OFFER_MESSAGES.descriptionTooLong,
	FEE_OFFER_MESSAGES.descriptionInvalid,
)

/** A whole number from `min` to `max`, given as a number (the API) or its digits (a form). */
function wholeNumber(min: number, max: number, message: string) {
	return z.preprocess(
		(v) => (typeof v === 'string' && /^\d{1,12}$/.test(v.trim()) ? Number(v.trim()) : v),
		z.number({ required_error: message, invalid_type_error: message }).int(message).min(min, message).max(max, message),
	)
}

const TraderIdSchema = wholeNumber(1, Number.MAX_SAFE_INTEGER, FEE_OFFER_MESSAGES.traderInvalid)
const OriginalFeeSchema = wholeNumber(1, FEE_OFFER_LIMITS.fee, FEE_OFFER_MESSAGES.originalFeeInvalid)
const CurrentFeeSchema = wholeNumber(0, FEE_OFFER_LIMITS.fee, FEE_OFFER_MESSAGES.currentFeeInvalid)
const MinCapitalSchema = wholeNumber(1, FEE_OFFER_LIMITS.minCapital, FEE_OFFER_MESSAGES.minCapitalInvalid)
const TotalSpotsSchema = wholeNumber(1, FEE_OFFER_LIMITS.totalSpots, FEE_OFFER_MESSAGES.totalSpotsInvalid)

/** The current fee at or above the original one: the message at the current fee. */
function checkFees(value: { originalFee?: unknown; currentFee?: unknown }, ctx: z.RefinementCtx) {
	const { originalFee, currentFee } = value
	if (typeof originalFee === 'number' && typeof currentFee === 'number' && currentFee >= originalFee)
		ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['currentFee'], message: FEE_OFFER_MESSAGES.currentFeeNotLower })
}

/**
 * /admin/content/offers/new and /:id through Conform's parseWithZod (a
 * blank field arrives as missing, an unticked box too). `intent` tells Save
 * from Preview (which stores nothing).
 */
export const FeeOfferFormSchema = z
	.object({
		intent: z.enum(['save', 'preview']).default('save'),
		traderId: z.preprocess((v) => v ?? '', z.string().min(1, FEE_OFFER_MESSAGES.traderRequired)).pipe(TraderIdSchema),
		originalFee: OriginalFeeSchema,
		currentFee: CurrentFeeSchema,
		minCapital: MinCapitalSchema,
		totalSpots: TotalSpotsSchema,
		description: OfferDescriptionSchema,
		featured: z.literal('on').optional(),
		urgent: z.literal('on').optional(),
		publishOn: PublishOnSchema.optional(),
		expiresOn: ExpiresOnSchema.optional(),
	})
	.superRefine((value, ctx) => {
		checkFees(value, ctx)
		checkDayOrder(value, ctx)
	})
	.transform(({ intent, featured, urgent, publishOn, expiresOn, ...rest }) => ({
		intent,
		input: {
			...rest,
			featured: featured === 'on',
			urgent: urgent === 'on',
			publishOn: publishOn ?? null,
			expiresOn: expiresOn ?? null,
		} satisfies FeeOfferInput,
	}))

const apiNumber = (schema: z.ZodTypeAny, message: string) =>
	z.number({ required_error: message, invalid_type_error: message }).pipe(schema as z.ZodType<number>)

/** POST /api/admin/content/offers: a draft; publishOn, expiresOn, featured, urgent optional. */
export const FeeOfferCreateApiSchema = z
	.object({
		traderId: apiNumber(TraderIdSchema, FEE_OFFER_MESSAGES.traderInvalid),
		originalFee: apiNumber(OriginalFeeSchema, FEE_OFFER_MESSAGES.originalFeeInvalid),
		currentFee: apiNumber(CurrentFeeSchema, FEE_OFFER_MESSAGES.currentFeeInvalid),
		minCapital: apiNumber(MinCapitalSchema, FEE_OFFER_MESSAGES.minCapitalInvalid),
		totalSpots: apiNumber(TotalSpotsSchema, FEE_OFFER_MESSAGES.totalSpotsInvalid),
		description: OfferDescriptionSchema,
		featured: z.boolean().default(false),
		urgent: z.boolean().default(false),
		publishOn: PublishOnSchema.nullable().default(null),
		expiresOn: ExpiresOnSchema.nullable().default(null),
	})
	.strict()
	.superRefine((value, ctx) => {
		checkFees(value, ctx)
		checkDayOrder(value, ctx)
	})
	.transform((value): FeeOfferInput => value)

/** PATCH /api/admin/content/offers/:id: any of the fields, at least one (null clears a date). */
export const FeeOfferUpdateApiSchema = z
	.object({
		traderId: apiNumber(TraderIdSchema, FEE_OFFER_MESSAGES.traderInvalid).optional(),
		originalFee: apiNumber(OriginalFeeSchema, FEE_OFFER_MESSAGES.originalFeeInvalid).optional(),
		currentFee: apiNumber(CurrentFeeSchema, FEE_OFFER_MESSAGES.currentFeeInvalid).optional(),
		minCapital: apiNumber(MinCapitalSchema, FEE_OFFER_MESSAGES.minCapitalInvalid).optional(),
		totalSpots: apiNumber(TotalSpotsSchema, FEE_OFFER_MESSAGES.totalSpotsInvalid).optional(),
		description: OfferDescriptionSchema.optional(),
		featured: z.boolean().optional(),
		urgent: z.boolean().optional(),
		publishOn: PublishOnSchema.nullable().optional(),
		expiresOn: ExpiresOnSchema.nullable().optional(),
	})
	.strict()
	.superRefine((value, ctx) => {
		if (Object.values(value).every((v) => v === undefined))
			ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['description'], message: CONTENT_MESSAGES.nothingToChange })
		checkFees(value, ctx)
		checkDayOrder(value, ctx)
	})
	.transform((value): Partial<FeeOfferInput> => {
		const out: Partial<FeeOfferInput> = {}
		for (const [key, v] of Object.entries(value)) if (v !== undefined) Object.assign(out, { [key]: v })
		return out
	})

// ---------------------------------------------------------------------------
// Lessons (part 3)

export const LESSON_TAB_IDS = LESSON_TABS

export const LESSON_LIMITS = {
	title: 120,
	description: 200,
	/** Characters of Markdown. */
	body: 50_000,
	position: 999,
	/** Minutes. */
	duration: 600,
} as const

export const LESSON_MESSAGES = {
	titleRequired: 'Title is required',
	titleTooLong: `Title must be at most ${LESSON_LIMITS.title} characters`,
	titleInvalid: 'Title must not contain control characters (like line breaks or tabs)',
	descriptionRequired: 'Description is required',
	descriptionTooLong: `Description must be at most ${LESSON_LIMITS.description} characters`,
	descriptionInvalid: 'Description must not contain control characters (like line breaks or tabs)',
	tabInvalid: 'Choose a topic from the list',
	positionInvalid: `Order must be a whole number from 1 to ${LESSON_LIMITS.position}`,
	durationInvalid: `Duration must be whole minutes from 1 to ${LESSON_LIMITS.duration}, or blank for the reading time`,
	bodyRequired: 'The lesson text is required',
	bodyTooLong: `The lesson text must be at most ${LESSON_LIMITS.body.toLocaleString('en-US')} characters`,
	bodyInvalid: 'The lesson text must not contain control characters other than line breaks and tabs',
	pageTitle: 'Lessons',
	newTitle: 'New Lesson',
	notFound: 'Lesson not found',
	versionNotFound: 'Version not found',
	created: 'Lesson saved as a draft.',
	updated: 'Lesson updated.',
	published: 'Lesson published: members see it in the Academy.',
	scheduled: 'Lesson scheduled: it is published on its publish date.',
	unpublished: 'Lesson unpublished: members no longer see it.',
	deleted: 'Lesson deleted.',
	deleteWarning:
		'The lesson is removed for good with its versions: members no longer see it, their completions of it stay stored but no longer count, and only the audit log keeps what it was.',
} as const

/** What a lesson is made of, as the model takes it. */
export type LessonInput = {
	title: string
	description: string
	tab: (typeof LESSON_TAB_IDS)[number]
	/** Its place in its topic (1 first), or null: after the topic's last lesson. */
	position: number | null
	/** Minutes, or null: the reading time of its words. */
	duration: number | null
	/** Markdown. */
	body: string
	publishOn: string | null
	expiresOn: string | null
}

const LessonTitleSchema = oneLine(
	LESSON_MESSAGES.titleRequired,
	LESSON_LIMITS.title,
	LESSON_MESSAGES.titleTooLong,
	LESSON_MESSAGES.titleInvalid,
)
const LessonDescriptionSchema = oneLine(
	LESSON_MESSAGES.descriptionRequired,
	LESSON_LIMITS.description,
	LESSON_MESSAGES.descriptionTooLong,
	LESSON_MESSAGES.descriptionInvalid,
)
const LessonTabSchema = z.enum(LESSON_TAB_IDS, {
	errorMap: () => ({ message: LESSON_MESSAGES.tabInvalid }),
})
const LessonPositionSchema = wholeNumber(1, LESSON_LIMITS.position, LESSON_MESSAGES.positionInvalid)
const DurationSchema = wholeNumber(1, LESSON_LIMITS.duration, LESSON_MESSAGES.durationInvalid)
const LessonBodySchema = z
	.string({ required_error: LESSON_MESSAGES.bodyRequired, invalid_type_error: LESSON_MESSAGES.bodyRequired })
	.transform((value) => value.replace(/\r\n?/g, '\n'))
	.superRefine((value, ctx) => {
		const message =
			value.trim().length === 0
				? LESSON_MESSAGES.bodyRequired
				: value.length > LESSON_LIMITS.body
					? LESSON_MESSAGES.bodyTooLong
					: CONTROL_CHARS_EXCEPT_LINE_BREAKS.test(value)
						? LESSON_MESSAGES.bodyInvalid
						: null
		if (message) ctx.addIssue({ code: z.ZodIssueCode.custom, message })
	})

/**
 * /admin/content/lessons/new and /:id through Conform's parseWithZod (a
 * blank field arrives as missing: a blank order is after the last lesson, a
 * blank duration the reading time). `intent` tells Save from Preview.
 */
export const LessonFormSchema = z
	.object({
		intent: z.enum(['save', 'preview']).default('save'),
		title: LessonTitleSchema,
		description: LessonDescriptionSchema,
		tab: z.preprocess((v) => v ?? '', LessonTabSchema),
		position: LessonPositionSchema.optional(),
		duration: DurationSchema.optional(),
		body: z.preprocess((v) => v ?? '', LessonBodySchema),
		publishOn: PublishOnSchema.optional(),
		expiresOn: ExpiresOnSchema.optional(),
	})
	.superRefine(checkDayOrder)
	.transform(({ intent, position, duration, publishOn, expiresOn, ...rest }) => ({
		intent,
		input: {
			...rest,
			position: (position as number | undefined) ?? null,
			duration: (duration as number | undefined) ?? null,
			publishOn: publishOn ?? null,
			expiresOn: expiresOn ?? null,
		} satisfies LessonInput,
	}))

/** POST /api/admin/content/lessons: title, description, tab, body required; position, duration, days optional. A draft. */
export const LessonCreateApiSchema = z
	.object({
		title: LessonTitleSchema,
		description: LessonDescriptionSchema,
		tab: LessonTabSchema,
		position: apiNumber(LessonPositionSchema, LESSON_MESSAGES.positionInvalid).nullable().default(null),
		duration: apiNumber(DurationSchema, LESSON_MESSAGES.durationInvalid).nullable().default(null),
		body: LessonBodySchema,
		publishOn: PublishOnSchema.nullable().default(null),
		expiresOn: ExpiresOnSchema.nullable().default(null),
	})
	.strict()
	.superRefine(checkDayOrder)
	.transform((value): LessonInput => value)

/** PATCH /api/admin/content/lessons/:id: any of the fields, at least one (null: after the last, the reading time, no date). */
export const LessonUpdateApiSchema = z
	.object({
		title: LessonTitleSchema.optional(),
		description: LessonDescriptionSchema.optional(),
		tab: LessonTabSchema.optional(),
		position: apiNumber(LessonPositionSchema, LESSON_MESSAGES.positionInvalid).nullable().optional(),
		duration: apiNumber(DurationSchema, LESSON_MESSAGES.durationInvalid).nullable().optional(),
		body: LessonBodySchema.optional(),
		publishOn: PublishOnSchema.nullable().optional(),
		expiresOn: ExpiresOnSchema.nullable().optional(),
	})
	.strict()
	.superRefine((value, ctx) => {
		if (Object.values(value).every((v) => v === undefined))
			ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['title'], message: CONTENT_MESSAGES.nothingToChange })
		checkDayOrder(value, ctx)
	})
	.transform((value): Partial<LessonInput> => {
		const out: Partial<LessonInput> = {}
		for (const [key, v] of Object.entries(value)) if (v !== undefined) Object.assign(out, { [key]: v })
		return out
	})

// ---------------------------------------------------------------------------
// Testimonials (part 4)

export const TESTIMONIAL_LIMITS = {
	name: 80,
	role: 80,
	country: 60,
	text: 600,
	profit: 40,
	consentHow: 200,
	position: 1000,
} as const

export const TESTIMONIAL_MESSAGES = {
	nameRequired: 'Name is required',
	nameTooLong: `Name must be at most ${TESTIMONIAL_LIMITS.name} characters`,
	nameInvalid: 'Name must not contain control characters (like line breaks or tabs)',
	roleRequired: 'Role is required',
	roleTooLong: `Role must be at most ${TESTIMONIAL_LIMITS.role} characters`,
	roleInvalid: 'Role must not contain control characters (like line breaks or tabs)',
	countryRequired: 'Country is required',
	countryTooLong: `Country must be at most ${TESTIMONIAL_LIMITS.country} characters`,
	countryInvalid: 'Country must not contain control characters (like line breaks or tabs)',
	textRequired: 'Text is required',
	textTooLong: `Text must be at most ${TESTIMONIAL_LIMITS.text} characters`,
	textInvalid: 'Text must not contain control characters (like line breaks or tabs)',
	profitRequired: 'Figure quoted is required',
	profitTooLong: `Figure quoted must be at most ${TESTIMONIAL_LIMITS.profit} characters`,
	profitInvalid: 'Figure quoted must not contain control characters (like line breaks or tabs)',
	consentOnRequired: 'Consent date is required: the day the member agreed to be quoted',
	consentOnInvalid: 'Enter the consent date as a day, like 2026-11-02',
	consentOnFuture: 'The consent date cannot be in the future',
	consentHowRequired: 'How consent was given is required (like "Signed release form, emailed 2026-11-02")',
	consentHowTooLong: `How consent was given must be at most ${TESTIMONIAL_LIMITS.consentHow} characters`,
	consentHowInvalid: 'How consent was given must not contain control characters (like line breaks or tabs)',
	consentMissing: 'This testimonial has no consent recorded: add the consent date and how before publishing',
	positionInvalid: `Order must be a whole number from 0 to ${TESTIMONIAL_LIMITS.position}`,
	pageTitle: 'Testimonials',
	newTitle: 'New Testimonial',
	notFound: 'Testimonial not found',
	created: 'Testimonial saved as a draft.',
	updated: 'Testimonial updated.',
	published: 'Testimonial published: visitors see it on the landing page.',
	scheduled: 'Testimonial scheduled: it is published on its publish date.',
	unpublished: 'Testimonial unpublished: visitors no longer see it.',
	deleted: 'Testimonial deleted.',
	deleteWarning:
		'The testimonial is removed for good: visitors no longer see it, and only the audit log keeps what it was (with its consent).',
} as const

/** What a testimonial is made of, as the model takes it. */
export type TestimonialInput = {
	name: string
	role: string
	country: string
	text: string
	/** The figure quoted, as shown ("+$1,240 in 3 months"). */
	profit: string
	/** The day (UTC) the member agreed to be quoted; not after today. */
	consentOn: string
	/** How they agreed. */
	consentHow: string
	/** Lower first, then the oldest. */
	position: number
	publishOn: string | null
	expiresOn: string | null
}

const TM = TESTIMONIAL_MESSAGES
const TL = TESTIMONIAL_LIMITS
const TNameSchema = oneLine(TM.nameRequired, TL.name, TM.nameTooLong, TM.nameInvalid)
const TRoleSchema = oneLine(TM.roleRequired, TL.role, TM.roleTooLong, TM.roleInvalid)
const TCountrySchema = oneLine(TM.countryRequired, TL.country, TM.countryTooLong, TM.countryInvalid)
const TTextSchema = oneLine(TM.textRequired, TL.text, TM.textTooLong, TM.textInvalid)
const TProfitSchema = oneLine(TM.profitRequired, TL.profit, TM.profitTooLong, TM.profitInvalid)
const ConsentHowSchema = oneLine(TM.consentHowRequired, TL.consentHow, TM.consentHowTooLong, TM.consentHowInvalid)
const ConsentOnSchema = z
	.string({ required_error: TM.consentOnRequired, invalid_type_error: TM.consentOnRequired })
	.trim()
	.superRefine((value, ctx) => {
		const message = value.length === 0 ? TM.consentOnRequired : isDay(value) ? null : TM.consentOnInvalid
		if (message) ctx.addIssue({ code: z.ZodIssueCode.custom, message })
	})
const TestimonialPositionSchema = wholeNumber(0, TL.position, TM.positionInvalid)

/**
 * /admin/content/testimonials/new and /:id through Conform's parseWithZod
 * (a blank field arrives as missing: a blank consent is "required").
 */
export const TestimonialFormSchema = z
	.object({
		intent: z.enum(['save', 'preview']).default('save'),
		name: TNameSchema,
		role: TRoleSchema,
		country: TCountrySchema,
		text: TTextSchema,
		profit: TProfitSchema,
		consentOn: ConsentOnSchema,
		consentHow: ConsentHowSchema,
		position: TestimonialPositionSchema.optional(),
		publishOn: PublishOnSchema.optional(),
		expiresOn: ExpiresOnSchema.optional(),
	})
	.superRefine(checkDayOrder)
	.transform(({ intent, position, publishOn, expiresOn, ...rest }) => ({
		intent,
		input: {
			...rest,
			position: position ?? 0,
			publishOn: publishOn ?? null,
			expiresOn: expiresOn ?? null,
		} satisfies TestimonialInput,
	}))

const apiPosition = z
	.number({ invalid_type_error: TM.positionInvalid })
	.pipe(TestimonialPositionSchema as z.ZodType<number>)

/** POST /api/admin/content/testimonials: a draft; consent (day and how) required; position, publishOn, expiresOn optional. */
export const TestimonialCreateApiSchema = z
	.object({
		name: TNameSchema,
		role: TRoleSchema,
		country: TCountrySchema,
		text: TTextSchema,
		profit: TProfitSchema,
		consentOn: ConsentOnSchema,
		consentHow: ConsentHowSchema,
		position: apiPosition.default(0),
		publishOn: PublishOnSchema.nullable().default(null),
		expiresOn: ExpiresOnSchema.nullable().default(null),
	})
	.strict()
	.superRefine(checkDayOrder)
	.transform((value): TestimonialInput => value)

/** PATCH /api/admin/content/testimonials/:id: any of the fields, at least one (null clears a date; consent cannot be cleared). */
export const TestimonialUpdateApiSchema = z
	.object({
		name: TNameSchema.optional(),
		role: TRoleSchema.optional(),
		country: TCountrySchema.optional(),
		text: TTextSchema.optional(),
		profit: TProfitSchema.optional(),
		consentOn: ConsentOnSchema.optional(),
		consentHow: ConsentHowSchema.optional(),
		position: apiPosition.optional(),
		publishOn: PublishOnSchema.nullable().optional(),
		expiresOn: ExpiresOnSchema.nullable().optional(),
	})
	.strict()
	.superRefine((value, ctx) => {
		if (Object.values(value).every((v) => v === undefined))
			ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['text'], message: CONTENT_MESSAGES.nothingToChange })
		checkDayOrder(value, ctx)
	})
	.transform((value): Partial<TestimonialInput> => {
		const out: Partial<TestimonialInput> = {}
		for (const [key, v] of Object.entries(value)) if (v !== undefined) Object.assign(out, { [key]: v })
		return out
	})

/** The consent's problem at `today` (`YYYY-MM-DD`, UTC), or null: missing, not a day, or after today. */
export function consentProblem(
	consent: { consentOn: string | null | undefined; consentHow: string | null | undefined },
	today: string,
): { field: 'consentOn' | 'consentHow'; message: string } | null {
	const on = consent.consentOn?.trim() ?? ''
	const how = consent.consentHow?.trim() ?? ''
	if (on.length === 0) return { field: 'consentOn', message: TM.consentOnRequired }
	if (!isDay(on)) return { field: 'consentOn', message: TM.consentOnInvalid }
	if (on > today) return { field: 'consentOn', message: TM.consentOnFuture }
	if (how.length === 0) return { field: 'consentHow', message: TM.consentHowRequired }
	return null
}

// ---------------------------------------------------------------------------
// Announcements (part 5)

export const ANNOUNCEMENT_LIMITS = { title: 120, body: 5_000 } as const

/** Every member (`all`), or the members of one plan. */
export const ANNOUNCEMENT_AUDIENCES = ['all', ...PLANS] as const
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number]

export const ANNOUNCEMENT_AUDIENCE_LABELS: Record<AnnouncementAudience, string> = {
	all: 'Every member',
	regular: 'Members on the Regular plan',
	gold: 'Members on the Gold plan',
	titanium: 'Members on the Titanium plan',
	platinum: 'Members on the Platinum plan',
}

export const ANNOUNCEMENT_MESSAGES = {
	titleRequired: 'Title is required',
	titleTooLong: `Title must be at most ${ANNOUNCEMENT_LIMITS.title} characters`,
	titleInvalid: 'Title must not contain control characters (like line breaks or tabs)',
	bodyRequired: 'Message is required',
	bodyTooLong: `Message must be at most ${ANNOUNCEMENT_LIMITS.body.toLocaleString('en-US')} characters`,
	bodyInvalid: 'Message must be plain text: no control characters other than line breaks',
	audienceInvalid: 'Choose every member or a plan from the list (regular, gold, titanium or platinum)',
	sentLocked:
		'This announcement has been sent (or is being sent): its title, message and audience can no longer change',
	pageTitle: 'Announcements',
	newTitle: 'New Announcement',
	notFound: 'Announcement not found',
	created: 'Announcement saved as a draft.',
	updated: 'Announcement updated.',
	published: 'Announcement published: the scheduler is sending it to its members in batches.',
	scheduled: 'Announcement scheduled: it is sent from its publish date.',
	unpublished: 'Announcement unpublished: no further members get it.',
	deleted: 'Announcement deleted.',
	sentToSelf: (email: string) => `Test sent to ${email} only; no member got it.`,
	sendFailed: 'The test mail could not be sent: try again in a moment',
	deleteWarning:
		'The announcement is removed for good: no further members get it (those who got it keep it in their inbox), and only the audit log keeps what it was.',
} as const

/** What an announcement is made of, as the model takes it. */
export type AnnouncementInput = {
	title: string
	/** Plain text; paragraphs separated by a blank line. */
	body: string
	audience: AnnouncementAudience
	/** The first day it may be sent (from 00:00 UTC), or null: when published. */
	publishOn: string | null
}

const AnnouncementTitleSchema = oneLine(
	ANNOUNCEMENT_MESSAGES.titleRequired,
	ANNOUNCEMENT_LIMITS.title,
	ANNOUNCEMENT_MESSAGES.titleTooLong,
	ANNOUNCEMENT_MESSAGES.titleInvalid,
)

// Line breaks (paragraphs) are allowed; other control characters are not. Windows line ends become \n.
const BODY_CONTROL = /(?!\n)\p{Cc}/u
const AnnouncementBodySchema = z
	.string({
		required_error: ANNOUNCEMENT_MESSAGES.bodyRequired,
		invalid_type_error: ANNOUNCEMENT_MESSAGES.bodyRequired,
	})
	.transform((v) => v.replace(/\r\n?/g, '\n').trim())
	.superRefine((value, ctx) => {
		const message =
			value.length === 0
				? ANNOUNCEMENT_MESSAGES.bodyRequired
				: value.length > ANNOUNCEMENT_LIMITS.body
					? ANNOUNCEMENT_MESSAGES.bodyTooLong
					: BODY_CONTROL.test(value)
						? ANNOUNCEMENT_MESSAGES.bodyInvalid
						: null
		if (message) ctx.addIssue({ code: z.ZodIssueCode.custom, message })
	})

const AudienceSchema = z.enum(ANNOUNCEMENT_AUDIENCES, {
	errorMap: () => ({ message: ANNOUNCEMENT_MESSAGES.audienceInvalid }),
})

/** /admin/content/announcements/new and /:id through Conform's parseWithZod; `intent` tells Save from Preview. */
export const AnnouncementFormSchema = z
	.object({
		intent: z.enum(['save', 'preview']).default('save'),
		title: AnnouncementTitleSchema,
		body: AnnouncementBodySchema,
		audience: z.preprocess((v) => v ?? '', AudienceSchema),
		publishOn: PublishOnSchema.optional(),
	})
	.transform(({ intent, publishOn, ...rest }) => ({
		intent,
		input: { ...rest, publishOn: publishOn ?? null } satisfies AnnouncementInput,
	}))

/** POST /api/admin/content/announcements: title and body required; audience `all` by default; a draft. */
export const AnnouncementCreateApiSchema = z
	.object({
		title: AnnouncementTitleSchema,
		body: AnnouncementBodySchema,
		audience: AudienceSchema.default('all'),
		publishOn: PublishOnSchema.nullable().default(null),
	})
	.strict()
	.transform((value): AnnouncementInput => value)

/** PATCH /api/admin/content/announcements/:id: any of the fields, at least one (refused once sending started). */
export const AnnouncementUpdateApiSchema = z
	.object({
		title: AnnouncementTitleSchema.optional(),
		body: AnnouncementBodySchema.optional(),
		audience: AudienceSchema.optional(),
		publishOn: PublishOnSchema.nullable().optional(),
	})
	.strict()
	.superRefine((value, ctx) => {
		if (Object.values(value).every((v) => v === undefined))
			ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['title'], message: CONTENT_MESSAGES.nothingToChange })
	})
	.transform((value): Partial<AnnouncementInput> => {
		const out: Partial<AnnouncementInput> = {}
		for (const [key, v] of Object.entries(value)) if (v !== undefined) Object.assign(out, { [key]: v })
		return out
	})
