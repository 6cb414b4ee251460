import { approveReferral } from '#app/features/referrals/review.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { ReferralReviewSchema } from '#app/features/referrals/responses.server.ts'
import { parseReferralId, REFERRAL_MESSAGES } from '#app/features/referrals/schemas.ts'
import { ADMIN_403, ADMIN_GUARD, IdParams, ok, refusals } from '#app/utils/api-schema.server.ts'
import { apiError, apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const route = apiRoute({
	POST: endpoint({
		tags: ['Admin referrals'],
		summary: 'Approve a held referral: its points, count, milestones and contest score count from now',
		auth: 'admin',
		params: IdParams,
		responses: {
			200: ok('Approved.', { message: true, data: ReferralReviewSchema }),
			...refusals([...ADMIN_GUARD, 404, 409], {
				409: 'The referral was already decided (or never held).',
				...ADMIN_403,
			}),
		},
		handler({ request, params }) {
			const { admin } = requireApiCapability(request, 'referrals:review')
			const id = parseReferralId(params.id)
			if (id === null) return apiError(404, REFERRAL_MESSAGES.notFound)
			const result = approveReferral({ id: admin.id, email: admin.email }, id)
			if (!result.ok) return apiFailure(result)
			return apiSuccess(result.value, { message: REFERRAL_MESSAGES.approved })
		},
	}),
})
export const loader = route.loader
export const action = route.action
