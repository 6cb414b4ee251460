import { checkContestAlerts, listAlerts } from '#app/features/alerts/alerts.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { AlertsQuerySchema } from '#app/features/revenue/schemas.ts'
import { apiRoute, apiSuccess, parseQuery } from '#app/utils/api.server.ts'

// GET /api/admin/dashboard/alerts: open alerts, newest first:
// [{ id, type, title, message, createdAt, actionUrl? }].
const route = apiRoute({
	GET({ request, url }) {
		requireApiCapability(request, 'dashboard:view')
		const { limit } = parseQuery(url, AlertsQuerySchema)
		checkContestAlerts()
		const alerts = listAlerts(limit ?? 10).map(({ actionUrl, ...alert }) =>
			actionUrl ? { ...alert, actionUrl } : alert,
		)
		return apiSuccess(alerts)
	},
})
export const loader = route.loader
export const action = route.action
