import { createCookie, type Cookie } from 'react-router'
import { getEnv } from '#app/utils/env.server.ts'

/** How many verified cookie values a session cookie remembers (oldest out first). */
const VERIFIED_CACHE_SIZE = 10_000

/** The first `name=value` of the header, as sent (still signed and encoded), or null. */
export function rawCookieValue(header: string, name: string): string | null {
	for (const part of header.split(';')) {
		const eq = part.indexOf('=')
		if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim()
	}
	return null
}

/** The shape of every session secret we issue (base64url of 32 random bytes). */
const SESSION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/

/**
 * A session cookie that holds only a signed random id (the session row keeps
 * the rest): HttpOnly, SameSite=Lax, Path=/, and `__Host-<name>` + Secure
 * when served over HTTPS, so a subdomain cannot plant it. CSRF tokens would
 * be needed if SameSite were ever relaxed to None.
 */
export function createSessionCookie(name: string, maxAgeMs: number) {
	let cached: { key: string; cookie: Cookie } | undefined
	// Signed values already verified, by the exact value the browser sent:
	// checking the signature is an HMAC through WebCrypto on every request
	// (and every guard of it), 4.5% of a member page's CPU in a profile.
	// Only values whose signature held are kept, so a client sending junk
	// fills nothing; the map is emptied when the secrets change.
	const verified = new Map<string, string>()

	/** Rebuilt when the secrets or the scheme change (tests switch them). */
	function cookie(): Cookie {
		const env = getEnv()
		const key = `${env.secureCookies}|${env.sessionSecrets.join(',')}`
		if (cached?.key !== key) {
			verified.clear()
			cached = {
				key,
				cookie: createCookie(env.secureCookies ? `__Host-${name}` : name, {
					httpOnly: true,
					sameSite: 'lax',
					path: '/',
					secure: env.secureCookies,
					secrets: env.sessionSecrets,
					maxAge: Math.floor(maxAgeMs / 1000),
				}),
			}
		}
		return cached.cookie
	}

	/** The session secret from the request's cookie, or null (missing, tampered, malformed). */
	async function read(request: Request): Promise<string | null> {
		const header = request.headers.get('Cookie')
		if (!header) return null
		const jar = cookie()
		const raw = rawCookieValue(header, jar.name)
		if (raw === null) return null
		const known = verified.get(raw)
		if (known !== undefined) return known
		try {
			const value = await jar.parse(header)
			if (typeof value !== 'string' || !SESSION_TOKEN_PATTERN.test(value)) return null
			if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!)
			verified.set(raw, value)
			return value
		} catch {
			return null
		}
	}

	/** The Set-Cookie header value that stores `token`. */
	function serialize(token: string) {
		return cookie().serialize(token)
	}

	/** The Set-Cookie header value that clears the cookie. */
	function serializeEnd() {
		return cookie().serialize('', { maxAge: 0, expires: new Date(0) })
	}

	return { cookie, read, serialize, serializeEnd }
}

export type SessionCookie = ReturnType<typeof createSessionCookie>
