import { requireApiUnlockedMember } from '#app/auth/member.server.ts'
import { completeLesson, getAcademyProgress } from '#app/features/academy/academy.server.ts'
import { AcademyProgressSchema } from '#app/features/academy/responses.server.ts'
import { MEMBER_LOCKED, UNLOCKED_GUARD } from '#app/features/dashboard/responses.server.ts'
import { BODY_REFUSALS, NoPayload, ok, refusals, z } from '#app/utils/api-schema.server.ts'
import { apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const route = apiRoute({
	POST: endpoint({
		tags: ['Member dashboard'],
		summary: 'Mark a lesson complete (again: nothing changes, the first time stays)',
		auth: 'member',
		params: z.object({ lessonId: z.string() }),
		body: { schema: NoPayload, required: false, description: 'No payload.' },
		responses: {
			200: ok('Completed; the academy progress.', { message: true, data: AcademyProgressSchema }),
			...refusals([...BODY_REFUSALS, ...UNLOCKED_GUARD, 404], { ...MEMBER_LOCKED, 404: 'No lesson has this id.' }),
		},
		async handler({ request, params, body }) {
			const { user } = requireApiUnlockedMember(request)
			await body()
			const result = completeLesson(user.id, params.lessonId ?? '')
			if (!result.ok) return apiFailure(result)
			return apiSuccess(getAcademyProgress(user.id), { message: 'Lesson completed' })
		},
	}),
})
export const loader = route.loader
export const action = route.action
