import { getManagedUserStats } from '#app/features/users/figures.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { USER_NOT_FOUND, parseUserId } from '#app/features/users/schemas.ts'
import { apiError, apiFailure, apiRoute, apiSuccess } from '#app/utils/api.server.ts'

// GET /api/admin/users/:id/stats: data { user, referrals, planHistory,
// sessions, activity, recentChanges, brokers } (the user page's figures;
// brokers: the member's broker accounts and the reports' figures by month).
const route = apiRoute({
	GET({ request, params }) {
		requireApiCapability(request, 'users:view')
		const id = parseUserId(params.id)
		if (id === null) return apiError(404, USER_NOT_FOUND)
		const result = getManagedUserStats(id)
		if (!result.ok) return apiFailure(result)
		return apiSuccess(result.value)
	},
})
export const loader = route.loader
export const action = route.action
