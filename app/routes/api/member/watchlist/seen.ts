import { requireApiUnlockedMember } from '#app/auth/member.server.ts'
import { MEMBER_LOCKED, UNLOCKED_GUARD } from '#app/features/dashboard/responses.server.ts'
import { WatchedTraderSchema } from '#app/features/watchlist/responses.server.ts'
import { WATCH_MESSAGES } from '#app/features/watchlist/schemas.ts'
import { listWatchlist, markWatchlistSeen } from '#app/features/watchlist/watchlist.server.ts'
import { BODY_REFUSALS, NoPayload, ok, refusals, z } from '#app/utils/api-schema.server.ts'
import { apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const route = apiRoute({
	POST: endpoint({
		tags: ['Member watchlist'],
		summary: 'Mark the watchlist as seen: its changes are counted from now',
		auth: 'member',
		body: { schema: NoPayload, required: false, description: 'No payload.' },
		responses: {
			200: ok('Marked.', { message: true, data: z.object({ watchlist: z.array(WatchedTraderSchema) }).strict() }),
			...refusals([...BODY_REFUSALS, ...UNLOCKED_GUARD], MEMBER_LOCKED),
		},
		async handler({ request, body }) {
			const { user } = requireApiUnlockedMember(request)
			await body()
			markWatchlistSeen(user.id)
			return apiSuccess({ watchlist: listWatchlist(user.id) }, { message: WATCH_MESSAGES.seen })
		},
	}),
})
export const loader = route.loader
export const action = route.action
