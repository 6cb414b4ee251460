import { AUDIT_LIMITS } from '#app/domain/limits.ts'

/** The audit log's words (/admin/audit and /api/admin/audit). */
export const AUDIT_TITLE = 'Audit log'
export const AUDIT_ERROR_TITLE = 'The audit log could not be shown'
export const AUDIT_LOAD_FAILED = 'Something went wrong while loading the audit log. Try again.'
export const AUDIT_EMPTY = 'No changes match these filters'
export const AUDIT_FILTERS_INVALID = 'Fix the filters below to see the log'

export const AUDIT_MESSAGES = {
	adminId: "Staff must be an admin's number or 'system'",
	action: `Action must look like "user.update" (lower-case words joined by dots and dashes), at most ${AUDIT_LIMITS.action} characters`,
	targetType: `Target type must be a lower-case word (dashes allowed), at most ${AUDIT_LIMITS.targetType} characters`,
	targetId: `Target id must be letters, digits, dots, dashes, underscores or colons, at most ${AUDIT_LIMITS.targetId} characters`,
	targetIdNeedsType: 'Choose a target type to look up a target id',
	from: 'From must be a date (YYYY-MM-DD)',
	to: 'To must be a date (YYYY-MM-DD)',
	toBeforeFrom: 'To must be on or after From',
	cursor: 'cursor is not one this list gave out',
	limit: `limit must be a whole number from 1 to ${AUDIT_LIMITS.apiMaxLimit}`,
	invalidChars: 'contains characters that are not allowed',
} as const
