import type { ContestStatus, ContestType } from '#app/domain/enums.ts'
import { CONTEST_LIMITS } from '#app/domain/limits.ts'
import { NAME_INVALID, NAME_REQUIRED, nameTooLong, SORT_ORDER_INVALID } from './admin-messages.ts'

/**
 * The contest management screens' words (spec sections 2, 4, 5 and 8),
 * shared by the server rules, the pages and /api/admin/contests. Kept apart
 * from admin-messages.ts so the users and contests screens each have a home;
 * words every admin form shares (the name field) come from admin-messages.ts.
 * Field limits are read from app/domain/limits.ts.
 */

/** The contest form's and API's field messages (one at a time, the first rule broken). */
export const CONTEST_MESSAGES = {
	nameRequired: NAME_REQUIRED,
	nameTooLong: nameTooLong(CONTEST_LIMITS.name),
	nameInvalid: NAME_INVALID,
	descriptionRequired: 'Description is required',
	descriptionTooLong: `Description must be at most ${CONTEST_LIMITS.description} characters`,
	descriptionInvalid: 'Description contains characters that are not allowed',
	typeInvalid: 'Type must be referral, trading, deposit or activity',
	startDateRequired: 'Start date is required',
	endDateRequired: 'End date is required',
	dateFormat: 'Enter a date as YYYY-MM-DD',
	dateRange: 'Enter a date between 2000 and 2100',
	endBeforeStart: 'End date must be on or after the start date',
	prizeFirstRequired: 'First prize is required',
	prizeTooLong: `Prize must be at most ${CONTEST_LIMITS.prize} characters`,
	prizeInvalid: 'Prize contains characters that are not allowed',
	rulesRequired: 'Rules are required',
	rulesTooLong: `Rules must be at most ${CONTEST_LIMITS.rules} characters`,
	rulesInvalid: 'Rules contain characters that are not allowed',
	maxParticipantsInvalid: 'Max participants must be a whole number from 1 to 1,000,000',
	statusRequired: 'Status is required',
	statusInvalid: 'Status must be draft, active, paused or completed',
	scoreRequired: 'Score is required',
	scoreInvalid: 'Score must be a whole number of 0 or more',
	scoreTooLarge: 'Score must be at most 1,000,000,000',
	userIdRequired: 'userId is required',
	userIdInvalid: 'userId must be a participant id',
	eitherStatusOrFields: 'Send either the contest fields or only status',
} as const

/** The query parameters of GET /api/admin/contests and its participants and leaderboard (400). */
export const CONTEST_QUERY_MESSAGES = {
	search: `search must be at most ${CONTEST_LIMITS.search} characters without control characters`,
	status: 'status must be draft, active, paused, completed or all',
	type: 'type must be referral, trading, deposit, activity or all',
	sortBy: 'sortBy must be createdAt, name, startDate or endDate',
	sortOrder: SORT_ORDER_INVALID,
	page: 'page must be a whole number from 1',
	limit: 'limit must be a whole number from 1 to 100',
} as const

export const CONTESTS_TITLE = 'Contest Management'
export const CONTESTS_SUBTITLE = 'Create and manage monthly contests'
export const CONTESTS_ERROR_TITLE = 'Error Loading Contests'
export const CONTESTS_LOAD_FAILED = 'Failed to load contests'
export const CONTEST_CREATE_FAILED = 'Failed to create contest'
export const CONTEST_UPDATE_FAILED = 'Failed to update contest'
export const CONTEST_COMPLETE_FAILED = 'Failed to complete contest'
export const CONTEST_STATUS_FAILED = 'Failed to update contest status'
export const CONTEST_DELETE_FAILED = 'Failed to delete contest'
export const CONTEST_SCORE_FAILED = 'Failed to update score'

export const CREATE_CONTEST_TITLE = 'Create New Contest'
export const EDIT_CONTEST_TITLE = 'Edit Contest'
export const DELETE_CONTEST_TITLE = 'Delete Contest'
export const COMPLETE_CONTEST_TITLE = 'Complete Contest'
export const DELETE_CONTEST_WARNING = 'This will permanently remove the contest and all participant data.'
export const COMPLETE_CONTEST_WARNING =
	'Completing freezes the ranks as they stand now. Scores can no longer change and the contest cannot be restarted.'
export const NO_PARTICIPANTS = 'No participants yet'
export const NO_CONTESTS = 'No contests found'
export const MAX_PARTICIPANTS_HINT = 'Leave blank for unlimited'

export const CONTEST_NOT_FOUND = 'Contest not found'
export const PARTICIPANT_NOT_FOUND = 'Participant not found'
export const SCORES_LOCKED = 'This contest is completed: its ranks are final and scores can no longer change.'
export const SCORES_FROM_DATA =
	'Scores of deposit, trading and activity contests come from the data (broker reports, sign-ins, lessons, referrals) and cannot be set by hand.'
/** The participants dialog of a data-scored contest (no score form). */
export const SCORES_FROM_DATA_NOTE = 'Scores come from the data.'
export const USE_COMPLETE_ACTION = 'A contest is completed through the complete action, which freezes its ranks.'
export const CONTEST_FULL_BELOW_COUNT = (count: number) =>
	`Max participants cannot be below the ${count} ${count === 1 ? 'participant' : 'participants'} already in the contest`

export const STATUS_LABELS: Record<ContestStatus, string> = {
	draft: 'Draft',
	active: 'Active',
	paused: 'Paused',
	completed: 'Completed',
}

export const TYPE_LABELS: Record<ContestType, string> = {
	referral: 'Referral',
	trading: 'Trading',
	deposit: 'Deposit',
	activity: 'Activity',
}

/** Why a status change is refused (409). */
export function transitionRefused(from: ContestStatus, to: ContestStatus) {
	if (from === to) return `This contest is already ${from}.`
	return `${from === 'active' ? 'An' : 'A'} ${from} contest cannot be changed to ${to}.`
}

/** The notices shown on the list after a change (flash messages). */
export const CONTEST_NOTICES = {
	created: 'Contest created as a draft.',
	updated: 'Contest updated.',
	started: 'Contest started.',
	paused: 'Contest paused.',
	resumed: 'Contest resumed.',
	completed: 'Contest completed: ranks are final.',
	deleted: 'Contest deleted.',
} as const
export type ContestNotice = keyof typeof CONTEST_NOTICES

export const SCORE_UPDATED = 'Score updated.'
