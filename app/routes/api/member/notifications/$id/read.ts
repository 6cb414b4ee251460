import { requireApiUnlockedMember } from '#app/auth/member.server.ts'
import { markRead, unreadCount } from '#app/features/notifications/notifications.server.ts'
import { apiError, apiRoute, apiSuccess, parseJsonBody } from '#app/utils/api.server.ts'
import { NotificationIdSchema } from '#app/features/notifications/schemas.ts'
import { IgnoredApiBodySchema } from '#app/utils/validation.ts'

export const NOTIFICATION_NOT_FOUND = 'Notification not found'

// POST /api/member/notifications/:id/read (no payload) → data { unread }. Another member's id
// answers 404 like a missing one, so ids are not probed.
const route = apiRoute({
	async POST({ request, params }) {
		const { user } = requireApiUnlockedMember(request)
		const id = NotificationIdSchema.safeParse(params.id)
		if (!id.success) return apiError(404, NOTIFICATION_NOT_FOUND)
		await parseJsonBody(request, IgnoredApiBodySchema)
		if (!markRead(user.id, id.data)) return apiError(404, NOTIFICATION_NOT_FOUND)
		return apiSuccess({ unread: unreadCount(user.id) }, { message: 'Marked as read' })
	},
})
export const loader = route.loader
export const action = route.action
