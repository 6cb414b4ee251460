/** Messages shared by the server rules and the pages (no server code here). */
export const INVALID_CREDENTIALS = 'Invalid email or password'
export const INVALID_UNLOCK_CODE = 'Invalid code. Please try again.'
export const INVALID_RESET_LINK = 'This reset link is invalid or has expired. Please request a new password reset.'
export const EMAIL_TAKEN = 'An account with this email already exists'
export const UNKNOWN_REFERRAL_CODE = 'Invalid referral code'
export const ACCOUNT_NOT_ACTIVE = 'This account is not active. Please contact support.'
export const FORGOT_PASSWORD_SENT =
	"If an account exists for that email, we've sent a password reset link. Please check your inbox and spam folder."
export const PASSWORD_RESET_DONE = 'Your password has been reset. You can now sign in with your new password.'

