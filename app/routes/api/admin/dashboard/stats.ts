import { getDashboardStats, getDashboardTrends } from '#app/features/stats/stats.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { apiRoute, apiSuccess } from '#app/utils/api.server.ts'

// GET /api/admin/dashboard/stats: the four figures, their change (percent,
// signed) and trend (docs/product/decisions.md section 4; rules in
// admin-stats.server.ts), and `trends`: the series behind the cards' charts
// (docs/decisions/018-admin-trends.md).
const route = apiRoute({
	GET({ request }) {
		requireApiCapability(request, 'dashboard:view')
		const now = new Date()
		const stats = getDashboardStats(now)
		return apiSuccess({ ...stats, trends: getDashboardTrends(stats, now) })
	},
})
export const loader = route.loader
export const action = route.action
