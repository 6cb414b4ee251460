import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi'
import { REQUEST_SHAPE_LIMITS } from '../../server/request-shape.ts'
import { type AnyOperation, bodySchema, MAX_API_BODY_BYTES } from './api.server.ts'
import {
	ADMIN_AUTH,
	ADMIN_TOKEN_LIMITED,
	ERROR_STATUSES,
	ErrorEnvelopeSchema,
	type ErrorStatus,
	jsonBody,
	jsonContent,
	MEMBER_AUTH,
	RESPONSE_HEADERS,
	TOKEN_REFUSED,
	z,
} from './api-schema.server.ts'

/**
 * The OpenAPI 3.1 document of /api, served at GET /api/openapi.json,
 * assembled from the routes' own declarations: every module of
 * app/routes/api/ builds its loader and action with apiRoute, whose
 * `loader.openapi` holds each method's operation (params, query and body are the
 * very zod schemas the route parses with; responses are the area's
 * response schemas). The path is the module's URL (its file under
 * app/routes/api/, as app/routes.ts maps it). This module adds what every
 * operation shares: the token's 401 and 429, and the server's own answers.
 * tests/api/openapi.spec.ts checks the running server against it (ajv).
 */

/** The API has no version of its own yet: raise it with a breaking change. */
const API_VERSION = '1.0.0'

type RouteModule = { loader?: { openapi?: Partial<Record<string, AnyOperation>> } }

// Every route module under app/routes/api/ (the catch-all and this document aside).
const modules = import.meta.glob<RouteModule>(['../routes/api/**/*.ts', '!**/+*', '!**/*.server.ts', '!**/*.test.ts'], {
	eager: true,
})

/** "../routes/api/admin/users/$id.ts" → "/api/admin/users/{id}" (the conventions of app/routes.ts). */
export function urlOf(file: string) {
	const segments = file
		.replace(/^\.\.\/routes\//, '')
		.replace(/\.ts$/, '')
		.split('/')
		.filter((segment) => segment !== '_layout' && segment !== '_index' && !/^_[^_]/.test(segment))
		.map((segment) =>
			segment
				.replace(/_$/, '')
				.replace(/\[(.+?)\]/g, '$1')
				.replace(/^\$(.+)$/, '{$1}'),
		)
	return `/${segments.join('/')}`
}

const { fields, nameLength, nameSegments } = REQUEST_SHAPE_LIMITS
/** server/request-shape.ts's limits on a query string (docs/decisions/009-no-request-ends-the-process.md). */
const QUERY_SHAPE_REFUSED = `A query string of more than ${fields.toLocaleString('en-US')} parameters, or with a parameter name over ${nameLength} characters or of more than ${nameSegments} parts (\`a.b[0]\` has 3), is refused before the route runs, whatever the method (\`message\` says which limit).`

/**
 * What the server answers before or around any route (server/app.ts and
 * server/node-listener.ts), so every operation of that method can get it:
 * merged into each operation by `operation`. A status the operation lists
 * already keeps its own text (the 400's gets the query string's added).
 *
 * - 400: a query string past the shape limits, on any method.
 * - 413: a body past the limit, on every method but GET (and HEAD), whose
 *   body is never read; refused before the route reads it (the broker
 *   report upload's limit and text are its operation's own).
 * - 500: a handler that throws; 503: a database locked past the wait
 *   (apiRoute), `Retry-After` set by server/app.ts on every 503.
 */
function transportAnswers(method: RouteConfig['method']) {
	const answers: Partial<Record<ErrorStatus, { description: string; appended?: true }>> = {
		400: { description: QUERY_SHAPE_REFUSED, appended: true },
		...(method === 'get' || method === 'head' ? {} : { 413: { description: ERROR_STATUSES[413] } }),
		500: { description: ERROR_STATUSES[500] },
		503: { description: ERROR_STATUSES[503] },
	}
	return answers
}

/** An operation's responses with the server's own answers merged in (`transportAnswers`). */
function withTransportAnswers(
	method: RouteConfig['method'],
	path: string,
	responses: RouteConfig['responses'],
): RouteConfig['responses'] {
	const merged: RouteConfig['responses'] = { ...responses }
	for (const [key, answer] of Object.entries(transportAnswers(method))) {
		const status = Number(key) as ErrorStatus
		const own = merged[status]
		if (!own) {
			const headers = RESPONSE_HEADERS[status]
			merged[status] = {
				description: answer.description,
				...(headers ? { headers } : {}),
				content: jsonContent(ErrorEnvelopeSchema),
			}
			continue
		}
		// The server's answer is the envelope: the operation's must describe it too.
		if ('$ref' in own || own.content?.['application/json']?.schema !== ErrorEnvelopeSchema) {
			throw new Error(`${method.toUpperCase()} ${path}: its ${status} must be the ErrorEnvelope (the server's own is)`)
		}
		if (answer.appended && !own.description.includes(answer.description)) {
			merged[status] = { ...own, description: `${own.description} ${answer.description}` }
		}
	}
	return merged
}

/** One declared operation as the registry takes it: its token's answers and the server's merged in. */
function routeConfig(method: RouteConfig['method'], path: string, op: AnyOperation): RouteConfig {
	const { auth, unlimited, params, query, body, request, responses, tags, summary, description } = op
	return {
		method,
		path,
		tags,
		summary,
		...(description ? { description } : {}),
		security: auth ? [{ [auth === 'member' ? MEMBER_AUTH : ADMIN_AUTH]: [] }] : [],
		request: {
			...(params ? { params } : {}),
			...(query ? { query } : {}),
			...(body ? { body: jsonBody(bodySchema(body), body instanceof z.ZodType ? {} : body) } : {}),
			...request,
		},
		responses: withTransportAnswers(method, path, {
			...responses,
			...(auth ? { 401: TOKEN_REFUSED } : {}),
			...(auth === 'admin' && !unlimited ? { 429: ADMIN_TOKEN_LIMITED } : {}),
		}),
	}
}

function registerDeclared(registry: OpenAPIRegistry) {
	for (const [file, module] of Object.entries(modules)) {
		for (const [method, op] of Object.entries(module.loader?.openapi ?? {})) {
			if (!op) continue
			const lower = method.toLowerCase() as RouteConfig['method']
			registry.registerPath(routeConfig(lower, urlOf(file), op))
		}
	}
}

function buildDocument() {
	const registry = new OpenAPIRegistry()
	registry.registerComponent('securitySchemes', MEMBER_AUTH, {
		type: 'http',
		scheme: 'bearer',
		description: 'A member token: `data.token` of POST /api/auth/register or /api/auth/login.',
	})
	registry.registerComponent('securitySchemes', ADMIN_AUTH, {
		type: 'http',
		scheme: 'bearer',
		description:
			"An admin token: `data.token` of POST /api/admin/login. Tokens of one kind never open the other's routes.",
	})
	registry.registerComponent('responses', 'MethodNotAllowed', {
		description: 'Any method a path does not list (`Allow` names those it takes; HEAD goes with GET).',
		headers: { Allow: { required: true, description: 'The methods of the path.', schema: { type: 'string' } } },
		content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
	})
	registry.registerComponent('responses', 'NotFound', {
		description: 'Any path under /api that is not listed here.',
		content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
	})
	registry.register('ErrorEnvelope', ErrorEnvelopeSchema)
	registerDeclared(registry)
	return new OpenApiGeneratorV31(registry.definitions).generateDocument({
		openapi: '3.1.0',
		info: {
			title: 'TradeCircle API',
			version: API_VERSION,
			description: [
				'JSON in and out. Every answer is the envelope `{ success, message?, data?, errors? }`',
				'(`Cache-Control: no-store`); a refusal has `success: false`, a message and, for field',
				'errors, `errors: [{ path, message }]`. Bodies are `application/json` (UTF-8) objects of at',
				`most ${MAX_API_BODY_BYTES} bytes; unknown fields are refused. A query parameter may be given`,
				'once. Member and admin routes take `Authorization: Bearer <token>` (never a cookie).',
				'A method a path does not list answers 405 (`components.responses.MethodNotAllowed`);',
				'a path not listed answers 404 (`components.responses.NotFound`).',
				`A query string of more than ${fields.toLocaleString('en-US')} parameters, or with a name over ${nameLength} characters`,
				`or of more than ${nameSegments} parts, answers 400 on any path; every operation lists it.`,
			].join(' '),
		},
	})
}

export type OpenApiDocument = ReturnType<typeof buildDocument>

let document: OpenApiDocument | undefined

/** The document, built on first use and kept (it depends on nothing at run time). */
export function getOpenApiDocument(): OpenApiDocument {
	document ??= buildDocument()
	return document
}
