import { z } from 'zod'
import { ADMIN_ROLES } from '#app/domain/enums.ts'
import {
	CONTROL_CHARS,
	EmailSchema,
	textFieldMessages,
	NewPasswordSchema,
	PasswordSchema,
	stringField,
} from '#app/utils/validation.ts'

/** Staff accounts (/admin/staff). */
export const STAFF_LIMITS = {
	name: 100,
	/** Length of a generated password (random, shown once). */
	generatedPassword: 20,
} as const

/** The staff accounts screens (/admin/staff) and /api/admin/staff*. */
export const STAFF_MESSAGES = {
	...textFieldMessages('name', 'Name', STAFF_LIMITS.name),
	roleInvalid: 'Role must be super_admin or admin',
	disabledInvalid: 'disabled must be true or false',
	nothingToChange: 'Give role or disabled to change',
	notFound: 'Staff account not found',
	lastSuperAdmin: 'The last active super admin cannot be disabled or demoted. Make another super admin first.',
	cannotDisableSelf: 'You cannot disable your own account.',
	actorNotActive: 'Your account is no longer an active super admin.',
	accountDisabled: 'This staff account is disabled.',
	created: 'Staff account created.',
	roleUpdated: 'Role updated.',
	disabled: 'Account disabled. Their sessions have ended.',
	enabled: 'Account enabled.',
	passwordReset: 'Password reset. Their sessions have ended.',
	passwordShownOnce: 'Copy this password now: it is not stored in readable form and will not be shown again.',
	pageTitle: 'Staff Accounts',
	newTitle: 'New Staff Account',
	loadFailed: 'Failed to load staff accounts',
	passwordHint:
		'Leave blank to generate a random password (shown once). Otherwise: at least 8 characters with uppercase, lowercase and a number.',
} as const

/**
 * The staff accounts screens and /api/admin/staff*: create, change role,
 * disable or enable, reset a password. Browser-safe (no server imports). A
 * typed password follows the sign-up rules (NewPasswordSchema); a blank or
 * missing one means "generate a random one and show it once".
 */

export const StaffNameSchema = stringField(STAFF_MESSAGES.nameRequired, [
	[(v) => v.length <= STAFF_LIMITS.name, STAFF_MESSAGES.nameTooLong],
	[(v) => !CONTROL_CHARS.test(v), STAFF_MESSAGES.nameInvalid],
])

export const StaffRoleSchema = z.enum(ADMIN_ROLES, {
	errorMap: () => ({ message: STAFF_MESSAGES.roleInvalid }),
})

/** Blank (missing, '') reads as "generate one". */
const OptionalPasswordSchema = z.preprocess(
	(value) => (value === '' || value === null ? undefined : value),
	NewPasswordSchema.optional(),
)

const createFields = {
	name: StaffNameSchema,
	email: EmailSchema,
	role: StaffRoleSchema,
	password: OptionalPasswordSchema,
}

/** /admin/staff/new. */
export const StaffCreateFormSchema = z.object(createFields)
/** POST /api/admin/staff { name, email, role, password? }. */
export const StaffCreateApiSchema = z.object(createFields).strict()
export type StaffCreateInput = z.output<typeof StaffCreateFormSchema>

/** PATCH /api/admin/staff/:id { role?, disabled? }: at least one. */
export const StaffUpdateApiSchema = z
	.object({
		role: StaffRoleSchema.optional(),
		disabled: z
			.boolean({ invalid_type_error: STAFF_MESSAGES.disabledInvalid, required_error: STAFF_MESSAGES.disabledInvalid })
			.optional(),
	})
	.strict()
	.superRefine((value, ctx) => {
		if (value.role === undefined && value.disabled === undefined)
			ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['role'], message: STAFF_MESSAGES.nothingToChange })
	})
export type StaffUpdateInput = { role?: (typeof ADMIN_ROLES)[number]; disabled?: boolean }

/** POST /api/admin/staff/:id/reset-password { password? } (an empty body generates one). */
export const StaffResetPasswordApiSchema = z.object({ password: OptionalPasswordSchema }).strict()

// The staff page's three forms (each a plain POST with its `intent`).
export const StaffRoleFormSchema = z.object({ intent: z.literal('role'), role: StaffRoleSchema })
export const StaffStatusFormSchema = z.object({ intent: z.enum(['disable', 'enable']) })
export const StaffResetTwoFactorFormSchema = z.object({ intent: z.literal('reset-two-factor') })
export const StaffResetPasswordFormSchema = z.object({
	intent: z.literal('reset-password'),
	password: OptionalPasswordSchema,
})

/** An id in a URL ("/admin/staff/3"): a plain positive whole number, else null. */
export function parseStaffId(value: string | undefined) {
	return value !== undefined && /^[1-9]\d{0,15}$/.test(value) && Number.isSafeInteger(Number(value))
		? Number(value)
		: null
}

/**
 * The staff second factor's words (/admin/security, /admin/login/two-factor,
 * /admin/staff/:id and /api/admin/two-factor*): one home, shared by the
 * rules, the pages and the API.
 */
export const TWO_FACTOR_MESSAGES = {
	codeRequired: 'Enter the 6-digit code from your authenticator app',
	codeFormat: 'The code is 6 digits, like 123456',
	recoveryRequired: 'Enter one of your recovery codes',
	recoveryFormat: 'A recovery code looks like abcde-12345 (10 letters and digits)',
	/** Enrolment confirmed with a code that does not match the new secret. */
	enrolCodeWrong:
		'That code does not match. Enter the code your app shows now for this account (check the device clock if it keeps failing).',
	/** POST /api/admin/login with a password that matched but no code (or recovery code). */
	codeMissing: 'Two-factor authentication code required',
	/** Both a code and a recovery code sent. */
	codeOrRecovery: 'Send either code or recoveryCode, not both',
	pageTitle: 'Two-Factor Authentication',
	signInTitle: 'Two-Factor Authentication',
	/** A pending sign-in that expired, was used, or ran out of attempts. */
	signInExpired: 'Your sign-in has expired. Please sign in again.',
	/** A page or /api/admin route reached by a staff member who must enrol first. */
	enrolmentRequired:
		'Set up two-factor authentication first: open /admin/security, or use /api/admin/two-factor/setup.',
	alreadyOn: 'Two-factor authentication is already on for this account.',
	notOn: 'Two-factor authentication is not on for this account.',
	setupExpired: 'The set-up expired. Start again: a new secret has been made.',
	setupMissing: 'Start the set-up first: POST /api/admin/two-factor/setup.',
	enabled: 'Two-factor authentication is on. Your other sessions have ended.',
	recoveryRegenerated: 'New recovery codes made. The old ones no longer work.',
	reset: 'Second factor reset. Their sessions have ended; they set it up again at their next sign-in.',
	resetSelf: 'You cannot reset your own second factor here: use Security.',
	recoveryShownOnce:
		'Save these recovery codes somewhere safe now: each works once if you lose your device, and they will not be shown again.',
} as const

/**
 * The staff second factor's inputs (the sign-in's code step, /admin/security,
 * /api/admin/login, /api/admin/two-factor*). Browser-safe. A code is six
 * digits (spaces, as apps show "123 456", are dropped); a recovery code ten
 * letters and digits, with or without its dash, any case.
 */
export const TOTP_CODE_PATTERN = /^[0-9]{6}$/
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{5}-?[a-z0-9]{5}$/

export const TotpCodeSchema = stringField(
	TWO_FACTOR_MESSAGES.codeRequired,
	[[(v) => TOTP_CODE_PATTERN.test(v), TWO_FACTOR_MESSAGES.codeFormat]],
	{
		normalize: (v) => v.replace(/\s+/g, ''),
	},
)

export const RecoveryCodeSchema = stringField(
	TWO_FACTOR_MESSAGES.recoveryRequired,
	[[(v) => RECOVERY_CODE_PATTERN.test(v), TWO_FACTOR_MESSAGES.recoveryFormat]],
	{ normalize: (v) => v.toLowerCase() },
)

/** The sign-in's second step with an app code (intent "code"). */
export const TwoFactorCodeFormSchema = z.object({ intent: z.literal('code'), code: TotpCodeSchema })
/** The sign-in's second step with a recovery code (intent "recovery"). */
export const TwoFactorRecoveryFormSchema = z.object({ intent: z.literal('recovery'), recoveryCode: RecoveryCodeSchema })

/** /admin/security's forms and /api/admin/two-factor/{confirm,recovery-codes}: a current code. */
export const TwoFactorCodeSchema = z.object({ code: TotpCodeSchema })
export const TwoFactorCodeApiSchema = TwoFactorCodeSchema.strict()

/**
 * POST /api/admin/login: the member sign-in's fields, plus the second factor
 * for an account that has one (`code` or `recoveryCode`, not both).
 */
export const AdminLoginApiSchema = z
	.object({
		email: EmailSchema,
		password: PasswordSchema,
		code: TotpCodeSchema.optional(),
		recoveryCode: RecoveryCodeSchema.optional(),
	})
	.strict()
	.superRefine((value, ctx) => {
		if (value.code !== undefined && value.recoveryCode !== undefined) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['recoveryCode'], message: TWO_FACTOR_MESSAGES.codeOrRecovery })
		}
	})

/** POST /api/admin/two-factor/setup: `{}` or `{ "fresh": true }` for a new secret. */
export const TwoFactorSetupApiSchema = z.object({ fresh: z.boolean().optional() }).strict()
