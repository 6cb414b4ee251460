import { describe, expect, test } from 'vitest'
import { DATABASE_BUSY_MESSAGE, DATABASE_FULL_MESSAGE } from '#db/client.server.ts'
import { createSchemaValidator } from '#tests/openapi-ajv.ts'
import { REPORT_UPLOAD_MESSAGES, REPORT_UPLOAD_PATH } from '../features/broker-reports/upload.server.ts'
import { getOpenApiDocument } from './openapi.server.ts'
import { checkFieldNames, REQUEST_SHAPE_LIMITS } from '../../server/request-shape.ts'

/**
 * The answers the server gives before or around any route (server/app.ts,
 * server/node-listener.ts) must be in every operation they can reach: a
 * query string past the shape limits (400, any method), a body past the
 * limit (413, any method but GET), a handler that throws (500) and a
 * database locked past the wait (503 with Retry-After). The bodies are
 * built from the server's own messages and validated against the document.
 * tests/api/openapi.spec.ts sends them to the running server too.
 */

const document = getOpenApiDocument()
const validator = createSchemaValidator(document)
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const

type Response = {
	description: string
	headers?: Record<string, { required?: boolean }>
	content?: Record<string, { schema?: unknown }>
}
const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
	METHODS.filter((method) => item[method]).map((method) => ({
		key: `${method.toUpperCase()} ${path}`,
		path,
		method,
		responses: item[method]!.responses as Record<string, Response>,
	})),
)

/** What server/app.ts answers on /api (apiAnswer): the envelope without `errors`. */
const envelope = (message: string) => ({ success: false, message })

const { fields, nameLength, nameSegments } = REQUEST_SHAPE_LIMITS
/** One query string past each limit, and the server's answer to it. */
const BAD_QUERIES = [
	Array.from({ length: fields + 1 }, (_, i) => `f${i}`),
	['x'.repeat(nameLength + 1)],
	[Array.from({ length: nameSegments }, () => 'a').join('.') + '[0]'],
].map((names) => {
	const problem = checkFieldNames(names)
	if (!problem) throw new Error('not past a limit')
	return envelope(problem.message)
})

function expectEnvelope(key: string, response: Response | undefined, body: unknown) {
	expect(response, key).toBeDefined()
	const schema = response!.content?.['application/json']?.schema
	expect(schema, `${key}: a JSON schema`).toBeDefined()
	expect(validator.check(schema, body), `${key}: ${JSON.stringify(body)}`).toEqual({ valid: true })
}

describe("the server's own answers in the OpenAPI document", () => {
	test('there are operations of every kind', () => {
		expect(operations.length).toBeGreaterThan(90)
		expect(new Set(operations.map((o) => o.method))).toEqual(new Set(METHODS))
	})

	test('every operation lists the 400 of a query string past the shape limits, with its limits', () => {
		for (const { key, responses } of operations) {
			for (const body of BAD_QUERIES) expectEnvelope(`${key} 400`, responses['400'], body)
			const description = responses['400']!.description
			expect(description, key).toContain(`more than ${fields.toLocaleString('en-US')} parameters`)
			expect(description, key).toContain(`over ${nameLength} characters`)
			expect(description, key).toContain(`more than ${nameSegments} parts`)
		}
	})

	test('an operation that lists a 400 of its own keeps its text', () => {
		const login = operations.find((o) => o.key === 'POST /api/auth/login')!
		expect(login.responses['400']!.description).toMatch(/^Validation failed .* A query string of more than/)
	})

	test('every operation but GET lists the 413 of a body past the limit', () => {
		for (const { key, path, method, responses } of operations) {
			if (method === 'get') continue
			const message = REPORT_UPLOAD_PATH.test(path) ? REPORT_UPLOAD_MESSAGES.tooLarge : 'Request body is too large'
			expectEnvelope(`${key} 413`, responses['413'], envelope(message))
		}
	})

	test('every operation lists the 500 and the 503 with Retry-After', () => {
		for (const { key, responses } of operations) {
			expectEnvelope(`${key} 500`, responses['500'], envelope('Internal server error'))
			for (const message of [DATABASE_BUSY_MESSAGE, DATABASE_FULL_MESSAGE])
				expectEnvelope(`${key} 503`, responses['503'], envelope(message))
			expect(responses['503']!.headers?.['Retry-After']?.required, key).toBe(true)
		}
	})

	test('the description states the same limits', () => {
		expect(document.info.description).toContain(
			`more than ${fields.toLocaleString('en-US')} parameters, or with a name over ${nameLength} characters or of more than ${nameSegments} parts, answers 400`,
		)
	})
})
