import { requireApiCapability } from '#app/auth/staff.server.ts'
import { deleteAnnouncement, getAnnouncement, updateAnnouncement } from '#app/features/content/announcements.server.ts'
import { StaffAnnouncementSchema } from '#app/features/content/responses.server.ts'
import { ANNOUNCEMENT_MESSAGES, AnnouncementUpdateApiSchema, parseContentId } from '#app/features/content/schemas.ts'
import { ADMIN_403, ADMIN_GUARD, BODY_REFUSALS, IdParams, ok, refusals } from '#app/utils/api-schema.server.ts'
import { apiError, apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

// /api/admin/content/announcements/:id (content:manage; DELETE content:delete, super admins; decision 062).
const route = apiRoute({
	GET: endpoint({
		tags: ['Admin content'],
		summary: 'One announcement, with its status, audience count and sent count',
		auth: 'admin',
		params: IdParams,
		responses: {
			200: ok('The announcement.', { data: StaffAnnouncementSchema }),
			...refusals([...ADMIN_GUARD, 404], ADMIN_403),
		},
		handler({ request, params }) {
			requireApiCapability(request, 'content:manage')
			const id = parseContentId(params.id)
			const announcement = id === null ? null : getAnnouncement(id)
			if (!announcement) return apiError(404, ANNOUNCEMENT_MESSAGES.notFound)
			return apiSuccess(announcement)
		},
	}),
	PATCH: endpoint({
		tags: ['Admin content'],
		summary:
			'Edit a draft or scheduled announcement (audited as announcement.update); refused once it is published or its sending started',
		auth: 'admin',
		params: IdParams,
		body: AnnouncementUpdateApiSchema.openapi('AnnouncementUpdateRequest'),
		responses: {
			200: ok('Updated.', { message: true, data: StaffAnnouncementSchema }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 404, 409], {
				409: 'Published, or its sending started: members may have it, its text and audience no longer change.',
				...ADMIN_403,
			}),
		},
		async handler({ request, params, body }) {
			const { admin } = requireApiCapability(request, 'content:manage')
			const id = parseContentId(params.id)
			if (id === null) return apiError(404, ANNOUNCEMENT_MESSAGES.notFound)
			const result = updateAnnouncement({ id: admin.id, email: admin.email }, id, await body())
			if (!result.ok) return apiFailure(result)
			return apiSuccess(result.value, { message: ANNOUNCEMENT_MESSAGES.updated })
		},
	}),
	DELETE: endpoint({
		tags: ['Admin content'],
		summary:
			'Delete an announcement for good (super admins; audited as announcement.delete with what it was); members keep what they got',
		auth: 'admin',
		params: IdParams,
		responses: {
			200: ok('Deleted: what it was.', { message: true, data: StaffAnnouncementSchema }),
			...refusals([...ADMIN_GUARD, 404], { 403: "Not a super admin, or a member's token." }),
		},
		handler({ request, params }) {
			const { admin } = requireApiCapability(request, 'content:delete')
			const id = parseContentId(params.id)
			if (id === null) return apiError(404, ANNOUNCEMENT_MESSAGES.notFound)
			const result = deleteAnnouncement({ id: admin.id, email: admin.email }, id)
			if (!result.ok) return apiFailure(result)
			return apiSuccess(result.value, { message: ANNOUNCEMENT_MESSAGES.deleted })
		},
	}),
})
export const loader = route.loader
export const action = route.action
