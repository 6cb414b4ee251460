/**
 * How long or large what admins enter may be: the zod schemas enforce these
 * and the messages name them (app/utils/admin-*-messages.ts), so both read
 * one number. Browser-safe, like enums.ts.
 */

export const CONTEST_LIMITS = {
	name: 100,
	description: 1000,
	prize: 100,
	rules: 5000,
	search: 100,
	maxParticipants: 1_000_000,
	score: 1_000_000_000,
} as const

export const USER_LIMITS = {
	name: 100,
} as const

/** Revenue corrections: the reason given for an edit or a void. */
export const REVENUE_LIMITS = {
	reason: 500,
	/** Rows per page of /admin/revenue, and the API's largest `limit`. */
	pageSize: 20,
	apiMaxLimit: 100,
	maxPage: 1_000_000,
} as const

/** Staff accounts (/admin/staff). */
export const STAFF_LIMITS = {
	name: 100,
	/** Length of a generated password (random, shown once). */
	generatedPassword: 20,
} as const
