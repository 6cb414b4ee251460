import { completeContest } from '#app/features/contests/admin-contests.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { requirePathId } from '../+contests.server.ts'
import { apiFailure, apiRoute, apiSuccess, parseJsonBody } from '#app/utils/api.server.ts'
import { IgnoredApiBodySchema } from '#app/utils/validation.ts'

// POST /api/admin/contests/:id/complete (no payload): active → completed,
// ranks frozen → data { contest }. 409 from any other status.
const route = apiRoute({
	async POST({ request, params }) {
		const { admin } = requireApiCapability(request, 'contests:update')
		const id = requirePathId(params.contestId)
		await parseJsonBody(request, IgnoredApiBodySchema)
		const result = completeContest({ id: admin.id, email: admin.email }, id)
		if (!result.ok) return apiFailure(result)
		return apiSuccess({ contest: result.value }, { message: 'Contest completed' })
	},
})
export const loader = route.loader
export const action = route.action
