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

// Member dashboard
/** The member API's 403 for a member who has not entered the unlock code (the pages send them to /next-steps). */
export const DASHBOARD_LOCKED =
	'Unlock your dashboard first: enter the code from our Telegram channel (POST /api/auth/verify-code).'
export const ZERO_FEE_LOCKED = 'Upgrade to a premium plan to access this feature'
export const ACTIVATION_CODE_REQUIRED = 'Please enter your activation code'
export const INVALID_ACTIVATION_CODE = 'Invalid activation code. Please check the code and try again.'
export const ACTIVATION_CODE_USED = 'This activation code has already been used'
export const PLAN_ALREADY_ACTIVE = 'This plan is already active on your account'
export const PLAN_LOWER_THAN_CURRENT = 'Your current plan is already above this one'
export const UNKNOWN_LESSON = 'This lesson does not exist'
export const UNKNOWN_OFFER = 'This offer does not exist'
export const UNKNOWN_TRADER = 'This trader does not exist'
export const planActivated = (planName: string) => `Your plan is now ${planName}.`
export const offerConfirmed = (trader: string) =>
	`Your interest in ${trader}'s 0% offer is confirmed. Our team will contact you on Telegram.`
export const OFFER_ALREADY_CONFIRMED = 'You have already confirmed your interest in this offer'
export const OFFER_FULL = 'No spots are left on this offer'
