import { z } from 'zod'

/**
 * Shared zod schemas: the page actions (through Conform), the browser (as an
 * enhancement) and the /api routes validate with the same rules and words.
 * Each field reports one message at a time, the first rule it breaks.
 */

export const TERMS_VERSION = 'June 29, 2025'

/** The sign-up form's consent messages (docs/decisions/023-consents-and-notifications.md). */
export const AGE_REQUIRED = 'You must confirm you are 18 or older'
export const RISK_REQUIRED = 'You must accept the risk warning'

export const INVESTMENT_AMOUNTS = ['$50-$100', '$100-$500', '$500-$1000', '$1000+'] as const

export const PASSWORD_MAX_BYTES = 72
/**
 * Control characters (NUL, line breaks, DEL, the C1 range...): refused in
 * one-line fields, and with the line break and tab kept in multi-line ones.
 * The one definition every validation module uses.
 */
export const CONTROL_CHARS = /\p{Cc}/u
export const CONTROL_CHARS_GLOBAL = /\p{Cc}/gu
export const CONTROL_CHARS_EXCEPT_LINE_BREAKS = /(?![\t\n\r])\p{Cc}/u
// No whitespace, no second @ and no control character (NUL, DEL, ...) in any part.
const EMAIL_PATTERN = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u

function byteLength(value: string) {
	return new TextEncoder().encode(value).length
}

type Check = [test: (value: string) => boolean, message: string]

/** A string field: `required` when missing or empty, then the first failing check. */
export function stringField(
	required: string,
	checks: Check[],
	options: { trim?: boolean; normalize?: (value: string) => string } = {},
) {
	const base = z.string({ required_error: required, invalid_type_error: required })
	const trimmed = options.trim === false ? base : base.trim()
	const normalize = options.normalize
	return (normalize ? trimmed.transform((v) => normalize(v)) : trimmed).superRefine((value, ctx) => {
		if (value.length === 0) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, message: required })
			return
		}
		for (const [test, message] of checks) {
			if (!test(value)) {
				ctx.addIssue({ code: z.ZodIssueCode.custom, message })
				return
			}
		}
	})
}

const noControlChars = (label: string): Check => [
	(v) => !CONTROL_CHARS.test(v),
	`${label} contains characters that are not allowed`,
]
const maxLength = (label: string, max: number): Check => [
	(v) => v.length <= max,
	`${label} must be at most ${max} characters`,
]

/**
 * Emails are compared as stored: NFKC (full-width and decomposed look-alikes
 * become one address) and lower case, before the checks (docs/security.md B10).
 */
export const EmailSchema = stringField(
	'Email is required',
	[maxLength('Email', 254), [(v) => EMAIL_PATTERN.test(v), 'Invalid email address']],
	{ normalize: (v) => v.normalize('NFKC').toLowerCase() },
)

/**
 * The sign-up password rules; the reset form applies them too, so a reset
 * cannot set a password that sign-up refuses.
 */
export const NewPasswordSchema = stringField(
	'Password is required',
	[
		[(v) => v.length >= 8, 'Password must be at least 8 characters'],
		[(v) => byteLength(v) <= PASSWORD_MAX_BYTES, `Password is too long (at most ${PASSWORD_MAX_BYTES} bytes)`],
		[
			(v) => /[a-z]/.test(v) && /[A-Z]/.test(v) && /[0-9]/.test(v),
			'Password must contain uppercase, lowercase, and number',
		],
	],
	{ trim: false },
)

/** Sign-in: bcrypt reads only 72 bytes, so a longer password could match a cut one. */
export const PasswordSchema = stringField(
	'Password is required',
	[[(v) => byteLength(v) <= PASSWORD_MAX_BYTES, `Password is too long (at most ${PASSWORD_MAX_BYTES} bytes)`]],
	{ trim: false },
)

export const NameSchema = stringField('Full name is required', [
	maxLength('Full name', 100),
	noControlChars('Full name'),
])

export const PhoneSchema = stringField('Required', [
	maxLength('Phone', 32),
	[(v) => /^\+?[0-9 ().-]+$/.test(v) && v.replace(/\D/g, '').length >= 6, 'Enter a valid phone number'],
])

export const CountrySchema = stringField('Required', [maxLength('Country', 56), noControlChars('Country')])

export const TelegramSchema = stringField('Telegram username is required', [
	[(v) => v.startsWith('@'), 'Telegram username must start with @'],
	maxLength('Telegram username', 33),
	[(v) => /^@[^\s\p{Cc}@]+$/u.test(v), 'Telegram username must not contain spaces'],
])

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
	confirmAge: requiredCheckbox(AGE_REQUIRED),
	acknowledgeRisk: requiredCheckbox(RISK_REQUIRED),
})

/** POST /api/auth/register (spec section 3 registration payload). */
export const RegisterApiSchema = z
	.object({
		...registrationFields,
		referralCode: ReferralCodeSchema.nullable().transform((v) => v ?? undefined),
		agreeToTerms: consentFlag('You must agree to the terms'),
		confirmAge: consentFlag(AGE_REQUIRED),
		acknowledgeRisk: consentFlag(RISK_REQUIRED),
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

// Member dashboard forms.

export const LESSON_TABS = ['basics', 'risk', 'portfolio'] as const

export const CompleteLessonSchema = z.object({
	lessonId: z
		.string({ required_error: 'Choose a lesson', invalid_type_error: 'Choose a lesson' })
		.trim()
		.min(1, 'Choose a lesson')
		.max(64, 'This lesson does not exist'),
	tab: z.enum(LESSON_TABS).optional().catch(undefined),
})

export const ActivationCodeSchema = z.object({
	code: z
		.string({
			required_error: 'Please enter your activation code',
			invalid_type_error: 'Please enter your activation code',
		})
		.trim()
		.min(1, 'Please enter your activation code')
		.max(64, 'Invalid activation code. Please check the code and try again.'),
})

/**
 * A confirmation that carries no field (delete, complete, confirm an
 * offer): what it acts on is in the URL. Parsed like every form so that a
 * refusal comes back as the form's error.
 */
export const ConfirmFormSchema = z.object({})

/**
 * An empty JSON body: `POST /api/.../logout` takes no payload and refuses
 * any field ('Unknown field').
 */
export const EmptyApiBodySchema = z.object({}).strict()

/**
 * A body that is read (a JSON object, or nothing) and not used: `POST
 * /api/admin/contests/:id/complete` takes no payload and ignores fields.
 */
export const IgnoredApiBodySchema = z.object({})

/**
 * A query string as an object for a zod schema: one string per name, or
 * all the values of a repeated name (an array), so the schema can refuse
 * it. Own keys only (`__proto__` is a key like any other).
 */
export function queryInput(params: URLSearchParams): Record<string, string | string[]> {
	return Object.fromEntries(
		[...new Set(params.keys())].map((key) => {
			const values = params.getAll(key)
			return [key, values.length > 1 ? values : values[0]!]
		}),
	)
}
