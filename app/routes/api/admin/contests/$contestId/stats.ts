import { requireApiCapability } from '#app/auth/staff.server.ts'
import { getContestStats } from '#app/features/contests/admin-contests.server.ts'
import { ContestStatsSchema } from '#app/features/contests/responses.server.ts'
import { CONTEST_TEXTS } from '#app/features/contests/schemas.ts'
import { ADMIN_403, ADMIN_GUARD, ok, refusals } from '#app/utils/api-schema.server.ts'
import { apiError, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'
import { ContestIdParams, requirePathId } from '../+contests.server.ts'

const route = apiRoute({
	GET: endpoint({
		tags: ['Admin contests'],
		summary: "A contest's figures",
		auth: 'admin',
		params: ContestIdParams,
		responses: { 200: ok('The figures.', { data: ContestStatsSchema }), ...refusals([...ADMIN_GUARD, 404], ADMIN_403) },
		handler({ request, params }) {
			requireApiCapability(request, 'contests:view')
			const stats = getContestStats(requirePathId(params.contestId))
			return stats ? apiSuccess(stats) : apiError(404, CONTEST_TEXTS.notFound)
		},
	}),
})
export const loader = route.loader
export const action = route.action
