import { requireApiCapability } from '#app/auth/staff.server.ts'
import { updateParticipantScore } from '#app/features/contests/admin-contests.server.ts'
import { AdminParticipantSchema } from '#app/features/contests/responses.server.ts'
import { ScoreApiSchema, CONTEST_TEXTS } from '#app/features/contests/schemas.ts'
import { ADMIN_403, ADMIN_GUARD, BODY_REFUSALS, ok, refusals, z } from '#app/utils/api-schema.server.ts'
import { apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'
import { ParticipantParams, requirePathId } from '../../+contests.server.ts'

const route = apiRoute({
	PUT: endpoint({
		tags: ['Admin contests'],
		summary: "Set a participant's score (referral contests)",
		auth: 'admin',
		params: ParticipantParams,
		body: ScoreApiSchema.openapi('ScoreRequest'),
		responses: {
			200: ok('Updated.', { message: true, data: z.object({ participant: AdminParticipantSchema }).strict() }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 404, 409], {
				404: 'Unknown contest, or the member is not a participant.',
				409: 'The contest is completed (scores are frozen), or it is a deposit, trading or activity contest (scores come from the data).',
				...ADMIN_403,
			}),
		},
		async handler({ request, params, body }) {
			const { admin } = requireApiCapability(request, 'contests:update')
			const contestId = requirePathId(params.contestId)
			const userId = requirePathId(params.userId, CONTEST_TEXTS.participantNotFound)
			const { score } = await body()
			const result = updateParticipantScore({ id: admin.id, email: admin.email }, contestId, userId, score)
			if (!result.ok) return apiFailure(result)
			return apiSuccess({ participant: result.value }, { message: 'Score updated' })
		},
	}),
})
export const loader = route.loader
export const action = route.action
