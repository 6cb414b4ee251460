import { z } from 'zod'

type TextFieldMessages<F extends string> = Record<`${F}Required` | `${F}TooLong` | `${F}Invalid`, string>

/** A required one-line text field's three words (required, at most `max` characters, no control characters), keyed after `field`. */
export function textFieldMessages<F extends string>(field: F, label: string, max: number): TextFieldMessages<F> {
	return {
		[`${field}Required`]: `${label} is required`,
		[`${field}TooLong`]: `${label} must be at most ${max} characters`,
		[`${field}Invalid`]: `${label} contains characters that are not allowed`,
	} as TextFieldMessages<F>
}

export const SORT_ORDER_INVALID = 'sortOrder must be asc or desc'

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
