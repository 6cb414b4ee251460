import { getContestStats } from '#app/features/contests/admin-contests.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { CONTEST_NOT_FOUND } from '#app/features/contests/schemas.ts'
import { apiError, apiRoute, apiSuccess } from '#app/utils/api.server.ts'
import { requirePathId } from '../+contests.server.ts'

// GET /api/admin/contests/:id/stats → data { contestId, name, status,
// startDate, endDate, participants, totalScore, topScore, averageScore,
// daysLeft, maxParticipants, spotsLeft }.
const route = apiRoute({
	GET({ request, params }) {
		requireApiCapability(request, 'contests:view')
		const stats = getContestStats(requirePathId(params.contestId))
		return stats ? apiSuccess(stats) : apiError(404, CONTEST_NOT_FOUND)
	},
})
export const loader = route.loader
export const action = route.action
