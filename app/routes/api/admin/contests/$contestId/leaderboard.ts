import { requireApiCapability } from '#app/auth/staff.server.ts'
import { getAdminLeaderboard } from '#app/features/contests/admin-contests.server.ts'
import { LeaderboardSchema } from '#app/features/contests/responses.server.ts'
import { LeaderboardQuerySchema, CONTEST_TEXTS } from '#app/features/contests/schemas.ts'
import { ADMIN_403, ADMIN_GUARD, ok, refusals } from '#app/utils/api-schema.server.ts'
import { apiError, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'
import { ContestIdParams, requirePathId } from '../+contests.server.ts'

const route = apiRoute({
	GET: endpoint({
		tags: ['Admin contests'],
		summary: 'The top participants',
		auth: 'admin',
		params: ContestIdParams,
		query: LeaderboardQuerySchema,
		responses: {
			200: ok('The leaderboard.', { data: LeaderboardSchema }),
			...refusals([400, ...ADMIN_GUARD, 404], { 400: 'An unknown, bad or repeated query parameter.', ...ADMIN_403 }),
		},
		handler({ request, params, query }) {
			requireApiCapability(request, 'contests:view')
			const id = requirePathId(params.contestId)
			const { limit } = query()
			const board = getAdminLeaderboard(id, limit ?? 10)
			return board ? apiSuccess(board) : apiError(404, CONTEST_TEXTS.notFound)
		},
	}),
})
export const loader = route.loader
export const action = route.action
