import { z } from 'zod'

export const STATEMENT_PAGE_SIZE = 20

export const STATEMENT_MAX_LIMIT = 100

export const STATEMENT_MAX_PAGE = 100_000

/**
 * A whole number from 1 to `max`, written plainly (`fallback` when not
 * given); anything else, the empty string too, is `message`. The number
 * schema inside is what the API's document shows.
 */
const wholeNumber = (max: number, message: string, fallback: number) =>
	z.preprocess(
		(v) => (typeof v === 'string' && /^[1-9]\d{0,15}$/.test(v) ? Number(v) : v),
		z.number({ message }).int({ message }).min(1, { message }).max(max, { message }).default(fallback),
	)

/** GET /api/member/referrals ?page=1.. &limit=1..100 (default 20): the points statement's page. */
export const StatementQuerySchema = z
	.object({
		page: wholeNumber(STATEMENT_MAX_PAGE, `page must be a whole number from 1 to ${STATEMENT_MAX_PAGE}`, 1),
		limit: wholeNumber(
			STATEMENT_MAX_LIMIT,
			`limit must be a whole number from 1 to ${STATEMENT_MAX_LIMIT}`,
			STATEMENT_PAGE_SIZE,
		),
	})
	.strict()

/** Texts of /admin/referrals and /api/admin/referrals* (issue 15 part 4). */
export const REFERRAL_MESSAGES = {
	pageTitle: 'Referral Review',
	loadFailed: 'The referrals could not be loaded. Try again.',
	notFound: 'Referral not found',
	alreadyDecided: 'This referral has already been decided',
	approved: 'Referral approved: the points now count',
	rejected: 'Referral rejected: it will not count',
	rejectTitle: 'Reject Referral',
	rejectWarning:
		'A rejected referral never counts toward points, milestones or contests. The referrer sees it as not counted with your reason.',
	settingsSaved: 'Referral review settings saved',
	reasonRequired: 'Enter a reason',
} as const

/** Limits of the referral review (issue 15 part 4). */
export const REFERRAL_REVIEW_LIMITS = { pageSize: 20, maxPageSize: 100, reason: 500 } as const

export const REFERRAL_REVIEW_VIEWS = ['held', 'decided'] as const
export type ReferralReviewView = (typeof REFERRAL_REVIEW_VIEWS)[number]

/** ?view=held|decided&page=N from a URL (bad values fall back: held, page 1). */
export function referralReviewQueryFromUrl(params: URLSearchParams): { view: ReferralReviewView; page: number } {
	const view = params.get('view') === 'decided' ? 'decided' : 'held'
	const page = Number(params.get('page'))
	return { view, page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1 }
}

export const ReferralReviewApiQuerySchema = z.object({
	status: z
		.enum(REFERRAL_REVIEW_VIEWS)
		.default('held')
		.describe(
			'held: waiting for review, oldest first; decided: approved or rejected after a hold, newest decision first.',
		),
	page: z.coerce.number().int().min(1).max(100_000).default(1),
	limit: z.coerce
		.number()
		.int()
		.min(1)
		.max(REFERRAL_REVIEW_LIMITS.maxPageSize)
		.default(REFERRAL_REVIEW_LIMITS.pageSize),
})

const reason = z
	.string({ required_error: REFERRAL_MESSAGES.reasonRequired })
	.trim()
	.min(1, REFERRAL_MESSAGES.reasonRequired)
	.max(REFERRAL_REVIEW_LIMITS.reason, `At most ${REFERRAL_REVIEW_LIMITS.reason} characters`)

export const ReferralRejectApiSchema = z.object({ reason })
export const ReferralRejectFormSchema = z.object({ reason: z.string().optional().default('').pipe(reason) })

/** A referral credit id from a path segment, or null. */
export function parseReferralId(value: string | undefined) {
	if (!value || !/^[1-9][0-9]{0,9}$/.test(value)) return null
	return Number(value)
}

const minutes = z.coerce
	.number({ invalid_type_error: 'Enter a whole number of minutes' })
	.int('Enter a whole number of minutes')
	.min(1, 'At least 1 minute')
	.max(43_200, 'At most 43,200 minutes (30 days)')
const count = z.coerce
	.number({ invalid_type_error: 'Enter a whole number' })
	.int('Enter a whole number')
	.min(1, 'At least 1')
	.max(100_000, 'At most 100,000')

/** The settings form: checkboxes are absent when unticked. */
export const ReferralSettingsFormSchema = z.object({
	clientMaxEvents: count,
	clientWindowMinutes: minutes,
	referrerMaxSignups: count,
	referrerWindowMinutes: minutes,
	disposableEmail: z.preprocess((v) => v === 'on' || v === 'true', z.boolean()),
	duplicatePhone: z.preprocess((v) => v === 'on' || v === 'true', z.boolean()),
})

/**
 * Referral integrity thresholds (docs/decisions/024-referral-integrity.md),
 * as stored (app/features/settings/settings.server.ts reads them back).
 */
export const ReferralIntegritySettingsSchema = z.object({
	/** Sign-ups, or unlocks, from one client address within the window: more than this holds the referral. */
	clientMaxEvents: z.number().int().min(1).max(100_000),
	clientWindowMinutes: z.number().int().min(1).max(43_200),
	/** Referred sign-ups of one referrer within the window: more than this holds the referral. */
	referrerMaxSignups: z.number().int().min(1).max(100_000),
	referrerWindowMinutes: z.number().int().min(1).max(43_200),
	/** Hold referrals whose referred member's email is at a disposable domain. */
	disposableEmail: z.boolean(),
	/** Hold referrals whose referred member's phone is another member's too. */
	duplicatePhone: z.boolean(),
})

/** PUT /api/admin/referral-settings: every field, JSON types. */
export const ReferralSettingsApiSchema = ReferralIntegritySettingsSchema.strict()
