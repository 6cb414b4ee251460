import type { Submission } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data } from 'react-router'
import type { z } from 'zod'
import { currentWebSessionId, memberAuth, requireUnlockedMember, startMemberSession } from '#app/auth/member.server.ts'
import {
	changePassword,
	closeAccount,
	endOtherSessions,
	endSession,
	getProfile,
	listSessions,
	pendingEmailChange,
	requestEmailChange,
	updateProfile,
} from '#app/features/account/account-settings.server.ts'
import { redirectWithFlash } from '#app/utils/flash.server.ts'
import { readFormData } from '#app/utils/forms.server.ts'
import { requestMeta, type RequestArgs } from '#app/utils/request.server.ts'
import type { Failure } from '#app/utils/result.ts'
import {
	CloseAccountFormSchema,
	EmailChangeSchema,
	EndSessionFormSchema,
	parseSessionId,
	PasswordChangeFormSchema,
	ProfileSchema,
	ACCOUNT_MESSAGES,
} from '#app/features/account/schemas.ts'

/**
 * /dashboard/settings (issue 15 parts 1 and 2): the loader and the one
 * action of the page's plain forms, told apart by `intent`. Every success
 * redirects back with a flash (post/redirect/get); a refusal answers the
 * form that was sent with its status and the errors at the fields.
 */

const SETTINGS = '/dashboard/settings'
export const SETTINGS_INTENTS = ['profile', 'email', 'password', 'end-session', 'end-others'] as const
export type SettingsIntent = (typeof SETTINGS_INTENTS)[number]

const HIDDEN = ['currentPassword', 'newPassword', 'confirmPassword']

export async function settingsPage({ request, url }: RequestArgs) {
	const member = await requireUnlockedMember({ request, url })
	const now = new Date()
	const profile = getProfile(member.id)!
	const pending = pendingEmailChange(member.id, now)
	return {
		profile,
		pendingEmail: pending ? { newEmail: pending.newEmail, expiresAt: pending.expiresAt.toISOString() } : null,
		sessions: listSessions(member.id, await currentWebSessionId(request), now),
	}
}

function invalid(intent: SettingsIntent, submission: Submission<any>) {
	return data({ intent, result: submission.reply({ hideFields: HIDDEN }) }, { status: 400 })
}

function refused(intent: SettingsIntent, submission: Submission<any>, failure: Failure) {
	const result = submission.reply({
		hideFields: HIDDEN,
		...(failure.fieldErrors ? { fieldErrors: failure.fieldErrors } : { formErrors: [failure.message] }),
	})
	return data(
		{ intent, result },
		{
			status: failure.status,
			headers: failure.retryAfterSeconds ? { 'Retry-After': String(failure.retryAfterSeconds) } : undefined,
		},
	)
}

function parse<S extends z.ZodTypeAny>(formData: FormData, schema: S) {
	return parseWithZod(formData, { schema })
}

export async function settingsAction({ request, url }: RequestArgs) {
	const member = await requireUnlockedMember({ request, url })
	const formData = await readFormData(request)
	const intent = String(formData.get('intent') ?? '') as SettingsIntent
	const meta = requestMeta(request)
	switch (intent) {
		case 'profile': {
			const submission = parse(formData, ProfileSchema)
			if (submission.status !== 'success') return invalid(intent, submission)
			const result = updateProfile(member.id, submission.value)
			if (!result.ok) return refused(intent, submission, result)
			throw await redirectWithFlash(SETTINGS, ACCOUNT_MESSAGES.profileSaved)
		}
		case 'email': {
			const submission = parse(formData, EmailChangeSchema)
			if (submission.status !== 'success') return invalid(intent, submission)
			const result = await requestEmailChange(member, submission.value, meta)
			if (!result.ok) return refused(intent, submission, result)
			throw await redirectWithFlash(SETTINGS, ACCOUNT_MESSAGES.emailChangeSent)
		}
		case 'password': {
			const submission = parse(formData, PasswordChangeFormSchema)
			if (submission.status !== 'success') return invalid(intent, submission)
			const result = await changePassword(member, submission.value, meta)
			if (!result.ok) return refused(intent, submission, result)
			// Every session ended with the change: this one goes on under a new id.
			const headers = new Headers({ 'Set-Cookie': await startMemberSession(request, member.id) })
			throw await redirectWithFlash(SETTINGS, ACCOUNT_MESSAGES.passwordChanged, { headers })
		}
		case 'end-session': {
			const submission = parse(formData, EndSessionFormSchema)
			if (submission.status !== 'success') return invalid(intent, submission)
			const sessionId = parseSessionId(submission.value.sessionId)
			const current = await currentWebSessionId(request)
			// The current session is ended by signing out (the button in the navigation).
			const result = sessionId !== null && sessionId === current ? null : endSession(member.id, sessionId)
			if (!result)
				return refused(intent, submission, { ok: false, status: 404, message: ACCOUNT_MESSAGES.sessionNotFound })
			if (!result.ok) return refused(intent, submission, result)
			throw await redirectWithFlash(SETTINGS, ACCOUNT_MESSAGES.sessionEnded)
		}
		case 'end-others': {
			endOtherSessions(member.id, await currentWebSessionId(request))
			throw await redirectWithFlash(SETTINGS, ACCOUNT_MESSAGES.otherSessionsEnded)
		}
		default:
			throw data({ error: 'Unknown action' }, { status: 400 })
	}
}

/** /dashboard/settings/close: the confirmation step of closing the account. */
export async function closeAccountAction({ request, url }: RequestArgs) {
	const member = await requireUnlockedMember({ request, url })
	const formData = await readFormData(request)
	const submission = parseWithZod(formData, { schema: CloseAccountFormSchema })
	if (submission.status !== 'success') {
		return data({ result: submission.reply({ hideFields: HIDDEN }) }, { status: 400 })
	}
	const result = await closeAccount(member, submission.value, requestMeta(request))
	if (!result.ok) {
		const reply = submission.reply({
			hideFields: HIDDEN,
			...(result.fieldErrors ? { fieldErrors: result.fieldErrors } : { formErrors: [result.message] }),
		})
		return data(
			{ result: reply },
			{
				status: result.status,
				headers: result.retryAfterSeconds ? { 'Retry-After': String(result.retryAfterSeconds) } : undefined,
			},
		)
	}
	// Every session already ended with the closure: the cookie goes too.
	const headers = new Headers({ 'Set-Cookie': await memberAuth.cookie.serializeEnd() })
	throw await redirectWithFlash('/login', ACCOUNT_MESSAGES.accountClosed, { headers })
}
