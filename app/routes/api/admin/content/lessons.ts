import { requireApiCapability } from '#app/auth/staff.server.ts'
import { createLesson, listLessonsForStaff } from '#app/features/content/lessons.server.ts'
import { StaffLessonDetailSchema, StaffLessonSchema } from '#app/features/content/responses.server.ts'
import { LESSON_MESSAGES, LessonCreateApiSchema } from '#app/features/content/schemas.ts'
import { ADMIN_403, ADMIN_GUARD, BODY_REFUSALS, ok, refusals, z } from '#app/utils/api-schema.server.ts'
import { apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

// /api/admin/content/lessons (content:manage, both roles; decision 062, Lessons).
const route = apiRoute({
	GET: endpoint({
		tags: ['Admin content'],
		summary:
			"Every lesson in the academy's order (topic, then order), with its status (drafts, scheduled, published, expired, samples)",
		auth: 'admin',
		responses: {
			200: ok('The lessons.', { data: z.object({ lessons: z.array(StaffLessonSchema) }).strict() }),
			...refusals(ADMIN_GUARD, ADMIN_403),
		},
		handler({ request }) {
			requireApiCapability(request, 'content:manage')
			return apiSuccess({ lessons: listLessonsForStaff() })
		},
	}),
	POST: endpoint({
		tags: ['Admin content'],
		summary:
			'Add a lesson in Markdown, as a draft and its version 1 (audited as lesson.create); the body is rendered and sanitised once, here',
		auth: 'admin',
		body: LessonCreateApiSchema.openapi('LessonCreateRequest'),
		responses: {
			201: ok('Added as a draft.', { message: true, data: StaffLessonDetailSchema }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD], {
				400: 'Validation failed: a missing or too long title, description or body, an unknown topic, an order or duration out of range, control characters, an expiry before the publish date (each at its path); nothing stored.',
				...ADMIN_403,
			}),
		},
		async handler({ request, body }) {
			const { admin } = requireApiCapability(request, 'content:manage')
			const result = createLesson({ id: admin.id, email: admin.email }, await body())
			if (!result.ok) return apiFailure(result)
			return apiSuccess(result.value, { message: LESSON_MESSAGES.created, status: 201 })
		},
	}),
})
export const loader = route.loader
export const action = route.action
