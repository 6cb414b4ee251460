import { requireApiCapability } from '#app/auth/staff.server.ts'
import { deleteLesson, getLesson, updateLesson } from '#app/features/content/lessons.server.ts'
import { StaffLessonDetailSchema } from '#app/features/content/responses.server.ts'
import { LESSON_MESSAGES, LessonUpdateApiSchema, parseContentId } from '#app/features/content/schemas.ts'
import { ADMIN_403, ADMIN_GUARD, BODY_REFUSALS, IdParams, ok, refusals } from '#app/utils/api-schema.server.ts'
import { apiError, apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

// /api/admin/content/lessons/:id (content:manage; DELETE content:delete, super admins; decision 062, Lessons).
const route = apiRoute({
	GET: endpoint({
		tags: ['Admin content'],
		summary: 'One lesson, with its versions (number, who saved it, when; newest first)',
		auth: 'admin',
		params: IdParams,
		responses: {
			200: ok('The lesson.', { data: StaffLessonDetailSchema }),
			...refusals([...ADMIN_GUARD, 404], ADMIN_403),
		},
		handler({ request, params }) {
			requireApiCapability(request, 'content:manage')
			const id = parseContentId(params.id)
			const lesson = id === null ? null : getLesson(id)
			if (!lesson) return apiError(404, LESSON_MESSAGES.notFound)
			return apiSuccess(lesson)
		},
	}),
	PATCH: endpoint({
		tags: ['Admin content'],
		summary:
			'Edit a lesson: any of its fields, in any status (audited as lesson.update); a new title, description or body is a new version, and members who completed it keep it completed',
		auth: 'admin',
		params: IdParams,
		body: LessonUpdateApiSchema.openapi('LessonUpdateRequest'),
		responses: {
			200: ok('Updated.', { message: true, data: StaffLessonDetailSchema }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 404], ADMIN_403),
		},
		async handler({ request, params, body }) {
			const { admin } = requireApiCapability(request, 'content:manage')
			const id = parseContentId(params.id)
			if (id === null) return apiError(404, LESSON_MESSAGES.notFound)
			const result = updateLesson({ id: admin.id, email: admin.email }, id, await body())
			if (!result.ok) return apiFailure(result)
			return apiSuccess(result.value, { message: LESSON_MESSAGES.updated })
		},
	}),
	DELETE: endpoint({
		tags: ['Admin content'],
		summary:
			'Delete a lesson and its versions for good (super admins; audited as lesson.delete with what it was); completions of it stay stored but no longer count',
		auth: 'admin',
		params: IdParams,
		responses: {
			200: ok('Deleted: what it was.', { message: true, data: StaffLessonDetailSchema }),
			...refusals([...ADMIN_GUARD, 404], { 403: "Not a super admin, or a member's token." }),
		},
		handler({ request, params }) {
			const { admin } = requireApiCapability(request, 'content:delete')
			const id = parseContentId(params.id)
			if (id === null) return apiError(404, LESSON_MESSAGES.notFound)
			const result = deleteLesson({ id: admin.id, email: admin.email }, id)
			if (!result.ok) return apiFailure(result)
			return apiSuccess(result.value, { message: LESSON_MESSAGES.deleted })
		},
	}),
})
export const loader = route.loader
export const action = route.action
