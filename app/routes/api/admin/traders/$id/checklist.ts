import { requireApiCapability } from '#app/auth/staff.server.ts'
import { setChecklist } from '#app/features/traders/registry.server.ts'
import { StaffTraderSchema } from '#app/features/traders/responses.server.ts'
import { parseTraderId, TRADER_MESSAGES, TraderChecklistSchema } from '#app/features/traders/schemas.ts'
import { ADMIN_403, ADMIN_GUARD, BODY_REFUSALS, IdParams, ok, refusals, z } from '#app/utils/api-schema.server.ts'
import { apiError, apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const route = apiRoute({
	PATCH: endpoint({
		tags: ['Admin traders'],
		summary: "Tick (true) or open again (false) items of a trader's review checklist (audited as trader.checklist)",
		auth: 'admin',
		params: IdParams,
		body: TraderChecklistSchema.openapi('TraderChecklistRequest'),
		responses: {
			200: ok('Saved: each ticked item records who and when.', {
				message: true,
				data: z.object({ trader: StaffTraderSchema }).strict(),
			}),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 404], ADMIN_403),
		},
		async handler({ request, params, body }) {
			const { admin } = requireApiCapability(request, 'traders:review')
			const id = parseTraderId(params.id)
			if (id === null) return apiError(404, TRADER_MESSAGES.notFound)
			const result = setChecklist({ id: admin.id, email: admin.email }, id, await body())
			if (!result.ok) return apiFailure(result)
			return apiSuccess({ trader: result.value }, { message: TRADER_MESSAGES.checklistSaved })
		},
	}),
})
export const loader = route.loader
export const action = route.action
