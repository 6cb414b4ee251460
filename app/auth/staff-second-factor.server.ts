import { parseWithZod } from '@conform-to/zod'
import { data, redirect } from 'react-router'
import { getAdminById } from '#app/features/staff/admin.server.ts'
import {
	beginEnrolment,
	confirmEnrolment,
	consumePendingSignIn,
	failPendingSignIn,
	findPendingSignIn,
	getTwoFactorStatus,
	regenerateRecoveryCodes,
	verifySecondFactor,
} from '#app/features/staff/two-factor.server.ts'
import {
	TwoFactorCodeFormSchema,
	TwoFactorCodeSchema,
	TwoFactorRecoveryFormSchema,
	TWO_FACTOR_MESSAGES,
} from '#app/features/staff/schemas.ts'
import { sha256 } from '#app/utils/crypto.server.ts'
import { redirectWithFlash } from '#app/utils/flash.server.ts'
import { readFormData, replyInvalid, replyWithFailure } from '#app/utils/forms.server.ts'
import { checkHoneypot } from '#app/utils/honeypot.server.ts'
import { requestMeta, type RequestArgs } from '#app/utils/request.server.ts'
import { fail } from '#app/utils/result.ts'
import { qrCodePath } from '#app/utils/qr-code.server.ts'
import { pendingSignInCookie, requireAdmin, staffAuth } from './staff.server.ts'

/**
 * The staff second factor's page flows (docs/decisions/014-staff-second-factor.md):
 * the sign-in's code step (/admin/login/two-factor) and a staff member's own
 * security page (/admin/security). The rules are in
 * app/features/staff/two-factor.server.ts, shared with /api/admin/two-factor*.
 */

const STAFF_HOME = '/admin/dashboard'

/** Back to the sign-in page, saying why, with the pending cookie cleared. */
async function signInExpired() {
	return redirectWithFlash('/admin/login', TWO_FACTOR_MESSAGES.signInExpired, {
		headers: { 'Set-Cookie': await pendingSignInCookie.serializeEnd() },
	})
}

/** The request's pending sign-in and its account, or null (none, expired, used, disabled). */
async function readPendingSignIn(request: Request) {
	const token = await pendingSignInCookie.read(request)
	const pending = token ? findPendingSignIn(token) : null
	const admin = pending ? getAdminById(pending.adminId) : null
	return pending && admin && admin.disabledAt === null ? { pending, admin } : null
}

/** The code step's loader: a signed-in admin goes on; no pending sign-in goes back to the sign-in page. */
export async function codeStepPage(request: Request) {
	if (await staffAuth.getAccount(request)) throw redirect(STAFF_HOME)
	if (!(await readPendingSignIn(request))) throw await signInExpired()
	return {}
}

/**
 * The code step's action: a code from the app (intent "code") or a recovery
 * code (intent "recovery"). Every attempt counts towards the sign-in limits
 * per IP and per account; a wrong or reused code gets the same answer as a
 * wrong password (and counts towards the failed sign-ins alert), and five
 * end the pending sign-in. The right one ends it too (single use) and starts
 * the staff session.
 */
export async function codeStepAction(request: Request) {
	const formData = await readFormData(request)
	checkHoneypot(formData)
	const schema = formData.get('intent') === 'recovery' ? TwoFactorRecoveryFormSchema : TwoFactorCodeFormSchema
	const submission = parseWithZod(formData, { schema })
	if (submission.status !== 'success') return replyInvalid(submission)
	const found = await readPendingSignIn(request)
	if (!found) throw await signInExpired()
	const { pending, admin } = found
	const meta = requestMeta(request)
	const blocked = staffAuth.limitAttempt(admin.email, meta)
	if (blocked) return replyWithFailure(submission, blocked)
	const value = submission.value
	const factor = value.intent === 'code' ? { code: value.code } : { recoveryCode: value.recoveryCode }
	const now = new Date()
	if (!verifySecondFactor(admin, factor, now)) {
		failPendingSignIn(pending.id)
		return replyWithFailure(submission, staffAuth.failAttempt(meta, admin.id, now, 'second-factor'))
	}
	// Two requests with the same pending sign-in: only one signs in.
	if (!consumePendingSignIn(pending.id)) throw await signInExpired()
	const account = staffAuth.completeSignIn(admin, admin.email, meta, now)
	const headers = new Headers()
	headers.append('Set-Cookie', await staffAuth.startWebSession(request, account.id))
	headers.append('Set-Cookie', await pendingSignInCookie.serializeEnd())
	throw redirect(pending.redirectTo || STAFF_HOME, { headers })
}

// /admin/security --------------------------------------------------------------

/**
 * The security page's data: the status, and while the second factor is off
 * the secret to enrol (kept on the account for 30 minutes, so a reload keeps
 * the QR code the app already scanned) as a QR code and as text.
 */
export async function securityPage(args: RequestArgs) {
	const admin = await requireAdmin(args)
	const status = getTwoFactorStatus(admin.id)!
	let enrolment = null
	if (!status.enabled) {
		const begun = beginEnrolment(admin.id)
		if (begun.ok) {
			enrolment = {
				secret: begun.value.secret.replace(/(.{4})/g, '$1 ').trim(),
				uri: begun.value.otpauthUri,
				qr: qrCodePath(begun.value.otpauthUri),
				expiresAt: begun.value.expiresAt,
			}
		}
	}
	return { email: admin.email, status, enrolment, mustEnrol: status.required && !status.enabled }
}

/**
 * The security page's forms: confirm the enrolment ("enable"), make new
 * recovery codes ("recovery-codes"). Each needs a current code. Enabling and new codes
 * answer with the recovery codes to show once (no redirect: they are not
 * stored readable anywhere). Enabling ends every other session of the
 * account; this one stays (its id was made new at the sign-in minutes ago,
 * and a new id here would sign out the page that shows the codes when the
 * form is posted without JavaScript: the loaders of that same request still
 * carry the old cookie).
 */
export async function securityAction(args: RequestArgs) {
	const { request } = args
	const admin = await requireAdmin(args)
	const formData = await readFormData(request)
	const intent = String(formData.get('intent') ?? '')
	const submission = parseWithZod(formData, { schema: TwoFactorCodeSchema })
	if (submission.status !== 'success') return withIntent(intent, replyInvalid(submission))
	const { code } = submission.value
	if (intent === 'enable') {
		const token = await staffAuth.cookie.read(request)
		const result = confirmEnrolment(admin, code, token ? sha256(token) : null)
		if (!result.ok) return withIntent(intent, replyWithFailure(submission, result))
		return respondWithCodes(intent, TWO_FACTOR_MESSAGES.enabled, result.value.recoveryCodes)
	}
	if (intent === 'recovery-codes') {
		const result = regenerateRecoveryCodes(admin, code)
		if (!result.ok) return withIntent(intent, replyWithFailure(submission, result))
		return respondWithCodes(intent, TWO_FACTOR_MESSAGES.recoveryRegenerated, result.value.recoveryCodes)
	}
	return withIntent(intent, replyWithFailure(submission, fail(400, 'Unknown action')))
}

/** A form's answer, marked with the form it belongs to (the page has several). */
function withIntent(intent: string, reply: ReturnType<typeof replyInvalid>) {
	return data({ ...reply.data, intent, done: null, recoveryCodes: null }, reply.init ?? undefined)
}

function respondWithCodes(intent: string, message: string, recoveryCodes: string[]) {
	return data(
		{ intent, done: message, recoveryCodes, result: undefined },
		{ headers: { 'Cache-Control': 'private, no-store' } },
	)
}
