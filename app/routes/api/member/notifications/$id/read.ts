import { markRead, unreadCount } from '#app/features/notifications/notifications.server.ts'
import { NOTIFICATION_NOT_FOUND, NotificationIdSchema } from '#app/features/notifications/schemas.ts'
import { BODY_REFUSALS, count, id, IgnoredPayload, ok, z } from '#app/utils/api-schema.server.ts'
import { apiError, apiRoute, apiSuccess } from '#app/utils/api.server.ts'
import { notificationsEndpoint } from '../../+notifications.server.ts'

const route = apiRoute({
	POST: notificationsEndpoint({
		summary: 'Mark one notification read',
		params: z.object({
			id: id().openapi({ description: "Anything but a positive whole number, or another member's id, is a 404." }),
		}),
		body: { schema: IgnoredPayload, required: false, description: 'No payload.' },
		done: ok('Read (also when it already was).', { message: true, data: z.object({ unread: count() }).strict() }),
		refuses: [...BODY_REFUSALS, 404],
		async handler({ user, params, body }) {
			// Another member's id answers 404 like a missing one, so ids are not probed.
			const id = NotificationIdSchema.safeParse(params.id)
			if (!id.success) return apiError(404, NOTIFICATION_NOT_FOUND)
			await body()
			if (!markRead(user.id, id.data)) return apiError(404, NOTIFICATION_NOT_FOUND)
			return apiSuccess({ unread: unreadCount(user.id) }, { message: 'Marked as read' })
		},
	}),
})
export const loader = route.loader
export const action = route.action
