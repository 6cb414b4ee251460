import { z } from 'zod'
import { ALERT_STATES, ALERT_TYPES, type AlertState, type AlertType } from '#app/domain/enums.ts'
import { ALERT_QUERY_MESSAGES } from './admin-alerts-messages.ts'
import { parseUserId, type QueryError } from './admin-users-validation.ts'
import { queryInput } from './validation.ts'

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

function plainInteger(value: string) {
	return /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null
}

/**
 * Reads the list query: each bad value (unknown state or type, bad page or
 * limit, a repeated parameter) is an error with its path and falls back to
 * its default. Blank or "all" is no filter. `limit` only with `allowLimit`
 * (the API; the page shows 20 rows).
 */
export function parseAlertListQuery(
	params: URLSearchParams,
	options: { allowLimit?: boolean } = {},
): { query: AlertListQuery; errors: QueryError[] } {
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
	const query: AlertListQuery = { ...DEFAULT_ALERT_LIST_QUERY }
	const state = one('state')
	if (state !== undefined && state !== '' && state !== 'all') {
		if ((ALERT_STATES as readonly string[]).includes(state)) query.state = state as AlertState
		else errors.push({ path: 'state', message: ALERT_QUERY_MESSAGES.state })
	}
	const type = one('type')
	if (type !== undefined && type !== '' && type !== 'all') {
		if ((ALERT_TYPES as readonly string[]).includes(type)) query.type = type as AlertType
		else errors.push({ path: 'type', message: ALERT_QUERY_MESSAGES.type })
	}
	const page = one('page')
	if (page !== undefined && page !== '') {
		const n = plainInteger(page)
		if (n !== null && n <= ALERTS_MAX_PAGE) query.page = n
		else errors.push({ path: 'page', message: `page must be a whole number from 1 to ${ALERTS_MAX_PAGE}` })
	}
	if (options.allowLimit) {
		const limit = one('limit')
		if (limit !== undefined && limit !== '') {
			const n = plainInteger(limit)
			if (n !== null && n <= ALERTS_API_MAX_LIMIT) query.limit = n
			else errors.push({ path: 'limit', message: `limit must be a whole number from 1 to ${ALERTS_API_MAX_LIMIT}` })
		}
	}
	return { query, errors }
}

export function alertListSearch(query: AlertListQuery, overrides: Partial<AlertListQuery> = {}) {
	const q = { ...query, ...overrides }
	const params = new URLSearchParams()
	if (q.state) params.set('state', q.state)
	if (q.type) params.set('type', q.type)
	if (q.page > 1) params.set('page', String(q.page))
	const text = params.toString()
	return text ? `?${text}` : ''
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
