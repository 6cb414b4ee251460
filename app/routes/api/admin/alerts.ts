import { listStaffAlerts } from '#app/features/alerts/alerts.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { parseAlertListQuery } from '#app/features/alerts/schemas.ts'
import { apiError, apiRoute, apiSuccess } from '#app/utils/api.server.ts'

// GET /api/admin/alerts?state=&type=&page=&limit=: every alert, newest
// first, with who acknowledged or resolved it → data { alerts, pagination }.
// An unknown state or type, a bad page or limit: 400.
const route = apiRoute({
	GET({ request, url }) {
		requireApiCapability(request, 'alerts:view')
		const { query, errors } = parseAlertListQuery(url.searchParams, { allowLimit: true })
		if (errors.length > 0) return apiError(400, 'Validation failed', errors)
		const { alerts, pagination } = listStaffAlerts(query)
		const { page, limit, totalPages, totalCount, currentPage } = pagination
		return apiSuccess({ alerts, pagination: { page, limit, totalPages, totalCount, currentPage } })
	},
})
export const loader = route.loader
export const action = route.action
