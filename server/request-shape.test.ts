import { describe, expect, test } from 'vitest'
import { checkFieldNames, checkFormBody, REQUEST_SHAPE_LIMITS } from './request-shape.ts'

const encode = (text: string) => new TextEncoder().encode(text)

describe('checkFieldNames', () => {
	test('ordinary forms pass', () => {
		expect(checkFieldNames(['email', 'password', 'items[0].name', 'a.b.c'])).toBeNull()
		expect(checkFieldNames(Array.from({ length: REQUEST_SHAPE_LIMITS.fields }, (_, i) => `id${i}`))).toBeNull()
		expect(checkFieldNames(['a'.repeat(REQUEST_SHAPE_LIMITS.nameLength)])).toBeNull()
		expect(checkFieldNames([Array.from({ length: REQUEST_SHAPE_LIMITS.nameSegments }, () => 'a').join('.')])).toBeNull()
	})

	test.each([
		['a.a segments', `a${'.a'.repeat(2_800)}`, /too long|too deeply nested/],
		['20 dotted segments', `a${'.a'.repeat(20)}`, /too deeply nested/],
		['[0] segments', `a${'[0]'.repeat(3_000)}`, /too long|too deeply nested/],
		[
			'17 short segments',
			Array.from({ length: REQUEST_SHAPE_LIMITS.nameSegments + 1 }, () => 'a').join('.'),
			/too deeply nested/,
		],
		['a long name', 'a'.repeat(REQUEST_SHAPE_LIMITS.nameLength + 1), /too long/],
	])('%s are refused', (_label, name, message) => {
		expect(checkFieldNames(['email', name])?.message).toMatch(message)
	})

	test('too many fields are refused', () => {
		const names = Array.from({ length: REQUEST_SHAPE_LIMITS.fields + 1 }, () => 'a')
		expect(checkFieldNames(names)?.message).toMatch(/Too many fields/)
	})
})

describe('checkFormBody', () => {
	test('urlencoded bodies are checked by field name', async () => {
		expect(await checkFormBody('application/x-www-form-urlencoded', encode('email=a%40b.co&password=x'))).toBeNull()
		const deep = `email=a&a${'.a'.repeat(3_000)}=1`
		expect(await checkFormBody('application/x-www-form-urlencoded; charset=UTF-8', encode(deep))).not.toBeNull()
		expect(await checkFormBody('application/x-www-form-urlencoded', encode('a&'.repeat(60_000)))).not.toBeNull()
	})

	test('multipart bodies too, and a malformed one is a problem, not an exception', async () => {
		const form = new FormData()
		form.set(`a${'[0]'.repeat(40)}`, '1')
		const request = new Request('http://x/', { method: 'POST', body: form })
		const body = new Uint8Array(await request.arrayBuffer())
		expect(await checkFormBody(request.headers.get('content-type'), body)).not.toBeNull()
		expect(await checkFormBody('multipart/form-data; boundary=zzz', encode('not multipart at all'))).toEqual({
			message: 'The form could not be read.',
		})
	})

	test('other content types are left to the route', async () => {
		expect(await checkFormBody('application/json', encode('{"a":1}'))).toBeNull()
		expect(await checkFormBody(null, encode('a=1'))).toBeNull()
	})
})
