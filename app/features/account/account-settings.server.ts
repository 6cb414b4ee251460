import { and, asc, desc, eq, gt, isNull, ne } from 'drizzle-orm'
import { getDb, write } from '#db/client.server.ts'
import {
	brokerAccounts,
	brokerReportRows,
	brokerReports,
	brokers,
	consents,
	contestParticipants,
	contests,
	emailChangeTokens,
	feeOfferClaims,
	lessonCompletions,
	memberActivityDays,
	notificationPreferences,
	notifications,
	passwordResetTokens,
	planActivations,
	referralCredits,
	sessions,
	traders,
	users,
	type SelectUser,
} from '#db/schema.ts'
import { isUniqueViolation } from '#db/sql.server.ts'
import type { MemberSession } from '#app/features/account/responses.server.ts'
import { randomToken, sha256 } from '#app/utils/crypto.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { log } from '#app/utils/log.server.ts'
import { escapeHtml, sendMail } from '#app/utils/mail.server.ts'
import { hashPassword, verifyPassword } from '#app/utils/password.server.ts'
import { limitedAttempt, resetRateLimit } from '#app/utils/rate-limit.server.ts'
import { fail, ok, type Result } from '#app/utils/result.ts'
import { type ProfileInput, ACCOUNT_MESSAGES } from '#app/features/account/schemas.ts'
import { describeUserAgent } from '#app/utils/user-agent.ts'
import { mailPasswordChanged, replacePassword } from '#app/features/auth/password-reset.server.ts'
import { AUTH_FLOW_MESSAGES } from '#app/features/auth/schemas.ts'
import { recordAudit, type AuditActor } from '#app/features/audit/audit.server.ts'
import { rescoreContests } from '#app/features/contests/scoring.server.ts'
import { offerTitle } from '#app/features/offers/offer-claims.server.ts'
import { BROKER_LINK_CLICKS } from '#app/features/brokers/member-brokers.server.ts'
import {
	displayName,
	getUserByEmail,
	newReferralCode,
	toPublicUser,
	type PublicUser,
} from '#app/features/users/user.server.ts'

/**
 * The member's own account (issue 15 parts 1 and 2): profile, password,
 * email, sessions, the data download and closing the account. The pages
 * (/dashboard/settings) and /api/member/* call these; each answers a Result
 * whose field errors name the form's fields. The current password, asked
 * again for the risky steps, is rate limited like the sign-in.
 */
export type RequestMeta = { ip: string }

/** A change of email waits this long for its confirmation link. */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000

/** The audit actor of a member's own change (no staff member, no email kept): "member #12". */
export function memberActor(userId: number): AuditActor {
	return { id: null, email: `member #${userId}` }
}

function wrongPassword() {
	return fail(400, ACCOUNT_MESSAGES.wrongCurrentPassword, {
		fieldErrors: { currentPassword: [ACCOUNT_MESSAGES.wrongCurrentPassword] },
	})
}

/**
 * The current password asked again: limited per IP and per member like the
 * sign-in; a wrong one is a field error (never a 401: the session is fine).
 */
export async function checkCurrentPassword(userId: number, password: string, meta: RequestMeta): Promise<Result<null>> {
	const key = String(userId)
	const blocked = limitedAttempt('password-check', meta.ip, key, {
		event: 'account.password_check',
		fields: { userId },
	})
	if (blocked) return blocked
	const row = getDb().select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)).get()
	if (!row || !(await verifyPassword(password, row.hash))) {
		log('account.password_check', { ip: meta.ip, userId, result: 'failure' }, 'warn')
		return wrongPassword()
	}
	resetRateLimit('password-check:account', key)
	return ok(null)
}

// Profile -----------------------------------------------------------------

export type Profile = PublicUser

export function getProfile(userId: number): Profile | null {
	const user = getDb().select().from(users).where(eq(users.id, userId)).get()
	return user ? toPublicUser(user) : null
}

/** Saves the given profile fields (the sign-up's rules were applied by the schema). */
export function updateProfile(userId: number, input: Partial<ProfileInput>, now = new Date()): Result<Profile> {
	const updated = write((tx) =>
		tx
			.update(users)
			.set({ ...input, updatedAt: now })
			.where(and(eq(users.id, userId), isNull(users.closedAt)))
			.returning()
			.get(),
	)
	if (!updated) return fail(404, 'Account not found')
	log('account.profile', { userId, fields: Object.keys(input).join(','), result: 'success' })
	return ok(toPublicUser(updated))
}

// Password ----------------------------------------------------------------

/**
 * Changes the password: the current one checked, the new one hashed, and
 * every session of the member ended in the same transaction. The caller
 * then starts the one session the request goes on with (a new id).
 */
export async function changePassword(
	user: Pick<SelectUser, 'id' | 'email'>,
	input: { currentPassword: string; newPassword: string },
	meta: RequestMeta,
	now = new Date(),
): Promise<Result<null>> {
	const checked = await checkCurrentPassword(user.id, input.currentPassword, meta)
	if (!checked.ok) return checked
	const passwordHash = await hashPassword(input.newPassword)
	write((tx) => {
		replacePassword(tx, user.id, passwordHash, now)
		tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id)).run()
	})
	mailPasswordChanged(
		user.email,
		'The password of your account was just changed in your account settings, and every other device was signed out.\n\nIf this was not you, reset your password at once and contact support.',
	)
	log('account.password', { ip: meta.ip, userId: user.id, result: 'success' })
	return ok(null)
}

// Email -------------------------------------------------------------------

function emailTakenAtField() {
	return fail(409, AUTH_FLOW_MESSAGES.emailTaken, { fieldErrors: { newEmail: [AUTH_FLOW_MESSAGES.emailTaken] } })
}

function confirmLink(token: string) {
	return `${getEnv().appOrigin}/confirm-email?token=${encodeURIComponent(token)}`
}

/**
 * Asks to change the email: the current password, an address nobody has,
 * then a single-use link (24 hours) to the new address and a notice to the
 * old one. Nothing changes until the link is used; a newer request voids
 * the older link.
 */
export async function requestEmailChange(
	user: Pick<SelectUser, 'id' | 'email'>,
	input: { newEmail: string; currentPassword: string },
	meta: RequestMeta,
	now = new Date(),
): Promise<Result<{ newEmail: string; expiresAt: Date }>> {
	const checked = await checkCurrentPassword(user.id, input.currentPassword, meta)
	if (!checked.ok) return checked
	if (input.newEmail === user.email) {
		return fail(400, ACCOUNT_MESSAGES.emailSameAsCurrent, {
			fieldErrors: { newEmail: [ACCOUNT_MESSAGES.emailSameAsCurrent] },
		})
	}
	if (getUserByEmail(input.newEmail)) return emailTakenAtField()
	const token = randomToken(32)
	const expiresAt = new Date(now.getTime() + EMAIL_CHANGE_TTL_MS)
	write((tx) => {
		tx.delete(emailChangeTokens)
			.where(and(eq(emailChangeTokens.userId, user.id), isNull(emailChangeTokens.usedAt)))
			.run()
		tx.insert(emailChangeTokens)
			.values({ userId: user.id, newEmail: input.newEmail, tokenHash: sha256(token), expiresAt, createdAt: now })
			.run()
	})
	const link = confirmLink(token)
	void sendMail({
		to: input.newEmail,
		subject: 'Confirm your new email address',
		text: [
			'You asked to use this address for your account.',
			'',
			'Open this link to confirm it (it expires in 24 hours and works once):',
			link,
			'',
			'If you did not ask for this, ignore this mail: nothing changes.',
		].join('\n'),
		html: `<p>You asked to use this address for your account.</p>
<p><a href="${escapeHtml(link)}">Confirm this email address</a> (the link expires in 24 hours and works once).</p>
<p>If you did not ask for this, ignore this mail: nothing changes.</p>`,
	})
	void sendMail({
		to: user.email,
		subject: 'A change of your email address was requested',
		text: `Someone signed in to your account asked to change its email address to ${input.newEmail}. It changes only once the link sent to that address is opened.\n\nIf this was not you, change your password at once and contact support.`,
	})
	log('account.email_change', { ip: meta.ip, userId: user.id, result: 'link_sent' })
	return ok({ newEmail: input.newEmail, expiresAt })
}

function invalidLink() {
	return fail(400, ACCOUNT_MESSAGES.invalidEmailLink, { fieldErrors: { token: [ACCOUNT_MESSAGES.invalidEmailLink] } })
}

function usableEmailToken(token: string, now: Date) {
	return (
		getDb()
			.select()
			.from(emailChangeTokens)
			.where(
				and(
					eq(emailChangeTokens.tokenHash, sha256(token)),
					isNull(emailChangeTokens.usedAt),
					gt(emailChangeTokens.expiresAt, now),
				),
			)
			.get() ?? null
	)
}

/** Whether a confirmation link can still be used (the page's first view): the new address, or null. */
export function pendingEmailOfToken(token: string, now = new Date()) {
	return usableEmailToken(token, now)?.newEmail ?? null
}

/**
 * Uses a confirmation link: once, before it expires, and only while the
 * address is still free; the email changes in the same transaction that
 * marks the link used.
 */
export function confirmEmailChange(token: string, meta: RequestMeta, now = new Date()): Result<{ email: string }> {
	const blocked = limitedAttempt('reset', meta.ip, sha256(token))
	if (blocked) return blocked
	const row = usableEmailToken(token, now)
	if (!row) {
		log('account.email_confirm', { ip: meta.ip, result: 'invalid_token' }, 'warn')
		return invalidLink()
	}
	try {
		const done = write((tx) => {
			const used = tx
				.update(emailChangeTokens)
				.set({ usedAt: now })
				.where(and(eq(emailChangeTokens.id, row.id), isNull(emailChangeTokens.usedAt)))
				.run()
			if (used.changes !== 1) return false
			const changed = tx
				.update(users)
				.set({ email: row.newEmail, updatedAt: now })
				.where(and(eq(users.id, row.userId), isNull(users.closedAt)))
				.run()
			return changed.changes === 1
		})
		if (!done) return invalidLink()
	} catch (error) {
		// Someone signed up with the address in the meantime.
		if (isUniqueViolation(error))
			return fail(409, AUTH_FLOW_MESSAGES.emailTaken, { fieldErrors: { token: [AUTH_FLOW_MESSAGES.emailTaken] } })
		throw error
	}
	log('account.email_confirm', { ip: meta.ip, userId: row.userId, result: 'success' })
	return ok({ email: row.newEmail })
}

/** The member's pending change (the settings page says it is waiting), or null. */
export function pendingEmailChange(userId: number, now = new Date()) {
	return (
		getDb()
			.select({ newEmail: emailChangeTokens.newEmail, expiresAt: emailChangeTokens.expiresAt })
			.from(emailChangeTokens)
			.where(
				and(
					eq(emailChangeTokens.userId, userId),
					isNull(emailChangeTokens.usedAt),
					gt(emailChangeTokens.expiresAt, now),
				),
			)
			.orderBy(desc(emailChangeTokens.createdAt))
			.get() ?? null
	)
}

// Sessions ----------------------------------------------------------------

export type { MemberSession }

/** The member's live sessions, the current one first, then the most recently used. */
export function listSessions(userId: number, currentId: number | null, now = new Date()): MemberSession[] {
	const rows = getDb()
		.select()
		.from(sessions)
		.where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
		.orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
		.all()
	return rows
		.map((row) => ({
			id: row.id,
			kind: row.kind,
			device: describeUserAgent(row.userAgent),
			userAgent: row.userAgent,
			firstSeenAt: row.createdAt.toISOString(),
			lastSeenAt: (row.lastSeenAt ?? row.createdAt).toISOString(),
			expiresAt: row.expiresAt.toISOString(),
			current: row.id === currentId,
		}))
		.sort((a, b) => Number(b.current) - Number(a.current))
}

/** Ends one of the member's sessions; another member's (or none) is a 404, so ids are not probed. */
export function endSession(userId: number, sessionId: number | null): Result<null> {
	if (sessionId === null) return fail(404, ACCOUNT_MESSAGES.sessionNotFound)
	const ended = write((tx) =>
		tx
			.delete(sessions)
			.where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
			.run(),
	)
	if (ended.changes !== 1) return fail(404, ACCOUNT_MESSAGES.sessionNotFound)
	log('account.session_end', { userId, sessionId, result: 'success' })
	return ok(null)
}

/** Ends every session of the member but the current one; returns how many. */
export function endOtherSessions(userId: number, currentId: number | null) {
	const ended = write((tx) =>
		tx
			.delete(sessions)
			.where(and(eq(sessions.userId, userId), currentId === null ? undefined : ne(sessions.id, currentId)))
			.run(),
	).changes
	log('account.sessions_end_others', { userId, ended, result: 'success' })
	return ended
}

// Data download -------------------------------------------------------------

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null)

/**
 * Everything stored about the member, as one JSON document: the profile,
 * consents, referrals and points, plan history, claims, lessons, contest
 * entries, broker accounts and their reported figures, notifications and
 * sessions (never a password hash, a session secret or a token). Other
 * members appear by display name only.
 */
export function exportMemberData(userId: number, currentSessionId: number | null, now = new Date()) {
	const db = getDb()
	const user = db.select().from(users).where(eq(users.id, userId)).get()
	if (!user) return null
	const referrer = user.referrerId
		? db.select({ name: users.name }).from(users).where(eq(users.id, user.referrerId)).get()
		: undefined
	const referred = db
		.select({ name: users.name, createdAt: users.createdAt, unlockedAt: users.unlockedAt })
		.from(users)
		.where(eq(users.referrerId, userId))
		.orderBy(asc(users.createdAt))
		.all()
	const credits = db
		.select()
		.from(referralCredits)
		.where(eq(referralCredits.referrerId, userId))
		.orderBy(asc(referralCredits.createdAt))
		.all()
	const brokerLinks = db
		.select({
			id: brokerAccounts.id,
			broker: brokers.name,
			...BROKER_LINK_CLICKS,
		})
		.from(brokerAccounts)
		.innerJoin(brokers, eq(brokers.id, brokerAccounts.brokerId))
		.where(eq(brokerAccounts.userId, userId))
		.all()
	const reported = db
		.select({
			broker: brokers.name,
			month: brokerReports.month,
			depositsCents: brokerReportRows.depositsCents,
			withdrawalsCents: brokerReportRows.withdrawalsCents,
			volumeCents: brokerReportRows.volumeCents,
			// What copiers earned (decision 061): the trader copied and the month's net result.
			trader: traders.slug,
			netResultCents: brokerReportRows.netResultCents,
			reversed: brokerReports.reversedAt,
		})
		.from(brokerReportRows)
		.innerJoin(brokerReports, eq(brokerReports.id, brokerReportRows.reportId))
		.innerJoin(brokers, eq(brokers.id, brokerReports.brokerId))
		.leftJoin(traders, eq(traders.id, brokerReportRows.traderId))
		.where(eq(brokerReportRows.userId, userId))
		.orderBy(asc(brokerReports.month))
		.all()
	return {
		exportedAt: now.toISOString(),
		profile: {
			...toPublicUser(user),
			referrer: referrer ? displayName(referrer.name) : null,
			totalDeposit: user.totalDeposit,
			totalWithdraw: user.totalWithdraw,
			unlockedAt: iso(user.unlockedAt),
			termsVersion: user.termsVersion,
			termsAcceptedAt: iso(user.termsAcceptedAt),
			lastSeenAt: iso(user.lastSeenAt),
		},
		consents: db
			.select()
			.from(consents)
			.where(eq(consents.userId, userId))
			.orderBy(asc(consents.acceptedAt))
			.all()
			.map((c) => ({ kind: c.kind, version: c.version, source: c.source, acceptedAt: iso(c.acceptedAt) })),
		referrals: {
			points: user.referralPoints,
			count: user.referralCount,
			referredMembers: referred.map((r) => ({
				name: displayName(r.name),
				signedUpAt: iso(r.createdAt),
				unlockedAt: iso(r.unlockedAt),
			})),
			credits: credits.map((c) => ({
				points: c.points,
				reason: c.reason,
				status: c.status,
				reviewReason: c.reviewReason,
				at: iso(c.createdAt),
			})),
		},
		planHistory: db
			.select()
			.from(planActivations)
			.where(eq(planActivations.userId, userId))
			.orderBy(asc(planActivations.createdAt))
			.all()
			.map((p) => ({ from: p.fromPlan, to: p.toPlan, at: iso(p.createdAt) })),
		offerClaims: db
			.select()
			.from(feeOfferClaims)
			.where(eq(feeOfferClaims.userId, userId))
			.orderBy(asc(feeOfferClaims.createdAt))
			.all()
			.map((c) => ({
				offer: offerTitle(c.offerId),
				status: c.status,
				at: iso(c.createdAt),
				updatedAt: iso(c.updatedAt),
			})),
		lessons: db
			.select()
			.from(lessonCompletions)
			.where(eq(lessonCompletions.userId, userId))
			.orderBy(asc(lessonCompletions.completedAt))
			.all()
			.map((l) => ({ lessonId: l.lessonId, completedAt: iso(l.completedAt) })),
		contestEntries: db
			.select({
				contest: contests.name,
				type: contests.type,
				status: contests.status,
				score: contestParticipants.score,
				rank: contestParticipants.rank,
				joinedAt: contestParticipants.joinedAt,
			})
			.from(contestParticipants)
			.innerJoin(contests, eq(contests.id, contestParticipants.contestId))
			.where(eq(contestParticipants.userId, userId))
			.orderBy(asc(contestParticipants.joinedAt))
			.all()
			.map((c) => ({ ...c, joinedAt: iso(c.joinedAt) })),
		activityDays: db
			.select({ day: memberActivityDays.day })
			.from(memberActivityDays)
			.where(eq(memberActivityDays.userId, userId))
			.orderBy(asc(memberActivityDays.day))
			.all()
			.map((d) => d.day),
		brokerAccounts: brokerLinks.map((b) => ({
			broker: b.broker,
			trackingId: b.trackingId,
			clickCount: b.clickCount,
			firstClickAt: iso(b.firstClickAt),
			lastClickAt: iso(b.lastClickAt),
		})),
		reportedFigures: reported.map((r) => ({
			broker: r.broker,
			month: r.month,
			depositsCents: r.depositsCents,
			withdrawalsCents: r.withdrawalsCents,
			volumeCents: r.volumeCents,
			trader: r.trader,
			netResultCents: r.netResultCents,
			reversed: r.reversed !== null,
		})),
		notifications: db
			.select()
			.from(notifications)
			.where(eq(notifications.userId, userId))
			.orderBy(asc(notifications.createdAt))
			.all()
			.map((n) => ({
				kind: n.kind,
				title: n.title,
				body: n.body,
				link: n.link,
				createdAt: iso(n.createdAt),
				readAt: iso(n.readAt),
			})),
		notificationPreferences: db
			.select({ kind: notificationPreferences.kind, email: notificationPreferences.email })
			.from(notificationPreferences)
			.where(eq(notificationPreferences.userId, userId))
			.all(),
		pendingEmailChange: (() => {
			const pending = pendingEmailChange(userId, now)
			return pending ? { newEmail: pending.newEmail, expiresAt: iso(pending.expiresAt) } : null
		})(),
		sessions: listSessions(userId, currentSessionId, now),
	}
}

export type MemberDataExport = NonNullable<ReturnType<typeof exportMemberData>>

/** The download's file name: `tradecircle-data-YYYY-MM-DD.json`. */
export function dataExportFileName(now = new Date()) {
	return `my-data-${now.toISOString().slice(0, 10)}.json`
}

// Closing the account -------------------------------------------------------

/** What a closed account's personal fields become (docs/decisions/022-account-closure.md). */
export const CLOSED_NAME = 'Closed account'
export const closedEmail = (userId: number) => `closed-${userId}@closed.invalid`

/**
 * Closes the account (docs/decisions/022-account-closure.md): the password
 * checked, then in one transaction the personal fields erased (the row
 * stays, so the referrer keeps the credit and the audit trail its target),
 * the password made unusable, the referral link retired, every session,
 * pending link, notification and preference deleted, and an audit row
 * written with the member as actor.
 */
export async function closeAccount(
	user: Pick<SelectUser, 'id'>,
	input: { currentPassword: string },
	meta: RequestMeta,
	now = new Date(),
): Promise<Result<null>> {
	const checked = await checkCurrentPassword(user.id, input.currentPassword, meta)
	if (!checked.ok) return checked
	// A hash of a random secret nobody knows: no password matches it.
	const passwordHash = await hashPassword(randomToken(32))
	const referralCode = `X${newReferralCode()}`
	const closed = write((tx) => {
		const before = tx
			.select({ status: users.status, plan: users.plan, closedAt: users.closedAt })
			.from(users)
			.where(eq(users.id, user.id))
			.get()
		if (!before || before.closedAt) return false
		tx.update(users)
			.set({
				email: closedEmail(user.id),
				passwordHash,
				name: CLOSED_NAME,
				phone: '',
				country: '',
				telegram: '',
				investmentAmount: null,
				referralCode,
				signupClient: null,
				unlockClient: null,
				closedAt: now,
				updatedAt: now,
			})
			.where(eq(users.id, user.id))
			.run()
		tx.delete(sessions).where(eq(sessions.userId, user.id)).run()
		tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id)).run()
		tx.delete(emailChangeTokens).where(eq(emailChangeTokens.userId, user.id)).run()
		tx.delete(notifications).where(eq(notifications.userId, user.id)).run()
		tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, user.id)).run()
		tx.delete(lessonCompletions).where(eq(lessonCompletions.userId, user.id)).run()
		tx.delete(memberActivityDays).where(eq(memberActivityDays.userId, user.id)).run()
		// A closed account takes no prize: it leaves the running data-scored contests now.
		rescoreContests(tx, { types: ['deposit', 'trading', 'activity'], userIds: [user.id] }, now)
		recordAudit(
			tx,
			{
				admin: memberActor(user.id),
				action: 'user.close',
				targetType: 'user',
				targetId: user.id,
				before,
				after: { status: before.status, plan: before.plan, closedAt: now, personalFields: 'erased' },
			},
			now,
		)
		return true
	})
	if (!closed) return fail(404, 'Account not found')
	log('account.close', { ip: meta.ip, userId: user.id, result: 'success' })
	return ok(null)
}
