import { z } from 'zod'
import { feeOffers } from '#app/content/dashboard.ts'
import { CLAIM_STATUSES, type ClaimStatus } from '#app/domain/enums.ts'
import { OFFER_CLAIM_LIMITS } from '#app/domain/limits.ts'
import { CLAIM_MESSAGES, CLAIM_QUERY_MESSAGES } from './admin-offers-messages.ts'
import { parseUserId, type QueryError } from './admin-users-validation.ts'
import { filteredListSearch, parseFilteredListQuery } from './list-query.ts'

/**
 * /admin/offers and /api/admin/offer-claims*: the list's query (status,
 * offer, page, limit) and the status + note change. Browser-safe.
 */

export const CLAIMS_PAGE_SIZE = 20
export const CLAIMS_API_MAX_LIMIT = 100
export const CLAIMS_MAX_PAGE = 1_000_000

/** The ids of the 0% fee offers (content), the `offer` filter's values. */
export function offerIds() {
	return feeOffers.map((o) => o.id)
}

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
export function parseClaimListQuery(
	params: URLSearchParams,
	options: { allowLimit?: boolean } = {},
): { query: ClaimListQuery; errors: QueryError[] } {
	const { query, errors } = parseFilteredListQuery(
		params,
		{
			filters: {
				status: { values: CLAIM_STATUSES, message: CLAIM_QUERY_MESSAGES.status },
				offer: { values: offerIds(), message: CLAIM_QUERY_MESSAGES.offer },
			},
			pageSize: CLAIMS_PAGE_SIZE,
			maxPage: CLAIMS_MAX_PAGE,
			maxLimit: CLAIMS_API_MAX_LIMIT,
		},
		options,
	)
	return { query: query as ClaimListQuery, errors }
}

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
