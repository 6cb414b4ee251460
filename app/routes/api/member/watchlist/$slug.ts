import { requireApiUnlockedMember } from '#app/auth/member.server.ts'
import { MEMBER_LOCKED, UNLOCKED_GUARD } from '#app/features/dashboard/responses.server.ts'
import { WatchedTraderSchema } from '#app/features/watchlist/responses.server.ts'
import { WATCH_MESSAGES, WatchAlertsSchema } from '#app/features/watchlist/schemas.ts'
import { listWatchlist, setDrawdownAlert, unwatchTrader } from '#app/features/watchlist/watchlist.server.ts'
import { BODY_REFUSALS, ok, refusals, z } from '#app/utils/api-schema.server.ts'
import { apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const SlugParams = z.object({ slug: z.string().openapi({ description: "The trader's slug." }) })
const Answer = z.object({ watchlist: z.array(WatchedTraderSchema) }).strict()

const route = apiRoute({
	PATCH: endpoint({
		tags: ['Member watchlist'],
		summary: "Set a watched trader's alert thresholds (the drawdown alert, 1 to 90%)",
		auth: 'member',
		params: SlugParams,
		body: WatchAlertsSchema.openapi('WatchAlertsRequest'),
		responses: {
			200: ok('Saved.', { message: true, data: Answer }),
			...refusals([...BODY_REFUSALS, ...UNLOCKED_GUARD, 404], {
				...MEMBER_LOCKED,
				404: `The member does not watch this trader ('${WATCH_MESSAGES.notWatched}').`,
			}),
		},
		async handler({ request, params, body }) {
			const { user } = requireApiUnlockedMember(request)
			const { drawdownAlert } = await body()
			const result = setDrawdownAlert(user.id, params.slug ?? '', drawdownAlert)
			if (!result.ok) return apiFailure(result)
			return apiSuccess(
				{ watchlist: listWatchlist(user.id) },
				{ message: WATCH_MESSAGES.thresholdSaved(result.value.name, drawdownAlert) },
			)
		},
	}),
	DELETE: endpoint({
		tags: ['Member watchlist'],
		summary: 'Stop watching a trader',
		auth: 'member',
		params: SlugParams,
		responses: {
			200: ok('No longer watched.', { message: true, data: Answer }),
			...refusals([...UNLOCKED_GUARD, 404], {
				...MEMBER_LOCKED,
				404: `The member does not watch this trader ('${WATCH_MESSAGES.notWatched}').`,
			}),
		},
		handler({ request, params }) {
			const { user } = requireApiUnlockedMember(request)
			const result = unwatchTrader(user.id, params.slug ?? '')
			if (!result.ok) return apiFailure(result)
			return apiSuccess({ watchlist: listWatchlist(user.id) }, { message: WATCH_MESSAGES.unwatched(result.value.name) })
		},
	}),
})
export const loader = route.loader
export const action = route.action
