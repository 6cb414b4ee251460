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

/** The audit log's filters (/admin/audit, /api/admin/audit). */
export const AUDIT_LIMITS = {
	action: 64,
	targetType: 40,
	targetId: 64,
	/** Rows on one page of /admin/audit, and the API's default. */
	pageSize: 50,
	/** The most rows one /api/admin/audit call may ask for. */
	apiMaxLimit: 200,
	/** The most rows one CSV export holds (newest first; narrow the filters for more). */
	exportMaxRows: 100_000,
} as const

/** A 0% fee offer claim as staff work it (app/models/offer-claims.server.ts). */
export const OFFER_CLAIM_LIMITS = {
	note: 1000,
} as const
