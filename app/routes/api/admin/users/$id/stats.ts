import { getManagedUserStats } from '#app/features/users/figures.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { ManagedUserStatsSchema } from '#app/features/users/responses.server.ts'
import { USER_NOT_FOUND, parseUserId } from '#app/features/users/schemas.ts'
import { ADMIN_403, ADMIN_GUARD, IdParams, ok, refusals } from '#app/utils/api-schema.server.ts'
import { apiError, apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const route = apiRoute({
	GET: endpoint({
		tags: ['Admin users'],
		summary: "A member's figures: profile, referrals, plan history, sessions, activity, broker accounts",
		auth: 'admin',
		params: IdParams,
		responses: {
			200: ok('The figures.', { data: ManagedUserStatsSchema }),
			...refusals([...ADMIN_GUARD, 404], ADMIN_403),
		},
		handler({ request, params }) {
			requireApiCapability(request, 'users:view')
			const id = parseUserId(params.id)
			if (id === null) return apiError(404, USER_NOT_FOUND)
			const result = getManagedUserStats(id)
			if (!result.ok) return apiFailure(result)
			return apiSuccess(result.value)
		},
	}),
})
export const loader = route.loader
export const action = route.action
