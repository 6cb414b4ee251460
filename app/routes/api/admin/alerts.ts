import { listStaffAlerts } from '#app/features/alerts/alerts.server.ts'
import { StaffAlertSchema } from '#app/features/alerts/responses.server.ts'
import { AlertListApiQuerySchema } from '#app/features/alerts/schemas.ts'
import { apiRoute } from '#app/utils/api.server.ts'
import { staffListEndpoint } from './+lists.server.ts'

// Each alert with who acknowledged or resolved it.
const route = apiRoute({
	GET: staffListEndpoint({
		tags: ['Admin alerts'],
		summary: 'Every system alert, newest first, filtered by state and type',
		query: AlertListApiQuerySchema,
		repeated: 'schema',
		capability: 'alerts:view',
		page: 'A page of alerts.',
		key: 'alerts',
		item: StaffAlertSchema,
		badQuery: 'An unknown state or type, a bad page or limit, or a repeated parameter.',
		read: listStaffAlerts,
	}),
})
export const loader = route.loader
export const action = route.action
