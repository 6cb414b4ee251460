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

/** The account settings' words: the refusals and the notices after each change. */
export const ACCOUNT_MESSAGES = {
	currentPasswordRequired: 'Current password is required',
	wrongCurrentPassword: 'Current password is incorrect',
	passwordSameAsOld: 'The new password must be different from the current one',
	passwordsDoNotMatch: 'Passwords do not match',
	emailSameAsCurrent: 'This is already your email address',
	invalidEmailLink: 'This confirmation link is invalid, has expired or was already used.',
	emailChangeTokenRequired: 'Invalid confirmation link',
	sessionNotFound: 'Session not found',
	closeConfirmRequired: 'Please confirm that you want to close your account',
	profileSaved: 'Your profile was saved.',
	passwordChanged: 'Your password was changed. Every other session was signed out.',
	emailChangeSent: 'We sent a confirmation link to the new address. Your email changes once you open it.',
	emailChanged: 'Your email address was changed.',
	sessionEnded: 'The session was signed out.',
	otherSessionsEnded: 'Every other session was signed out.',
	accountClosed: 'Your account was closed and your personal details erased.',
} as const

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
	.string({
		required_error: ACCOUNT_MESSAGES.currentPasswordRequired,
		invalid_type_error: ACCOUNT_MESSAGES.currentPasswordRequired,
	})
	.min(1, ACCOUNT_MESSAGES.currentPasswordRequired)
	.pipe(PasswordSchema)

const passwordFields = { currentPassword: CurrentPasswordSchema, newPassword: NewPasswordSchema }

function newDiffersFromCurrent(value: { currentPassword: string; newPassword: string }, ctx: z.RefinementCtx) {
	if (value.currentPassword === value.newPassword) {
		ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['newPassword'], message: ACCOUNT_MESSAGES.passwordSameAsOld })
	}
}

/** The page's change of password: the new one twice. */
export const PasswordChangeFormSchema = z
	.object({ ...passwordFields, confirmPassword: z.string({ required_error: ACCOUNT_MESSAGES.passwordsDoNotMatch }) })
	.superRefine((value, ctx) => {
		newDiffersFromCurrent(value, ctx)
		if (value.newPassword !== value.confirmPassword) {
			ctx.addIssue({
				code: z.ZodIssueCode.custom,
				path: ['confirmPassword'],
				message: ACCOUNT_MESSAGES.passwordsDoNotMatch,
			})
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
		.string({
			required_error: ACCOUNT_MESSAGES.emailChangeTokenRequired,
			invalid_type_error: ACCOUNT_MESSAGES.emailChangeTokenRequired,
		})
		.trim()
		.min(1, ACCOUNT_MESSAGES.emailChangeTokenRequired)
		.max(200, ACCOUNT_MESSAGES.emailChangeTokenRequired),
})

/** A session's id in a form or a path: a positive integer, else null (the caller answers 404). */
export function parseSessionId(value: unknown): number | null {
	return typeof value === 'string' && /^[1-9]\d{0,14}$/.test(value) ? Number(value) : null
}

export const EndSessionFormSchema = z.object({
	sessionId: z.string({ required_error: ACCOUNT_MESSAGES.sessionNotFound }).max(20, ACCOUNT_MESSAGES.sessionNotFound),
})

const confirmClose = z
	.boolean({
		required_error: ACCOUNT_MESSAGES.closeConfirmRequired,
		invalid_type_error: ACCOUNT_MESSAGES.closeConfirmRequired,
	})
	.refine((v) => v, ACCOUNT_MESSAGES.closeConfirmRequired)

/** Closing the account: the password and an explicit confirmation. */
export const CloseAccountFormSchema = z.object({ currentPassword: CurrentPasswordSchema, confirm: confirmClose })
export const CloseAccountApiSchema = z
	.object({
		currentPassword: CurrentPasswordSchema,
		confirm: z.literal(true, { errorMap: () => ({ message: ACCOUNT_MESSAGES.closeConfirmRequired }) }),
	})
	.strict()
