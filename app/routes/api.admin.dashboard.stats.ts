import { getDashboardStats } from '#app/models/admin-stats.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { apiRoute, apiSuccess } from '#app/utils/api.server.ts'

// GET /api/admin/dashboard/stats: the four figures, their change (percent,
// signed) and trend (docs/product/decisions.md section 4; rules in admin-stats.server.ts).
const route = apiRoute({
	GET({ request }) {
		requireApiCapability(request, 'dashboard:view')
		return apiSuccess(getDashboardStats())
	},
})
export const loader = route.loader
export const action = route.action
