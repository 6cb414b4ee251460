import { ALERT_STATES, ALERT_TYPES, type AlertState } from '#app/domain/enums.ts'

/** The words of /admin/alerts, the dashboard's alert buttons and /api/admin/alerts* (issue 12 part 4). */
export const ALERTS_TITLE = 'System Alerts'
export const ALERTS_ERROR_TITLE = 'Error Loading Alerts'
export const ALERTS_LOAD_FAILED = 'Failed to load alerts'
export const ALERT_NOT_FOUND = 'Alert not found'
export const ALERT_ACKNOWLEDGED = 'Alert acknowledged'
export const ALERT_RESOLVED = 'Alert resolved'
export const ALERT_ALREADY_RESOLVED = 'This alert is already resolved'
export const ALERT_ALREADY_ACKNOWLEDGED = 'This alert is already acknowledged'
/** Who resolved an alert the server resolved itself (resolvedByEmail null). */
export const ALERT_SYSTEM_ACTOR = 'the system'

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
