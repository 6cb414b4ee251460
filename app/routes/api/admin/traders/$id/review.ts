import { requireApiCapability } from '#app/auth/staff.server.ts'
import { reviewTrader } from '#app/features/traders/registry.server.ts'
import { StaffTraderSchema } from '#app/features/traders/responses.server.ts'
import { REVIEW_MESSAGES } from '#app/features/traders/review.ts'
import { parseTraderId, TRADER_MESSAGES, TraderReviewSchema } from '#app/features/traders/schemas.ts'
import { ADMIN_403, ADMIN_GUARD, BODY_REFUSALS, IdParams, ok, refusals, z } from '#app/utils/api-schema.server.ts'
import { apiError, apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const route = apiRoute({
	POST: endpoint({
		tags: ['Admin traders'],
		summary: 'Move a trader through the review, with a required note (audited as trader.review)',
		description:
			'applied -> in_review -> listed; listed <-> watch; listed or watch -> suspended -> listed; any -> retired (super admins only; final). Listing from in_review or suspended needs an applied equity statement and every checklist item done.',
		auth: 'admin',
		params: IdParams,
		body: TraderReviewSchema.openapi('TraderReviewRequest'),
		responses: {
			200: ok('Moved.', { message: true, data: z.object({ trader: StaffTraderSchema }).strict() }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 404, 409], {
				...ADMIN_403,
				403: "Retiring needs a super admin; or a member's token, or a role without traders:review.",
				409: 'A move that is not allowed (retired -> listed, applied -> listed, the same status), or a listing that is not ready.',
			}),
		},
		async handler({ request, params, body }) {
			const { admin } = requireApiCapability(request, 'traders:review')
			const id = parseTraderId(params.id)
			if (id === null) return apiError(404, TRADER_MESSAGES.notFound)
			const input = await body()
			const result = reviewTrader(
				{ id: admin.id, email: admin.email, superAdmin: admin.role === 'super_admin' },
				id,
				input,
			)
			if (!result.ok) return apiFailure(result)
			return apiSuccess({ trader: result.value }, { message: REVIEW_MESSAGES.done(input.to) })
		},
	}),
})
export const loader = route.loader
export const action = route.action
