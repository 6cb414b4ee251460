import { z } from 'zod'
import { PLAN_CODE_STATUSES, PREMIUM_PLANS, type PlanCodeStatus } from '#app/domain/enums.ts'
import { PLAN_CODE_LIMITS, UNLOCK_CODE_LIMITS } from '#app/domain/limits.ts'
import { PLAN_CODE_MESSAGES as P, UNLOCK_CODE_MESSAGES as U } from './admin-codes-messages.ts'
import { CONTROL_CHARS } from './validation.ts'

/**
 * The codes screens and /api/admin/unlock-codes, /api/admin/plan-code-*:
 * rotation, retirement, batch issue, revoke and the list queries. No
 * server code (the pages import it too). Each field reports one message at
 * a time, the first rule it breaks. "Not in the past" needs the clock, so
 * the rules check it (app/models/plan-codes.server.ts, unlock-code.server.ts).
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
	.union([z.string(), z.null()], { invalid_type_error: U.expiresAtInvalid })
	.optional()
	.transform((value, ctx) => {
		const text = value?.trim()
		if (!text) return null
		const date = parseExpiry(text)
		if (!date) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, message: U.expiresAtInvalid })
			return z.NEVER
		}
		return date
	})

/** A staff-typed unlock code: trimmed, upper-cased, 4 to 64 letters, digits and dashes; blank is "generate one". */
const TypedUnlockCodeSchema = z
	.union([z.string(), z.null()], { invalid_type_error: U.codeInvalid })
	.optional()
	.transform((value, ctx) => {
		const text = value?.trim().toUpperCase()
		if (!text) return undefined
		const message =
			text.length < UNLOCK_CODE_LIMITS.minLength
				? U.codeTooShort
				: text.length > UNLOCK_CODE_LIMITS.maxLength
					? U.codeTooLong
					: /^[A-Z0-9-]+$/.test(text)
						? null
						: U.codeInvalid
		if (message) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, message })
			return z.NEVER
		}
		return text
	})

const isGrace = (n: number): n is GraceHours => (GRACE_HOURS as readonly number[]).includes(n)

/** Grace hours: one of the offered choices (the form sends text, the API a number). */
const GraceSchema = z
	.union([z.number(), z.string(), z.null()], { invalid_type_error: U.graceInvalid })
	.optional()
	.transform((value, ctx) => {
		if (value === undefined || value === null || value === '') return 0 as GraceHours
		const n = typeof value === 'number' ? value : /^\d{1,3}$/.test(value) ? Number(value) : NaN
		if (!isGrace(n)) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, message: U.graceInvalid })
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

export const UnlockRetireFormSchema = z.object({ intent: z.literal('retire'), id: idSchema(U.idInvalid) })

const NoteSchema = z
	.string({ required_error: P.noteRequired, invalid_type_error: P.noteRequired })
	.transform((v) => v.normalize('NFC').trim())
	.superRefine((value, ctx) => {
		const message = !value
			? P.noteRequired
			: value.length > PLAN_CODE_LIMITS.note
				? P.noteTooLong
				: CONTROL_CHARS.test(value)
					? P.noteInvalid
					: null
		if (message) ctx.addIssue({ code: z.ZodIssueCode.custom, message })
	})

const batchFields = {
	plan: z.enum(PREMIUM_PLANS, {
		errorMap: (issue) => ({
			message: issue.code === 'invalid_type' && issue.received === 'undefined' ? P.planRequired : P.planInvalid,
		}),
	}),
	count: wholeNumber(P.countRequired, P.countInvalid, PLAN_CODE_LIMITS.minCount, PLAN_CODE_LIMITS.maxCount),
	usesPerCode: wholeNumber(P.usesRequired, P.usesInvalid, 1, PLAN_CODE_LIMITS.maxUsesPerCode),
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
	z.object({ intent: z.literal('revoke-code'), codeId: idSchema(P.codeIdInvalid) }),
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
	.refine((v) => !v || v === 'all' || (PLAN_CODE_STATUSES as readonly string[]).includes(v), P.statusInvalid)
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
