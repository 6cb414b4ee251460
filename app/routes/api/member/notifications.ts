import { requireApiUnlockedMember } from '#app/auth/member.server.ts'
import { listNotifications } from '#app/features/notifications/notifications.server.ts'
import {
	InboxSchema,
	NOTIFICATIONS_GUARD,
	NOTIFICATIONS_GUARD_TEXT,
} from '#app/features/notifications/responses.server.ts'
import { InboxQuerySchema } from '#app/features/notifications/schemas.ts'
import { ok, refusals } from '#app/utils/api-schema.server.ts'
import { apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

// docs/decisions/023-consents-and-notifications.md
const route = apiRoute({
	GET: endpoint({
		tags: ['Member notifications'],
		summary: "The member's notifications, newest first, 20 a page",
		auth: 'member',
		query: InboxQuerySchema,
		responses: {
			200: ok('One page of the inbox.', { data: InboxSchema }),
			...refusals([400, ...NOTIFICATIONS_GUARD], NOTIFICATIONS_GUARD_TEXT),
		},
		handler({ request, query }) {
			const { user } = requireApiUnlockedMember(request)
			return apiSuccess(listNotifications(user.id, query().page ?? 1))
		},
	}),
})
export const loader = route.loader
export const action = route.action
