import { createCookie, data, redirect, type Cookie } from 'react-router'
import { Authenticator } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'
import {
	ADMIN_SESSION_ABSOLUTE_MS,
	createAdminSession,
	deleteAdminSessionByToken,
	getAdminSession,
	type SessionAdmin,
} from '#app/models/admin-session.server.ts'
import { authenticateAdmin } from '#app/models/admin.server.ts'
import { getSessionUser } from '#app/models/session.server.ts'
import {
	ADMIN_NOT_AUTHENTICATED,
	ADMIN_PRIVILEGES_REQUIRED,
	SUPER_ADMIN_REQUIRED,
} from './admin-messages.ts'
import { can, type Capability } from './admin-roles.ts'
import { apiError } from './api.server.ts'
import { getBearerToken, getMember } from './auth.server.ts'
import { getEnv } from './env.server.ts'
import { log } from './log.server.ts'
import { safeRedirect } from './misc.ts'
import { requestMeta } from './request.server.ts'
import type { Failure } from './result.ts'
import { LoginFormSchema } from './validation.ts'

/**
 * Staff authentication, apart from members' (docs/decisions/007 and 008): its own
 * cookie and session table, its own bearer tokens for /api/admin/*, and the
 * guards every admin loader, action and /api/admin route calls first.
 * Loaders run in parallel, so a parent layout's guard never protects a child:
 * each one calls its own.
 */

let cached: { key: string; cookie: Cookie } | undefined

/**
 * The admin cookie: a signed random id only. HttpOnly, SameSite=Lax,
 * Path=/, and `__Host-admin_session` + Secure over HTTPS. CSRF tokens would
 * be needed if SameSite were ever relaxed to None.
 */
export function adminSessionCookie(): Cookie {
	const env = getEnv()
	const key = `${env.secureCookies}|${env.sessionSecrets.join(',')}`
	if (cached?.key !== key) {
		cached = {
			key,
			cookie: createCookie(env.secureCookies ? '__Host-admin_session' : 'admin_session', {
				httpOnly: true,
				sameSite: 'lax',
				path: '/',
				secure: env.secureCookies,
				secrets: env.sessionSecrets,
				maxAge: Math.floor(ADMIN_SESSION_ABSOLUTE_MS / 1000),
			}),
		}
	}
	return cached.cookie
}

/** The admin session secret from the cookie, or null (missing, tampered, malformed). */
export async function readAdminSessionToken(request: Request): Promise<string | null> {
	const header = request.headers.get('Cookie')
	if (!header) return null
	try {
		const value = await adminSessionCookie().parse(header)
		return typeof value === 'string' && /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : null
	} catch {
		return null
	}
}

export function serializeAdminSessionToken(token: string) {
	return adminSessionCookie().serialize(token)
}

export function serializeAdminSessionEnd() {
	return adminSessionCookie().serialize('', { maxAge: 0, expires: new Date(0) })
}

/** Thrown by the admin form strategy when the sign-in is refused. */
export class AdminSignInRefused extends Error {
	constructor(readonly failure: Failure) {
		super(failure.message)
	}
}

/**
 * remix-auth with a FormStrategy for /admin/login; its verify callback calls
 * the same rule as POST /api/admin/login.
 */
export const adminAuthenticator = new Authenticator<SessionAdmin>()
adminAuthenticator.use(
	new FormStrategy(async ({ form, request }) => {
		const parsed = LoginFormSchema.safeParse({
			email: form.get('email') ?? undefined,
			password: form.get('password') ?? undefined,
		})
		if (!parsed.success) throw new AdminSignInRefused({ ok: false, status: 400, message: 'Login failed' })
		const result = await authenticateAdmin(parsed.data, requestMeta(request))
		if (!result.ok) throw new AdminSignInRefused(result)
		return result.value
	}),
	'admin-form',
)

/** The signed-in admin of a page request, or null. */
export async function getAdmin(request: Request) {
	const token = await readAdminSessionToken(request)
	return token ? getAdminSession(token, 'web') : null
}

function accessDenied(request: Request, reason: string, fields: Record<string, unknown> = {}) {
	log('admin.access_denied', { path: new URL(request.url).pathname, reason, ...fields }, 'warn')
	return data(
		{ accessDenied: true as const, reason },
		{ status: 403, headers: { 'Cache-Control': 'private, no-store' } },
	)
}

/** Whether a thrown route error is the guards' 'Access Denied' answer; gives its reason. */
export type AccessDeniedData = { accessDenied: true; reason: string }

/**
 * Guard: an admin session, else
 * - a member session (but no admin one): 403, shown as 'Access Denied' with
 *   the reason and 'Back to Login';
 * - nothing (or an ended session): /admin/login, clearing a stale cookie.
 */
export async function requireAdmin(request: Request): Promise<SessionAdmin> {
	const token = await readAdminSessionToken(request)
	const admin = token ? getAdminSession(token, 'web') : null
	if (admin) return admin
	if (await getMember(request)) throw accessDenied(request, ADMIN_PRIVILEGES_REQUIRED, { member: true })
	const url = new URL(request.url)
	const target = `${url.pathname}${url.search}`
	const login =
		target === '/admin' || target === '/admin/dashboard'
			? '/admin/login'
			: `/admin/login?${new URLSearchParams({ redirectTo: target })}`
	throw redirect(login, {
		headers: token ? { 'Set-Cookie': await serializeAdminSessionEnd() } : undefined,
	})
}

/** Guard: an admin whose role has `capability` (403 'Access Denied' otherwise). */
export async function requireAdminCapability(request: Request, capability: Capability) {
	const admin = await requireAdmin(request)
	if (!can(admin, capability)) {
		throw accessDenied(request, SUPER_ADMIN_REQUIRED, { adminId: admin.id, capability })
	}
	return admin
}

/** Guard: a super_admin (403 'Access Denied' for role admin). */
export async function requireSuperAdmin(request: Request) {
	const admin = await requireAdmin(request)
	if (admin.role !== 'super_admin') throw accessDenied(request, SUPER_ADMIN_REQUIRED, { adminId: admin.id })
	return admin
}

/** Guard for /admin/login: a signed-in admin goes on to the dashboard. */
export async function requireAnonymousAdmin(request: Request) {
	if (await getAdmin(request)) throw redirect('/admin/dashboard')
}

/** Where to go after signing in: a same-site /admin path, else the dashboard. */
export function adminRedirectTarget(redirectTo: unknown) {
	const target = safeRedirect(redirectTo, '/admin/dashboard')
	return /^\/admin(\/|$|\?)/.test(target) && !target.startsWith('/admin/login') ? target : '/admin/dashboard'
}

/**
 * Starts a fresh admin session (a new id: no fixation) and ends the one the
 * request carried, if any. Returns the Set-Cookie header value.
 */
export async function startAdminSession(request: Request, adminId: number) {
	const previous = await readAdminSessionToken(request)
	if (previous) deleteAdminSessionByToken(previous)
	const { token } = createAdminSession(adminId, 'web')
	return serializeAdminSessionToken(token)
}

/** Ends the request's admin session on the server; returns the clearing Set-Cookie. */
export async function endAdminSession(request: Request) {
	const token = await readAdminSessionToken(request)
	if (token) deleteAdminSessionByToken(token)
	return serializeAdminSessionEnd()
}

// /api/admin/*: bearer tokens only (cookies are ignored, so no CSRF).

/**
 * The admin of an /api/admin bearer token. No token, or one that is unknown
 * or ended: 401. A valid *member* token: 403 'Access denied. Admin
 * privileges required.'
 */
export function requireApiAdmin(request: Request) {
	const token = getBearerToken(request)
	const admin = token ? getAdminSession(token, 'api') : null
	if (token && admin) return { token, admin }
	if (token && getSessionUser(token, 'api')) {
		log('admin.access_denied', { path: new URL(request.url).pathname, member: true, via: 'api' }, 'warn')
		throw apiError(403, ADMIN_PRIVILEGES_REQUIRED)
	}
	throw apiError(401, ADMIN_NOT_AUTHENTICATED, undefined, { 'WWW-Authenticate': 'Bearer' })
}

/** An admin token whose role has `capability`; 403 otherwise. */
export function requireApiCapability(request: Request, capability: Capability) {
	const auth = requireApiAdmin(request)
	if (!can(auth.admin, capability)) {
		log('admin.access_denied', { path: new URL(request.url).pathname, adminId: auth.admin.id, capability, via: 'api' }, 'warn')
		throw apiError(403, SUPER_ADMIN_REQUIRED)
	}
	return auth
}

/** A super_admin token; 403 for role admin. */
export function requireApiSuperAdmin(request: Request) {
	const auth = requireApiAdmin(request)
	if (auth.admin.role !== 'super_admin') {
		log('admin.access_denied', { path: new URL(request.url).pathname, adminId: auth.admin.id, via: 'api' }, 'warn')
		throw apiError(403, SUPER_ADMIN_REQUIRED)
	}
	return auth
}
