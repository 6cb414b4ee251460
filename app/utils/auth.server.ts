import { redirect } from 'react-router'
import { Authenticator } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'
import { authenticateMember } from '#app/models/account.server.ts'
import {
	createSession,
	deleteSessionByToken,
	getSessionUser,
} from '#app/models/session.server.ts'
import type { SelectUser } from '#db/schema.ts'
import type { Failure } from './result.ts'
import { requestMeta } from './request.server.ts'
import { readSessionToken, serializeSessionEnd, serializeSessionToken } from './session.server.ts'
import { LoginFormSchema } from './validation.ts'

/** Thrown by the form strategy when the sign-in is refused. */
export class SignInRefused extends Error {
	constructor(readonly failure: Failure) {
		super(failure.message)
	}
}

/**
 * remix-auth with a FormStrategy for the sign-in page. Its verify callback
 * calls the same account rule as POST /api/auth/login.
 */
export const authenticator = new Authenticator<SelectUser>()
authenticator.use(
	new FormStrategy(async ({ form, request }) => {
		const parsed = LoginFormSchema.safeParse({
			email: form.get('email') ?? undefined,
			password: form.get('password') ?? undefined,
		})
		if (!parsed.success) throw new SignInRefused({ ok: false, status: 400, message: 'Login failed' })
		const result = await authenticateMember(parsed.data, requestMeta(request))
		if (!result.ok) throw new SignInRefused(result)
		return result.value
	}),
	'form',
)

/** The signed-in member of a page request, or null. */
export async function getMember(request: Request) {
	const token = await readSessionToken(request)
	return token ? getSessionUser(token, 'web') : null
}

async function loginRedirect(request: Request, clearCookie: boolean) {
	const url = new URL(request.url)
	const target = `${url.pathname}${url.search}`
	const params = new URLSearchParams({ redirectTo: target })
	return redirect(`/login?${params}`, {
		headers: clearCookie ? { 'Set-Cookie': await serializeSessionEnd() } : undefined,
	})
}

/** Guard: a member session, else /login with redirectTo. */
export async function requireMember(request: Request) {
	const token = await readSessionToken(request)
	const user = token ? getSessionUser(token, 'web') : null
	if (!user) throw await loginRedirect(request, token !== null)
	return user
}

/** Guard for the dashboard: a member who has not unlocked goes to /next-steps. */
export async function requireUnlockedMember(request: Request) {
	const user = await requireMember(request)
	if (!user.isVerified) throw redirect('/next-steps')
	return user
}

/** Guard for sign-in and sign-up pages: members go to the dashboard. */
export async function requireAnonymous(request: Request) {
	if (await getMember(request)) throw redirect('/dashboard')
}

/**
 * Starts a fresh session (a new id: no fixation) and ends the one the
 * request carried, if any. Returns the Set-Cookie header value.
 */
export async function startMemberSession(request: Request, userId: number) {
	const previous = await readSessionToken(request)
	if (previous) deleteSessionByToken(previous)
	const { token } = createSession(userId, 'web')
	return serializeSessionToken(token)
}

/** Ends the request's session on the server; returns the clearing Set-Cookie. */
export async function endMemberSession(request: Request) {
	const token = await readSessionToken(request)
	if (token) deleteSessionByToken(token)
	return serializeSessionEnd()
}

/** The bearer token of an /api request (the Authorization header only). */
export function getBearerToken(request: Request) {
	const match = /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(request.headers.get('Authorization') ?? '')
	return match ? match[1]! : null
}

export function getApiMember(request: Request) {
	const token = getBearerToken(request)
	return token ? { token, user: getSessionUser(token, 'api') } : { token: null, user: null }
}
