import { afterEach, describe, expect, test } from 'vitest'
import { randomToken } from './crypto.server.ts'
import { resetEnv } from './env.server.ts'
import { memberSessionCookie, readSessionToken, serializeSessionEnd, serializeSessionToken } from './session.server.ts'

afterEach(() => {
	delete process.env.APP_ORIGIN
	delete process.env.SESSION_SECRET
	resetEnv()
})

/** The `name=value` pair of a Set-Cookie header, as a browser sends it back. */
function cookiePair(setCookie: string) {
	return setCookie.split(';')[0]!
}

function withCookie(cookie: string) {
	return new Request('http://localhost:3000/dashboard', { headers: { Cookie: cookie } })
}

function useSecrets(value: string) {
	process.env.SESSION_SECRET = value
	resetEnv()
}

describe('member session cookie', () => {
	test('round-trips a serialized token', async () => {
		const token = randomToken(32)
		const setCookie = await serializeSessionToken(token)
		expect(await readSessionToken(withCookie(cookiePair(setCookie)))).toBe(token)
		// Among other cookies too.
		expect(await readSessionToken(withCookie(`theme=dark; ${cookiePair(setCookie)}; other=1`))).toBe(token)
	})

	test('the cookie holds a signed value, not the bare token, with the safe attributes', async () => {
		const token = randomToken(32)
		const setCookie = await serializeSessionToken(token)
		expect(setCookie.startsWith('session=')).toBe(true)
		expect(cookiePair(setCookie)).not.toBe(`session=${token}`)
		expect(setCookie).toMatch(/; HttpOnly/)
		expect(setCookie).toMatch(/; SameSite=Lax/i)
		expect(setCookie).toMatch(/; Path=\//)
		expect(setCookie).toMatch(/; Max-Age=2592000/)
		expect(setCookie).not.toMatch(/; Secure/)
	})

	test('a tampered cookie reads as null', async () => {
		const token = randomToken(32)
		const pair = cookiePair(await serializeSessionToken(token))
		const value = decodeURIComponent(pair.slice('session='.length))
		// Flip one character of the value, then of the signature.
		const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1)
		for (const i of [2, value.length - 2]) {
			expect(await readSessionToken(withCookie(`session=${encodeURIComponent(flip(value, i))}`))).toBeNull()
		}
		// A token of my choosing, unsigned or base64 without a signature.
		expect(await readSessionToken(withCookie(`session=${token}`))).toBeNull()
		expect(await readSessionToken(withCookie(`session=${btoa(JSON.stringify(token))}`))).toBeNull()
		expect(await readSessionToken(withCookie('session='))).toBeNull()
		expect(await readSessionToken(withCookie('session=%E0%A4%A'))).toBeNull()
	})

	test('a cookie signed with another secret reads as null', async () => {
		useSecrets('first-secret-0123456789abcdef0123456789')
		const pair = cookiePair(await serializeSessionToken(randomToken(32)))
		useSecrets('other-secret-0123456789abcdef0123456789')
		expect(await readSessionToken(withCookie(pair))).toBeNull()
	})

	test('an older secret still verifies after rotation', async () => {
		useSecrets('old-secret-0123456789abcdef0123456789ab')
		const token = randomToken(32)
		const pair = cookiePair(await serializeSessionToken(token))
		useSecrets('new-secret-0123456789abcdef0123456789ab,old-secret-0123456789abcdef0123456789ab')
		expect(await readSessionToken(withCookie(pair))).toBe(token)
	})

	test('a signed value that is not a session id shape reads as null', async () => {
		for (const value of ['short', 'x'.repeat(101), 'has space in it and more', '<script>alert(1)</script>xxxx']) {
			const pair = cookiePair(await memberSessionCookie().serialize(value))
			expect(await readSessionToken(withCookie(pair))).toBeNull()
		}
		const pair = cookiePair(await memberSessionCookie().serialize({ userId: 1 }))
		expect(await readSessionToken(withCookie(pair))).toBeNull()
	})

	test('no Cookie header reads as null', async () => {
		expect(await readSessionToken(new Request('http://localhost:3000/'))).toBeNull()
	})

	test('over HTTPS the cookie is __Host- prefixed and Secure', async () => {
		process.env.APP_ORIGIN = 'https://app.example.com'
		resetEnv()
		const token = randomToken(32)
		const setCookie = await serializeSessionToken(token)
		expect(setCookie.startsWith('__Host-session=')).toBe(true)
		expect(setCookie).toMatch(/; Secure/)
		expect(setCookie).toMatch(/; Path=\//)
		expect(setCookie).not.toMatch(/Domain=/i)
		expect(await readSessionToken(withCookie(cookiePair(setCookie)))).toBe(token)
		// A plain `session` cookie (which a subdomain could plant) is not read.
		const plain = cookiePair(setCookie).replace('__Host-session=', 'session=')
		expect(await readSessionToken(withCookie(plain))).toBeNull()
	})

	test('serializeSessionEnd clears the cookie', async () => {
		const setCookie = await serializeSessionEnd()
		expect(setCookie.startsWith('session=;')).toBe(true)
		expect(setCookie).toMatch(/Max-Age=0/)
		expect(setCookie).toMatch(/Expires=Thu, 01 Jan 1970/)
		expect(await readSessionToken(withCookie(cookiePair(setCookie)))).toBeNull()
	})
})
