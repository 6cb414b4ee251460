import { ADMIN_ROLES } from '#app/domain/enums.ts'
import { count, id, isoDateTime, z } from '#app/utils/api-schema.server.ts'

/**
 * What the staff accounts' /api routes answer: the schemas describe the
 * answers in the OpenAPI document and are the models' types (`z.infer`), so
 * the two cannot drift apart.
 */

export const PublicAdminSchema = z
	.object({
		id: id(),
		email: z.string(),
		name: z.string(),
		role: z.enum(ADMIN_ROLES),
		lastLogin: isoDateTime().nullable(),
	})
	.strict()
	.openapi('PublicAdmin')
/** The admin as the API returns it (spec section 3): never the hash. */
export type PublicAdmin = z.infer<typeof PublicAdminSchema>

export const StaffMemberSchema = z
	.object({
		id: id(),
		name: z.string(),
		email: z.string(),
		role: z.enum(ADMIN_ROLES),
		status: z.enum(['active', 'disabled']),
		disabledAt: isoDateTime().nullable(),
		// See app/features/staff/two-factor.server.ts.
		twoFactor: z.boolean().openapi({ description: 'Whether the second factor (TOTP) is on.' }),
		lastLogin: isoDateTime().nullable(),
		createdAt: isoDateTime(),
		updatedAt: isoDateTime().nullable(),
	})
	.strict()
	.openapi('StaffMember')
/** A staff account as the staff pages and /api/admin/staff show it. */
export type StaffMember = z.infer<typeof StaffMemberSchema>

/** A created account or a reset password: `password` only when it was generated. */
export const StaffWithPasswordSchema = z
	.object({
		admin: StaffMemberSchema,
		password: z.string().optional().openapi({ description: 'Only when generated: shown this once, never again.' }),
	})
	.strict()

export const TwoFactorStatusSchema = z
	.object({
		enabled: z.boolean(),
		enabledAt: isoDateTime().nullable(),
		required: z.boolean().openapi({ description: 'Super admins always; `admin` when ADMIN_2FA_REQUIRED is on.' }),
		recoveryCodesLeft: count(),
	})
	.strict()
	.openapi('TwoFactorStatus')
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>

/** The secret to enrol with (beginEnrolment). */
export const EnrolmentSchema = z
	.object({ secret: z.string(), otpauthUri: z.string(), expiresAt: isoDateTime() })
	.strict()
export type Enrolment = z.infer<typeof EnrolmentSchema>

export const RecoveryCodesSchema = z
	.object({
		recoveryCodes: z
			.array(z.string().regex(/^[a-z0-9]{5}-[a-z0-9]{5}$/))
			.length(10)
			.openapi({ description: 'Shown this once; each works once. Only their hashes are kept.' }),
	})
	.strict()
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>
