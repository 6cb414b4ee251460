import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { makeRegistration } from '#tests/factories.ts'
import {
	apiError,
	apiFailure,
	apiJson,
	apiRoute,
	endpoint,
	apiSuccess,
	MAX_API_BODY_BYTES,
	parseJsonBody,
	parseQuery,
	readJsonBody,
	readJsonObject,
	validateApiInput,
	validationFailed,
} from './api.server.ts'
import Database from 'better-sqlite3'
import { closeDb, getDb, setBusyTimeout, write } from '#db/client.server.ts'
import { fail } from './result.ts'
import { LoginApiSchema, RegisterApiSchema } from '#app/features/auth/schemas.ts'
import { routeArgs } from '#tests/route-args.ts'

const URL_ = 'http://localhost:3000/api/auth/login'

function post(body: BodyInit | null, contentType?: string | null, headers: Record<string, string> = {}) {
	return new Request(URL_, {
		method: 'POST',
		body,
		headers: { ...(contentType ? { 'Content-Type': contentType } : {}), ...headers },
	})
}

async function refused(request: Request) {
	const result = await readJsonObject(request)
	if (result.ok) throw new Error(`expected a refusal, got ${JSON.stringify(result.body)}`)
	return {
		status: result.response.status,
		body: (await result.response.json()) as Record<string, unknown>,
		response: result.response,
	}
}

describe('envelope helpers', () => {
	test('apiJson is JSON and never cached', async () => {
		const response = apiJson({ a: 1 }, 201, { 'X-Extra': 'yes' })
		expect(response.status).toBe(201)
		expect(response.headers.get('Content-Type')).toBe('application/json; charset=utf-8')
		expect(response.headers.get('Cache-Control')).toBe('no-store')
		expect(response.headers.get('X-Extra')).toBe('yes')
		expect(await response.json()).toEqual({ a: 1 })
	})

	test('apiSuccess', async () => {
		expect(await apiSuccess({ user: { id: 1 } }).json()).toEqual({ success: true, data: { user: { id: 1 } } })
		const created = apiSuccess(undefined, { message: 'Done', status: 201 })
		expect(created.status).toBe(201)
		expect(await created.json()).toEqual({ success: true, message: 'Done' })
	})

	test('apiError with and without errors', async () => {
		const plain = apiError(404, 'Not found')
		expect(plain.status).toBe(404)
		expect(await plain.json()).toEqual({ success: false, message: 'Not found' })
		const withErrors = apiError(400, 'Validation failed', [{ path: 'email', message: 'Email is required' }])
		expect(await withErrors.json()).toEqual({
			success: false,
			message: 'Validation failed',
			errors: [{ path: 'email', message: 'Email is required' }],
		})
		expect(await apiError(400, 'x', []).json()).toEqual({ success: false, message: 'x' })
	})

	test('apiFailure maps field errors and the retry time', async () => {
		const response = apiFailure(
			fail(409, 'An account with this email already exists', {
				fieldErrors: { email: ['An account with this email already exists'] },
			}),
		)
		expect(response.status).toBe(409)
		expect(response.headers.get('Retry-After')).toBeNull()
		expect(await response.json()).toEqual({
			success: false,
			message: 'An account with this email already exists',
			errors: [{ path: 'email', message: 'An account with this email already exists' }],
		})
		const limited = apiFailure(fail(429, 'Too many attempts. Please try again in 1 minute.', { retryAfterSeconds: 42 }))
		expect(limited.status).toBe(429)
		expect(limited.headers.get('Retry-After')).toBe('42')
		expect(await limited.json()).toEqual({
			success: false,
			message: 'Too many attempts. Please try again in 1 minute.',
		})
	})
})

describe('validationFailed', () => {
	test('maps unrecognized keys to "Unknown field", one error per key', async () => {
		const result = LoginApiSchema.safeParse({ email: 'a@b.io', password: 'x', role: 'admin', isAdmin: true })
		expect(result.success).toBe(false)
		const response = validationFailed(result.error!)
		expect(response.status).toBe(400)
		expect(await response.json()).toEqual({
			success: false,
			message: 'Validation failed',
			errors: [
				{ path: 'role', message: 'Unknown field' },
				{ path: 'isAdmin', message: 'Unknown field' },
			],
		})
	})

	test('__proto__ is reported as an unknown field', async () => {
		const result = LoginApiSchema.safeParse(
			JSON.parse('{"email":"a@b.io","password":"x","__proto__":{"isAdmin":true}}'),
		)
		const body = (await validationFailed(result.error!).json()) as { errors: unknown[] }
		expect(body.errors).toEqual([{ path: '__proto__', message: 'Unknown field' }])
	})

	test('field messages keep their path', async () => {
		const result = RegisterApiSchema.safeParse({ ...makeRegistration(), email: 'nope', telegram: 'no-at' })
		const body = (await validationFailed(result.error!).json()) as { errors: unknown[] }
		expect(body.errors).toEqual([
			{ path: 'email', message: 'Invalid email address' },
			{ path: 'telegram', message: 'Telegram username must start with @' },
		])
	})

	test('nested paths are joined with dots', async () => {
		const result = z.object({ a: z.object({ b: z.string({ required_error: 'B needed' }) }) }).safeParse({ a: {} })
		const body = (await validationFailed(result.error!).json()) as { errors: unknown[] }
		expect(body.errors).toEqual([{ path: 'a.b', message: 'B needed' }])
	})
})

describe('readJsonObject', () => {
	test('reads a JSON object', async () => {
		const result = await readJsonObject(post('{"email":"a@b.io","n":1}', 'application/json'))
		expect(result).toEqual({ ok: true, body: { email: 'a@b.io', n: 1 } })
	})

	test('accepts a utf-8 charset in any case', async () => {
		for (const type of [
			'application/json; charset=utf-8',
			'Application/JSON; Charset=UTF-8',
			'application/json;charset=utf-8',
		]) {
			const result = await readJsonObject(post('{"a":1}', type))
			expect(result.ok, type).toBe(true)
		}
	})

	test.each([
		'text/plain',
		'text/plain;charset=UTF-8',
		'application/x-www-form-urlencoded',
		'multipart/form-data; boundary=x',
		'application/json; charset=utf-7',
		'application/jsonp',
		'application/json-patch+json',
	])('415 for %s', async (type) => {
		const { status, body, response } = await refused(post('{"a":1}', type))
		expect(status).toBe(415)
		expect(body).toEqual({ success: false, message: 'Content-Type must be application/json' })
		expect(response.headers.get('Content-Type')).toContain('application/json')
	})

	test('415 for another content type even with an empty body', async () => {
		for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
			const { status } = await refused(post('', type))
			expect(status, type).toBe(415)
		}
	})

	test('415 for a body without a content type', async () => {
		// A Request with a string body gets text/plain by default; strip it.
		const request = new Request(URL_, { method: 'POST', body: '{"a":1}' })
		request.headers.delete('Content-Type')
		expect(request.headers.get('Content-Type')).toBeNull()
		expect((await refused(request)).status).toBe(415)
	})

	test.each(['{', '{"a":}', "{'a':1}", '{"a":1,}', 'undefined', '\u0000'])(
		'400 for malformed JSON %j',
		async (text) => {
			const { status, body } = await refused(post(text, 'application/json'))
			expect(status).toBe(400)
			expect(body).toEqual({ success: false, message: 'Malformed JSON body' })
		},
	)

	test.each(['[]', '[{"email":"a@b.io"}]', 'null', '123', '"x"', 'true'])('400 for a top-level %s', async (text) => {
		const { status, body } = await refused(post(text, 'application/json'))
		expect(status).toBe(400)
		expect(body).toEqual({ success: false, message: 'Request body must be a JSON object' })
	})

	test('an empty body reads as {}', async () => {
		expect(await readJsonObject(post('', 'application/json'))).toEqual({ ok: true, body: {} })
		expect(await readJsonObject(new Request(URL_, { method: 'POST' }))).toEqual({ ok: true, body: {} })
	})

	test('413 over 1 MB, also for a 2 MB body', async () => {
		expect(MAX_API_BODY_BYTES).toBe(1024 * 1024)
		const big = JSON.stringify({ name: 'a'.repeat(2 * 1024 * 1024) })
		const { status, body } = await refused(post(big, 'application/json'))
		expect(status).toBe(413)
		expect(body).toEqual({ success: false, message: 'Request body is too large' })
		// Multi-byte characters count as bytes.
		const emoji = JSON.stringify({ name: '😀'.repeat(300_000) })
		expect(emoji.length).toBeLessThan(MAX_API_BODY_BYTES)
		expect((await refused(post(emoji, 'application/json'))).status).toBe(413)
	})

	test('just under the limit is read', async () => {
		const text = JSON.stringify({ name: 'a'.repeat(MAX_API_BODY_BYTES - 20) })
		expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MAX_API_BODY_BYTES)
		expect((await readJsonObject(post(text, 'application/json'))).ok).toBe(true)
	})

	test('__proto__ stays an own key and pollutes nothing', async () => {
		const result = await readJsonObject(post('{"__proto__":{"isAdmin":true},"a":1}', 'application/json'))
		expect(result.ok).toBe(true)
		if (!result.ok) return
		expect(Object.keys(result.body)).toEqual(['__proto__', 'a'])
		expect(({} as Record<string, unknown>).isAdmin).toBeUndefined()
		expect((result.body as { isAdmin?: unknown }).isAdmin).toBeUndefined()
	})

	test('deeply nested JSON does not crash the reader', async () => {
		const deep = `{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}`
		const result = await readJsonObject(post(deep, 'application/json')).catch((e: unknown) => e)
		// Either parsed or refused with an answer; never a thrown error.
		expect(result).toHaveProperty('ok')
	})
})

/** Bare handlers as declarations: these tests look at apiRoute's transport, not at the document. */
function declared(
	handlers: Record<
		string,
		(args: { request: Request; params: Record<string, string | undefined> }) => Response | Promise<Response>
	>,
) {
	return Object.fromEntries(
		Object.entries(handlers).map(([method, handler]) => [
			method,
			endpoint({ tags: ['Test'], summary: method, responses: {}, handler }),
		]),
	)
}

describe('apiRoute', () => {
	test('a database that stays locked is a 503 envelope with Retry-After, not a 500', async () => {
		const db = getDb()
		setBusyTimeout(20, db)
		const other = new Database(db.$client.name)
		other.exec('BEGIN IMMEDIATE')
		try {
			const route = apiRoute(
				declared({ POST: () => (write(() => db.$client.prepare('delete from users').run(), db), apiSuccess()) }),
			)
			const response = await route.action(routeArgs({ request: new Request(URL_, { method: 'POST' }), params: {} }))
			expect(response.status).toBe(503)
			expect(response.headers.get('Retry-After')).toBe('5')
			expect(await response.json()).toEqual({
				success: false,
				message: 'The service is busy right now. Please try again in a few seconds.',
			})
		} finally {
			other.exec('ROLLBACK')
			other.close()
			closeDb()
		}
	})

	test('405 with Allow for a method without a handler', async () => {
		const route = apiRoute(declared({ POST: () => apiSuccess() }))
		for (const method of ['GET', 'PUT', 'PATCH', 'DELETE']) {
			const response = await route.action(routeArgs({ request: new Request(URL_, { method }), params: {} }))
			expect(response.status, method).toBe(405)
			expect(response.headers.get('Allow')).toBe('POST')
			expect(await response.json()).toEqual({ success: false, message: 'Method not allowed' })
		}
	})

	test('Allow lists HEAD with GET, and HEAD runs the GET handler', async () => {
		const route = apiRoute(declared({ GET: () => apiSuccess({ ok: 1 }) }))
		const refusedPost = await route.action(
			routeArgs({ request: new Request(URL_, { method: 'POST', body: '{}' }), params: {} }),
		)
		expect(refusedPost.status).toBe(405)
		expect(refusedPost.headers.get('Allow')).toBe('GET, HEAD')
		const head = await route.loader(routeArgs({ request: new Request(URL_, { method: 'HEAD' }), params: {} }))
		expect(head.status).toBe(200)
	})

	test('X-HTTP-Method-Override is ignored', async () => {
		let deleted = false
		const route = apiRoute(
			declared({
				POST: () => apiSuccess({ via: 'post' }),
				DELETE: () => {
					deleted = true
					return apiSuccess()
				},
			}),
		)
		const response = await route.action(
			routeArgs({
				request: new Request(URL_, { method: 'POST', headers: { 'X-HTTP-Method-Override': 'DELETE' }, body: '{}' }),
				params: {},
			}),
		)
		expect(await response.json()).toEqual({ success: true, data: { via: 'post' } })
		expect(deleted).toBe(false)
	})

	test('the handler gets the request and params; loader and action are the same door', async () => {
		const route = apiRoute(
			declared({
				POST: async ({ request, params }) => apiSuccess({ id: params.id, body: await request.json() }),
			}),
		)
		const response = await route.loader(
			routeArgs({
				request: new Request(URL_, {
					method: 'POST',
					body: '{"x":1}',
					headers: { 'Content-Type': 'application/json' },
				}),
				params: { id: '7' },
			}),
		)
		expect(await response.json()).toEqual({ success: true, data: { id: '7', body: { x: 1 } } })
	})

	test('a thrown Error becomes a JSON 500 without its message or stack', async () => {
		const route = apiRoute(
			declared({
				POST: () => {
					throw new Error('SQLITE_ERROR: secret detail at /srv/app/db.ts:42')
				},
			}),
		)
		const response = await route.action(routeArgs({ request: new Request(URL_, { method: 'POST' }), params: {} }))
		expect(response.status).toBe(500)
		expect(response.headers.get('Content-Type')).toContain('application/json')
		const text = await response.text()
		expect(JSON.parse(text)).toEqual({ success: false, message: 'Internal server error' })
		expect(text).not.toContain('secret detail')
		expect(text).not.toContain('db.ts')
	})

	test('a rejected promise and a thrown non-Error are 500 too', async () => {
		const route = apiRoute(
			declared({
				POST: async () => Promise.reject(new TypeError('boom')),
				PUT: () => {
					throw 'a string'
				},
			}),
		)
		expect((await route.action(routeArgs({ request: new Request(URL_, { method: 'POST' }), params: {} }))).status).toBe(
			500,
		)
		expect((await route.action(routeArgs({ request: new Request(URL_, { method: 'PUT' }), params: {} }))).status).toBe(
			500,
		)
	})

	test('a thrown Response is answered as is', async () => {
		const route = apiRoute(
			declared({
				GET: () => {
					throw apiError(401, 'Not authenticated')
				},
			}),
		)
		const response = await route.loader(routeArgs({ request: new Request(URL_), params: {} }))
		expect(response.status).toBe(401)
		expect(await response.json()).toEqual({ success: false, message: 'Not authenticated' })
	})
})

/** What a helper throws (the envelope answer apiRoute returns), as status and body. */
async function thrown(run: () => unknown) {
	try {
		await run()
	} catch (error) {
		if (!(error instanceof Response)) throw error
		return { status: error.status, body: (await error.json()) as Record<string, unknown> }
	}
	throw new Error('expected a thrown answer')
}

describe('parseJsonBody (the one way a route reads its payload)', () => {
	test('the parsed value of a valid body', async () => {
		const input = await parseJsonBody(post('{"email":" A@B.io ","password":"x"}', 'application/json'), LoginApiSchema)
		expect(input).toEqual({ email: 'a@b.io', password: 'x' })
	})

	test("readJsonObject's refusals are thrown as they were answered", async () => {
		expect(await thrown(() => parseJsonBody(post('x', 'text/plain'), LoginApiSchema))).toEqual({
			status: 415,
			body: { success: false, message: 'Content-Type must be application/json' },
		})
		expect((await thrown(() => parseJsonBody(post('{', 'application/json'), LoginApiSchema))).status).toBe(400)
		expect((await thrown(() => parseJsonBody(post('[1]', 'application/json'), LoginApiSchema))).body.message).toBe(
			'Request body must be a JSON object',
		)
		expect(
			(await thrown(() => readJsonBody(post('x'.repeat(MAX_API_BODY_BYTES + 1), 'application/json')))).status,
		).toBe(413)
	})

	test("a body the schema refuses: 400 'Validation failed' with each field's path and message", async () => {
		expect(
			await thrown(() => parseJsonBody(post('{"password":"x","role":"admin"}', 'application/json'), LoginApiSchema)),
		).toEqual({
			status: 400,
			body: {
				success: false,
				message: 'Validation failed',
				errors: [
					{ path: 'email', message: 'Email is required' },
					{ path: 'role', message: 'Unknown field' },
				],
			},
		})
		expect(() => validateApiInput(z.object({ n: z.number() }), { n: 1 })).not.toThrow()
	})

	test('inside apiRoute the thrown answer is the answer', async () => {
		const route = apiRoute(
			declared({ POST: async ({ request }) => apiSuccess(await parseJsonBody(request, LoginApiSchema)) }),
		)
		const response = await route.action(routeArgs({ request: post('{"email":1}', 'application/json'), params: {} }))
		expect(response.status).toBe(400)
	})
})

describe('parseQuery (the one way a route reads its query string)', () => {
	const Schema = z
		.object({ limit: z.string().regex(/^\d+$/, 'limit must be a number').transform(Number).optional() })
		.strict()
	const get = (query: string) => new URL(`http://localhost:3000/api/x?${query}`)

	test('the parsed values', () => {
		expect(parseQuery(get('limit=5'), Schema)).toEqual({ limit: 5 })
		expect(parseQuery(get(''), Schema)).toEqual({})
	})

	test('malformed or unknown values: 400 with their paths', async () => {
		expect((await thrown(() => parseQuery(get('limit=x&y=1'), Schema))).body).toEqual({
			success: false,
			message: 'Validation failed',
			errors: [
				{ path: 'limit', message: 'limit must be a number' },
				{ path: 'y', message: 'Unknown field' },
			],
		})
	})

	test("a repeated parameter: 'Give this parameter once', or the schema decides", async () => {
		expect((await thrown(() => parseQuery(get('limit=1&limit=2'), Schema))).body).toEqual({
			success: false,
			message: 'Validation failed',
			errors: [{ path: 'limit', message: 'Give this parameter once' }],
		})
		const Lists = z.object({ tag: z.union([z.string(), z.array(z.string())]) })
		expect(parseQuery(get('tag=a&tag=b'), Lists, { repeated: 'schema' })).toEqual({ tag: ['a', 'b'] })
	})

	test('__proto__ is a parameter like any other', async () => {
		expect((await thrown(() => parseQuery(get('__proto__=1'), Schema))).body.errors).toEqual([
			{ path: '__proto__', message: 'Unknown field' },
		])
		expect(({} as Record<string, unknown>)['1']).toBeUndefined()
	})
})
