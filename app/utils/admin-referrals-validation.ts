import { z } from 'zod'
import { REFERRAL_REASON_REQUIRED } from './admin-referrals-messages.ts'

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
	status: z.enum(REFERRAL_REVIEW_VIEWS).optional(),
	page: z.coerce.number().int().min(1).max(100_000).optional(),
	limit: z.coerce.number().int().min(1).max(REFERRAL_REVIEW_LIMITS.maxPageSize).optional(),
})

const reason = z
	.string({ required_error: REFERRAL_REASON_REQUIRED })
	.trim()
	.min(1, REFERRAL_REASON_REQUIRED)
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

/** PUT /api/admin/referral-settings: every field, JSON types. */
export const ReferralSettingsApiSchema = z
	.object({
		clientMaxEvents: z.number().int().min(1).max(100_000),
		clientWindowMinutes: z.number().int().min(1).max(43_200),
		referrerMaxSignups: z.number().int().min(1).max(100_000),
		referrerWindowMinutes: z.number().int().min(1).max(43_200),
		disposableEmail: z.boolean(),
		duplicatePhone: z.boolean(),
	})
	.strict()
