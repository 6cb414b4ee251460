import { getAdminLeaderboard } from '#app/features/contests/admin-contests.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { requirePathId } from '../+contests.server.ts'
import { CONTEST_NOT_FOUND, LeaderboardQuerySchema } from '#app/features/contests/schemas.ts'
import { apiError, apiRoute, apiSuccess, parseQuery } from '#app/utils/api.server.ts'

// GET /api/admin/contests/:id/leaderboard ?limit (1..100, 10)
//   → data { contest { id, name, status }, leaderboard: [{ rank, userId,
//     name, email, score }] }: the top N in ranking order.
const route = apiRoute({
	GET({ request, url, params }) {
		requireApiCapability(request, 'contests:view')
		const id = requirePathId(params.contestId)
		const { limit } = parseQuery(url, LeaderboardQuerySchema)
		const board = getAdminLeaderboard(id, limit ?? 10)
		return board ? apiSuccess(board) : apiError(404, CONTEST_NOT_FOUND)
	},
})
export const loader = route.loader
export const action = route.action
