import { requireApiCapability } from '#app/auth/staff.server.ts'
import { listParticipants } from '#app/features/contests/admin-contests.server.ts'
import { ParticipantsPageSchema } from '#app/features/contests/responses.server.ts'
import { ParticipantsQuerySchema, CONTEST_TEXTS } from '#app/features/contests/schemas.ts'
import { ADMIN_403, ADMIN_GUARD, ok, refusals } from '#app/utils/api-schema.server.ts'
import { apiError, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'
import { ContestIdParams, requirePathId } from '../../+contests.server.ts'

const route = apiRoute({
	GET: endpoint({
		tags: ['Admin contests'],
		summary: 'Participants in ranking order, paged',
		auth: 'admin',
		params: ContestIdParams,
		query: ParticipantsQuerySchema,
		responses: {
			200: ok('A page of participants.', { data: ParticipantsPageSchema }),
			...refusals([400, ...ADMIN_GUARD, 404], { 400: 'An unknown, bad or repeated query parameter.', ...ADMIN_403 }),
		},
		handler({ request, params, query }) {
			requireApiCapability(request, 'contests:view')
			const id = requirePathId(params.contestId)
			const listed = listParticipants(id, query())
			if (!listed) return apiError(404, CONTEST_TEXTS.notFound)
			const { contest, participants, pagination } = listed
			return apiSuccess({
				contest: { id: contest.id, name: contest.name, status: contest.status },
				participants,
				pagination,
			})
		},
	}),
})
export const loader = route.loader
export const action = route.action
