import { checkContestAlerts, listAlerts } from '#app/features/alerts/alerts.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { AlertsQuerySchema } from '#app/features/revenue/schemas.ts'
import { AlertSchema, type DashboardAlert } from '#app/features/stats/responses.server.ts'
import { ADMIN_403, ADMIN_GUARD, ok, refusals, z } from '#app/utils/api-schema.server.ts'
import { apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const route = apiRoute({
	GET: endpoint({
		tags: ['Admin dashboard'],
		summary: 'Open system alerts, newest first',
		auth: 'admin',
		query: AlertsQuerySchema,
		responses: {
			200: ok('The alerts.', { data: z.array(AlertSchema) }),
			...refusals([400, ...ADMIN_GUARD], { 400: 'A bad or repeated query parameter.', ...ADMIN_403 }),
		},
		handler({ request, query }) {
			requireApiCapability(request, 'dashboard:view')
			const { limit } = query()
			checkContestAlerts()
			const alerts = listAlerts(limit ?? 10).map(({ actionUrl, ...alert }): DashboardAlert =>
				actionUrl ? { ...alert, actionUrl } : alert,
			)
			return apiSuccess(alerts)
		},
	}),
})
export const loader = route.loader
export const action = route.action
