import crypto from 'node:crypto'
import { createCookie, redirect, type Cookie } from 'react-router'
import { z } from 'zod'
import { getEnv } from './env.server.ts'

/**
 * The one way to say "done" after a redirect: the action puts a flash
 * message in a signed cookie on its redirect, the root loader reads it once
 * (and clears it) and the root layout shows it as a status region. It works
 * the same without JavaScript, and the URL stays the page's own.
 */

/** What the cookie carries; `id` tells two equal messages apart (each is announced). */
export const FlashSchema = z.object({
	id: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/),
	message: z.string().min(1).max(500),
})
export type Flash = z.infer<typeof FlashSchema>

let cached: { key: string; cookie: Cookie } | undefined

/**
 * Signed with the session secrets (newest first), HttpOnly, SameSite=Lax,
 * Path=/, and `__Host-flash` + Secure when the app origin is https. No
 * expiry: it lives until the next page reads it, a moment later.
 */
export function flashCookie(): Cookie {
	const env = getEnv()
	const key = `${env.secureCookies}|${env.sessionSecrets.join(',')}`
	if (cached?.key !== key) {
		cached = {
			key,
			cookie: createCookie(env.secureCookies ? '__Host-flash' : 'flash', {
				httpOnly: true,
				sameSite: 'lax',
				path: '/',
				secure: env.secureCookies,
				secrets: env.sessionSecrets,
			}),
		}
	}
	return cached.cookie
}

/** The Set-Cookie header that carries `message` to the next page. */
export function serializeFlash(message: string) {
	const flash: Flash = FlashSchema.parse({ id: crypto.randomBytes(6).toString('base64url'), message })
	return flashCookie().serialize(flash)
}

/** A redirect that shows `message` on the page it leads to. */
export async function redirectWithFlash(url: string, message: string, init: ResponseInit = {}) {
	const headers = new Headers(init.headers)
	headers.append('Set-Cookie', await serializeFlash(message))
	return redirect(url, { ...init, headers })
}

/**
 * The flash of the request, read once: the message (null when there is
 * none, or it was tampered with) and, when there was a cookie, the header
 * that clears it.
 */
export async function readFlash(
	request: Request,
): Promise<{ flash: Flash | null; headers: Record<string, string> | undefined }> {
	const cookie = flashCookie()
	const header = request.headers.get('Cookie')
	// Most requests carry no flash: skip the signature check.
	if (!header?.includes(`${cookie.name}=`)) return { flash: null, headers: undefined }
	let value: unknown = null
	try {
		value = await cookie.parse(header)
	} catch {
		value = null
	}
	const parsed = FlashSchema.safeParse(value)
	const clear = await cookie.serialize('', { maxAge: 0, expires: new Date(0) })
	return { flash: parsed.success ? parsed.data : null, headers: { 'Set-Cookie': clear } }
}
