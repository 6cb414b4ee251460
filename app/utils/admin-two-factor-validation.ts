import { z } from 'zod'
import { TWO_FACTOR_MESSAGES as M } from './admin-two-factor-messages.ts'
import { EmailSchema, PasswordSchema, stringField } from './validation.ts'

/**
 * The staff second factor's inputs (the sign-in's code step, /admin/security,
 * /api/admin/login, /api/admin/two-factor*). Browser-safe. A code is six
 * digits (spaces, as apps show "123 456", are dropped); a recovery code ten
 * letters and digits, with or without its dash, any case.
 */
export const TOTP_CODE_PATTERN = /^[0-9]{6}$/
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{5}-?[a-z0-9]{5}$/

export const TotpCodeSchema = stringField(M.codeRequired, [[(v) => TOTP_CODE_PATTERN.test(v), M.codeFormat]], {
	normalize: (v) => v.replace(/\s+/g, ''),
})

export const RecoveryCodeSchema = stringField(
	M.recoveryRequired,
	[[(v) => RECOVERY_CODE_PATTERN.test(v), M.recoveryFormat]],
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
			ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['recoveryCode'], message: M.codeOrRecovery })
		}
	})

/** POST /api/admin/two-factor/setup: `{}` or `{ "fresh": true }` for a new secret. */
export const TwoFactorSetupApiSchema = z.object({ fresh: z.boolean().optional() }).strict()
