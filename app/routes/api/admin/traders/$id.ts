import { requireApiCapability } from '#app/auth/staff.server.ts'
import {
	getStaffTraderByParam,
	listTraderReviews,
	listTraderStatements,
	updateTrader,
} from '#app/features/traders/registry.server.ts'
import {
	AppliedStatementSchema,
	StaffTraderSchema,
	TraderReviewEntrySchema,
} from '#app/features/traders/responses.server.ts'
import { parseTraderId, TRADER_MESSAGES, TraderUpdateSchema } from '#app/features/traders/schemas.ts'
import { ADMIN_403, ADMIN_GUARD, BODY_REFUSALS, IdParams, ok, refusals, z } from '#app/utils/api-schema.server.ts'
import { apiError, apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const route = apiRoute({
	GET: endpoint({
		tags: ['Admin traders'],
		summary: 'A trader with their review history and applied statements',
		auth: 'admin',
		params: IdParams,
		responses: {
			200: ok('The trader.', {
				data: z
					.object({
						trader: StaffTraderSchema,
						reviews: z.array(TraderReviewEntrySchema),
						statements: z.array(AppliedStatementSchema),
					})
					.strict(),
			}),
			...refusals([...ADMIN_GUARD, 404], ADMIN_403),
		},
		handler({ request, params }) {
			requireApiCapability(request, 'traders:review')
			const trader = getStaffTraderByParam(params.id)
			if (!trader) return apiError(404, TRADER_MESSAGES.notFound)
			return apiSuccess({ trader, reviews: listTraderReviews(trader.id), statements: listTraderStatements(trader.id) })
		},
	}),
	PATCH: endpoint({
		tags: ['Admin traders'],
		summary: "Edit a trader's fields or next review date (audited as trader.update)",
		auth: 'admin',
		params: IdParams,
		body: TraderUpdateSchema.openapi('TraderUpdateRequest'),
		responses: {
			200: ok('Updated.', { message: true, data: z.object({ trader: StaffTraderSchema }).strict() }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 404, 409], { 409: 'The slug is taken.', ...ADMIN_403 }),
		},
		async handler({ request, params, body }) {
			const { admin } = requireApiCapability(request, 'traders:review')
			const id = parseTraderId(params.id)
			if (id === null) return apiError(404, TRADER_MESSAGES.notFound)
			const result = updateTrader({ id: admin.id, email: admin.email }, id, await body())
			if (!result.ok) return apiFailure(result)
			return apiSuccess({ trader: result.value }, { message: TRADER_MESSAGES.updated })
		},
	}),
})
export const loader = route.loader
export const action = route.action
