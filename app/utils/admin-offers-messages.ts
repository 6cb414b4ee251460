import { CLAIM_STATUSES, type ClaimStatus } from '#app/domain/enums.ts'
import { OFFER_CLAIM_LIMITS } from '#app/domain/limits.ts'

/**
 * The words of /admin/offers, /api/admin/offer-claims* and the member's
 * claim status on /dashboard/zero-fee (issue 12 part 3).
 */
export const OFFERS_TITLE = 'Offer Claims'
export const OFFERS_ERROR_TITLE = 'Error Loading Offer Claims'
export const OFFERS_LOAD_FAILED = 'Failed to load offer claims'
export const CLAIM_TITLE = 'Offer Claim'
export const CLAIM_NOT_FOUND = 'Claim not found'
export const CLAIM_UPDATED = 'Claim updated'
export const CLAIM_UNCHANGED = 'Nothing changed'

export const CLAIM_MESSAGES = {
	statusRequired: 'Choose a status',
	statusInvalid: `Status must be one of ${CLAIM_STATUSES.join(', ')}`,
	noteTooLong: `Note must be at most ${OFFER_CLAIM_LIMITS.note} characters`,
	noteInvalid: 'Note contains characters that are not allowed',
	nothingToChange: 'Give a status or a note',
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
