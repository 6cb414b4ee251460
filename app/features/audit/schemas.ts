import { z } from 'zod'
import { queryInput } from '#app/utils/validation.ts'

/** The audit log's filters (/admin/audit, /api/admin/audit). */
export const AUDIT_LIMITS = {
	action: 64,
	targetType: 40,
	targetId: 64,
	/** Rows on one page of /admin/audit, and the API's default. */
	pageSize: 50,
	/** The most rows one /api/admin/audit call may ask for. */
	apiMaxLimit: 200,
	/** The most rows one CSV export holds (newest first; narrow the filters for more). */
	exportMaxRows: 100_000,
} as const

/** The audit log's words (/admin/audit and /api/admin/audit). */
export const AUDIT_TITLE = 'Audit log'
export const AUDIT_ERROR_TITLE = 'The audit log could not be shown'
export const AUDIT_LOAD_FAILED = 'Something went wrong while loading the audit log. Try again.'
export const AUDIT_EMPTY = 'No changes match these filters'
export const AUDIT_FILTERS_INVALID = 'Fix the filters below to see the log'

export const AUDIT_MESSAGES = {
	adminId: "Staff must be an admin's number or 'system'",
	action: `Action must look like "user.update" (lower-case words joined by dots and dashes), at most ${AUDIT_LIMITS.action} characters`,
	targetType: `Target type must be a lower-case word (dashes allowed), at most ${AUDIT_LIMITS.targetType} characters`,
	targetId: `Target id must be letters, digits, dots, dashes, underscores or colons, at most ${AUDIT_LIMITS.targetId} characters`,
	targetIdNeedsType: 'Choose a target type to look up a target id',
	from: 'From must be a date (YYYY-MM-DD)',
	to: 'To must be a date (YYYY-MM-DD)',
	toBeforeFrom: 'To must be on or after From',
	cursor: 'cursor is not one this list gave out',
	limit: `limit must be a whole number from 1 to ${AUDIT_LIMITS.apiMaxLimit}`,
	invalidChars: 'contains characters that are not allowed',
} as const

/**
 * The audit log's query (/admin/audit, its CSV export, /api/admin/audit and
 * its export): staff member, action, target type and id, a UTC date range,
 * and the keyset cursor of the next page. Browser-safe (no server imports):
 * the page builds its links with it, the server decides with it. Every bad
 * value is an error at its field; nothing is guessed.
 */

/** 'system': the rows written by the server itself (adminId null). */
export const SYSTEM_FILTER = 'system'

export type AuditCursor = { createdAt: number; id: number }

export type AuditQuery = {
	/** An admin's id, 'system' (no admin) or null for everyone. */
	adminId: number | typeof SYSTEM_FILTER | null
	action: string | null
	targetType: string | null
	targetId: string | null
	/** YYYY-MM-DD, UTC, inclusive. */
	from: string | null
	to: string | null
	/** Rows older than this one (createdAt, id); null for the newest page. */
	cursor: AuditCursor | null
	limit: number
}

export const DEFAULT_AUDIT_QUERY: AuditQuery = {
	adminId: null,
	action: null,
	targetType: null,
	targetId: null,
	from: null,
	to: null,
	cursor: null,
	limit: AUDIT_LIMITS.pageSize,
}

export const AUDIT_FILTER_FIELDS = ['adminId', 'action', 'targetType', 'targetId', 'from', 'to'] as const

const ACTION_PATTERN = /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$/
const TARGET_TYPE_PATTERN = /^[a-z][a-z0-9-]*$/
const TARGET_ID_PATTERN = /^[A-Za-z0-9._:-]+$/
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/
const CURSOR_PATTERN = /^(\d{1,15})-(\d{1,15})$/

/** The UTC midnight of a YYYY-MM-DD date (2000 to 9999), or null when it is not a real date. */
export function utcDayStart(value: string): number | null {
	const match = DATE_PATTERN.exec(value)
	if (!match) return null
	const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
	if (year < 2000) return null
	const ms = Date.UTC(year, month - 1, day)
	const back = new Date(ms)
	return back.getUTCFullYear() === year && back.getUTCMonth() === month - 1 && back.getUTCDate() === day ? ms : null
}

export const DAY_MS = 86_400_000

/** "1732330000000-123": the createdAt (ms) and id of the last row of a page. */
export function encodeAuditCursor(cursor: AuditCursor) {
	return `${cursor.createdAt}-${cursor.id}`
}

export function decodeAuditCursor(value: string): AuditCursor | null {
	const match = CURSOR_PATTERN.exec(value)
	if (!match) return null
	const createdAt = Number(match[1])
	const id = Number(match[2])
	return Number.isSafeInteger(createdAt) && Number.isSafeInteger(id) && id > 0 ? { createdAt, id } : null
}

/**
 * One value per name (a repeated one is an error naming it, its values
 * unchecked); '' is "not given". A bad value is its field's error and reads
 * as not given without failing the object (zod runs no refinement past a
 * failed field), so the cross-field rules below still run and see only good
 * values. `doc` is what the API's document shows; it takes the good string
 * on and checks nothing more. The query's transform types the values.
 */
function param(name: string, check: (value: string) => boolean, message: string, doc: z.ZodString) {
	return z.preprocess((value, ctx) => {
		if (Array.isArray(value)) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, message: `Give ${name} once` })
			return undefined
		}
		if (value === undefined || value === '') return undefined
		if (typeof value !== 'string' || !check(value)) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, message })
			return undefined
		}
		return value
	}, doc.optional())
}

const text = (max: number, pattern: RegExp) => (value: string) => value.length <= max && pattern.test(value)
const isDay = (value: string) => utcDayStart(value) !== null

const auditFilters = {
	adminId: param(
		'adminId',
		(v) => v === SYSTEM_FILTER || /^[1-9]\d{0,14}$/.test(v),
		AUDIT_MESSAGES.adminId,
		z.string(),
	).describe("An admin's id, or `system` for the rows the server wrote itself."),
	action: param(
		'action',
		text(AUDIT_LIMITS.action, ACTION_PATTERN),
		AUDIT_MESSAGES.action,
		z.string().max(AUDIT_LIMITS.action),
	).describe('An exact action, such as `user.update` (lower case, dots and dashes).'),
	targetType: param(
		'targetType',
		text(AUDIT_LIMITS.targetType, TARGET_TYPE_PATTERN),
		AUDIT_MESSAGES.targetType,
		z.string().max(AUDIT_LIMITS.targetType),
	).describe('Such as `user`, `contest`.'),
	targetId: param(
		'targetId',
		text(AUDIT_LIMITS.targetId, TARGET_ID_PATTERN),
		AUDIT_MESSAGES.targetId,
		z.string().max(AUDIT_LIMITS.targetId),
	).describe('Needs targetType.'),
	from: param('from', isDay, AUDIT_MESSAGES.from, z.string().date()).describe('YYYY-MM-DD, UTC, inclusive.'),
	to: param('to', isDay, AUDIT_MESSAGES.to, z.string().date()).describe('YYYY-MM-DD, UTC, inclusive; not before from.'),
	cursor: param('cursor', (v) => decodeAuditCursor(v) !== null, AUDIT_MESSAGES.cursor, z.string()).describe(
		'The `nextCursor` of the previous page: rows older than its last one.',
	),
}

/**
 * The limit: 1 to AUDIT_LIMITS.apiMaxLimit, written plainly; blank is the
 * page size. Checked as the filters are (a bad one does not stop the
 * cross-field rules); the number schema inside is what the document shows.
 */
const limitParam = () =>
	z.preprocess((value, ctx) => {
		if (Array.isArray(value)) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'Give limit once' })
			return undefined
		}
		if (value === undefined || value === '') return undefined
		if (typeof value === 'string' && /^[1-9]\d{0,3}$/.test(value) && Number(value) <= AUDIT_LIMITS.apiMaxLimit) {
			return Number(value)
		}
		ctx.addIssue({ code: z.ZodIssueCode.custom, message: AUDIT_MESSAGES.limit })
		return undefined
	}, z.number().int().min(1).max(AUDIT_LIMITS.apiMaxLimit).default(AUDIT_LIMITS.pageSize))

/** The query's filters and the cross-field rules (a target id needs its type; `to` not before `from`). */
function auditQuerySchema(limit: ReturnType<typeof limitParam>) {
	return z
		.object({ ...auditFilters, limit })
		.superRefine((q, ctx) => {
			if (q.targetId !== undefined && q.targetType === undefined) {
				ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['targetId'], message: AUDIT_MESSAGES.targetIdNeedsType })
			}
			if (q.from && q.to && q.to < q.from) {
				ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['to'], message: AUDIT_MESSAGES.toBeforeFrom })
			}
		})
		.transform((q): AuditQuery => ({
			adminId: q.adminId === undefined ? null : q.adminId === SYSTEM_FILTER ? SYSTEM_FILTER : Number(q.adminId),
			action: q.action ?? null,
			targetType: q.targetType ?? null,
			targetId: q.targetId ?? null,
			from: q.from ?? null,
			to: q.to ?? null,
			cursor: q.cursor === undefined ? null : decodeAuditCursor(q.cursor),
			limit: q.limit,
		}))
}

export const AuditQuerySchema = auditQuerySchema(limitParam())

/** The export's query: the log's, its `limit` checked, then ignored (the export has every row up to its cap). */
export const AuditExportQuerySchema = auditQuerySchema(limitParam().describe('Checked, then ignored.'))

/** The filters as typed (for the page's form to show back), each a string. */
export type AuditFilterValues = Record<(typeof AUDIT_FILTER_FIELDS)[number], string>

/**
 * The page's reading of its URL: the query, or the errors by field with the
 * values as typed (the page shows them at the fields and lists nothing).
 * `limit` is the page's own size whatever the URL says.
 */
export function parseAuditQuery(
	params: URLSearchParams,
): { ok: true; query: AuditQuery } | { ok: false; errors: Record<string, string[]>; values: AuditFilterValues } {
	const input = queryInput(params)
	delete input.limit
	const parsed = AuditQuerySchema.safeParse(input)
	if (parsed.success) return { ok: true, query: parsed.data }
	const errors: Record<string, string[]> = {}
	for (const issue of parsed.error.issues) {
		const key = issue.path.join('.') || 'form'
		;(errors[key] ??= []).push(issue.message)
	}
	const values = Object.fromEntries(
		AUDIT_FILTER_FIELDS.map((name) => [name, params.get(name) ?? '']),
	) as AuditFilterValues
	return { ok: false, errors, values }
}

/** The filters of a query as the form's strings ('' when not set). */
export function auditFilterValues(query: AuditQuery): AuditFilterValues {
	return {
		adminId: query.adminId === null ? '' : String(query.adminId),
		action: query.action ?? '',
		targetType: query.targetType ?? '',
		targetId: query.targetId ?? '',
		from: query.from ?? '',
		to: query.to ?? '',
	}
}

/** The canonical query string of a view ("?action=user.update&cursor=..."; "" for the newest page of everything). */
export function auditSearch(query: AuditQuery, overrides: Partial<AuditQuery> = {}) {
	const q = { ...query, ...overrides }
	const params = new URLSearchParams()
	for (const [name, value] of Object.entries(auditFilterValues(q))) if (value) params.set(name, value)
	if (q.cursor) params.set('cursor', encodeAuditCursor(q.cursor))
	const search = params.toString()
	return search ? `?${search}` : ''
}

/**
 * The page of an audit row's target, when there is one: a member, a contest,
 * a plan code batch, a staff account. Null for other targets.
 */
export function auditTargetHref(targetType: string, targetId: string): string | null {
	if (!/^[1-9]\d{0,15}$/.test(targetId)) return null
	switch (targetType) {
		case 'user':
			return `/admin/users/${targetId}`
		case 'contest':
			return `/admin/contests/${targetId}/participants`
		case 'plan-code-batch':
			return `/admin/codes/batches/${targetId}`
		case 'admin':
			return `/admin/staff/${targetId}`
		case 'offer-claim':
			return `/admin/offers/${targetId}`
		default:
			return null
	}
}
