import { requireApiCapability } from '#app/auth/staff.server.ts'
import { sendAnnouncementToSelf } from '#app/features/content/announcements.server.ts'
import { AnnouncementTestSendSchema } from '#app/features/content/responses.server.ts'
import { ANNOUNCEMENT_MESSAGES, parseContentId } from '#app/features/content/schemas.ts'
import {
	ADMIN_403,
	ADMIN_GUARD,
	BODY_REFUSALS,
	IdParams,
	IgnoredPayload,
	ok,
	refusals,
} from '#app/utils/api-schema.server.ts'
import { apiError, apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

// POST /api/admin/content/announcements/:id/send (content:manage; decision 062): the test before publishing.
const route = apiRoute({
	POST: endpoint({
		tags: ['Admin content'],
		summary:
			"Send an announcement's current text to the signed-in staff member's own email address only, in any status (counted nowhere: no member gets it)",
		auth: 'admin',
		params: IdParams,
		body: { schema: IgnoredPayload, required: false, description: 'No payload.' },
		responses: {
			200: ok('Sent to your own address.', { message: true, data: AnnouncementTestSendSchema }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 404, 422], {
				422: 'The mail could not be sent (the mail server refused it or is unreachable); try again.',
				...ADMIN_403,
			}),
		},
		async handler({ request, params, body }) {
			const { admin } = requireApiCapability(request, 'content:manage')
			const id = parseContentId(params.id)
			if (id === null) return apiError(404, ANNOUNCEMENT_MESSAGES.notFound)
			await body()
			const result = await sendAnnouncementToSelf({ id: admin.id, email: admin.email }, id)
			if (!result.ok) return apiFailure(result)
			return apiSuccess(result.value, { message: ANNOUNCEMENT_MESSAGES.sentToSelf(result.value.sentTo) })
		},
	}),
})
export const loader = route.loader
export const action = route.action
