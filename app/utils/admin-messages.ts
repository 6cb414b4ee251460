/**
 * The admin portal's words (spec sections 2, 4 and 8), shared by the server
 * rules, the pages and /api/admin: sign-in, the shell, the dashboard and its
 * revenue form, and the words every admin form shares. Kept apart from
 * messages.ts so the admin screens have one home for their texts; the users
 * and contests screens have theirs (admin-users-messages.ts,
 * admin-contests-messages.ts), and no text is written in two of them.
 */
import { REVENUE_LIMITS } from '#app/domain/limits.ts'

export const ADMIN_INVALID_CREDENTIALS = 'Invalid admin credentials'
export const ADMIN_LOGIN_FAILED = 'Login failed. Please try again.'
export const ADMIN_AUTH_FAILED_TITLE = 'Authentication Failed'
export const ADMIN_PRIVILEGES_REQUIRED = 'Access denied. Admin privileges required.'
export const SUPER_ADMIN_REQUIRED = 'Access denied. Super admin privileges required.'
export const ADMIN_NOT_AUTHENTICATED = 'Not authenticated'
export const ACCESS_DENIED_TITLE = 'Access Denied'
export const BACK_TO_LOGIN = 'Back to Login'
export const DASHBOARD_LOAD_FAILED = 'Failed to load dashboard data'
export const DASHBOARD_ERROR_TITLE = 'Error Loading Dashboard'
export const REVENUE_RECORDED = 'Revenue entry recorded.'

// The buttons of every list page's filter form (users, contests, codes, offers, alerts, audit).
export const FILTERS_APPLY = 'Apply filters'
export const FILTERS_CLEAR = 'Clear filters'

// The name field of the admin forms (users and contests) says the same.
export const NAME_REQUIRED = 'Name is required'
export const NAME_INVALID = 'Name contains characters that are not allowed'
export function nameTooLong(max: number) {
	return `Name must be at most ${max} characters`
}
export const SORT_ORDER_INVALID = 'sortOrder must be asc or desc'

/** The dashboard's revenue form and POST /api/admin/revenue. */
export const REVENUE_MESSAGES = {
	brokerRequired: 'Broker is required',
	brokerTooLong: 'Broker must be at most 100 characters',
	brokerInvalid: 'Broker contains characters that are not allowed',
	monthRequired: 'Month is required',
	monthFormat: 'Enter the month as YYYY-MM',
	monthFuture: 'Month cannot be in the future',
	amountRequired: 'Amount is required',
	amountFormat: 'Enter an amount in USD, like 1250 or 1250.50',
	amountPositive: 'Amount must be greater than 0',
	amountTooLarge: 'Amount must be at most $100,000,000',
	reasonRequired: 'Reason is required',
	reasonTooLong: `Reason must be at most ${REVENUE_LIMITS.reason} characters`,
	reasonInvalid: 'Reason contains characters that are not allowed',
	nothingToChange: 'Give broker, month or amount to change',
} as const

/** Revenue corrections (/admin/revenue, /api/admin/revenue/:id). */
export const REVENUE_ENTRY_NOT_FOUND = 'Revenue entry not found'
export const REVENUE_ALREADY_VOIDED = 'This revenue entry is already voided.'
export const REVENUE_VOIDED_NO_EDIT = 'A voided revenue entry cannot be edited.'
export const REVENUE_UPDATED = 'Revenue entry updated.'
export const REVENUE_VOIDED = 'Revenue entry voided.'
export const REVENUE_EDIT_TITLE = 'Edit Revenue Entry'
export const REVENUE_VOID_TITLE = 'Void Revenue Entry'
export const REVENUE_VOID_WARNING = 'A voided entry stays listed but no longer counts towards Monthly Revenue.'
export const REVENUE_LOAD_FAILED = 'Failed to load revenue entries'
export const REVENUE_PAGE_TITLE = 'Revenue'
export const REVENUE_QUERY_INVALID = {
	page: 'page must be a whole number from 1',
	limit: `limit must be a whole number from 1 to ${REVENUE_LIMITS.apiMaxLimit}`,
}
