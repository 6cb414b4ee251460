/**
 * The staff second factor's words (/admin/security, /admin/login/two-factor,
 * /admin/staff/:id and /api/admin/two-factor*): one home, shared by the
 * rules, the pages and the API.
 */
export const TWO_FACTOR_MESSAGES = {
	codeRequired: 'Enter the 6-digit code from your authenticator app',
	codeFormat: 'The code is 6 digits, like 123456',
	recoveryRequired: 'Enter one of your recovery codes',
	recoveryFormat: 'A recovery code looks like abcde-12345 (10 letters and digits)',
	/** Enrolment confirmed with a code that does not match the new secret. */
	enrolCodeWrong:
		'That code does not match. Enter the code your app shows now for this account (check the device clock if it keeps failing).',
	/** POST /api/admin/login with a password that matched but no code (or recovery code). */
	codeMissing: 'Two-factor authentication code required',
	/** Both a code and a recovery code sent. */
	codeOrRecovery: 'Send either code or recoveryCode, not both',
} as const

export const TWO_FACTOR_PAGE_TITLE = 'Two-Factor Authentication'
export const TWO_FACTOR_SIGN_IN_TITLE = 'Two-Factor Authentication'
/** A pending sign-in that expired, was used, or ran out of attempts. */
export const TWO_FACTOR_SIGN_IN_EXPIRED = 'Your sign-in has expired. Please sign in again.'
/** A page or /api/admin route reached by a staff member who must enrol first. */
export const TWO_FACTOR_ENROLMENT_REQUIRED =
	'Set up two-factor authentication first: open /admin/security, or use /api/admin/two-factor/setup.'
export const TWO_FACTOR_ALREADY_ON = 'Two-factor authentication is already on for this account.'
export const TWO_FACTOR_NOT_ON = 'Two-factor authentication is not on for this account.'
export const TWO_FACTOR_SETUP_EXPIRED = 'The set-up expired. Start again: a new secret has been made.'
export const TWO_FACTOR_SETUP_MISSING = 'Start the set-up first: POST /api/admin/two-factor/setup.'
export const TWO_FACTOR_ENABLED = 'Two-factor authentication is on. Your other sessions have ended.'
export const TWO_FACTOR_RECOVERY_REGENERATED = 'New recovery codes made. The old ones no longer work.'
export const TWO_FACTOR_RESET =
	'Second factor reset. Their sessions have ended; they set it up again at their next sign-in.'
export const TWO_FACTOR_RESET_SELF = 'You cannot reset your own second factor here: use Security.'
export const TWO_FACTOR_RECOVERY_SHOWN_ONCE =
	'Save these recovery codes somewhere safe now: each works once if you lose your device, and they will not be shown again.'
