import { TERMS_VERSION } from '#app/features/auth/schemas.ts'

/**
 * The consents a member gives (issue 15 part 3, docs/decisions/023-consents-and-notifications.md):
 * the terms (by their version), the 18+ confirmation and the risk acknowledgement. The 18+ and
 * risk texts carry a version of their own, so a changed wording is told apart in the record.
 */
export const AGE_CONFIRMATION_VERSION = '18+ 2026-11'
export const RISK_ACKNOWLEDGEMENT_VERSION = 'CFD 78% 2026-11'

export const CONSENT_VERSIONS = {
	terms: TERMS_VERSION,
	age: AGE_CONFIRMATION_VERSION,
	risk: RISK_ACKNOWLEDGEMENT_VERSION,
} as const

export type ConsentKind = keyof typeof CONSENT_VERSIONS
export type ConsentSource = 'signup' | 'reaccept' | 'staff' | 'api'

export const CONSENT_KIND_LABELS: Record<ConsentKind, string> = {
	terms: 'Terms & Conditions',
	age: 'Confirmed 18 or older',
	risk: 'Risk warning acknowledged',
}

export const CONSENT_SOURCE_LABELS: Record<ConsentSource, string> = {
	signup: 'Sign-up form',
	api: 'Sign-up through the API',
	reaccept: 'Accepted new terms',
	staff: 'Account created by staff',
}

export const AGE_CONFIRMATION_LABEL = 'I confirm I am 18 years old or older.'
export const RISK_ACKNOWLEDGEMENT_LABEL =
	'I have read and accept the risk warning: 78% of retail CFD accounts lose money.'

/** What the member API answers (409) while the member has not accepted the current terms. */
export const TERMS_NOT_ACCEPTED =
	'The Terms & Conditions have changed: accept them first (POST /api/member/terms/accept)'
/** What the member API answers (403) before the member has unlocked, as the dashboard's /next-steps. */
export const MEMBER_NOT_UNLOCKED = 'Enter your unlock code first (POST /api/auth/verify-code)'
