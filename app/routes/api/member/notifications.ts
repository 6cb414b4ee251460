import { listNotifications } from '#app/features/notifications/notifications.server.ts'
import { InboxSchema } from '#app/features/notifications/responses.server.ts'
import { InboxQuerySchema } from '#app/features/notifications/schemas.ts'
import { ok } from '#app/utils/api-schema.server.ts'
import { apiRoute, apiSuccess } from '#app/utils/api.server.ts'
import { notificationsEndpoint } from './+notifications.server.ts'

// docs/decisions/023-consents-and-notifications.md
const route = apiRoute({
	GET: notificationsEndpoint({
		summary: "The member's notifications, newest first, 20 a page",
		query: InboxQuerySchema,
		done: ok('One page of the inbox.', { data: InboxSchema }),
		refuses: [400],
		handler({ user, query }) {
			return apiSuccess(listNotifications(user.id, query().page ?? 1))
		},
	}),
})
export const loader = route.loader
export const action = route.action
