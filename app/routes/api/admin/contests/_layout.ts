import { requireApiCapability } from '#app/auth/staff.server.ts'
import { createContest, listContests } from '#app/features/contests/admin-contests.server.ts'
import { AdminContestSchema } from '#app/features/contests/responses.server.ts'
import { ContestListQuerySchema } from '#app/features/contests/schemas.ts'
import { ADMIN_403, ADMIN_GUARD, BODY_REFUSALS, ok, refusals, z } from '#app/utils/api-schema.server.ts'
import { apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'
import { ContestRequest } from './+contests.server.ts'

const route = apiRoute({
	GET: endpoint({
		tags: ['Admin contests'],
		summary: 'List contests',
		auth: 'admin',
		query: ContestListQuerySchema,
		responses: {
			200: ok('The contests.', { data: z.object({ contests: z.array(AdminContestSchema) }).strict() }),
			...refusals([400, ...ADMIN_GUARD], { 400: 'An unknown, bad or repeated query parameter.', ...ADMIN_403 }),
		},
		handler({ request, query }) {
			requireApiCapability(request, 'contests:view')
			return apiSuccess({ contests: listContests(query()) })
		},
	}),
	POST: endpoint({
		tags: ['Admin contests'],
		summary: 'Create a contest (it starts as a draft)',
		auth: 'admin',
		body: ContestRequest,
		responses: {
			201: ok('Created.', { message: true, data: z.object({ contest: AdminContestSchema }).strict() }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD], ADMIN_403),
		},
		async handler({ request, body }) {
			const { admin } = requireApiCapability(request, 'contests:create')
			const result = createContest({ id: admin.id, email: admin.email }, await body())
			if (!result.ok) return apiFailure(result)
			return apiSuccess({ contest: result.value }, { message: 'Contest created', status: 201 })
		},
	}),
})
export const loader = route.loader
export const action = route.action
