import { and, eq, gte, lte, ne, sql } from 'drizzle-orm'
import { createRequire } from 'node:module'
import type { Tx } from '#db/client.server.ts'
import { users, type SelectUser } from '#db/schema.ts'
import { getSetting, type ReferralIntegritySettings } from '#app/features/settings/settings.server.ts'

/**
 * Referral integrity signals (issue 15 part 4,
 * docs/decisions/024-referral-integrity.md): evaluated when a referred
 * member unlocks, where their referral would be credited. Any signal holds
 * the credit for staff review; none credits it as before.
 */
export type ReferralSignal =
	| { code: 'client_signups'; count: number; limit: number; windowMinutes: number }
	| { code: 'client_unlocks'; count: number; limit: number; windowMinutes: number }
	| { code: 'referrer_signups'; count: number; limit: number; windowMinutes: number }
	| { code: 'referrer_unlocks'; count: number; limit: number; windowMinutes: number }
	| { code: 'disposable_email'; domain: string }
	| { code: 'duplicate_phone'; otherMembers: number }

export type SignalSubject = Pick<
	SelectUser,
	'id' | 'email' | 'phone' | 'referrerId' | 'signupClient' | 'unlockClient' | 'createdAt'
>

const MINUTE_MS = 60_000

/** One line a person can read, for the staff list and the audit row. */
export function describeSignal(signal: ReferralSignal): string {
	switch (signal.code) {
		case 'client_signups':
			return `${signal.count} sign-ups from one client address within ${signal.windowMinutes} minutes (limit ${signal.limit})`
		case 'client_unlocks':
			return `${signal.count} unlocks from one client address within ${signal.windowMinutes} minutes (limit ${signal.limit})`
		case 'referrer_signups':
			return `${signal.count} referred sign-ups for this referrer within ${signal.windowMinutes} minutes (limit ${signal.limit})`
		case 'referrer_unlocks':
			return `${signal.count} referred unlocks for this referrer within ${signal.windowMinutes} minutes (limit ${signal.limit})`
		case 'disposable_email':
			return `Disposable email domain (${signal.domain})`
		case 'duplicate_phone':
			return `Phone number also used by ${signal.otherMembers} other ${signal.otherMembers === 1 ? 'member' : 'members'}`
	}
}

let disposableDomains: Set<string> | undefined

/**
 * The maintained list (mailchecker, about 56,000 domains), loaded at the
 * first check rather than at start: it costs each server process 12 MB or
 * more, and most never evaluate a referral (decision 026, idle memory).
 */
function disposableList() {
	disposableDomains ??= (createRequire(import.meta.url)('mailchecker') as { blacklist(): Set<string> }).blacklist()
	return disposableDomains
}

/** Whether the email's domain, or a parent domain of it, is on the maintained disposable list (mailchecker). */
export function isDisposableEmail(email: string) {
	let domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase()
	const list = disposableList()
	while (domain) {
		if (list.has(domain)) return true
		const dot = domain.indexOf('.')
		if (dot === -1) return false
		domain = domain.slice(dot + 1)
	}
	return false
}

/** The phone's digits: "+234 (801) 234-5678" and "+2348012345678" are one number. */
export function phoneDigits(phone: string) {
	return phone.replace(/\D/g, '')
}

/**
 * The signals of a referred member who has just unlocked (their row as
 * stored after the unlock, unlockClient included), in the unlock's
 * transaction. An empty list: the referral is clean.
 */
export function evaluateReferralSignals(
	tx: Tx,
	subject: SignalSubject,
	now: Date,
	settings: ReferralIntegritySettings = getSetting('referral_integrity', tx),
): ReferralSignal[] {
	const signals: ReferralSignal[] = []
	const count = (where: ReturnType<typeof and>) =>
		tx
			.select({ n: sql<number>`count(*)` })
			.from(users)
			.where(where)
			.get()!.n
	/** Holds the referral when more than `limit` members match `where` (events in a window). */
	const windowSignal = (
		code: 'client_signups' | 'client_unlocks' | 'referrer_signups' | 'referrer_unlocks',
		where: ReturnType<typeof and>,
		limit: number,
		windowMinutes: number,
	) => {
		const n = count(where)
		if (n > limit) signals.push({ code, count: n, limit, windowMinutes })
	}
	const signedUp = subject.createdAt.getTime()
	const clientWindow = settings.clientWindowMinutes * MINUTE_MS
	const referrerWindow = settings.referrerWindowMinutes * MINUTE_MS
	/** Signed up within `windowMs` either side of the subject's sign-up. */
	const signedUpAround = (windowMs: number) => [
		gte(users.createdAt, new Date(signedUp - windowMs)),
		lte(users.createdAt, new Date(signedUp + windowMs)),
	]
	/** Unlocked within the last `windowMs`. */
	const unlockedWithin = (windowMs: number) => [
		gte(users.unlockedAt, new Date(now.getTime() - windowMs)),
		lte(users.unlockedAt, now),
	]

	if (subject.signupClient) {
		// Sign-ups from the address on either side of this one (a burst signed up first, unlocked later, is seen whole).
		windowSignal(
			'client_signups',
			and(eq(users.signupClient, subject.signupClient), ...signedUpAround(clientWindow)),
			settings.clientMaxEvents,
			settings.clientWindowMinutes,
		)
	}
	if (subject.unlockClient) {
		windowSignal(
			'client_unlocks',
			and(eq(users.unlockClient, subject.unlockClient), ...unlockedWithin(clientWindow)),
			settings.clientMaxEvents,
			settings.clientWindowMinutes,
		)
	}
	if (subject.referrerId !== null) {
		windowSignal(
			'referrer_signups',
			and(eq(users.referrerId, subject.referrerId), ...signedUpAround(referrerWindow)),
			settings.referrerMaxSignups,
			settings.referrerWindowMinutes,
		)
		// Accounts signed up slowly, then unlocked together (a stock of sign-ups put to use at once).
		windowSignal(
			'referrer_unlocks',
			and(eq(users.referrerId, subject.referrerId), ...unlockedWithin(referrerWindow)),
			settings.referrerMaxSignups,
			settings.referrerWindowMinutes,
		)
	}
	if (settings.disposableEmail && isDisposableEmail(subject.email)) {
		signals.push({
			code: 'disposable_email',
			domain: subject.email.slice(subject.email.lastIndexOf('@') + 1).toLowerCase(),
		})
	}
	const digits = phoneDigits(subject.phone)
	if (settings.duplicatePhone && digits.length >= 6) {
		// users.phone_digits is the same normalisation computed by SQLite, indexed: the members with these digits only.
		const n = count(and(eq(users.phoneDigits, digits), ne(users.id, subject.id)))
		if (n > 0) signals.push({ code: 'duplicate_phone', otherMembers: n })
	}
	return signals
}
