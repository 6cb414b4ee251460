import { data, redirect } from 'react-router'
import { adminSessions, admins } from '#db/schema.ts'
import { isReadOnly } from '#db/client.server.ts'
import { adminProfileColumns, recordAdminSignIn } from '#app/features/staff/admin.server.ts'
import { noteFailedAdminSignIn } from '#app/features/alerts/alerts.server.ts'
import { mustEnrol, startPendingSignIn, verifySecondFactor } from '#app/features/staff/two-factor.server.ts'
import { AUTH_MESSAGES } from '#app/auth/messages.ts'
import { can, type Capability } from '#app/features/staff/roles.ts'
import { TWO_FACTOR_MESSAGES, AdminLoginApiSchema, STAFF_MESSAGES } from '#app/features/staff/schemas.ts'
import { apiError } from '#app/utils/api.server.ts'
import { fail, ok } from '#app/utils/result.ts'
import { sha256 } from '#app/utils/crypto.server.ts'
import { log } from '#app/utils/log.server.ts'
import { consumeSlidingRateLimits, requestRateLimitMessage } from '#app/utils/rate-limit.server.ts'
import { safeRedirect } from '#app/utils/misc.ts'
import type { RequestArgs } from '#app/utils/request.server.ts'
import { createSessionCookie } from './cookie.server.ts'
import { createAuthKit } from './kit.server.ts'
import { getMember, memberAuth } from './member.server.ts'
import type { AccountOf } from './session-store.server.ts'

/**
 * Staff sessions (ASVS level 2, docs/security.md S8): 12 hours at most
 * from sign-in, and 30 minutes without a request ends them sooner.
 */
export const STAFF_SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000
export const STAFF_SESSION_IDLE_MS = 30 * 60 * 1000
/** lastUsedAt is written at most this often, not on every request. */
const LAST_USED_EVERY_MS = 60 * 1000

const STAFF_HOME = '/admin/dashboard'
/** A staff member's own second factor; the one admin page open before enrolment. */
export const STAFF_SECURITY_PATH = '/admin/security'
/** The sign-in's second step (docs/decisions/014-staff-second-factor.md). */
export const STAFF_CODE_PATH = '/admin/login/two-factor'

/**
 * The pending sign-in's cookie (`admin_pending`, `__Host-` over https): the
 * signed secret of a row of admin_pending_sign_ins, which lives 5 minutes
 * and ends at its first successful use.
 */
export const pendingSignInCookie = createSessionCookie('admin_pending', 5 * 60 * 1000)

export type SessionAdmin = AccountOf<typeof adminProfileColumns>

/** Where to go after signing in: a same-site /admin path (not the sign-in page), else the dashboard. */
function adminRedirectTarget(to: unknown, fallback: string) {
	const target = safeRedirect(to, fallback)
	return /^\/admin(\/|$|\?)/.test(target) && !target.startsWith('/admin/login') ? target : STAFF_HOME
}

/** The guards' 403, shown as 'Access Denied' with its reason; every refusal is logged. */
function accessDenied({ url }: RequestArgs, reason: string, fields: Record<string, unknown> = {}) {
	log('admin.access_denied', { path: url.pathname, reason, ...fields }, 'warn')
	return data(
		{ accessDenied: true as const, reason },
		{ status: 403, headers: { 'Cache-Control': 'private, no-store' } },
	)
}

/**
 * Staff, apart from members (docs/product/decisions.md section 3): the `admin_session` cookie
 * (`__Host-admin_session` over https), the `admin_sessions` table, 12 hours
 * or 30 idle minutes, bearer tokens for /api/admin/*. Loaders run in
 * parallel, so a parent layout's guard never protects a child: every admin
 * loader, action and /api/admin route calls its own guard first.
 */
export const staffAuth = createAuthKit({
	cookieName: 'admin_session',
	absoluteMs: STAFF_SESSION_ABSOLUTE_MS,
	idle: { column: adminSessions.lastUsedAt, ms: STAFF_SESSION_IDLE_MS, writeEveryMs: LAST_USED_EVERY_MS },
	accounts: { table: admins, columns: adminProfileColumns, email: admins.email, passwordHash: admins.passwordHash },
	sessions: {
		table: adminSessions,
		id: adminSessions.id,
		tokenHash: adminSessions.tokenHash,
		accountId: adminSessions.adminId,
		kind: adminSessions.kind,
		expiresAt: adminSessions.expiresAt,
		createdAt: adminSessions.createdAt,
	},
	// A disabled account cannot sign in, and a session it still has is refused.
	maySignIn: { test: (admin) => admin.disabledAt === null, message: STAFF_MESSAGES.accountDisabled },
	log: { signIn: 'admin.login', signOut: 'admin.logout', idField: 'adminId' },
	signIn: {
		rateLimits: { ip: 'admin-login:ip', account: 'admin-login:account' },
		invalidMessage: AUTH_MESSAGES.adminInvalidCredentials,
		// Counted towards the repeated failed sign-ins alert.
		onFailure: noteFailedAdminSignIn,
		onSuccess: recordAdminSignIn,
		unexpectedError: { event: 'admin.login_error', message: AUTH_MESSAGES.adminLoginFailed },
		apiSchema: AdminLoginApiSchema,
		// The second factor of an account that has one: the page goes on to
		// the code step; the API takes `code` or `recoveryCode` in the same body.
		secondStep: {
			needed: (admin) => admin.totpEnabledAt !== null,
			startPage: async (_request, admin, redirectTo) => {
				const token = startPendingSignIn(admin.id, redirectTo)
				return redirect(STAFF_CODE_PATH, { headers: { 'Set-Cookie': await pendingSignInCookie.serialize(token) } })
			},
			checkApi: (admin, input) => {
				const code = typeof input.code === 'string' ? input.code : undefined
				const recoveryCode = typeof input.recoveryCode === 'string' ? input.recoveryCode : undefined
				if (code === undefined && recoveryCode === undefined) {
					return fail(401, TWO_FACTOR_MESSAGES.codeMissing, {
						fieldErrors: { code: [TWO_FACTOR_MESSAGES.codeRequired] },
					})
				}
				const proved = verifySecondFactor(admin, code !== undefined ? { code } : { recoveryCode: recoveryCode! })
				return proved ? ok(undefined) : 'wrong'
			},
		},
	},
	pages: {
		home: STAFF_HOME,
		// The panel's own entry pages need no redirectTo.
		signInUrl: (target) =>
			target === '/admin' || target === STAFF_HOME
				? '/admin/login'
				: `/admin/login?${new URLSearchParams({ redirectTo: target })}`,
		redirectTarget: adminRedirectTarget,
		afterSignOut: '/admin/login',
		signOutGet: '/admin',
		// A member session (but no admin one) is a 403, not the sign-in page.
		refuse: async (args) =>
			(await getMember(args.request))
				? accessDenied(args, AUTH_MESSAGES.adminPrivilegesRequired, { member: true })
				: null,
	},
	api: {
		notAuthenticated: AUTH_MESSAGES.adminNotAuthenticated,
		// A valid member token is a 403; anything else the 401.
		refuse: (request, token) => {
			if (!memberAuth.sessions.find(token, 'api')) return null
			log('admin.access_denied', { path: new URL(request.url).pathname, member: true, via: 'api' }, 'warn')
			return apiError(403, AUTH_MESSAGES.adminPrivilegesRequired)
		},
	},
})

/**
 * Guard: an admin session, else
 * - a member session (but no admin one): 403, shown as 'Access Denied' with
 *   the reason and 'Back to Login';
 * - nothing (or an ended session): /admin/login, clearing a stale cookie.
 * A staff member who must set up a second factor and has not yet goes to
 * /admin/security from every other admin page (security checklist A11).
 */
export async function requireAdmin(args: RequestArgs) {
	const admin = await staffAuth.requireAccount(args)
	if (mustEnrol(admin) && args.url.pathname !== STAFF_SECURITY_PATH) {
		throw redirect(STAFF_SECURITY_PATH)
	}
	return admin
}

/** Guard: an admin whose role has `capability` (403 'Access Denied' otherwise). */
export async function requireAdminCapability(args: RequestArgs, capability: Capability) {
	const admin = await requireAdmin(args)
	if (!can(admin, capability)) {
		throw accessDenied(args, AUTH_MESSAGES.superAdminRequired, { adminId: admin.id, capability })
	}
	return admin
}

// /api/admin/*: bearer tokens only (cookies are ignored, so no CSRF).

/**
 * The admin of an /api/admin bearer token. No token, or one that is unknown
 * or ended: 401. A valid *member* token: 403 'Access denied. Admin
 * privileges required.' A staff member who must set up a second factor: 403
 * until they do, except on the routes that set it up (`enrolment`).
 */
export function requireApiAdmin(request: Request, options: { enrolment?: boolean } = {}) {
	const { token, account } = staffAuth.requireApiAccount(request)
	limitApiAdmin(request, token, account.id)
	if (!options.enrolment && mustEnrol(account)) {
		log(
			'admin.access_denied',
			{ path: new URL(request.url).pathname, adminId: account.id, reason: 'enrol', via: 'api' },
			'warn',
		)
		throw apiError(403, TWO_FACTOR_MESSAGES.enrolmentRequired)
	}
	return { token, admin: account }
}

/** Requests already counted (a handler that calls the guard twice is still one request). */
const countedRequests = new WeakSet<Request>()

/**
 * Per-token and per-admin sliding windows on every token-authenticated
 * /api/admin request (docs/security.md P7, SLIDING_RATE_LIMITS in
 * app/utils/rate-limit.server.ts): over either, a thrown 429 with
 * Retry-After and RateLimit-* headers. The token is keyed by its SHA-256,
 * never by itself. Refused requests do not count.
 */
function limitApiAdmin(request: Request, token: string, adminId: number) {
	if (countedRequests.has(request)) return
	// A read replica does not count (docs/decisions/065-read-replicas.md): its rows are the primary's.
	if (isReadOnly()) return
	const result = consumeSlidingRateLimits([
		{ rule: 'admin-api:token', key: sha256(token) },
		{ rule: 'admin-api:admin', key: String(adminId) },
	])
	if (result.ok) {
		countedRequests.add(request)
		return
	}
	const seconds = result.retryAfterSeconds
	// Once per key and window, not on every refused request.
	if (result.first) log('admin_api.rate_limited', { adminId, rule: result.rule, retryAfterSeconds: seconds }, 'warn')
	throw apiError(429, requestRateLimitMessage(seconds), undefined, {
		'Retry-After': String(seconds),
		'RateLimit-Limit': String(result.limit),
		'RateLimit-Remaining': '0',
		'RateLimit-Reset': String(seconds),
	})
}

/** An admin token whose role has `capability`; 403 otherwise. */
export function requireApiCapability(request: Request, capability: Capability) {
	const auth = requireApiAdmin(request)
	if (!can(auth.admin, capability)) {
		log(
			'admin.access_denied',
			{ path: new URL(request.url).pathname, adminId: auth.admin.id, capability, via: 'api' },
			'warn',
		)
		throw apiError(403, AUTH_MESSAGES.superAdminRequired)
	}
	return auth
}
