/**
 * The auth kit's words (app/auth): what the two realms' sign-in and access
 * checks answer, members (invalidCredentials ... dashboardLocked) and staff
 * (admin*, superAdminRequired ... backToLogin). The flows around sign-in
 * (sign-up, unlock, reset) keep theirs in app/features/auth/schemas.ts.
 */
export const AUTH_MESSAGES = {
	invalidCredentials: 'Invalid email or password',
	accountNotActive: 'This account is not active. Please contact support.',

	/** The member API's 403 for a member who has not entered the unlock code (the pages send them to /next-steps). */
	dashboardLocked:
		'Unlock your dashboard first: enter the code from our Telegram channel (POST /api/auth/verify-code).',

	adminInvalidCredentials: 'Invalid admin credentials',
	adminLoginFailed: 'Login failed. Please try again.',
	adminAuthFailedTitle: 'Authentication Failed',
	adminPrivilegesRequired: 'Access denied. Admin privileges required.',
	superAdminRequired: 'Access denied. Super admin privileges required.',
	adminNotAuthenticated: 'Not authenticated',
	accessDeniedTitle: 'Access Denied',
	backToLogin: 'Back to Login',
} as const
