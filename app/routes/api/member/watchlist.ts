import { requireApiUnlockedMember } from '#app/auth/member.server.ts'
import { MEMBER_LOCKED, UNLOCKED_GUARD } from '#app/features/dashboard/responses.server.ts'
import { WatchedTraderSchema } from '#app/features/watchlist/responses.server.ts'
import { WATCH_MESSAGES, WatchBodySchema } from '#app/features/watchlist/schemas.ts'
import { listWatchlist, watchTrader } from '#app/features/watchlist/watchlist.server.ts'
import { BODY_REFUSALS, ok, refusals, z } from '#app/utils/api-schema.server.ts'
import { apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const route = apiRoute({
	GET: endpoint({
		tags: ['Member watchlist'],
		summary: 'The traders the member watches, each with its drawdown alert and what changed since last seen',
		auth: 'member',
		responses: {
			200: ok('The watchlist, by name.', { data: z.object({ watchlist: z.array(WatchedTraderSchema) }).strict() }),
			...refusals(UNLOCKED_GUARD, MEMBER_LOCKED),
		},
		handler({ request }) {
			const { user } = requireApiUnlockedMember(request)
			return apiSuccess({ watchlist: listWatchlist(user.id) })
		},
	}),
	POST: endpoint({
		tags: ['Member watchlist'],
		summary: 'Watch a listed trader (with a drawdown alert, 20% by default)',
		auth: 'member',
		body: WatchBodySchema.openapi('WatchRequest'),
		responses: {
			200: ok('Already watched: nothing changed.', {
				message: true,
				data: z.object({ watchlist: z.array(WatchedTraderSchema) }).strict(),
			}),
			201: ok('Watched.', { message: true, data: z.object({ watchlist: z.array(WatchedTraderSchema) }).strict() }),
			...refusals([...BODY_REFUSALS, ...UNLOCKED_GUARD, 404], {
				...MEMBER_LOCKED,
				404: 'No trader has this slug.',
				409: `The trader is not listed now ('${WATCH_MESSAGES.notListed}'), the member watches ${100} traders already, or the terms changed.`,
			}),
		},
		async handler({ request, body }) {
			const { user } = requireApiUnlockedMember(request)
			const result = watchTrader(user.id, await body())
			if (!result.ok) return apiFailure(result)
			const { name, created } = result.value
			return apiSuccess(
				{ watchlist: listWatchlist(user.id) },
				{
					message: created ? WATCH_MESSAGES.watched(name) : WATCH_MESSAGES.alreadyWatched(name),
					status: created ? 201 : 200,
				},
			)
		},
	}),
})
export const loader = route.loader
export const action = route.action
