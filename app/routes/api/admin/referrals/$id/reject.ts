import { rejectReferral } from '#app/features/referrals/review.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { ReferralReviewSchema } from '#app/features/referrals/responses.server.ts'
import { parseReferralId, ReferralRejectApiSchema, REFERRAL_MESSAGES } from '#app/features/referrals/schemas.ts'
import { ADMIN_403, ADMIN_GUARD, BODY_REFUSALS, IdParams, ok, refusals } from '#app/utils/api-schema.server.ts'
import { apiError, apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

// The referrer sees the reason.
const route = apiRoute({
	POST: endpoint({
		tags: ['Admin referrals'],
		summary: 'Reject a held referral with a required reason: it never counts',
		auth: 'admin',
		params: IdParams,
		body: ReferralRejectApiSchema.openapi('ReferralRejectRequest'),
		responses: {
			200: ok('Rejected.', { message: true, data: ReferralReviewSchema }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 404, 409], {
				409: 'The referral was already decided (or never held).',
				...ADMIN_403,
			}),
		},
		async handler({ request, params, body }) {
			const { admin } = requireApiCapability(request, 'referrals:review')
			const id = parseReferralId(params.id)
			if (id === null) return apiError(404, REFERRAL_MESSAGES.notFound)
			const { reason } = await body()
			const result = rejectReferral({ id: admin.id, email: admin.email }, id, reason)
			if (!result.ok) return apiFailure(result)
			return apiSuccess(result.value, { message: REFERRAL_MESSAGES.rejected })
		},
	}),
})
export const loader = route.loader
export const action = route.action
