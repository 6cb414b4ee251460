import { ALERT_MESSAGES } from '#app/features/alerts/schemas.ts'
import { apiRoute } from '#app/utils/api.server.ts'
import { alertStep } from '../+handle.server.ts'

const route = apiRoute({
	POST: alertStep('resolve', {
		summary: 'Resolve an alert (audited as alert.resolve)',
		done: 'Resolved.',
		conflict: 'The alert is already resolved.',
		message: ALERT_MESSAGES.resolved,
	}),
})
export const loader = route.loader
export const action = route.action
