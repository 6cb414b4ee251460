import { requireApiUnlockedMember } from '#app/auth/member.server.ts'
import { markAllRead } from '#app/features/notifications/notifications.server.ts'
import { apiRoute, apiSuccess, parseJsonBody } from '#app/utils/api.server.ts'
import { IgnoredApiBodySchema } from '#app/utils/validation.ts'

// POST /api/member/notifications/read-all (no payload) → data { marked, unread: 0 }.
const route = apiRoute({
	async POST({ request }) {
		const { user } = requireApiUnlockedMember(request)
		await parseJsonBody(request, IgnoredApiBodySchema)
		const marked = markAllRead(user.id)
		return apiSuccess({ marked, unread: 0 }, { message: 'All notifications marked as read' })
	},
})
export const loader = route.loader
export const action = route.action
