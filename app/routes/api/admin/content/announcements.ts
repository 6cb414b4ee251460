import { requireApiCapability } from '#app/auth/staff.server.ts'
import { createAnnouncement, listAnnouncementsForStaff } from '#app/features/content/announcements.server.ts'
import { StaffAnnouncementSchema } from '#app/features/content/responses.server.ts'
import { ANNOUNCEMENT_MESSAGES, AnnouncementCreateApiSchema } from '#app/features/content/schemas.ts'
import { ADMIN_403, ADMIN_GUARD, BODY_REFUSALS, ok, refusals, z } from '#app/utils/api-schema.server.ts'
import { apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

// /api/admin/content/announcements (content:manage, both roles; decision 062).
const route = apiRoute({
	GET: endpoint({
		tags: ['Admin content'],
		summary: 'Every announcement, newest first, with its status, audience count and sent count',
		auth: 'admin',
		responses: {
			200: ok('The announcements.', {
				data: z.object({ announcements: z.array(StaffAnnouncementSchema) }).strict(),
			}),
			...refusals(ADMIN_GUARD, ADMIN_403),
		},
		handler({ request }) {
			requireApiCapability(request, 'content:manage')
			return apiSuccess({ announcements: listAnnouncementsForStaff() })
		},
	}),
	POST: endpoint({
		tags: ['Admin content'],
		summary: 'Add an announcement to every member or to a plan’s members, as a draft (audited as announcement.create)',
		auth: 'admin',
		body: AnnouncementCreateApiSchema.openapi('AnnouncementCreateRequest'),
		responses: {
			201: ok('Added as a draft.', { message: true, data: StaffAnnouncementSchema }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD], {
				400: 'Validation failed: a title over 120 characters or with control characters, a message over 5,000 characters, an unknown plan as the audience (each at its path); nothing stored.',
				...ADMIN_403,
			}),
		},
		async handler({ request, body }) {
			const { admin } = requireApiCapability(request, 'content:manage')
			const result = createAnnouncement({ id: admin.id, email: admin.email }, await body())
			if (!result.ok) return apiFailure(result)
			return apiSuccess(result.value, { message: ANNOUNCEMENT_MESSAGES.created, status: 201 })
		},
	}),
})
export const loader = route.loader
export const action = route.action
