import crypto from 'node:crypto'
import { and, eq, isNull, lt, lte, ne, or, sql } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import { getDb, type Tx, write } from '#db/client.server.ts'
import { adminPendingSignIns, adminRecoveryCodes, adminSessions, admins } from '#db/schema.ts'
import type { AdminRole } from '#app/domain/enums.ts'
import { site } from '#app/content/site.ts'
import { TWO_FACTOR_MESSAGES, TOTP_CODE_PATTERN, STAFF_MESSAGES } from '#app/features/staff/schemas.ts'
import { randomToken, sha256 } from '#app/utils/crypto.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { log } from '#app/utils/log.server.ts'
import { fail, ok, type Result } from '#app/utils/result.ts'
import type { Enrolment, RecoveryCodes, TwoFactorStatus } from './responses.server.ts'
import { recordAudit, type AuditActor } from '#app/features/audit/audit.server.ts'

/**
 * The staff second factor (docs/decisions/014-staff-second-factor.md):
 * TOTP (RFC 6238: SHA-1, 6 digits, 30-second steps, one step of clock drift
 * either way) through `otpauth`, ten single-use recovery codes kept as
 * SHA-256 hashes, and the short-lived pending sign-in that waits for the
 * code after the password matched. A code is accepted once: its time step
 * must be later than the last one the account used (no replay, even within
 * the window), checked and written in one UPDATE so two requests with the
 * same code cannot both pass. Every clock is injectable for the tests.
 */

export const TOTP_DIGITS = 6
export const TOTP_PERIOD_SECONDS = 30
/** Steps of drift accepted either side of now (one: 30 s early or late). */
export const TOTP_WINDOW = 1
export const RECOVERY_CODE_COUNT = 10
/** How long a password-checked sign-in waits for its code. */
export const PENDING_SIGN_IN_MS = 5 * 60 * 1000
/** Wrong codes one pending sign-in takes before it ends (the sign-in limits count them too). */
export const PENDING_SIGN_IN_MAX_FAILURES = 5
/** How long a secret shown for enrolment stays valid before a new one is made. */
export const ENROLMENT_SECRET_MS = 30 * 60 * 1000

function totpOf(secretBase32: string, label = 'staff') {
	return new TOTP({
		issuer: site.name,
		label,
		algorithm: 'SHA1',
		digits: TOTP_DIGITS,
		period: TOTP_PERIOD_SECONDS,
		secret: Secret.fromBase32(secretBase32),
	})
}

/** The time step of `now` (30-second periods since the epoch). */
export function timeStep(now: Date) {
	return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS)
}

/** The step a code belongs to when it is valid around `now` (within the window), else null. */
export function matchCode(secretBase32: string, code: string, now: Date): number | null {
	if (!TOTP_CODE_PATTERN.test(code)) return null
	const delta = totpOf(secretBase32).validate({ token: code, timestamp: now.getTime(), window: TOTP_WINDOW })
	return delta === null ? null : timeStep(now) + delta
}

/** The code for `now` (tests, the CLI's self-check). */
export function codeAt(secretBase32: string, now: Date) {
	return totpOf(secretBase32).generate({ timestamp: now.getTime() })
}

/** A new 160-bit secret, base32 (RFC 4226's recommended length). */
export function newTotpSecret() {
	return new Secret({ size: 20 }).base32
}

/** The `otpauth://` URI an authenticator app reads from the QR code. */
export function otpauthUri(secretBase32: string, email: string) {
	return totpOf(secretBase32, email).toString()
}

/** Lower case, without the dash: how a recovery code is hashed. */
export function normaliseRecoveryCode(code: string) {
	return code.trim().toLowerCase().replace('-', '')
}

function newRecoveryCodes() {
	const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789'
	return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
		let code = ''
		for (let i = 0; i < 10; i++) code += alphabet[crypto.randomInt(alphabet.length)]
		return `${code.slice(0, 5)}-${code.slice(5)}`
	})
}

function storeRecoveryCodes(tx: Tx, adminId: number, now: Date) {
	tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId)).run()
	const codes = newRecoveryCodes()
	tx.insert(adminRecoveryCodes)
		.values(codes.map((code) => ({ adminId, codeHash: sha256(normaliseRecoveryCode(code)), createdAt: now })))
		.run()
	return codes
}

// Policy -------------------------------------------------------------------

/** Super admins always need a second factor; `admin` when ADMIN_2FA_REQUIRED is on (the default). */
export function twoFactorRequired(role: AdminRole) {
	return role === 'super_admin' || getEnv().admin2faRequired
}

/** Whether this signed-in staff member must set up a second factor before anything else. */
export function mustEnrol(admin: { role: AdminRole; totpEnabledAt: Date | null }) {
	return admin.totpEnabledAt === null && twoFactorRequired(admin.role)
}

export type { TwoFactorStatus }

export function getTwoFactorStatus(adminId: number): TwoFactorStatus | null {
	const db = getDb()
	const row = db
		.select({ role: admins.role, enabledAt: admins.totpEnabledAt })
		.from(admins)
		.where(eq(admins.id, adminId))
		.get()
	if (!row) return null
	const left = db
		.select({ n: sql<number>`count(*)` })
		.from(adminRecoveryCodes)
		.where(and(eq(adminRecoveryCodes.adminId, adminId), isNull(adminRecoveryCodes.usedAt)))
		.get()
	return {
		enabled: row.enabledAt !== null,
		enabledAt: row.enabledAt ? row.enabledAt.toISOString() : null,
		required: twoFactorRequired(row.role),
		recoveryCodesLeft: row.enabledAt ? (left?.n ?? 0) : 0,
	}
}

// Enrolment ------------------------------------------------------------------

export type { Enrolment }

/**
 * The secret to enrol, kept on the account until confirmed: the one shown
 * before while it is younger than ENROLMENT_SECRET_MS (so reloading the page
 * keeps the QR code the app already scanned), or a new one (`fresh`, or none
 * yet). 409 when the second factor is already on.
 */
export function beginEnrolment(
	adminId: number,
	options: { fresh?: boolean } = {},
	now = new Date(),
): Result<Enrolment> {
	return write((tx) => {
		const row = tx
			.select({
				email: admins.email,
				enabledAt: admins.totpEnabledAt,
				pending: admins.totpPendingSecret,
				pendingAt: admins.totpPendingAt,
			})
			.from(admins)
			.where(eq(admins.id, adminId))
			.get()
		if (!row) return fail(404, STAFF_MESSAGES.notFound)
		if (row.enabledAt) return fail(409, TWO_FACTOR_MESSAGES.alreadyOn)
		let secret = row.pending
		let since = row.pendingAt
		if (options.fresh || !secret || !since || since.getTime() + ENROLMENT_SECRET_MS <= now.getTime()) {
			secret = newTotpSecret()
			since = now
			tx.update(admins).set({ totpPendingSecret: secret, totpPendingAt: now }).where(eq(admins.id, adminId)).run()
		}
		return ok({
			secret,
			otpauthUri: otpauthUri(secret, row.email),
			expiresAt: new Date(since.getTime() + ENROLMENT_SECRET_MS).toISOString(),
		})
	})
}

/**
 * Turns the second factor on with the pending secret when `code` is its
 * current code: the secret becomes the account's, ten recovery codes are
 * made (returned once, stored hashed), every other session of the account
 * ends (they were opened with the password alone; `keepTokenHash` is the
 * session that confirmed), with the audit row, in one transaction.
 */
export function confirmEnrolment(
	admin: { id: number; email: string },
	code: string,
	keepTokenHash: string | null,
	now = new Date(),
): Result<RecoveryCodes & { sessionsEnded: number }> {
	const result = write((tx) => {
		const row = tx
			.select({ enabledAt: admins.totpEnabledAt, pending: admins.totpPendingSecret, pendingAt: admins.totpPendingAt })
			.from(admins)
			.where(eq(admins.id, admin.id))
			.get()
		if (!row) return fail(404, STAFF_MESSAGES.notFound)
		if (row.enabledAt) return fail(409, TWO_FACTOR_MESSAGES.alreadyOn)
		if (!row.pending || !row.pendingAt) return fail(409, TWO_FACTOR_MESSAGES.setupMissing)
		if (row.pendingAt.getTime() + ENROLMENT_SECRET_MS <= now.getTime()) {
			return fail(409, TWO_FACTOR_MESSAGES.setupExpired)
		}
		const step = matchCode(row.pending, code, now)
		if (step === null) {
			return fail(400, TWO_FACTOR_MESSAGES.enrolCodeWrong, {
				fieldErrors: { code: [TWO_FACTOR_MESSAGES.enrolCodeWrong] },
			})
		}
		tx.update(admins)
			.set({
				totpSecret: row.pending,
				totpEnabledAt: now,
				totpLastStep: step,
				totpPendingSecret: null,
				totpPendingAt: null,
			})
			.where(eq(admins.id, admin.id))
			.run()
		const recoveryCodes = storeRecoveryCodes(tx, admin.id, now)
		const sessionsEnded = tx
			.delete(adminSessions)
			.where(
				and(
					eq(adminSessions.adminId, admin.id),
					keepTokenHash ? ne(adminSessions.tokenHash, keepTokenHash) : undefined,
				),
			)
			.run().changes
		recordAudit(
			tx,
			{
				admin: { id: admin.id, email: admin.email },
				action: 'staff.two-factor-enable',
				targetType: 'admin',
				targetId: admin.id,
				before: { twoFactor: false },
				after: { twoFactor: true, sessionsEnded },
			},
			now,
		)
		return ok({ recoveryCodes, sessionsEnded })
	})
	if (result.ok) log('admin.two_factor_enabled', { adminId: admin.id })
	return result
}

/**
 * Ten new recovery codes in place of the old ones, for a staff member who
 * proves the second factor with a current code. Audited.
 */
export function regenerateRecoveryCodes(
	admin: { id: number; email: string },
	code: string,
	now = new Date(),
): Result<RecoveryCodes> {
	const result = write((tx) => {
		const checked = checkOwnCode(tx, admin.id, code, now)
		if (!checked.ok) return checked
		const recoveryCodes = storeRecoveryCodes(tx, admin.id, now)
		recordAudit(
			tx,
			{
				admin: { id: admin.id, email: admin.email },
				action: 'staff.recovery-codes-regenerate',
				targetType: 'admin',
				targetId: admin.id,
				before: null,
				after: { recoveryCodes: RECOVERY_CODE_COUNT },
			},
			now,
		)
		return ok({ recoveryCodes })
	})
	if (result.ok) log('admin.recovery_codes_regenerated', { adminId: admin.id })
	return result
}

/** Inside a transaction: the account has the second factor on and `code` is a fresh code of it (then used up). */
function checkOwnCode(tx: Tx, adminId: number, code: string, now: Date): Result<void> {
	const row = tx
		.select({ secret: admins.totpSecret, enabledAt: admins.totpEnabledAt })
		.from(admins)
		.where(eq(admins.id, adminId))
		.get()
	if (!row) return fail(404, STAFF_MESSAGES.notFound)
	if (!row.secret || !row.enabledAt) return fail(409, TWO_FACTOR_MESSAGES.notOn)
	if (!spendCode(tx, adminId, row.secret, code, now)) {
		return fail(400, TWO_FACTOR_MESSAGES.enrolCodeWrong, {
			fieldErrors: { code: [TWO_FACTOR_MESSAGES.enrolCodeWrong] },
		})
	}
	return ok(undefined)
}

/** Accepts `code` once: valid now and of a later step than the last accepted one (the UPDATE decides). */
function spendCode(tx: Tx, adminId: number, secret: string, code: string, now: Date) {
	const step = matchCode(secret, code, now)
	if (step === null) return false
	return (
		tx
			.update(admins)
			.set({ totpLastStep: step })
			.where(and(eq(admins.id, adminId), or(isNull(admins.totpLastStep), lt(admins.totpLastStep, step))))
			.run().changes === 1
	)
}

/** Removes the second factor from an account: secret, recovery codes, pending sign-ins. */
function clearTwoFactor(tx: Tx, adminId: number) {
	tx.update(admins)
		.set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, totpPendingSecret: null, totpPendingAt: null })
		.where(eq(admins.id, adminId))
		.run()
	tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId)).run()
	tx.delete(adminPendingSignIns).where(eq(adminPendingSignIns.adminId, adminId)).run()
}

/**
 * A super admin resets another staff member's second factor (a lost
 * device): it is removed, every session of theirs ends, and they set it up
 * again at their next sign-in. Audited; 404 unknown, 409 own account or
 * nothing to reset. The caller holds staff:manage.
 */
export function resetStaffTwoFactor(
	actor: AuditActor,
	targetId: number,
	now = new Date(),
): Result<{ sessionsEnded: number }> {
	if (actor.id === targetId) return fail(409, TWO_FACTOR_MESSAGES.resetSelf)
	const result = write((tx) => {
		const row = tx
			.select({ enabledAt: admins.totpEnabledAt, pending: admins.totpPendingSecret })
			.from(admins)
			.where(eq(admins.id, targetId))
			.get()
		if (!row) return fail(404, STAFF_MESSAGES.notFound)
		if (!row.enabledAt && !row.pending) return fail(409, TWO_FACTOR_MESSAGES.notOn)
		clearTwoFactor(tx, targetId)
		const sessionsEnded = tx.delete(adminSessions).where(eq(adminSessions.adminId, targetId)).run().changes
		recordAudit(
			tx,
			{
				admin: actor,
				action: 'staff.two-factor-reset',
				targetType: 'admin',
				targetId,
				before: { twoFactor: row.enabledAt !== null },
				after: { twoFactor: false, sessionsEnded },
			},
			now,
		)
		return ok({ sessionsEnded })
	})
	if (result.ok) log('admin.two_factor_reset', { adminId: actor.id, staffId: targetId })
	return result
}

/**
 * Enrols an account with a given secret (ADMIN_TOTP_SECRET for the first
 * super admin): only when it has no second factor yet. Returns whether it did.
 */
export function enrolWithSecret(adminId: number, secretBase32: string, now = new Date()) {
	return (
		write((tx) =>
			tx
				.update(admins)
				.set({
					totpSecret: secretBase32,
					totpEnabledAt: now,
					totpLastStep: null,
					totpPendingSecret: null,
					totpPendingAt: null,
				})
				.where(and(eq(admins.id, adminId), isNull(admins.totpEnabledAt)))
				.run(),
		).changes === 1
	)
}

// Sign-in --------------------------------------------------------------------

export type SecondFactor = { code: string } | { recoveryCode: string }

/**
 * Checks the second factor of a sign-in and uses it up: a TOTP code of a
 * later step than the last accepted one, or an unused recovery code (then
 * marked used, audited). False for anything else; the caller answers with
 * the same message as wrong credentials.
 */
export function verifySecondFactor(admin: { id: number; email: string }, factor: SecondFactor, now = new Date()) {
	return write((tx) => {
		const row = tx
			.select({ secret: admins.totpSecret, enabledAt: admins.totpEnabledAt })
			.from(admins)
			.where(eq(admins.id, admin.id))
			.get()
		if (!row?.secret || !row.enabledAt) return false
		if ('code' in factor) return spendCode(tx, admin.id, row.secret, factor.code, now)
		const hash = sha256(normaliseRecoveryCode(factor.recoveryCode))
		const used = tx
			.update(adminRecoveryCodes)
			.set({ usedAt: now })
			.where(
				and(
					eq(adminRecoveryCodes.adminId, admin.id),
					eq(adminRecoveryCodes.codeHash, hash),
					isNull(adminRecoveryCodes.usedAt),
				),
			)
			.run().changes
		if (used !== 1) return false
		recordAudit(
			tx,
			{
				admin: { id: admin.id, email: admin.email },
				action: 'staff.recovery-code-use',
				targetType: 'admin',
				targetId: admin.id,
				before: null,
				after: null,
			},
			now,
		)
		log('admin.recovery_code_used', { adminId: admin.id })
		return true
	})
}

export type PendingSignIn = { id: number; adminId: number; redirectTo: string }

/** Starts a pending sign-in (the password matched); returns its secret for the cookie. */
export function startPendingSignIn(adminId: number, redirectTo: string, now = new Date()) {
	const token = randomToken()
	write((tx) =>
		tx
			.insert(adminPendingSignIns)
			.values({
				tokenHash: sha256(token),
				adminId,
				redirectTo,
				expiresAt: new Date(now.getTime() + PENDING_SIGN_IN_MS),
				createdAt: now,
			})
			.run(),
	)
	return token
}

/** The pending sign-in of `token` while it lasts, else null. */
export function findPendingSignIn(token: string, now = new Date()): PendingSignIn | null {
	const row = getDb()
		.select({
			id: adminPendingSignIns.id,
			adminId: adminPendingSignIns.adminId,
			redirectTo: adminPendingSignIns.redirectTo,
			expiresAt: adminPendingSignIns.expiresAt,
		})
		.from(adminPendingSignIns)
		.where(eq(adminPendingSignIns.tokenHash, sha256(token)))
		.get()
	if (!row || row.expiresAt.getTime() <= now.getTime()) return null
	return { id: row.id, adminId: row.adminId, redirectTo: row.redirectTo }
}

/** Counts a wrong code; the pending sign-in ends at PENDING_SIGN_IN_MAX_FAILURES. */
export function failPendingSignIn(id: number) {
	const db = getDb()
	write(
		(tx) =>
			tx
				.update(adminPendingSignIns)
				.set({ failedAttempts: sql`${adminPendingSignIns.failedAttempts} + 1` })
				.where(eq(adminPendingSignIns.id, id))
				.run(),
		db,
	)
	write(
		(tx) =>
			tx
				.delete(adminPendingSignIns)
				.where(
					and(
						eq(adminPendingSignIns.id, id),
						sql`${adminPendingSignIns.failedAttempts} >= ${PENDING_SIGN_IN_MAX_FAILURES}`,
					),
				)
				.run(),
		db,
	)
}

/** Ends a pending sign-in; true only for the one request that ended it (single use). */
export function consumePendingSignIn(id: number) {
	return write((tx) => tx.delete(adminPendingSignIns).where(eq(adminPendingSignIns.id, id)).run()).changes === 1
}

/** Scheduler clean-up: pending sign-ins past their expiry. */
export function deleteExpiredPendingSignIns(now = new Date()) {
	return write((tx) => tx.delete(adminPendingSignIns).where(lte(adminPendingSignIns.expiresAt, now)).run()).changes
}
