import { markAllRead } from '#app/features/notifications/notifications.server.ts'
import { BODY_REFUSALS, count, IgnoredPayload, ok, z } from '#app/utils/api-schema.server.ts'
import { apiRoute, apiSuccess } from '#app/utils/api.server.ts'
import { notificationsEndpoint } from '../+notifications.server.ts'

const route = apiRoute({
	POST: notificationsEndpoint({
		summary: 'Mark every notification read',
		body: { schema: IgnoredPayload, required: false, description: 'No payload.' },
		done: ok('All read.', { message: true, data: z.object({ marked: count(), unread: z.literal(0) }).strict() }),
		refuses: BODY_REFUSALS,
		async handler({ user, body }) {
			await body()
			const marked = markAllRead(user.id)
			return apiSuccess({ marked, unread: 0 }, { message: 'All notifications marked as read' })
		},
	}),
})
export const loader = route.loader
export const action = route.action
