import { describe, expect, test, vi } from 'vitest'
import { createSessionCookie, rawCookieValue } from './cookie.server.ts'

const TOKEN = 'a'.repeat(43)

function requestWith(cookieHeader: string) {
	return new Request('http://localhost/dashboard', { headers: { Cookie: cookieHeader } })
}

describe('rawCookieValue', () => {
	test('finds the named cookie among others, the first when repeated; null when absent', () => {
		expect(rawCookieValue('a=1; session=xyz.sig; b=2', 'session')).toBe('xyz.sig')
		expect(rawCookieValue('session=first; session=second', 'session')).toBe('first')
		expect(rawCookieValue('sessions=1; xsession=2', 'session')).toBeNull()
		expect(rawCookieValue('', 'session')).toBeNull()
	})
})

describe('a session cookie', () => {
	test('reads back what it signed; verifies a value once, then answers from memory', async () => {
		const jar = createSessionCookie('test_session', 60_000)
		const header = (await jar.serialize(TOKEN)).split(';')[0]!
		const parse = vi.spyOn(jar.cookie(), 'parse')
		expect(await jar.read(requestWith(header))).toBe(TOKEN)
		expect(await jar.read(requestWith(`other=1; ${header}`))).toBe(TOKEN)
		expect(parse).toHaveBeenCalledTimes(1)
	})

	test('a tampered or unsigned value is refused every time and never remembered', async () => {
		const jar = createSessionCookie('test_session2', 60_000)
		const header = (await jar.serialize(TOKEN)).split(';')[0]!
		// The signature's first character, not its last: the last base64
		// character of a 32-byte HMAC carries two unused bits, so 'A' and 'B'
		// there decode to the same signature (and a valid one, 1 run in 16).
		const sig = header.lastIndexOf('.') + 1
		const tampered = header.slice(0, sig) + (header[sig] === 'A' ? 'B' : 'A') + header.slice(sig + 1)
		const parse = vi.spyOn(jar.cookie(), 'parse')
		expect(await jar.read(requestWith(tampered))).toBeNull()
		expect(await jar.read(requestWith(tampered))).toBeNull()
		expect(await jar.read(requestWith(`test_session2=${TOKEN}`))).toBeNull()
		expect(parse).toHaveBeenCalledTimes(3)
		expect(await jar.read(requestWith('unrelated=1'))).toBeNull()
	})
})
