import { rejectReferral } from '#app/features/referrals/review.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import {
	REFERRAL_NOT_FOUND,
	REFERRAL_REJECTED,
	parseReferralId,
	ReferralRejectApiSchema,
} from '#app/features/referrals/schemas.ts'
import { apiError, apiFailure, apiRoute, apiSuccess, parseJsonBody } from '#app/utils/api.server.ts'

// POST /api/admin/referrals/:id/reject { reason }: a held referral never
// counts; the referrer sees the reason; audited (referrals:review); 404
// unknown, 409 already decided.
const route = apiRoute({
	async POST({ request, params }) {
		const { admin } = requireApiCapability(request, 'referrals:review')
		const id = parseReferralId(params.id)
		if (id === null) return apiError(404, REFERRAL_NOT_FOUND)
		const { reason } = await parseJsonBody(request, ReferralRejectApiSchema)
		const result = rejectReferral({ id: admin.id, email: admin.email }, id, reason)
		if (!result.ok) return apiFailure(result)
		return apiSuccess(result.value, { message: REFERRAL_REJECTED })
	},
})
export const loader = route.loader
export const action = route.action
