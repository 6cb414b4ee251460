import { updateParticipantScore } from '#app/features/contests/admin-contests.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { PARTICIPANT_NOT_FOUND, ScoreApiSchema } from '#app/features/contests/schemas.ts'
import { apiFailure, apiRoute, apiSuccess, parseJsonBody } from '#app/utils/api.server.ts'
import { requirePathId } from '../../+contests.server.ts'

// PUT /api/admin/contests/:id/participants/:userId { score } (a whole number
// of 0 or more) → data { participant }. 409 once the contest is completed.
const route = apiRoute({
	async PUT({ request, params }) {
		const { admin } = requireApiCapability(request, 'contests:update')
		const contestId = requirePathId(params.contestId)
		const userId = requirePathId(params.userId, PARTICIPANT_NOT_FOUND)
		const input = await parseJsonBody(request, ScoreApiSchema)
		const result = updateParticipantScore({ id: admin.id, email: admin.email }, contestId, userId, input.score)
		if (!result.ok) return apiFailure(result)
		return apiSuccess({ participant: result.value }, { message: 'Score updated' })
	},
})
export const loader = route.loader
export const action = route.action
