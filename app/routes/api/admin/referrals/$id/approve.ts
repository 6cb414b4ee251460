import { approveReferral } from '#app/features/referrals/review.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { REFERRAL_APPROVED, REFERRAL_NOT_FOUND, parseReferralId } from '#app/features/referrals/schemas.ts'
import { apiError, apiFailure, apiRoute, apiSuccess } from '#app/utils/api.server.ts'

// POST /api/admin/referrals/:id/approve: a held referral counts from now
// (points, count, milestones, the running referral contest), audited
// (referrals:review); 404 unknown, 409 already decided.
const route = apiRoute({
	POST({ request, params }) {
		const { admin } = requireApiCapability(request, 'referrals:review')
		const id = parseReferralId(params.id)
		if (id === null) return apiError(404, REFERRAL_NOT_FOUND)
		const result = approveReferral({ id: admin.id, email: admin.email }, id)
		if (!result.ok) return apiFailure(result)
		return apiSuccess(result.value, { message: REFERRAL_APPROVED })
	},
})
export const loader = route.loader
export const action = route.action
