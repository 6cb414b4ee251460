import { requireApiUnlockedMember } from '#app/auth/member.server.ts'
import { markAllRead } from '#app/features/notifications/notifications.server.ts'
import { NOTIFICATIONS_GUARD, NOTIFICATIONS_GUARD_TEXT } from '#app/features/notifications/responses.server.ts'
import { BODY_REFUSALS, count, IgnoredPayload, ok, refusals, z } from '#app/utils/api-schema.server.ts'
import { apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const route = apiRoute({
	POST: endpoint({
		tags: ['Member notifications'],
		summary: 'Mark every notification read',
		auth: 'member',
		body: { schema: IgnoredPayload, required: false, description: 'No payload.' },
		responses: {
			200: ok('All read.', { message: true, data: z.object({ marked: count(), unread: z.literal(0) }).strict() }),
			...refusals([...BODY_REFUSALS, ...NOTIFICATIONS_GUARD], NOTIFICATIONS_GUARD_TEXT),
		},
		async handler({ request, body }) {
			const { user } = requireApiUnlockedMember(request)
			await body()
			const marked = markAllRead(user.id)
			return apiSuccess({ marked, unread: 0 }, { message: 'All notifications marked as read' })
		},
	}),
})
export const loader = route.loader
export const action = route.action
