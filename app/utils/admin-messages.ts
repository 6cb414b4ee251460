/**
 * The admin portal's words (spec sections 2, 4 and 8), shared by the server
 * rules, the pages and /api/admin. Kept apart from messages.ts so the admin
 * screens have one home for their texts.
 */
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
