import { ALERT_STATES, ALERT_TYPES, type AlertState, type AlertType } from '#app/domain/enums.ts'
import { z } from 'zod'
import { parseUserId } from '#app/features/users/schemas.ts'
import { filteredListSearch, filterParam, filteredListQueryParser, wholeNumberParam } from '#app/utils/list-query.ts'

/** The words of /admin/alerts, the dashboard's alert buttons and /api/admin/alerts* (issue 12 part 4). */
export const ALERT_MESSAGES = {
	title: 'System Alerts',
	errorTitle: 'Error Loading Alerts',
	loadFailed: 'Failed to load alerts',
	notFound: 'Alert not found',
	acknowledged: 'Alert acknowledged',
	resolved: 'Alert resolved',
	alreadyResolved: 'This alert is already resolved',
	alreadyAcknowledged: 'This alert is already acknowledged',
	/** Who resolved an alert the server resolved itself (resolvedByEmail null). */
	systemActor: 'the system',
} as const

export const ALERT_QUERY_MESSAGES = {
	state: `state must be one of ${ALERT_STATES.join(', ')}`,
	type: `type must be one of ${ALERT_TYPES.join(', ')}`,
	intent: 'Choose acknowledge or resolve',
} as const

export const ALERT_STATE_LABELS: Record<AlertState, string> = {
	open: 'Open',
	acknowledged: 'Acknowledged',
	resolved: 'Resolved',
}

/** /admin/alerts and /api/admin/alerts*: the list's query and the staff actions. Browser-safe. */

export const ALERTS_PAGE_SIZE = 20
export const ALERTS_API_MAX_LIMIT = 100
export const ALERTS_MAX_PAGE = 1_000_000

export type AlertListQuery = {
	page: number
	limit: number
	state: AlertState | null
	type: AlertType | null
}

export const DEFAULT_ALERT_LIST_QUERY: AlertListQuery = { page: 1, limit: ALERTS_PAGE_SIZE, state: null, type: null }

/**
 * Reads the list query (state, type, page, limit): each bad value is an
 * error at its path and falls back to its default (app/utils/list-query.ts).
 * `limit` only with `allowLimit` (the API; the page shows 20 rows).
 */
export const parseAlertListQuery = filteredListQueryParser<AlertListQuery>(() => ({
	filters: {
		state: { values: ALERT_STATES, message: ALERT_QUERY_MESSAGES.state },
		type: { values: ALERT_TYPES, message: ALERT_QUERY_MESSAGES.type },
	},
	pageSize: ALERTS_PAGE_SIZE,
	maxPage: ALERTS_MAX_PAGE,
	maxLimit: ALERTS_API_MAX_LIMIT,
}))

/**
 * GET /api/admin/alerts ?state &type &page &limit: what
 * parseAlertListQuery(params, { allowLimit: true }) reads, the same errors
 * in the same order (parseQuery with `repeated: 'schema'`).
 */
export const AlertListApiQuerySchema = z
	.object({
		state: filterParam('state', { values: ALERT_STATES, message: ALERT_QUERY_MESSAGES.state }, [
			...ALERT_STATES,
			'all',
			'',
		]).describe('open (not seen), acknowledged (open, seen) or resolved; empty or `all`: every alert.'),
		type: filterParam('type', { values: ALERT_TYPES, message: ALERT_QUERY_MESSAGES.type }, [
			...ALERT_TYPES,
			'all',
			'',
		]).describe('Empty or `all`: every type.'),
		page: wholeNumberParam('page', ALERTS_MAX_PAGE, DEFAULT_ALERT_LIST_QUERY.page),
		limit: wholeNumberParam('limit', ALERTS_API_MAX_LIMIT, ALERTS_PAGE_SIZE),
	})
	.transform(({ state, type, page, limit }): AlertListQuery => ({
		state: state ?? null,
		type: type ?? null,
		page,
		limit,
	}))

export function alertListSearch(query: AlertListQuery, overrides: Partial<AlertListQuery> = {}) {
	return filteredListSearch({ ...query, ...overrides }, ['state', 'type'])
}

export const parseAlertId = parseUserId

export const ALERT_INTENTS = ['acknowledge', 'resolve'] as const
export type AlertIntent = (typeof ALERT_INTENTS)[number]

/** Where the alert buttons may send staff back to (the dashboard or a page of /admin/alerts). */
export function alertReturnTo(value: unknown) {
	if (typeof value !== 'string') return '/admin/alerts'
	if (value === '/admin/dashboard' || value === '/admin/dashboard#system-alerts') return value
	return /^\/admin\/alerts(\?[\w=&%.-]*)?$/.test(value) ? value : '/admin/alerts'
}

/** The buttons' form: which alert, what to do, where to go back. */
export const AlertActionFormSchema = z.object({
	alertId: z.preprocess(
		(v) => (typeof v === 'string' ? parseAlertId(v) : null),
		z.number({ message: 'Unknown alert' }),
	),
	intent: z.enum(ALERT_INTENTS, { errorMap: () => ({ message: ALERT_QUERY_MESSAGES.intent }) }),
	returnTo: z.string().optional(),
})
