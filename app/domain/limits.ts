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

/** Unlock codes typed by staff (the same charset UNLOCK_CODE accepts) and the grace choices at rotation. */
export const UNLOCK_CODE_LIMITS = {
	minLength: 4,
	maxLength: 64,
	/** Hours the previous code(s) keep working after a rotation: none, 1 hour, 24 hours, 7 days. */
	graceHours: [0, 1, 24, 168],
} as const

/** Plan code batches: how many codes, uses per code, the campaign note, list pages. */
export const PLAN_CODE_LIMITS = {
	minCount: 1,
	maxCount: 10_000,
	maxUsesPerCode: 1_000,
	note: 200,
	/** Random characters after the plan marker ("GOLD-" + 12): 60 bits, unguessable among 10,000. */
	randomLength: 12,
	/** Rows per page of the batches list and of a batch's codes. */
	pageSize: 20,
	/** Unused plan codes are deleted this many days after they expired (used ones stay: plan history). */
	purgeAfterDays: 90,
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

/** Broker report import (/admin/brokers/:slug/reports and its API; docs/broker-reports.md). */
export const BROKER_REPORT_LIMITS = {
	/** The largest report file accepted: 5 MiB (5,242,880 bytes); larger is a 413. */
	fileBytes: 5 * 1024 * 1024,
	/** Room for the multipart envelope and the month field around the file. */
	multipartOverheadBytes: 64 * 1024,
	/** Data rows in one report; more is refused with a message. */
	maxRows: 50_000,
	/** The largest single amount: $100,000,000 (as a revenue entry). */
	maxAmountCents: 100_000_000 * 100,
	/** Bad rows listed on the page and in the API's answer (the count covers all of them). */
	listedErrors: 200,
	/** A tracking id longer than this is malformed. */
	trackingId: 100,
	/** Uploads waiting for their confirmation are discarded after a day. */
	uploadTtlMs: 24 * 60 * 60 * 1000,
	/** File names are kept to this many characters. */
	fileName: 200,
} as const
