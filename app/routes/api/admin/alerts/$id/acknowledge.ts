import { ALERT_MESSAGES } from '#app/features/alerts/schemas.ts'
import { apiRoute } from '#app/utils/api.server.ts'
import { alertStep } from '../+handle.server.ts'

const route = apiRoute({
	POST: alertStep('acknowledge', {
		summary: 'Acknowledge an alert: it stays open, marked seen by you (audited as alert.acknowledge)',
		done: 'Acknowledged.',
		conflict: 'The alert is already acknowledged or resolved.',
		message: ALERT_MESSAGES.acknowledged,
	}),
})
export const loader = route.loader
export const action = route.action
