import { requireApiCapability } from '#app/auth/staff.server.ts'
import { completeContest } from '#app/features/contests/admin-contests.server.ts'
import { AdminContestSchema } from '#app/features/contests/responses.server.ts'
import { ADMIN_403, ADMIN_GUARD, BODY_REFUSALS, IgnoredPayload, ok, refusals, z } from '#app/utils/api-schema.server.ts'
import { apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'
import { ContestIdParams, requirePathId } from '../+contests.server.ts'

const route = apiRoute({
	POST: endpoint({
		tags: ['Admin contests'],
		summary: 'Complete an active contest: its ranks are frozen',
		auth: 'admin',
		params: ContestIdParams,
		body: { schema: IgnoredPayload, required: false, description: 'No payload.' },
		responses: {
			200: ok('Completed.', { message: true, data: z.object({ contest: AdminContestSchema }).strict() }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 404, 409], { 409: 'The contest is not active.', ...ADMIN_403 }),
		},
		async handler({ request, params, body }) {
			const { admin } = requireApiCapability(request, 'contests:update')
			const id = requirePathId(params.contestId)
			await body()
			const result = completeContest({ id: admin.id, email: admin.email }, id)
			if (!result.ok) return apiFailure(result)
			return apiSuccess({ contest: result.value }, { message: 'Contest completed' })
		},
	}),
})
export const loader = route.loader
export const action = route.action
