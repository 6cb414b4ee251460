import { createCookie, type Cookie } from 'react-router'
import { getEnv } from '#app/utils/env.server.ts'

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

	/** Rebuilt when the secrets or the scheme change (tests switch them). */
	function cookie(): Cookie {
		const env = getEnv()
		const key = `${env.secureCookies}|${env.sessionSecrets.join(',')}`
		if (cached?.key !== key) {
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
		try {
			const value = await cookie().parse(header)
			return typeof value === 'string' && SESSION_TOKEN_PATTERN.test(value) ? value : null
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
