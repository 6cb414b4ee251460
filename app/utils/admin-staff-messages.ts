import { STAFF_LIMITS } from '#app/domain/limits.ts'

/** The staff accounts screens (/admin/staff) and /api/admin/staff*. */
export const STAFF_MESSAGES = {
	nameRequired: 'Name is required',
	nameTooLong: `Name must be at most ${STAFF_LIMITS.name} characters`,
	nameInvalid: 'Name contains characters that are not allowed',
	roleInvalid: 'Role must be super_admin or admin',
	disabledInvalid: 'disabled must be true or false',
	nothingToChange: 'Give role or disabled to change',
} as const

export const STAFF_NOT_FOUND = 'Staff account not found'
export const STAFF_LAST_SUPER_ADMIN =
	'The last active super admin cannot be disabled or demoted. Make another super admin first.'
export const STAFF_CANNOT_DISABLE_SELF = 'You cannot disable your own account.'
export const STAFF_ACTOR_NOT_ACTIVE = 'Your account is no longer an active super admin.'
export const STAFF_ACCOUNT_DISABLED = 'This staff account is disabled.'
export const STAFF_CREATED = 'Staff account created.'
export const STAFF_ROLE_UPDATED = 'Role updated.'
export const STAFF_DISABLED = 'Account disabled. Their sessions have ended.'
export const STAFF_ENABLED = 'Account enabled.'
export const STAFF_PASSWORD_RESET = 'Password reset. Their sessions have ended.'
export const STAFF_PASSWORD_SHOWN_ONCE =
	'Copy this password now: it is not stored in readable form and will not be shown again.'
export const STAFF_PAGE_TITLE = 'Staff Accounts'
export const STAFF_NEW_TITLE = 'New Staff Account'
export const STAFF_LOAD_FAILED = 'Failed to load staff accounts'
export const STAFF_PASSWORD_HINT =
	'Leave blank to generate a random password (shown once). Otherwise: at least 8 characters with uppercase, lowercase and a number.'
