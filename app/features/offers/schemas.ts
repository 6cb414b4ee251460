import { CLAIM_STATUSES, type ClaimStatus } from '#app/domain/enums.ts'
import { z } from 'zod'
import { parseUserId } from '#app/features/users/schemas.ts'
import { filteredListSearch, filterParam, filteredListQueryParser, wholeNumberParam } from '#app/utils/list-query.ts'

/** A 0% fee offer claim as staff work it (app/features/offers/offer-claims.server.ts). */
export const OFFER_CLAIM_LIMITS = {
	note: 1000,
} as const

/** The member's words on /dashboard/zero-fee: the plan lock and the claim's answers. */
export const OFFER_MESSAGES = {
	zeroFeeLocked: 'Upgrade to a premium plan to access this feature',
	unknownOffer: 'This offer does not exist',
	offerConfirmed: (trader: string) =>
		`Your interest in ${trader}'s 0% offer is confirmed. Our team will contact you on Telegram.`,
	alreadyConfirmed: 'You have already confirmed your interest in this offer',
	full: 'No spots are left on this offer',
} as const

/**
 * The words of /admin/offers, /api/admin/offer-claims* and the member's
 * claim status on /dashboard/zero-fee (issue 12 part 3).
 */
export const CLAIM_MESSAGES = {
	statusRequired: 'Choose a status',
	statusInvalid: `Status must be one of ${CLAIM_STATUSES.join(', ')}`,
	noteTooLong: `Note must be at most ${OFFER_CLAIM_LIMITS.note} characters`,
	noteInvalid: 'Note contains characters that are not allowed',
	nothingToChange: 'Give a status or a note',
	offersTitle: 'Offer Claims',
	offersErrorTitle: 'Error Loading Offer Claims',
	offersLoadFailed: 'Failed to load offer claims',
	claimTitle: 'Offer Claim',
	claimNotFound: 'Claim not found',
	claimUpdated: 'Claim updated',
	claimUnchanged: 'Nothing changed',
} as const

export const CLAIM_QUERY_MESSAGES = {
	status: `status must be one of ${CLAIM_STATUSES.join(', ')}`,
	offer: 'offer must be the id of a 0% fee offer',
} as const

/** Staff's and the member's word for a status. */
export const CLAIM_STATUS_LABELS: Record<ClaimStatus, string> = {
	new: 'New',
	contacted: 'Contacted',
	done: 'Done',
	declined: 'Declined',
}

/** What the status means for the member (shown after "Your request: <label>"). */
export const CLAIM_STATUS_EXPLANATIONS: Record<ClaimStatus, string> = {
	new: 'Our team has your request and will contact you on Telegram.',
	contacted: 'Our team has contacted you on Telegram about this offer.',
	done: 'Your 0% fee copy with this trader is set up.',
	declined: 'Our team could not give you a spot on this offer. Ask support on Telegram for details.',
}

/**
 * /admin/offers and /api/admin/offer-claims*: the list's query (status,
 * offer, page, limit) and the status + note change. Browser-safe.
 */

export const CLAIMS_PAGE_SIZE = 20
export const CLAIMS_API_MAX_LIMIT = 100
export const CLAIMS_MAX_PAGE = 1_000_000

/**
 * An offer's key (fee_offers.key, what fee_offer_claims.offer_id holds):
 * lowercase words joined by hyphens, like "amara-okafor" or "offer-12". The
 * offers are staff-run content (issue 41), so the `offer` filter takes any
 * key of that shape; a key no claim has gives an empty list.
 */
export const OFFER_KEY_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
export const OFFER_KEY_MAX = 64

export function isOfferKey(value: string) {
	return value.length <= OFFER_KEY_MAX && OFFER_KEY_PATTERN.test(value)
}

const offerFilter = { values: [] as string[], message: '', accepts: isOfferKey }

export type ClaimListQuery = {
	page: number
	limit: number
	status: ClaimStatus | null
	offer: string | null
}

export const DEFAULT_CLAIM_LIST_QUERY: ClaimListQuery = { page: 1, limit: CLAIMS_PAGE_SIZE, status: null, offer: null }

/**
 * Reads the list query (status, offer, page, limit) from URL search params:
 * each bad value is an error at its path and falls back to its default
 * (app/utils/list-query.ts). `limit` only with `allowLimit` (the API).
 */
export const parseClaimListQuery = filteredListQueryParser<ClaimListQuery>(() => ({
	filters: {
		status: { values: CLAIM_STATUSES, message: CLAIM_QUERY_MESSAGES.status },
		offer: { ...offerFilter, message: CLAIM_QUERY_MESSAGES.offer },
	},
	pageSize: CLAIMS_PAGE_SIZE,
	maxPage: CLAIMS_MAX_PAGE,
	maxLimit: CLAIMS_API_MAX_LIMIT,
}))

const claimFilters = () => ({
	status: filterParam('status', { values: CLAIM_STATUSES, message: CLAIM_QUERY_MESSAGES.status }, [
		...CLAIM_STATUSES,
		'all',
		'',
	]).describe('Empty or `all`: every status.'),
	offer: filterParam('offer', { ...offerFilter, message: CLAIM_QUERY_MESSAGES.offer }, ['all', '']).describe(
		"An offer's id; empty or `all`: every offer.",
	),
})
const claimsPage = () => wholeNumberParam('page', CLAIMS_MAX_PAGE, DEFAULT_CLAIM_LIST_QUERY.page)

/**
 * GET /api/admin/offer-claims ?status &offer &page &limit: what
 * parseClaimListQuery(params, { allowLimit: true }) reads, the same errors
 * in the same order (parseQuery with `repeated: 'schema'`).
 */
export const ClaimListApiQuerySchema = z
	.object({
		...claimFilters(),
		page: claimsPage(),
		limit: wholeNumberParam('limit', CLAIMS_API_MAX_LIMIT, CLAIMS_PAGE_SIZE),
	})
	.transform(({ status, offer, page, limit }): ClaimListQuery => ({
		status: status ?? null,
		offer: offer ?? null,
		page,
		limit,
	}))

/**
 * GET /api/admin/offer-claims/export ?status &offer: every page, so `page`
 * is not offered; as parseClaimListQuery(params) it is still checked (after
 * the filters, as there) and ignored, and `limit` is ignored.
 */
export const ClaimExportApiQuerySchema = z
	.object(claimFilters())
	.passthrough()
	.superRefine(({ page }, ctx) => {
		const parsed = claimsPage().safeParse(page)
		if (parsed.success) return
		for (const { message } of parsed.error.issues)
			ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['page'], message })
	})
	.transform(({ status, offer }): ClaimListQuery => ({
		...DEFAULT_CLAIM_LIST_QUERY,
		status: status ?? null,
		offer: offer ?? null,
	}))

/** "?status=contacted&offer=amara-okafor&page=2" without the defaults ("" for the default list). */
export function claimListSearch(query: ClaimListQuery, overrides: Partial<ClaimListQuery> = {}) {
	return filteredListSearch({ ...query, ...overrides }, ['status', 'offer'])
}

/** A claim id from the URL: a positive whole number, else null (a 404). */
export const parseClaimId = parseUserId

/** Line breaks are allowed in a note; every other control character (tab included) is refused. */
const NOTE_CONTROL_CHARS = /(?![\n\r])\p{Cc}/u

export const ClaimNoteSchema = z
	.string({ invalid_type_error: CLAIM_MESSAGES.noteInvalid })
	.transform((v) => v.normalize('NFC').replace(/\r\n?/g, '\n').trim())
	.superRefine((value, ctx) => {
		const message =
			value.length > OFFER_CLAIM_LIMITS.note
				? CLAIM_MESSAGES.noteTooLong
				: NOTE_CONTROL_CHARS.test(value)
					? CLAIM_MESSAGES.noteInvalid
					: null
		if (message) ctx.addIssue({ code: z.ZodIssueCode.custom, message })
	})

export const ClaimStatusSchema = z.enum(CLAIM_STATUSES, {
	errorMap: (issue) => ({
		message: issue.code === 'invalid_type' ? CLAIM_MESSAGES.statusRequired : CLAIM_MESSAGES.statusInvalid,
	}),
})

/** The claim form: a status (required) and a note (blank clears it). */
export const ClaimUpdateFormSchema = z.object({
	status: ClaimStatusSchema,
	note: z.preprocess((v) => v ?? '', ClaimNoteSchema),
})

/** PATCH /api/admin/offer-claims/:id { status?, note? }: at least one; no other fields. */
export const ClaimUpdateApiSchema = z
	.object({ status: ClaimStatusSchema.optional(), note: ClaimNoteSchema.optional() })
	.strict()
	.superRefine((value, ctx) => {
		if (value.status === undefined && value.note === undefined) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['status'], message: CLAIM_MESSAGES.nothingToChange })
		}
	})

export type ClaimUpdateInput = { status?: ClaimStatus; note?: string }
