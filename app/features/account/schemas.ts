import { z } from 'zod'
import {
	CountrySchema,
	EmailSchema,
	NameSchema,
	NewPasswordSchema,
	PasswordSchema,
	PhoneSchema,
	TelegramSchema,
} from '#app/utils/validation.ts'
import { InvestmentAmountSchema } from '#app/features/auth/schemas.ts'

/**
 * The account settings' forms and API bodies (issue 15 parts 1 and 2): the
 * sign-up's field rules and messages (app/utils/validation.ts, app/features/auth/schemas.ts), written once.
 * The page's forms carry an `intent`; the API's bodies are strict.
 */

export const CURRENT_PASSWORD_REQUIRED = 'Current password is required'
export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect'
export const PASSWORD_SAME_AS_OLD = 'The new password must be different from the current one'
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match'
export const EMAIL_SAME_AS_CURRENT = 'This is already your email address'
export const INVALID_EMAIL_LINK = 'This confirmation link is invalid, has expired or was already used.'
export const EMAIL_CHANGE_TOKEN_REQUIRED = 'Invalid confirmation link'
export const SESSION_NOT_FOUND = 'Session not found'
export const CLOSE_CONFIRM_REQUIRED = 'Please confirm that you want to close your account'
export const PROFILE_SAVED = 'Your profile was saved.'
export const PASSWORD_CHANGED = 'Your password was changed. Every other session was signed out.'
export const EMAIL_CHANGE_SENT = 'We sent a confirmation link to the new address. Your email changes once you open it.'
export const EMAIL_CHANGED = 'Your email address was changed.'
export const SESSION_ENDED = 'The session was signed out.'
export const OTHER_SESSIONS_ENDED = 'Every other session was signed out.'
export const ACCOUNT_CLOSED = 'Your account was closed and your personal details erased.'

/** The profile: the sign-up's fields and rules, the email and password apart. */
export const ProfileSchema = z.object({
	name: NameSchema,
	phone: PhoneSchema,
	country: CountrySchema,
	telegram: TelegramSchema,
	investmentAmount: InvestmentAmountSchema,
})
export type ProfileInput = z.output<typeof ProfileSchema>

/** PATCH /api/member/settings/profile: any of the profile's fields, nothing else. */
export const ProfileApiSchema = ProfileSchema.partial()
	.strict()
	.refine((v) => Object.keys(v).length > 0, { message: 'Nothing to change' })

const CurrentPasswordSchema = z
	.string({ required_error: CURRENT_PASSWORD_REQUIRED, invalid_type_error: CURRENT_PASSWORD_REQUIRED })
	.min(1, CURRENT_PASSWORD_REQUIRED)
	.pipe(PasswordSchema)

const passwordFields = { currentPassword: CurrentPasswordSchema, newPassword: NewPasswordSchema }

function newDiffersFromCurrent(value: { currentPassword: string; newPassword: string }, ctx: z.RefinementCtx) {
	if (value.currentPassword === value.newPassword) {
		ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['newPassword'], message: PASSWORD_SAME_AS_OLD })
	}
}

/** The page's change of password: the new one twice. */
export const PasswordChangeFormSchema = z
	.object({ ...passwordFields, confirmPassword: z.string({ required_error: PASSWORDS_DO_NOT_MATCH }) })
	.superRefine((value, ctx) => {
		newDiffersFromCurrent(value, ctx)
		if (value.newPassword !== value.confirmPassword) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['confirmPassword'], message: PASSWORDS_DO_NOT_MATCH })
		}
	})

/** POST /api/member/settings/password. */
export const PasswordChangeApiSchema = z.object(passwordFields).strict().superRefine(newDiffersFromCurrent)

/** A change of email: the new address (the sign-up's rules) and the current password. */
export const EmailChangeSchema = z.object({ newEmail: EmailSchema, currentPassword: CurrentPasswordSchema })
export const EmailChangeApiSchema = EmailChangeSchema.strict()

/** The confirmation link's token (the page's hidden field). */
export const EmailChangeTokenSchema = z.object({
	token: z
		.string({ required_error: EMAIL_CHANGE_TOKEN_REQUIRED, invalid_type_error: EMAIL_CHANGE_TOKEN_REQUIRED })
		.trim()
		.min(1, EMAIL_CHANGE_TOKEN_REQUIRED)
		.max(200, EMAIL_CHANGE_TOKEN_REQUIRED),
})

/** A session's id in a form or a path: a positive integer, else null (the caller answers 404). */
export function parseSessionId(value: unknown): number | null {
	return typeof value === 'string' && /^[1-9]\d{0,14}$/.test(value) ? Number(value) : null
}

export const EndSessionFormSchema = z.object({
	sessionId: z.string({ required_error: SESSION_NOT_FOUND }).max(20, SESSION_NOT_FOUND),
})

const confirmClose = z
	.boolean({ required_error: CLOSE_CONFIRM_REQUIRED, invalid_type_error: CLOSE_CONFIRM_REQUIRED })
	.refine((v) => v, CLOSE_CONFIRM_REQUIRED)

/** Closing the account: the password and an explicit confirmation. */
export const CloseAccountFormSchema = z.object({ currentPassword: CurrentPasswordSchema, confirm: confirmClose })
export const CloseAccountApiSchema = z
	.object({
		currentPassword: CurrentPasswordSchema,
		confirm: z.literal(true, { errorMap: () => ({ message: CLOSE_CONFIRM_REQUIRED }) }),
	})
	.strict()
