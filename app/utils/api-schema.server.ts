import { extendZodWithOpenApi, type ResponseConfig } from '@asteasolutions/zod-to-openapi'
import { z } from 'zod'
import { MAX_API_BODY_BYTES } from './api.server.ts'
import { SLIDING_RATE_LIMITS } from './rate-limit.server.ts'

/**
 * The pieces every /api declaration (apiRoute in app/utils/api.server.ts)
 * describes itself with: the envelope, the refusals and their texts, and the
 * small field shapes the answers share. The response schemas of an area live
 * in its `app/features/<area>/responses.ts`, and its models take their types
 * from them (`z.infer`); app/utils/openapi.server.ts assembles the document.
 *
 * extendZodWithOpenApi adds `.openapi()` to zod's prototype: it copies a
 * schema with metadata and changes no validation. A module that calls
 * `.openapi()` imports `z` from here, so the method exists when it runs.
 */
extendZodWithOpenApi(z)
export { z }

export const MEMBER_AUTH = 'memberBearer'
export const ADMIN_AUTH = 'adminBearer'

export const FieldErrorSchema = z
	.object({ path: z.string(), message: z.string() })
	.strict()
	.openapi('FieldError', { description: 'A field error: the field\'s path ("email", "prizes.first") and its message.' })

export const ErrorEnvelopeSchema = z
	.object({
		success: z.literal(false),
		message: z.string(),
		errors: z.array(FieldErrorSchema).min(1).optional(),
	})
	.strict()
	.openapi('ErrorEnvelope', {
		description: 'Every refusal: `success` false, a message for people and, for field errors, `errors`.',
	})

/** `{ success: true, message?, data? }`: `message` and `data` only where the route sends them. */
export function successEnvelope(options: { message?: boolean; data?: z.ZodTypeAny }) {
	return z
		.object({
			success: z.literal(true),
			...(options.message ? { message: z.string() } : {}),
			...(options.data ? { data: options.data } : {}),
		})
		.strict()
}

export function jsonContent(schema: z.ZodTypeAny) {
	return { 'application/json': { schema } }
}

export function ok(description: string, options: { message?: boolean; data?: z.ZodTypeAny }): ResponseConfig {
	return { description, content: jsonContent(successEnvelope(options)) }
}

export const ERROR_STATUSES = {
	400: 'Validation failed (`errors` lists each field), malformed JSON, or a body that is not a JSON object.',
	401: 'Not authenticated.',
	403: 'The token is valid but its role may not do this.',
	404: 'Not found (an unknown or malformed id in the path).',
	409: 'Conflict with the stored state.',
	413: `The body is over ${MAX_API_BODY_BYTES} bytes.`,
	415: 'A body that is not `application/json` (UTF-8).',
	422: 'The request was read but cannot be done as it stands (`errors` says why).',
	429: 'Too many attempts (`Retry-After` says when to try again).',
	500: 'Unexpected error; no details are given.',
	503: 'The database is locked by another process past a short wait, or the server is out of storage space; nothing was changed. Try again after `Retry-After` seconds.',
} as const
export type ErrorStatus = keyof typeof ERROR_STATUSES

export const RESPONSE_HEADERS: Partial<Record<ErrorStatus, ResponseConfig['headers']>> = {
	429: { 'Retry-After': { required: true, description: 'Seconds to wait.', schema: { type: 'integer', minimum: 1 } } },
	503: { 'Retry-After': { required: true, description: 'Seconds to wait.', schema: { type: 'integer', minimum: 1 } } },
}

/** The 401 of every route that needs a token (requireApiMember in app/auth/member.server.ts, requireApiAdmin in app/auth/staff.server.ts). */
export const TOKEN_REFUSED: ResponseConfig = {
	description: 'No token, or a token that is unknown, expired, signed out or of the other kind.',
	// Not `required`: verify-code also answers 401 when the member was deleted after the token was read.
	headers: { 'WWW-Authenticate': { description: '`Bearer` when the token is refused.', schema: { type: 'string' } } },
	content: jsonContent(ErrorEnvelopeSchema),
}

/**
 * The 429 of every operation that takes an admin token (requireApiAdmin in
 * app/auth/staff.server.ts): sliding windows per token and per admin
 * (SLIDING_RATE_LIMITS in app/utils/rate-limit.server.ts).
 */
export const ADMIN_TOKEN_LIMITED: ResponseConfig = {
	description: `Too many requests with this token (${SLIDING_RATE_LIMITS['admin-api:token'].limit} a minute) or by this admin, all their tokens together (${SLIDING_RATE_LIMITS['admin-api:admin'].limit} a minute; both times RATE_LIMIT_MULTIPLIER): 'Too many requests. Please try again in N seconds.' Refused requests do not count.`,
	headers: {
		'Retry-After': { required: true, description: 'Seconds to wait.', schema: { type: 'integer', minimum: 1 } },
		'RateLimit-Limit': {
			required: true,
			description: "The refusing rule's requests a minute.",
			schema: { type: 'integer', minimum: 1 },
		},
		'RateLimit-Remaining': { required: true, description: 'Always 0 here.', schema: { type: 'integer', minimum: 0 } },
		'RateLimit-Reset': {
			required: true,
			description: 'Seconds until a request fits (as Retry-After).',
			schema: { type: 'integer', minimum: 1 },
		},
	},
	content: jsonContent(ErrorEnvelopeSchema),
}

/**
 * Error answers of a route; `details` says what the status means there when
 * it is more than the generic text. The answers every operation can get
 * whatever its route does (400, 413, 500, 503) are added by `operation`.
 */
export function refusals(statuses: ErrorStatus[], details: Partial<Record<ErrorStatus, string>> = {}) {
	const responses: Record<string, ResponseConfig> = {}
	for (const status of statuses) {
		const headers = RESPONSE_HEADERS[status]
		responses[String(status)] = {
			description: details[status] ?? ERROR_STATUSES[status],
			...(headers ? { headers } : {}),
			content: jsonContent(ErrorEnvelopeSchema),
		}
	}
	return responses
}

/** Statuses every route that reads a JSON body may answer. */
export const BODY_REFUSALS: ErrorStatus[] = [400, 413, 415]

export function jsonBody(schema: z.ZodTypeAny, options: { required?: boolean; description?: string } = {}) {
	return {
		required: options.required ?? true,
		...(options.description ? { description: options.description } : {}),
		content: jsonContent(schema),
	}
}

// ---------------------------------------------------------------------------
// Shapes the answers share

export const isoDateTime = () =>
	z.string().datetime().openapi({ description: 'ISO 8601, UTC (`2026-11-23T10:00:00.000Z`).' })
export const isoDate = () => z.string().date().openapi({ description: 'A UTC calendar day, `YYYY-MM-DD`.' })
export const nullableDateTime = () => isoDateTime().nullable()
export const count = () => z.number().int().min(0)
export const id = () => z.number().int().min(1)

/** What every list's pagination promises (the document's Pagination and CappedPagination). */
export const PAGINATION_DESCRIPTION = 'An empty list is page 1 of 1; a page past the end is answered empty.'

export const PaginationSchema = z
	.object({ page: id(), limit: id(), totalPages: id(), totalCount: count(), currentPage: id() })
	.strict()
	.openapi('Pagination', { description: PAGINATION_DESCRIPTION })

/** A list's pagination as the API answers it (PaginationSchema's fields; the pages use the rest). */
export function apiPagination({ page, limit, totalPages, totalCount, currentPage }: z.infer<typeof PaginationSchema>) {
	return { page, limit, totalPages, totalCount, currentPage }
}

export const TokenSchema = z
	.string()
	.openapi({ description: 'The bearer token: send it as `Authorization: Bearer <token>`.' })

/** A route that takes no payload refuses any field (an empty body reads as `{}`). */
export const NoPayload = z.object({}).strict()

/** A route that reads the body as JSON (415, 413, 400) and ignores what it holds. */
export const IgnoredPayload = z.record(z.unknown()).openapi({ description: 'Ignored.' })

/** A path id: anything but a positive whole number is a 404. */
export const IdParams = z.object({
	id: id().openapi({ description: 'Anything but a positive whole number is a 404.' }),
})

/** A member's token, or an admin role without the capability (the token's 401 comes with `auth`). */
export const ADMIN_GUARD: ErrorStatus[] = [403]
export const ADMIN_403 = {
	403: "A member's token ('Access denied. Admin privileges required.'), or a role without this capability.",
}

/**
 * The 200 of a CSV export: `description` says what the file holds, `fileName`
 * the pattern of its name (`users-YYYY-MM-DD.csv`), `headers` any other
 * header it sends.
 */
export function csvAttachment(
	description: string,
	fileName: string,
	headers: Record<string, { required: boolean; description: string; schema: { type: 'string'; enum?: string[] } }> = {},
): ResponseConfig {
	return {
		description,
		headers: {
			'Content-Disposition': {
				required: true,
				description: `\`attachment; filename="${fileName}"\``,
				schema: { type: 'string' },
			},
			...headers,
		},
		content: { 'text/csv': { schema: z.string() } },
	}
}
