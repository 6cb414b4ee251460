import { requireApiUnlockedMember } from '#app/auth/member.server.ts'
import { getAcademyProgress } from '#app/features/academy/academy.server.ts'
import { apiRoute, apiSuccess } from '#app/utils/api.server.ts'

// GET /api/member/academy: progress, certificates and every lesson with its completion.
const route = apiRoute({
	GET({ request }) {
		const { user } = requireApiUnlockedMember(request)
		return apiSuccess(getAcademyProgress(user.id))
	},
})
export const loader = route.loader
export const action = route.action
