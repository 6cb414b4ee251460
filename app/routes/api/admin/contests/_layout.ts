import { createContest, listContests } from '#app/features/contests/admin-contests.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { ContestApiSchema, ContestListQuerySchema } from '#app/features/contests/schemas.ts'
import { apiFailure, apiRoute, apiSuccess, parseJsonBody, parseQuery } from '#app/utils/api.server.ts'

// GET /api/admin/contests ?search&status&type&sortBy=createdAt&sortOrder=desc
//   → data { contests: [{ id, name, description, type, status, startDate,
//     endDate, prizes { first, second, third }, rules, maxParticipants,
//     participantCount, createdAt, updatedAt, completedAt }] }
// POST /api/admin/contests { name, description, type, startDate, endDate,
//   prizes { first, second, third }, rules, maxParticipants } → 201
//   data { contest } (status draft).
const route = apiRoute({
	GET({ request, url }) {
		requireApiCapability(request, 'contests:view')
		const filters = parseQuery(url, ContestListQuerySchema)
		return apiSuccess({ contests: listContests(filters) })
	},
	async POST({ request }) {
		const { admin } = requireApiCapability(request, 'contests:create')
		const input = await parseJsonBody(request, ContestApiSchema)
		const result = createContest({ id: admin.id, email: admin.email }, input)
		if (!result.ok) return apiFailure(result)
		return apiSuccess({ contest: result.value }, { message: 'Contest created', status: 201 })
	},
})
export const loader = route.loader
export const action = route.action
