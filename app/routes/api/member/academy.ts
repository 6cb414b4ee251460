import { requireApiUnlockedMember } from '#app/auth/member.server.ts'
import { getAcademyProgress } from '#app/features/academy/academy.server.ts'
import { AcademyProgressSchema } from '#app/features/academy/responses.server.ts'
import { MEMBER_LOCKED, UNLOCKED_GUARD } from '#app/features/dashboard/responses.server.ts'
import { ok, refusals } from '#app/utils/api-schema.server.ts'
import { apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const route = apiRoute({
	GET: endpoint({
		tags: ['Member dashboard'],
		summary: 'Academy progress: stats, certificates, every lesson with its completion',
		auth: 'member',
		responses: { 200: ok('The data.', { data: AcademyProgressSchema }), ...refusals(UNLOCKED_GUARD, MEMBER_LOCKED) },
		handler({ request }) {
			const { user } = requireApiUnlockedMember(request)
			return apiSuccess(getAcademyProgress(user.id))
		},
	}),
})
export const loader = route.loader
export const action = route.action
