import { z } from 'zod'
import {
	EmailSchema,
	NewPasswordSchema,
	PasswordSchema,
	NameSchema,
	PhoneSchema,
	CountrySchema,
	TelegramSchema,
} from '#app/utils/validation.ts'

/** The words of the flows around sign-in: unlock, password reset, sign-up. */
export const AUTH_FLOW_MESSAGES = {
	invalidUnlockCode: 'Invalid code. Please try again.',
	invalidResetLink: 'This reset link is invalid or has expired. Please request a new password reset.',
	emailTaken: 'An account with this email already exists',
	unknownReferralCode: 'Invalid referral code',
	forgotPasswordSent:
		"If an account exists for that email, we've sent a password reset link. Please check your inbox and spam folder.",
	passwordResetDone: 'Your password has been reset. You can now sign in with your new password.',

	/** The sign-up form's consent messages (docs/decisions/023-consents-and-notifications.md). */
	ageRequired: 'You must confirm you are 18 or older',
	riskRequired: 'You must accept the risk warning',
} as const

/**
 * Shared zod schemas: the page actions (through Conform), the browser (as an
 * enhancement) and the /api routes validate with the same rules and words.
 * Each field reports one message at a time, the first rule it breaks.
 */

export const TERMS_VERSION = 'June 29, 2025'

export const INVESTMENT_AMOUNTS = ['$50-$100', '$100-$500', '$500-$1000', '$1000+'] as const

export const InvestmentAmountSchema = z.enum(INVESTMENT_AMOUNTS, {
	errorMap: () => ({ message: 'Please select an investment amount' }),
})

export const ReferralCodeSchema = z
	.string({ invalid_type_error: 'Invalid referral code' })
	.trim()
	.max(32, 'Invalid referral code')
	.transform((v) => (v === '' ? undefined : v.toUpperCase()))
	.optional()

const registrationFields = {
	name: NameSchema,
	email: EmailSchema,
	password: NewPasswordSchema,
	phone: PhoneSchema,
	country: CountrySchema,
	telegram: TelegramSchema,
	investmentAmount: InvestmentAmountSchema,
	referralCode: ReferralCodeSchema,
}

/** A required checkbox: checked, else `message` at the field. */
export function requiredCheckbox(message: string) {
	return z.boolean({ required_error: message, invalid_type_error: message }).refine((v) => v, message)
}

/** An optional API consent flag: when given it must be true. */
function consentFlag(message: string) {
	return z.literal(true, { errorMap: () => ({ message }) }).optional()
}

/**
 * The sign-up page form: the registration payload plus the three explicit
 * consents (docs/decisions/023-consents-and-notifications.md): the terms,
 * the 18+ confirmation and the risk acknowledgement.
 */
export const SignupFormSchema = z.object({
	...registrationFields,
	agreeToTerms: requiredCheckbox('You must agree to the terms'),
	confirmAge: requiredCheckbox(AUTH_FLOW_MESSAGES.ageRequired),
	acknowledgeRisk: requiredCheckbox(AUTH_FLOW_MESSAGES.riskRequired),
})

/** POST /api/auth/register (spec section 3 registration payload). */
export const RegisterApiSchema = z
	.object({
		...registrationFields,
		referralCode: ReferralCodeSchema.nullable().transform((v) => v ?? undefined),
		agreeToTerms: consentFlag('You must agree to the terms'),
		confirmAge: consentFlag(AUTH_FLOW_MESSAGES.ageRequired),
		acknowledgeRisk: consentFlag(AUTH_FLOW_MESSAGES.riskRequired),
	})
	.strict()

/** What the sign-up rule takes: the payload without the consent flags. */
export type RegistrationInput = Omit<
	z.output<typeof RegisterApiSchema>,
	'agreeToTerms' | 'confirmAge' | 'acknowledgeRisk'
>

/** /terms/accept: the member accepts the current terms (docs/decisions/023-consents-and-notifications.md). */
export const TermsAcceptFormSchema = z.object({
	accept: requiredCheckbox('You must accept the new terms to continue'),
	redirectTo: z.string().max(2000).optional(),
})

/** POST /api/member/terms/accept: { accept: true }. */
export const TermsAcceptApiSchema = z
	.object({
		accept: z.literal(true, { errorMap: () => ({ message: 'You must accept the new terms to continue' }) }),
	})
	.strict()

export const LoginFormSchema = z.object({
	email: EmailSchema,
	password: PasswordSchema,
	redirectTo: z.string().max(2000).optional(),
})

export const LoginApiSchema = z.object({ email: EmailSchema, password: PasswordSchema }).strict()

export const ForgotPasswordSchema = z.object({ email: EmailSchema })

export const ForgotPasswordApiSchema = ForgotPasswordSchema.strict()

const ResetTokenSchema = z
	.string({ required_error: 'Invalid reset token', invalid_type_error: 'Invalid reset token' })
	.trim()
	.min(1, 'Invalid reset token')
	.max(200, 'Invalid reset token')

export const ResetPasswordFormSchema = z
	.object({
		token: ResetTokenSchema,
		password: NewPasswordSchema,
		confirmPassword: z.string({ required_error: 'Passwords do not match' }),
	})
	.superRefine((value, ctx) => {
		if (value.password !== value.confirmPassword) {
			ctx.addIssue({
				code: z.ZodIssueCode.custom,
				path: ['confirmPassword'],
				message: 'Passwords do not match',
			})
		}
	})

export const ResetPasswordApiSchema = z.object({ token: ResetTokenSchema, password: NewPasswordSchema }).strict()

export const UnlockCodeSchema = z.object({
	code: z
		.string({
			required_error: 'Please enter your unlock code',
			invalid_type_error: 'Please enter your unlock code',
		})
		.trim()
		.min(1, 'Please enter your unlock code')
		.max(64, 'Invalid code. Please try again.'),
})

export const UnlockCodeApiSchema = UnlockCodeSchema.strict()
