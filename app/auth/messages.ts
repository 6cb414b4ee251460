/**
 * The auth kit's words (app/auth): what the two realms' sign-in and access
 * checks answer, members (INVALID_CREDENTIALS ... DASHBOARD_LOCKED) and
 * staff (ADMIN_*). The flows around sign-in (sign-up, unlock, reset) keep
 * theirs in app/features/auth/schemas.ts.
 */
export const INVALID_CREDENTIALS = 'Invalid email or password'
export const ACCOUNT_NOT_ACTIVE = 'This account is not active. Please contact support.'

/** The member API's 403 for a member who has not entered the unlock code (the pages send them to /next-steps). */
export const DASHBOARD_LOCKED =
	'Unlock your dashboard first: enter the code from our Telegram channel (POST /api/auth/verify-code).'

export const ADMIN_INVALID_CREDENTIALS = 'Invalid admin credentials'
export const ADMIN_LOGIN_FAILED = 'Login failed. Please try again.'
export const ADMIN_AUTH_FAILED_TITLE = 'Authentication Failed'
export const ADMIN_PRIVILEGES_REQUIRED = 'Access denied. Admin privileges required.'
export const SUPER_ADMIN_REQUIRED = 'Access denied. Super admin privileges required.'
export const ADMIN_NOT_AUTHENTICATED = 'Not authenticated'
export const ACCESS_DENIED_TITLE = 'Access Denied'
export const BACK_TO_LOGIN = 'Back to Login'
