import { listParticipants } from '#app/features/contests/admin-contests.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { requirePathId } from '../../+contests.server.ts'
import { CONTEST_NOT_FOUND, ParticipantsQuerySchema } from '#app/features/contests/schemas.ts'
import { apiError, apiRoute, apiSuccess, parseQuery } from '#app/utils/api.server.ts'

// GET /api/admin/contests/:id/participants ?page (1..) &limit (1..100, 50)
//   → data { contest { id, name, status }, participants: [{ id, userId,
//     rank, user { name, email }, score, joinedAt }], pagination }.
//   In ranking order; rank is frozen once the contest is completed.
const route = apiRoute({
	GET({ request, url, params }) {
		requireApiCapability(request, 'contests:view')
		const id = requirePathId(params.contestId)
		const query = parseQuery(url, ParticipantsQuerySchema)
		const listed = listParticipants(id, query)
		if (!listed) return apiError(404, CONTEST_NOT_FOUND)
		const { contest, participants, pagination } = listed
		return apiSuccess({
			contest: { id: contest.id, name: contest.name, status: contest.status },
			participants,
			pagination,
		})
	},
})
export const loader = route.loader
export const action = route.action
