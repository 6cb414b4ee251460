import { requireApiUnlockedMember } from '#app/auth/member.server.ts'
import { listNotifications } from '#app/features/notifications/notifications.server.ts'
import { apiRoute, apiSuccess, parseQuery } from '#app/utils/api.server.ts'
import { InboxQuerySchema } from '#app/features/notifications/schemas.ts'

// GET /api/member/notifications?page= → data { items, unread, pagination }, newest first
// (docs/decisions/023-consents-and-notifications.md). 401 without a member token, 403 before
// the unlock, 409 until the current terms are accepted.
const route = apiRoute({
	GET({ request, url }) {
		const { user } = requireApiUnlockedMember(request)
		const query = parseQuery(url, InboxQuerySchema)
		return apiSuccess(listNotifications(user.id, query.page ?? 1))
	},
})
export const loader = route.loader
export const action = route.action
