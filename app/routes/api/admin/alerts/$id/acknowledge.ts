import { ALERT_ACKNOWLEDGED } from '#app/features/alerts/schemas.ts'
import { apiRoute } from '#app/utils/api.server.ts'
import { alertStep } from '../+handle.server.ts'

const route = apiRoute({
	POST: alertStep('acknowledge', {
		summary: 'Acknowledge an alert: it stays open, marked seen by you (audited as alert.acknowledge)',
		done: 'Acknowledged.',
		conflict: 'The alert is already acknowledged or resolved.',
		message: ALERT_ACKNOWLEDGED,
	}),
})
export const loader = route.loader
export const action = route.action
