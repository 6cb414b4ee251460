import type { RouteConfig } from '@asteasolutions/zod-to-openapi'
import { z, type ZodError } from 'zod'
import { databaseUnavailable } from '#db/client.server.ts'
import { log } from './log.server.ts'
import type { Failure } from './result.ts'
import { queryInput } from './validation.ts'

/**
 * The /api envelope (described for clients by app/utils/openapi.server.ts):
 * { success: true, message?, data? } or { success: false, message, errors? }.
 * Every answer is JSON and never cached.
 */
export type ApiFieldError = { path: string; message: string }

const BASE_HEADERS = {
	'Content-Type': 'application/json; charset=utf-8',
	'Cache-Control': 'no-store',
}

export function apiJson(body: unknown, status = 200, headers: Record<string, string> = {}) {
	return new Response(JSON.stringify(body), { status, headers: { ...BASE_HEADERS, ...headers } })
}

export function apiSuccess(data?: unknown, options: { message?: string; status?: number } = {}) {
	return apiJson(
		{
			success: true,
			...(options.message ? { message: options.message } : {}),
			...(data === undefined ? {} : { data }),
		},
		options.status ?? 200,
	)
}

export function apiError(
	status: number,
	message: string,
	errors?: ApiFieldError[],
	headers: Record<string, string> = {},
) {
	return apiJson({ success: false, message, ...(errors?.length ? { errors } : {}) }, status, headers)
}

/** Maps a domain failure to its answer (field errors become `errors`). */
export function apiFailure(failure: Failure) {
	const errors = Object.entries(failure.fieldErrors ?? {}).flatMap(([path, messages]) =>
		messages.map((message) => ({ path, message })),
	)
	const headers: Record<string, string> = failure.retryAfterSeconds
		? { 'Retry-After': String(failure.retryAfterSeconds) }
		: {}
	return apiError(failure.status, failure.message, errors, headers)
}

export function validationFailed(error: ZodError) {
	const errors: ApiFieldError[] = []
	for (const issue of error.issues) {
		if (issue.code === 'unrecognized_keys') {
			for (const key of issue.keys) errors.push({ path: key, message: 'Unknown field' })
		} else {
			errors.push({ path: issue.path.join('.'), message: issue.message })
		}
	}
	return apiError(400, 'Validation failed', errors)
}

export const MAX_API_BODY_BYTES = 1024 * 1024

/**
 * Reads a JSON object body: 415 for another content type, 413 when too
 * large, 400 for malformed JSON or a body that is not an object. An empty
 * body reads as {}.
 */
export async function readJsonObject(
	request: Request,
): Promise<{ ok: true; body: Record<string, unknown> } | { ok: false; response: Response }> {
	const header = request.headers.get('Content-Type')
	const type = (header ?? '')
		.toLowerCase()
		.split(';')
		.map((p) => p.trim())
	const charset = type.find((p) => p.startsWith('charset='))
	const isJson = type[0] === 'application/json' && (!charset || charset === 'charset=utf-8')
	if (header !== null && !isJson) {
		return { ok: false, response: apiError(415, 'Content-Type must be application/json') }
	}
	const text = await request.text()
	if (text.length === 0) return { ok: true, body: {} }
	if (!isJson) return { ok: false, response: apiError(415, 'Content-Type must be application/json') }
	if (Buffer.byteLength(text) > MAX_API_BODY_BYTES) {
		return { ok: false, response: apiError(413, 'Request body is too large') }
	}
	let body: unknown
	try {
		body = JSON.parse(text)
	} catch {
		return { ok: false, response: apiError(400, 'Malformed JSON body') }
	}
	if (typeof body !== 'object' || body === null || Array.isArray(body)) {
		return { ok: false, response: apiError(400, 'Request body must be a JSON object') }
	}
	return { ok: true, body: body as Record<string, unknown> }
}

/**
 * The request's JSON object body (see readJsonObject), or a thrown 415, 413
 * or 400 answer (apiRoute answers what a handler throws). For a route that
 * looks at the body before it knows which schema applies.
 */
export async function readJsonBody(request: Request): Promise<Record<string, unknown>> {
	const body = await readJsonObject(request)
	if (!body.ok) throw body.response
	return body.body
}

/** `input` through `schema`: the parsed value, or a thrown 400 'Validation failed' with the errors. */
export function validateApiInput<S extends z.ZodTypeAny>(schema: S, input: unknown): z.output<S> {
	const parsed = schema.safeParse(input)
	if (!parsed.success) throw validationFailed(parsed.error)
	return parsed.data
}

/**
 * The one way an /api route reads its payload: the JSON object body
 * (415, 413, 400 as readJsonObject) validated with `schema` (400
 * 'Validation failed' with each field's path and message). Throws the
 * answer; apiRoute returns it. The schemas are the exported ones of
 * app/features/<area>/schemas.ts, so an OpenAPI document can use them too.
 */
export async function parseJsonBody<S extends z.ZodTypeAny>(request: Request, schema: S): Promise<z.output<S>> {
	return validateApiInput(schema, await readJsonBody(request))
}

/**
 * The one way an /api route reads its query string, through `schema`:
 * each name is one string, or an array of all its values when repeated.
 *
 * - `repeated: 'refuse'` (default): any repeated parameter is a 400 with
 *   'Give this parameter once' before the schema runs (security V6: no
 *   first-or-last ambiguity).
 * - `repeated: 'schema'`: the schema decides (the users list names the
 *   parameter: 'Give status once').
 *
 * Unknown or malformed values are a 400 'Validation failed', never a 500.
 */
export function parseQuery<S extends z.ZodTypeAny>(
	url: URL,
	schema: S,
	options: { repeated?: 'refuse' | 'schema' } = {},
): z.output<S> {
	const input = queryInput(url.searchParams)
	if (options.repeated !== 'schema') {
		const repeated = Object.keys(input).find((key) => Array.isArray(input[key]))
		if (repeated) throw apiError(400, 'Validation failed', [{ path: repeated, message: 'Give this parameter once' }])
	}
	return validateApiInput(schema, input)
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
/** A loader's or action's arguments as an /api handler reads them (the query string from `url`: RequestArgs). */
type HandlerArgs = { request: Request; url: URL; params: Record<string, string | undefined> }

/** A JSON body: its schema, or the schema with what the document says of it. */
export type BodySpec = z.ZodTypeAny | { schema: z.ZodTypeAny; required?: boolean; description?: string }
type BodyOf<B> = B extends z.ZodTypeAny
	? z.output<B>
	: B extends { schema: infer S extends z.ZodTypeAny }
		? z.output<S>
		: never

/**
 * One method of an /api route, declared once: what it takes (`params`,
 * `query`, `body`: zod schemas that both parse the request and describe it),
 * what it answers (`responses`, the response schemas of the area's
 * responses.ts), and the handler. The handler reads its input when it is
 * ready to (after its guard): `query()` and `body()` parse with the declared
 * schemas and throw the 400, 413 or 415 answer. app/utils/openapi.server.ts
 * builds the document from these declarations.
 */
export type ApiOperation<B extends BodySpec | undefined = undefined, Q extends z.ZodTypeAny | undefined = undefined> = {
	tags: string[]
	summary: string
	description?: string
	/** The token it takes: the 401 (and for admins the per-token 429) are added to the document. */
	auth?: 'member' | 'admin'
	/** An admin operation outside the per-token limits (sign-out: ending a token always works). */
	unlimited?: true
	params?: z.AnyZodObject
	query?: Q
	/** 'schema': the schema decides about a repeated parameter (see parseQuery). */
	repeated?: 'refuse' | 'schema'
	body?: B
	/** A body that is not JSON (a CSV upload): described as it is, read by the handler. */
	request?: Pick<RouteConfig['request'] & object, 'body' | 'headers'>
	responses: RouteConfig['responses']
	// A method (not a function property), so a declaration built elsewhere
	// (a `+*.server.ts` beside its routes) fits apiRoute's any-input slot.
	handler(
		args: HandlerArgs & {
			query: () => Q extends z.ZodTypeAny ? z.output<Q> : never
			body: () => Promise<BodyOf<B>>
		},
	): Promise<Response> | Response
}
export type AnyOperation = ApiOperation<any, any>

/** Declares one method (its `body` and `query` type the handler's input). */
export function endpoint<B extends BodySpec | undefined = undefined, Q extends z.ZodTypeAny | undefined = undefined>(
	operation: ApiOperation<B, Q>,
): ApiOperation<B, Q> {
	return operation
}

/** The zod schema of a body declaration. */
export function bodySchema(body: BodySpec): z.ZodTypeAny {
	return body instanceof z.ZodType ? body : body.schema
}

function run(operation: AnyOperation, args: HandlerArgs) {
	return operation.handler({
		...args,
		query: () => {
			if (!operation.query) throw new Error('query() of an operation that declares no query')
			return parseQuery(args.url, operation.query, { repeated: operation.repeated })
		},
		body: () => {
			if (!operation.body) throw new Error('body() of an operation that declares no body')
			return parseJsonBody(args.request, bodySchema(operation.body))
		},
	})
}

/**
 * Builds a resource route's loader and action from its declared methods:
 * other methods get
 * 405 with Allow; thrown answers are returned; a database that stayed
 * locked or is out of space is a 503 with Retry-After; anything unexpected
 * becomes a JSON 500 without details. `loader.openapi` is what the document
 * reads (app/utils/openapi.server.ts).
 */
export function apiRoute(handlers: Partial<Record<Method, AnyOperation>>) {
	const allowed = Object.keys(handlers) as Method[]
	if (allowed.includes('GET')) allowed.push('HEAD' as Method)
	const allow = allowed.join(', ')
	async function handle(args: HandlerArgs) {
		const method = args.request.method.toUpperCase() === 'HEAD' ? 'GET' : (args.request.method.toUpperCase() as Method)
		const handler = handlers[method]
		if (!handler) return apiError(405, 'Method not allowed', undefined, { Allow: allow })
		try {
			return await run(handler, args)
		} catch (error) {
			if (error instanceof Response) return error
			const down = databaseUnavailable(error)
			if (down) return apiError(503, down.message, undefined, { 'Retry-After': String(down.retryAfterSeconds) })
			log('api.error', { path: args.url.pathname, error: String((error as Error)?.message ?? error) }, 'error')
			return apiError(500, 'Internal server error')
		}
	}
	// The declarations ride on the loader: a route module's own exports would
	// reach the client build, and the loader never does.
	const loader = Object.assign(handle, { openapi: handlers })
	return { loader, action: handle }
}
