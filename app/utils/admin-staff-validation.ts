import { z } from 'zod'
import { ADMIN_ROLES } from '#app/domain/enums.ts'
import { STAFF_LIMITS } from '#app/domain/limits.ts'
import { STAFF_MESSAGES } from './admin-staff-messages.ts'
import { CONTROL_CHARS, EmailSchema, NewPasswordSchema } from './validation.ts'

/**
 * The staff accounts screens and /api/admin/staff*: create, change role,
 * disable or enable, reset a password. Browser-safe (no server imports). A
 * typed password follows the sign-up rules (NewPasswordSchema); a blank or
 * missing one means "generate a random one and show it once".
 */

export const StaffNameSchema = z
	.string({ required_error: STAFF_MESSAGES.nameRequired, invalid_type_error: STAFF_MESSAGES.nameRequired })
	.trim()
	.superRefine((value, ctx) => {
		const message =
			value.length === 0
				? STAFF_MESSAGES.nameRequired
				: value.length > STAFF_LIMITS.name
					? STAFF_MESSAGES.nameTooLong
					: CONTROL_CHARS.test(value)
						? STAFF_MESSAGES.nameInvalid
						: null
		if (message) ctx.addIssue({ code: z.ZodIssueCode.custom, message })
	})

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
