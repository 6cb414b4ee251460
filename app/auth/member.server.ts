import { redirect } from 'react-router'
import { sessions, users } from '#db/schema.ts'
import { write } from '#db/client.server.ts'
import { recordSignInDay } from '#app/features/contests/scoring.server.ts'
import { hasCurrentTerms } from '#app/features/account/consents.server.ts'
import { maySignIn } from '#app/features/users/user.server.ts'
import { apiError } from '#app/utils/api.server.ts'
import { TERMS_NOT_ACCEPTED } from '#app/features/account/consents.ts'
import { AUTH_MESSAGES } from '#app/auth/messages.ts'
import { returnTo, safeRedirect } from '#app/utils/misc.ts'
import type { RequestArgs } from '#app/utils/request.server.ts'
import { createAuthKit } from './kit.server.ts'
import type { AccountOf } from './session-store.server.ts'

/** Members stay signed in for 30 days (absolute, ASVS L1). */
export const MEMBER_SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000
/** lastSeenAt (the admin dashboard's Platform Activity) is written at most this often. */
const LAST_SEEN_EVERY_MS = 5 * 60 * 1000
/** A session's own last use (the settings' sessions list) is written at most this often. */
export const SESSION_LAST_USE_EVERY_MS = 60 * 1000

/**
 * What member pages and /api/auth read of the signed-in member: the public
 * profile (toPublicUser), unlockedAt for the dashboard home, lastReferralAt
 * for the referral leaderboard rank and lastSeenAt for its own upkeep. Never
 * the password hash.
 */
const memberColumns = {
	id: users.id,
	email: users.email,
	name: users.name,
	phone: users.phone,
	country: users.country,
	telegram: users.telegram,
	investmentAmount: users.investmentAmount,
	plan: users.plan,
	status: users.status,
	referralCount: users.referralCount,
	referralPoints: users.referralPoints,
	referralCode: users.referralCode,
	referredBy: users.referredBy,
	lastReferralAt: users.lastReferralAt,
	isVerified: users.isVerified,
	unlockedAt: users.unlockedAt,
	lastSeenAt: users.lastSeenAt,
	createdAt: users.createdAt,
	/** The member's latest own acceptance of the terms: the terms gate (docs/decisions/023). */
	termsVersion: users.termsVersion,
}

export type SessionMember = AccountOf<typeof memberColumns>

/**
 * Members: the `session` cookie (`__Host-session` over https), the
 * `sessions` table, 30 days, bearer tokens for /api/auth/*.
 */
export const memberAuth = createAuthKit({
	cookieName: 'session',
	absoluteMs: MEMBER_SESSION_ABSOLUTE_MS,
	accounts: { table: users, columns: memberColumns, email: users.email, passwordHash: users.passwordHash },
	sessions: {
		table: sessions,
		id: sessions.id,
		tokenHash: sessions.tokenHash,
		accountId: sessions.userId,
		kind: sessions.kind,
		expiresAt: sessions.expiresAt,
		createdAt: sessions.createdAt,
	},
	lastSeen: { column: users.lastSeenAt, everyMs: LAST_SEEN_EVERY_MS },
	device: { userAgent: sessions.userAgent, lastUse: sessions.lastSeenAt, writeEveryMs: SESSION_LAST_USE_EVERY_MS },
	maySignIn: { test: (member) => maySignIn(member.status), message: AUTH_MESSAGES.accountNotActive },
	log: { signIn: 'auth.login', signOut: 'auth.logout', idField: 'userId' },
	signIn: {
		// Web and API sign-ins: today counts as an activity day (activity contests).
		onSuccess: (member, now) => {
			write((tx) => recordSignInDay(tx, member.id, now))
			return member
		},
		rateLimits: { ip: 'login:ip', account: 'login:account' },
		invalidMessage: AUTH_MESSAGES.invalidCredentials,
	},
	pages: {
		home: '/dashboard',
		signInUrl: (target) => `/login?${new URLSearchParams({ redirectTo: target })}`,
		redirectTarget: safeRedirect,
		afterSignOut: '/',
		signOutGet: '/',
	},
	api: { notAuthenticated: 'Not authenticated' },
})

/** The signed-in member of a page request, or null. */
export const getMember = memberAuth.getAccount

/** Guard: a member session, else /login with redirectTo (clearing a stale cookie). */
export const requireMember = memberAuth.requireAccount

/**
 * Guard for the dashboard: a member who has not unlocked goes to /next-steps;
 * one who has not accepted the current terms goes to /terms/accept first
 * (back here afterwards; docs/decisions/023-consents-and-notifications.md).
 */
export async function requireUnlockedMember(args: RequestArgs) {
	const member = await requireMember(args)
	if (!member.isVerified) throw redirect('/next-steps')
	if (!hasCurrentTerms(member)) {
		throw redirect(`/terms/accept?${new URLSearchParams({ redirectTo: returnTo(args.url) })}`)
	}
	return member
}

/** A new member session id (sign-up, unlock); returns the Set-Cookie value. */
export const startMemberSession = memberAuth.startWebSession

/** Guard for /api/auth/*: the member of the bearer token, else 401. */
export function requireApiMember(request: Request) {
	const { token, account } = memberAuth.requireApiAccount(request)
	return { token, user: account }
}

/**
 * Guard for /api/member/*: the member of the bearer token (else 401), who
 * has unlocked the dashboard (else 403 AUTH_MESSAGES.dashboardLocked: the same rule as
 * requireUnlockedMember, which sends a page request to /next-steps;
 * docs/decisions/025-member-api.md) and accepted the current terms (409
 * TERMS_NOT_ACCEPTED until POST /api/member/terms/accept; decision 023).
 */
export function requireApiUnlockedMember(request: Request) {
	const { token, user } = requireApiMember(request)
	if (!user.isVerified) throw apiError(403, AUTH_MESSAGES.dashboardLocked)
	if (!hasCurrentTerms(user)) throw apiError(409, TERMS_NOT_ACCEPTED)
	return { token, user }
}

/** The id of the session a page request signed in with (its cookie), or null. */
export async function currentWebSessionId(request: Request) {
	const token = await memberAuth.cookie.read(request)
	return token ? memberAuth.sessions.idOf(token) : null
}
