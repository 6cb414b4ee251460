import { PLANS, USER_STATUSES } from '#app/domain/enums.ts'
import { USER_LIMITS } from '#app/domain/limits.ts'
import { NAME_INVALID, NAME_REQUIRED, nameTooLong } from './admin-messages.ts'

/**
 * The words of the admin users screens and /api/admin/users* (spec sections
 * 2, 5 and 8). Kept apart from admin-messages.ts so the users screens have
 * one home for their texts; words every admin form shares (the name field)
 * come from admin-messages.ts.
 */
export const USERS_TITLE = 'User Management'
export const USERS_ERROR_TITLE = 'Error Loading Users'
export const USERS_LOAD_FAILED = 'Failed to load users'
export const USER_CREATE_FAILED = 'Failed to create user'
export const USER_UPDATE_FAILED = 'Failed to update user'
export const USER_DELETE_FAILED = 'Failed to delete user'
export const USER_NOT_FOUND = 'User not found'
export const USERS_SEARCH_PLACEHOLDER = 'Search users...'

export const CREATE_USER_TITLE = 'Create New User'
export const EDIT_USER_TITLE = 'Edit User'
export const DELETE_USER_TITLE = 'Delete User'
export const DELETE_USER_WARNING = 'This action cannot be undone'
export const DELETE_USER_DETAIL = 'This will permanently remove the user and all associated data.'

/** The create and edit forms' own fields (email and password use sign-up's words). */
export const USER_MESSAGES = {
	nameRequired: NAME_REQUIRED,
	nameTooLong: nameTooLong(USER_LIMITS.name),
	nameInvalid: NAME_INVALID,
	planInvalid: `Plan must be one of ${PLANS.join(', ')}`,
	statusInvalid: `Status must be one of ${USER_STATUSES.join(', ')}`,
} as const

export const PASSWORD_KEEP_LABEL = 'Password (leave blank to keep current)'

export const USER_CREATED = 'User created'
export const USER_UPDATED = 'User updated'
export const USER_DELETED = 'User deleted'

export const BULK_NO_SELECTION = 'Select at least one user'
export const BULK_ACTION_REQUIRED = 'Choose an action'
export const BULK_STATUS_REQUIRED = 'Choose a status'
export const BULK_PLAN_REQUIRED = 'Choose a plan'
export const BULK_TOO_MANY = 'At most 500 users can be updated at once'
export const BULK_DUPLICATE_IDS = 'Each user may be listed once'
export const BULK_INVALID_IDS = 'User ids must be positive whole numbers'
export const BULK_UNKNOWN_USERS = 'Some of the selected users no longer exist; nothing was changed'

/** "1 user updated", "3 users updated", "0 users deleted". */
export function bulkResultMessage(count: number, verb: 'updated' | 'deleted') {
	return `${count} ${count === 1 ? 'user' : 'users'} ${verb}`
}
