import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { RouteConfigEntry } from '@react-router/dev/routes'
import { beforeAll, describe, expect, test } from 'vitest'
import { createSchemaValidator } from '#tests/openapi-ajv.ts'
import { parseUserListQuery } from '../features/users/schemas.ts'
import { getOpenApiDocument } from './openapi.server.ts'

/**
 * The document must list every /api route module with exactly the methods
 * it answers. The routes are read from the app's own route config
 * (app/routes.ts, folders that mirror the URLs), so a new route file in
 * app/routes/api/ without an entry in openapi.server.ts fails here.
 */

type ApiRoute = { file: string; path: string }
type RouteModule = {
	loader: (args: {
		request: Request
		url: URL
		params: Record<string, string | undefined>
		context: unknown
	}) => Promise<Response> | Response
}

const APP_DIR = path.resolve('app')
// `api/$.ts` is the catch-all: every unknown /api path answers 404 in the
// envelope. OpenAPI cannot name a wildcard path; the document describes it
// as `components.responses.NotFound`.
const CATCH_ALL = 'routes/api/$.ts'
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const

function flatten(entries: RouteConfigEntry[], parent = ''): ApiRoute[] {
	return entries.flatMap((entry) => {
		const full = [parent, entry.path ?? ''].filter(Boolean).join('/')
		return [{ file: entry.file, path: `/${full}` }, ...flatten(entry.children ?? [], full)]
	})
}

/** "/api/admin/users/:id" → "/api/admin/users/{id}". */
function openApiPath(routePath: string) {
	return routePath.replace(/:([A-Za-z0-9_]+)/g, '{$1}')
}

let apiRoutes: ApiRoute[] = []

beforeAll(async () => {
	// What the React Router Vite plugin sets before it reads app/routes.ts.
	;(globalThis as { __reactRouterAppDirectory?: string }).__reactRouterAppDirectory = APP_DIR
	const { default: config } = await import('#app/routes.ts')
	apiRoutes = flatten(await config).filter((route) => route.file.startsWith('routes/api/') && route.file !== CATCH_ALL)
})

describe('the OpenAPI document', () => {
	const document = getOpenApiDocument()
	const paths = document.paths ?? {}

	test('is OpenAPI 3.1 with the bearer schemes', () => {
		expect(document.openapi).toBe('3.1.0')
		expect(document.components?.securitySchemes).toMatchObject({
			memberBearer: { type: 'http', scheme: 'bearer' },
			adminBearer: { type: 'http', scheme: 'bearer' },
		})
	})

	test('has one path per /api route module, and none other', () => {
		expect(apiRoutes.length).toBeGreaterThan(20)
		const fromFiles = apiRoutes.map((route) => openApiPath(route.path)).sort()
		expect(Object.keys(paths).sort()).toEqual(fromFiles)
	})

	test('lists exactly the methods each route module answers', async () => {
		for (const route of apiRoutes) {
			const module = (await import(path.join(APP_DIR, route.file))) as RouteModule
			// apiRoute answers a method it has no handler for with 405 and Allow.
			const request = new Request(`http://localhost${route.path}`, { method: 'OPTIONS' })
			const response = await module.loader({ request, url: new URL(request.url), params: {}, context: {} })
			expect(response.status, route.file).toBe(405)
			const allowed = (response.headers.get('Allow') ?? '')
				.split(',')
				.map((m) => m.trim().toLowerCase())
				.filter((m) => m && m !== 'head')
				.sort()
			const item = paths[openApiPath(route.path)] ?? {}
			const documented = HTTP_METHODS.filter((m) => m in item).sort()
			expect(documented, route.file).toEqual(allowed)
		}
	})

	test('every operation behind the unlocked-member guard documents its 403 (locked) and 409 (terms changed)', () => {
		const guarded = apiRoutes.filter((route) =>
			readFileSync(path.join(APP_DIR, route.file), 'utf8').includes('requireApiUnlockedMember('),
		)
		expect(guarded.length).toBeGreaterThan(10)
		for (const route of guarded) {
			const item = paths[openApiPath(route.path)] ?? {}
			for (const method of HTTP_METHODS) {
				const operation = item[method]
				if (!operation) continue
				expect(Object.keys(operation.responses ?? {}), `${method} ${route.path}`).toEqual(
					expect.arrayContaining(['403', '409']),
				)
			}
		}
	})

	test('every operation has a success answer and a 500', () => {
		for (const [p, item] of Object.entries(paths)) {
			for (const method of HTTP_METHODS) {
				const operation = item[method]
				if (!operation) continue
				const statuses = Object.keys(operation.responses ?? {})
				expect(
					statuses.some((s) => s.startsWith('2')),
					`${method} ${p}`,
				).toBe(true)
				expect(statuses, `${method} ${p}`).toContain('500')
			}
		}
	})

	test('every schema in it compiles as JSON Schema 2020-12 (strict)', () => {
		const validator = createSchemaValidator(document)
		let compiled = 0
		const compile = (schema: unknown) => {
			if (schema) {
				validator.compile(schema)
				compiled++
			}
		}
		for (const item of Object.values(paths)) {
			for (const method of HTTP_METHODS) {
				const operation = item[method]
				if (!operation) continue
				for (const parameter of operation.parameters ?? [])
					compile('schema' in parameter ? parameter.schema : undefined)
				const body = operation.requestBody
				if (body && 'content' in body) for (const media of Object.values(body.content)) compile(media.schema)
				for (const response of Object.values(operation.responses ?? {})) {
					if (response && typeof response === 'object' && 'content' in response) {
						for (const media of Object.values(response.content ?? {})) compile((media as { schema?: unknown }).schema)
					}
				}
			}
		}
		expect(compiled).toBeGreaterThan(100)
	})
})

describe('the users list query as documented', () => {
	// parseUserListQuery is hand-written; the document states its bounds from
	// the same constants. Each documented value must be accepted, and the
	// first value past each bound refused.
	const operation = getOpenApiDocument().paths?.['/api/admin/users']?.get
	const parameters = Object.fromEntries(
		(operation?.parameters ?? []).map((p) => ('name' in p ? [p.name, p.schema as Record<string, unknown>] : ['', {}])),
	)
	const parse = (query: Record<string, string>) => parseUserListQuery(new URLSearchParams(query), { strict: true })

	test('names the parser reads', () => {
		expect(Object.keys(parameters).sort()).toEqual(['limit', 'page', 'plan', 'search', 'sortBy', 'sortOrder', 'status'])
	})

	test('enum values are accepted', () => {
		for (const name of ['status', 'plan', 'sortBy', 'sortOrder']) {
			const values = parameters[name]?.enum as string[]
			expect(values.length, name).toBeGreaterThan(1)
			for (const value of values) expect(parse({ [name]: value }).ok, `${name}=${value}`).toBe(true)
			expect(parse({ [name]: 'not-a-value' }).ok, name).toBe(false)
		}
	})

	test("number and length bounds are the parser's", () => {
		for (const name of ['page', 'limit']) {
			const { minimum, maximum } = parameters[name] as { minimum: number; maximum: number }
			expect(parse({ [name]: String(minimum) }).ok, name).toBe(true)
			expect(parse({ [name]: String(maximum) }).ok, name).toBe(true)
			expect(parse({ [name]: String(maximum + 1) }).ok, name).toBe(false)
			expect(parse({ [name]: String(minimum - 1) }).ok, name).toBe(false)
		}
		const { maxLength } = parameters.search as { maxLength: number }
		expect(parse({ search: 'x'.repeat(maxLength) }).ok).toBe(true)
		expect(parse({ search: 'x'.repeat(maxLength + 1) }).ok).toBe(false)
	})
})
