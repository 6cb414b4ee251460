import { createCookie, type Cookie } from 'react-router'
import { getEnv } from '#app/utils/env.server.ts'

/**
 * The one-time display of a batch's codes (JS on or off): issuing sets a
 * short-lived signed cookie naming the batch; the batch page shows the codes
 * in full once while the cookie names it, and clears it. Another browser,
 * a second visit or a reload sees masked codes (the CSV has them in full).
 * routes.ts ignores `*.server.*` files, so this is no route.
 */
const REVEAL_SECONDS = 600

let cached: { key: string; cookie: Cookie } | undefined

function revealCookie(): Cookie {
	const env = getEnv()
	const key = `${env.secureCookies}|${env.sessionSecrets.join(',')}`
	if (cached?.key !== key) {
		cached = {
			key,
			cookie: createCookie(env.secureCookies ? '__Host-codes-reveal' : 'codes-reveal', {
				httpOnly: true,
				sameSite: 'lax',
				path: '/',
				secure: env.secureCookies,
				secrets: env.sessionSecrets,
				maxAge: REVEAL_SECONDS,
			}),
		}
	}
	return cached.cookie
}

/** The Set-Cookie header that lets the next load of the batch page show its codes once. */
export function revealBatchCookie(batchId: number, adminId: number) {
	return revealCookie().serialize({ batchId, adminId, until: Date.now() + REVEAL_SECONDS * 1000 })
}

/**
 * Whether this request may see the batch's codes in full (and the header that
 * clears the permission): only the admin who issued it, once, within 10 minutes.
 */
export async function takeReveal(request: Request, batchId: number, adminId: number) {
	const cookie = revealCookie()
	const header = request.headers.get('Cookie')
	if (!header?.includes(`${cookie.name}=`)) return { reveal: false, headers: undefined }
	let value: unknown = null
	try {
		value = await cookie.parse(header)
	} catch {
		value = null
	}
	const v = value as { batchId?: unknown; adminId?: unknown; until?: unknown } | null
	const reveal = v?.batchId === batchId && v?.adminId === adminId && typeof v.until === 'number' && v.until > Date.now()
	if (!reveal) return { reveal: false, headers: undefined }
	return { reveal: true, headers: { 'Set-Cookie': await cookie.serialize('', { maxAge: 0, expires: new Date(0) }) } }
}
