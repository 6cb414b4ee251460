import { getDashboardStats, getDashboardTrends } from '#app/features/stats/stats.server.ts'
import { DashboardStatsSchema } from '#app/features/stats/responses.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { ADMIN_403, ADMIN_GUARD, ok, refusals } from '#app/utils/api-schema.server.ts'
import { apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

// The figures' rules: docs/product/decisions.md section 4 and
// app/features/stats/stats.server.ts; the trends behind the cards' charts:
// docs/decisions/018-admin-trends.md.
const route = apiRoute({
	GET: endpoint({
		tags: ['Admin dashboard'],
		summary: 'Platform figures, their change and their trends',
		auth: 'admin',
		responses: { 200: ok('The figures.', { data: DashboardStatsSchema }), ...refusals(ADMIN_GUARD, ADMIN_403) },
		handler({ request }) {
			requireApiCapability(request, 'dashboard:view')
			const now = new Date()
			const stats = getDashboardStats(now)
			return apiSuccess({ ...stats, trends: getDashboardTrends(stats, now) })
		},
	}),
})
export const loader = route.loader
export const action = route.action
