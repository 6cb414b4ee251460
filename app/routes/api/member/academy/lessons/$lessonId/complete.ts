import { requireApiUnlockedMember } from '#app/auth/member.server.ts'
import { completeLesson, getAcademyProgress } from '#app/features/academy/academy.server.ts'
import { apiFailure, apiRoute, apiSuccess, parseJsonBody } from '#app/utils/api.server.ts'
import { EmptyApiBodySchema } from '#app/utils/validation.ts'

// POST /api/member/academy/lessons/:lessonId/complete (no payload): marks
// the lesson complete (again: no change, the first time stays); 404 for
// an unknown lesson. Answers the academy progress.
const route = apiRoute({
	async POST({ request, params }) {
		const { user } = requireApiUnlockedMember(request)
		await parseJsonBody(request, EmptyApiBodySchema)
		const result = completeLesson(user.id, params.lessonId ?? '')
		if (!result.ok) return apiFailure(result)
		return apiSuccess(getAcademyProgress(user.id), { message: 'Lesson completed' })
	},
})
export const loader = route.loader
export const action = route.action
