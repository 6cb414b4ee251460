import { z } from 'zod'
import { feeOffers } from '#app/content/dashboard.ts'
import { CLAIM_STATUSES, type ClaimStatus } from '#app/domain/enums.ts'
import { OFFER_CLAIM_LIMITS } from '#app/domain/limits.ts'
import { CLAIM_MESSAGES, CLAIM_QUERY_MESSAGES } from './admin-offers-messages.ts'
import { parseUserId, type QueryError } from './admin-users-validation.ts'
import { queryInput } from './validation.ts'

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

const pagingMessages = {
	page: `page must be a whole number from 1 to ${CLAIMS_MAX_PAGE}`,
	limit: `limit must be a whole number from 1 to ${CLAIMS_API_MAX_LIMIT}`,
}

function plainInteger(value: string) {
	return /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null
}

/**
 * Reads the list query from URL search params. Each bad value is an error
 * with its path (an unknown status or offer, a bad page or limit, a
 * repeated parameter) and falls back to its default, so the page can show
 * the list with the error at the filter's field and the API can refuse
 * with 400. Blank (or "all") status and offer mean no filter. `limit` is
 * read only when `allowLimit` (the API); the page always shows 20 rows.
 */
export function parseClaimListQuery(
	params: URLSearchParams,
	options: { allowLimit?: boolean } = {},
): { query: ClaimListQuery; errors: QueryError[] } {
	const input = queryInput(params)
	const errors: QueryError[] = []
	const one = (name: string) => {
		const value = input[name]
		if (Array.isArray(value)) {
			errors.push({ path: name, message: `Give ${name} once` })
			return value[0]
		}
		return value
	}
	const query: ClaimListQuery = { ...DEFAULT_CLAIM_LIST_QUERY }
	const status = one('status')
	if (status !== undefined && status !== '' && status !== 'all') {
		if ((CLAIM_STATUSES as readonly string[]).includes(status)) query.status = status as ClaimStatus
		else errors.push({ path: 'status', message: CLAIM_QUERY_MESSAGES.status })
	}
	const offer = one('offer')
	if (offer !== undefined && offer !== '' && offer !== 'all') {
		if (feeOffers.some((o) => o.id === offer)) query.offer = offer
		else errors.push({ path: 'offer', message: CLAIM_QUERY_MESSAGES.offer })
	}
	const page = one('page')
	if (page !== undefined && page !== '') {
		const n = plainInteger(page)
		if (n !== null && n <= CLAIMS_MAX_PAGE) query.page = n
		else errors.push({ path: 'page', message: pagingMessages.page })
	}
	if (options.allowLimit) {
		const limit = one('limit')
		if (limit !== undefined && limit !== '') {
			const n = plainInteger(limit)
			if (n !== null && n <= CLAIMS_API_MAX_LIMIT) query.limit = n
			else errors.push({ path: 'limit', message: pagingMessages.limit })
		}
	}
	return { query, errors }
}

/** "?status=contacted&offer=amara-okafor&page=2" without the defaults ("" for the default list). */
export function claimListSearch(query: ClaimListQuery, overrides: Partial<ClaimListQuery> = {}) {
	const q = { ...query, ...overrides }
	const params = new URLSearchParams()
	if (q.status) params.set('status', q.status)
	if (q.offer) params.set('offer', q.offer)
	if (q.page > 1) params.set('page', String(q.page))
	const text = params.toString()
	return text ? `?${text}` : ''
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
