import { z } from 'zod'
import { PLAN_CODE_STATUSES, PREMIUM_PLANS, type PlanCodeStatus } from '#app/domain/enums.ts'
import { CONTROL_CHARS } from '#app/utils/validation.ts'

/** Plan code batches: how many codes, uses per code, the campaign note, list pages. */
export const PLAN_CODE_LIMITS = {
	minCount: 1,
	maxCount: 10_000,
	maxUsesPerCode: 1_000,
	note: 200,
	/** Random characters after the plan marker ("GOLD-" + 12): 60 bits, unguessable among 10,000. */
	randomLength: 12,
	/** Rows per page of the batches list and of a batch's codes. */
	pageSize: 20,
	/** Unused plan codes are deleted this many days after they expired (used ones stay: plan history). */
	purgeAfterDays: 90,
} as const

/** Unlock codes typed by staff (the same charset UNLOCK_CODE accepts) and the grace choices at rotation. */
export const UNLOCK_CODE_LIMITS = {
	minLength: 4,
	maxLength: 64,
	/** Hours the previous code(s) keep working after a rotation: none, 1 hour, 24 hours, 7 days. */
	graceHours: [0, 1, 24, 168],
} as const

/**
 * The codes screens' words (/admin/codes and /api/admin/unlock-codes,
 * /api/admin/plan-code-batches, /api/admin/plan-codes), shared by the
 * rules, the pages and the API. Its limits are at the top of this file.
 */

export const CODES_TITLE = 'Codes'
export const CODES_SUBTITLE = 'The unlock code the channel hands out, and plan activation codes issued in batches.'
export const CODES_ERROR_TITLE = 'Codes could not be loaded'
export const CODES_LOAD_FAILED = 'The codes could not be loaded. Please try again.'
export const BATCH_TITLE = 'Code batch'

export const UNLOCK_CODE_MESSAGES = {
	codeTooShort: `Code must be at least ${UNLOCK_CODE_LIMITS.minLength} characters`,
	codeTooLong: `Code must be at most ${UNLOCK_CODE_LIMITS.maxLength} characters`,
	codeInvalid: 'Code may hold letters, digits and dashes only',
	codeTaken: 'This code was used before; choose another',
	expiresAtInvalid: 'Enter a date and time as YYYY-MM-DDTHH:MM (UTC)',
	expiresAtPast: 'Expiry must be in the future',
	graceInvalid: `Grace period must be one of ${UNLOCK_CODE_LIMITS.graceHours.join(', ')} hours`,
	idInvalid: 'Choose a code to retire',
	notFound: 'Unlock code not found',
	alreadyRetired: 'This code is already retired',
	lastActive: 'This is the only active unlock code: members need one. Rotate to a new code first.',
} as const

export const PLAN_CODE_MESSAGES = {
	planRequired: 'Plan is required',
	planInvalid: 'Plan must be gold, titanium or platinum',
	countRequired: 'Number of codes is required',
	countInvalid: `Number of codes must be a whole number from ${PLAN_CODE_LIMITS.minCount} to ${PLAN_CODE_LIMITS.maxCount.toLocaleString('en-US')}`,
	usesRequired: 'Uses per code is required',
	usesInvalid: `Uses per code must be a whole number from 1 to ${PLAN_CODE_LIMITS.maxUsesPerCode.toLocaleString('en-US')}`,
	expiresAtInvalid: UNLOCK_CODE_MESSAGES.expiresAtInvalid,
	expiresAtPast: UNLOCK_CODE_MESSAGES.expiresAtPast,
	noteRequired: 'Note is required: name the campaign',
	noteTooLong: `Note must be at most ${PLAN_CODE_LIMITS.note} characters`,
	noteInvalid: 'Note contains characters that are not allowed',
	statusInvalid: 'Status must be unused, used, expired or revoked',
	codeIdInvalid: 'Choose a code to revoke',
	batchNotFound: 'Code batch not found',
	codeNotFound: 'Plan code not found',
	codeUsed: 'This code was used up: a used code cannot be revoked',
	codeAlreadyRevoked: 'This code is already revoked',
	batchNothingToRevoke: 'Every code of this batch is already used up or revoked',
} as const

export const PLAN_CODE_STATUS_LABELS: Record<PlanCodeStatus, string> = {
	unused: 'Unused',
	used: 'Used',
	expired: 'Expired',
	revoked: 'Revoked',
}

export const GRACE_LABELS: Record<(typeof UNLOCK_CODE_LIMITS.graceHours)[number], string> = {
	0: 'None: retire the previous code now',
	1: '1 hour',
	24: '24 hours',
	168: '7 days',
}

export const CODES_NOTICES = {
	rotated: 'Unlock code rotated',
	retired: 'Unlock code retired',
	issued: 'Codes issued',
	codeRevoked: 'Code revoked',
	batchRevoked: 'Batch revoked',
} as const

/**
 * The codes screens and /api/admin/unlock-codes, /api/admin/plan-code-*:
 * rotation, retirement, batch issue, revoke and the list queries. No
 * server code (the pages import it too). Each field reports one message at
 * a time, the first rule it breaks. "Not in the past" needs the clock, so
 * the rules check it (app/features/codes/plan-codes.server.ts, unlock-code.server.ts).
 */

export type GraceHours = (typeof UNLOCK_CODE_LIMITS.graceHours)[number]
export const GRACE_HOURS = UNLOCK_CODE_LIMITS.graceHours

/**
 * An expiry: "YYYY-MM-DDTHH:MM" (a datetime-local field, read as UTC), with
 * optional seconds and fraction, and optional "Z" or "+hh:mm" (the API).
 * Years 2000 to 2100. Null when it is not one.
 */
export function parseExpiry(value: string): Date | null {
	const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/.exec(value)
	if (!match) return null
	const [year, month, day, hour, minute] = match.slice(1, 6).map(Number) as [number, number, number, number, number]
	if (year < 2000 || year > 2100 || hour > 23 || minute > 59) return null
	const check = new Date(Date.UTC(year, month - 1, day))
	if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null
	const date = new Date(match[7] ? value : `${value}Z`)
	return Number.isNaN(date.getTime()) ? null : date
}

/** An optional expiry: blank or null is none; else parseExpiry or the field's message. */
const ExpirySchema = z
	.union([z.string(), z.null()], { invalid_type_error: UNLOCK_CODE_MESSAGES.expiresAtInvalid })
	.optional()
	.transform((value, ctx) => {
		const text = value?.trim()
		if (!text) return null
		const date = parseExpiry(text)
		if (!date) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, message: UNLOCK_CODE_MESSAGES.expiresAtInvalid })
			return z.NEVER
		}
		return date
	})

/** A staff-typed unlock code: trimmed, upper-cased, 4 to 64 letters, digits and dashes; blank is "generate one". */
const TypedUnlockCodeSchema = z
	.union([z.string(), z.null()], { invalid_type_error: UNLOCK_CODE_MESSAGES.codeInvalid })
	.optional()
	.transform((value, ctx) => {
		const text = value?.trim().toUpperCase()
		if (!text) return undefined
		const message =
			text.length < UNLOCK_CODE_LIMITS.minLength
				? UNLOCK_CODE_MESSAGES.codeTooShort
				: text.length > UNLOCK_CODE_LIMITS.maxLength
					? UNLOCK_CODE_MESSAGES.codeTooLong
					: /^[A-Z0-9-]+$/.test(text)
						? null
						: UNLOCK_CODE_MESSAGES.codeInvalid
		if (message) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, message })
			return z.NEVER
		}
		return text
	})

const isGrace = (n: number): n is GraceHours => (GRACE_HOURS as readonly number[]).includes(n)

/** Grace hours: one of the offered choices (the form sends text, the API a number). */
const GraceSchema = z
	.union([z.number(), z.string(), z.null()], { invalid_type_error: UNLOCK_CODE_MESSAGES.graceInvalid })
	.optional()
	.transform((value, ctx) => {
		if (value === undefined || value === null || value === '') return 0 as GraceHours
		const n = typeof value === 'number' ? value : /^\d{1,3}$/.test(value) ? Number(value) : NaN
		if (!isGrace(n)) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, message: UNLOCK_CODE_MESSAGES.graceInvalid })
			return z.NEVER
		}
		return n
	})

const rotateFields = { code: TypedUnlockCodeSchema, expiresAt: ExpirySchema, graceHours: GraceSchema }
/** The rotate form: { code?, expiresAt?, graceHours } (intent 'rotate'). */
export const UnlockRotateFormSchema = z.object({ intent: z.literal('rotate'), ...rotateFields })
/** POST /api/admin/unlock-codes: { code?, expiresAt?, graceHours? }; nothing else. */
export const UnlockRotateApiSchema = z.object(rotateFields).strict()
export type UnlockRotateInput = { code?: string; expiresAt: Date | null; graceHours: GraceHours }

/** A whole number from 1 to max: the API sends a number; the form's text is coerced by Conform. */
function wholeNumber(required: string, invalid: string, min: number, max: number) {
	return z
		.number({ required_error: required, invalid_type_error: invalid })
		.refine((n) => Number.isInteger(n) && n >= min && n <= max, invalid)
}

/** Row ids posted by the forms (revoke one code, retire one unlock code). */
const idSchema = (message: string) => wholeNumber(message, message, 1, 2_147_483_647)

export const UnlockRetireFormSchema = z.object({
	intent: z.literal('retire'),
	id: idSchema(UNLOCK_CODE_MESSAGES.idInvalid),
})

const NoteSchema = z
	.string({ required_error: PLAN_CODE_MESSAGES.noteRequired, invalid_type_error: PLAN_CODE_MESSAGES.noteRequired })
	.transform((v) => v.normalize('NFC').trim())
	.superRefine((value, ctx) => {
		const message = !value
			? PLAN_CODE_MESSAGES.noteRequired
			: value.length > PLAN_CODE_LIMITS.note
				? PLAN_CODE_MESSAGES.noteTooLong
				: CONTROL_CHARS.test(value)
					? PLAN_CODE_MESSAGES.noteInvalid
					: null
		if (message) ctx.addIssue({ code: z.ZodIssueCode.custom, message })
	})

const batchFields = {
	plan: z.enum(PREMIUM_PLANS, {
		errorMap: (issue) => ({
			message:
				issue.code === 'invalid_type' && issue.received === 'undefined'
					? PLAN_CODE_MESSAGES.planRequired
					: PLAN_CODE_MESSAGES.planInvalid,
		}),
	}),
	count: wholeNumber(
		PLAN_CODE_MESSAGES.countRequired,
		PLAN_CODE_MESSAGES.countInvalid,
		PLAN_CODE_LIMITS.minCount,
		PLAN_CODE_LIMITS.maxCount,
	),
	usesPerCode: wholeNumber(
		PLAN_CODE_MESSAGES.usesRequired,
		PLAN_CODE_MESSAGES.usesInvalid,
		1,
		PLAN_CODE_LIMITS.maxUsesPerCode,
	),
	expiresAt: ExpirySchema,
	note: NoteSchema,
}

/** The issue form (intent 'issue'). */
export const PlanBatchFormSchema = z.object({ intent: z.literal('issue'), ...batchFields })
/** POST /api/admin/plan-code-batches: { plan, count, usesPerCode, expiresAt?, note }. */
export const PlanBatchApiSchema = z.object(batchFields).strict()
export type PlanBatchInput = z.output<typeof PlanBatchApiSchema>

/** Revoke one code (the batch page's per-row form) or the whole batch. */
export const PlanCodeRevokeFormSchema = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('revoke-code'), codeId: idSchema(PLAN_CODE_MESSAGES.codeIdInvalid) }),
	z.object({ intent: z.literal('revoke-batch') }),
])

// ---------------------------------------------------------------------------
// Queries

export const PLAN_CODE_MAX_PAGE = 100_000
const pageMessage = `page must be a whole number from 1 to ${PLAN_CODE_MAX_PAGE}`

const PageParam = z
	.string()
	.optional()
	.refine((v) => !v || (/^[1-9]\d{0,5}$/.test(v) && Number(v) <= PLAN_CODE_MAX_PAGE), pageMessage)
	.transform((v) => (v ? Number(v) : 1))

const StatusParam = z
	.string()
	.optional()
	.refine(
		(v) => !v || v === 'all' || (PLAN_CODE_STATUSES as readonly string[]).includes(v),
		PLAN_CODE_MESSAGES.statusInvalid,
	)
	.transform((v) => (!v || v === 'all' ? null : (v as PlanCodeStatus)))

/** GET /api/admin/plan-code-batches ?page. */
export const BatchListApiQuerySchema = z.object({ page: PageParam }).strict()
/** GET /api/admin/plan-code-batches/:id ?status&page. */
export const BatchCodesApiQuerySchema = z.object({ page: PageParam, status: StatusParam }).strict()

/** The pages never refuse a link: a bad page is 1, a bad status is "all". */
export function readPageParam(params: URLSearchParams, name = 'page') {
	const parsed = PageParam.safeParse(params.get(name) ?? undefined)
	return parsed.success ? parsed.data : 1
}
export function readStatusParam(params: URLSearchParams): PlanCodeStatus | null {
	const parsed = StatusParam.safeParse(params.get('status') ?? undefined)
	return parsed.success ? parsed.data : null
}
