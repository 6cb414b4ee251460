import { PLAN_CODE_LIMITS, UNLOCK_CODE_LIMITS } from '#app/domain/limits.ts'
import type { PlanCodeStatus } from '#app/domain/enums.ts'

/**
 * The codes screens' words (/admin/codes and /api/admin/unlock-codes,
 * /api/admin/plan-code-batches, /api/admin/plan-codes), shared by the
 * rules, the pages and the API. Limits come from app/domain/limits.ts.
 */

export const CODES_TITLE = 'Codes'
export const CODES_SUBTITLE = 'The unlock code the channel hands out, and plan activation codes issued in batches.'
export const CODES_ERROR_TITLE = 'Codes could not be loaded'
export const CODES_LOAD_FAILED = 'The codes could not be loaded. Please try again.'
export const BATCH_TITLE = 'Code batch'

export const UNLOCK_CODE_MESSAGES = {
	codeTooShort: `Code must be at least ${UNLOCK_CODE_LIMITS.minLength} characters`,
	codeTooLong: `Code must be at most ${UNLOCK_CODE_LIMITS.maxLength} characters`,
	codeInvalid: 'Code may hold letters, digits and dashes only',
	codeTaken: 'This code was used before; choose another',
	expiresAtInvalid: 'Enter a date and time as YYYY-MM-DDTHH:MM (UTC)',
	expiresAtPast: 'Expiry must be in the future',
	graceInvalid: `Grace period must be one of ${UNLOCK_CODE_LIMITS.graceHours.join(', ')} hours`,
	idInvalid: 'Choose a code to retire',
	notFound: 'Unlock code not found',
	alreadyRetired: 'This code is already retired',
	lastActive: 'This is the only active unlock code: members need one. Rotate to a new code first.',
} as const

export const PLAN_CODE_MESSAGES = {
	planRequired: 'Plan is required',
	planInvalid: 'Plan must be gold, titanium or platinum',
	countRequired: 'Number of codes is required',
	countInvalid: `Number of codes must be a whole number from ${PLAN_CODE_LIMITS.minCount} to ${PLAN_CODE_LIMITS.maxCount.toLocaleString('en-US')}`,
	usesRequired: 'Uses per code is required',
	usesInvalid: `Uses per code must be a whole number from 1 to ${PLAN_CODE_LIMITS.maxUsesPerCode.toLocaleString('en-US')}`,
	expiresAtInvalid: UNLOCK_CODE_MESSAGES.expiresAtInvalid,
	expiresAtPast: UNLOCK_CODE_MESSAGES.expiresAtPast,
	noteRequired: 'Note is required: name the campaign',
	noteTooLong: `Note must be at most ${PLAN_CODE_LIMITS.note} characters`,
	noteInvalid: 'Note contains characters that are not allowed',
	statusInvalid: 'Status must be unused, used, expired or revoked',
	codeIdInvalid: 'Choose a code to revoke',
	batchNotFound: 'Code batch not found',
	codeNotFound: 'Plan code not found',
	codeUsed: 'This code was used up: a used code cannot be revoked',
	codeAlreadyRevoked: 'This code is already revoked',
	batchNothingToRevoke: 'Every code of this batch is already used up or revoked',
} as const

export const PLAN_CODE_STATUS_LABELS: Record<PlanCodeStatus, string> = {
	unused: 'Unused',
	used: 'Used',
	expired: 'Expired',
	revoked: 'Revoked',
}

export const GRACE_LABELS: Record<(typeof UNLOCK_CODE_LIMITS.graceHours)[number], string> = {
	0: 'None: retire the previous code now',
	1: '1 hour',
	24: '24 hours',
	168: '7 days',
}

export const CODES_NOTICES = {
	rotated: 'Unlock code rotated',
	retired: 'Unlock code retired',
	issued: 'Codes issued',
	codeRevoked: 'Code revoked',
	batchRevoked: 'Batch revoked',
} as const
