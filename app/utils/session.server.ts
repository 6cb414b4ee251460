import { createCookie, type Cookie } from 'react-router'
import { getEnv } from './env.server.ts'
import { SESSION_EXPIRATION_MS } from '#app/models/session.server.ts'

let cached: { key: string; cookie: Cookie } | undefined

/**
 * The member session cookie holds only a signed random id (the session row
 * keeps the rest). HttpOnly, SameSite=Lax, Path=/, Secure and `__Host-`
 * when served over HTTPS. CSRF tokens would be needed if SameSite were ever
 * relaxed to None.
 */
export function memberSessionCookie(): Cookie {
	const env = getEnv()
	const key = `${env.secureCookies}|${env.sessionSecrets.join(',')}`
	if (cached?.key !== key) {
		cached = {
			key,
			cookie: createCookie(env.secureCookies ? '__Host-session' : 'session', {
				httpOnly: true,
				sameSite: 'lax',
				path: '/',
				secure: env.secureCookies,
				secrets: env.sessionSecrets,
				maxAge: Math.floor(SESSION_EXPIRATION_MS / 1000),
			}),
		}
	}
	return cached.cookie
}

/** The session secret from the cookie, or null (missing, tampered, malformed). */
export async function readSessionToken(request: Request): Promise<string | null> {
	const header = request.headers.get('Cookie')
	if (!header) return null
	try {
		const value = await memberSessionCookie().parse(header)
		return typeof value === 'string' && /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : null
	} catch {
		return null
	}
}

export function serializeSessionToken(token: string) {
	return memberSessionCookie().serialize(token)
}

export function serializeSessionEnd() {
	return memberSessionCookie().serialize('', { maxAge: 0, expires: new Date(0) })
}
