import { listReferralReviews } from '#app/features/referrals/review.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { REFERRAL_REVIEW_LIMITS, ReferralReviewApiQuerySchema } from '#app/features/referrals/schemas.ts'
import { apiRoute, apiSuccess, parseQuery } from '#app/utils/api.server.ts'

// GET /api/admin/referrals ?status=held|decided &page &limit: referrals held
// by an integrity signal (oldest first), or those decided (newest decision
// first), with their signals, paged (referrals:review).
const route = apiRoute({
	GET({ request, url }) {
		requireApiCapability(request, 'referrals:review')
		const query = parseQuery(url, ReferralReviewApiQuerySchema)
		const { referrals, pagination } = listReferralReviews(
			query.status ?? 'held',
			query.page ?? 1,
			query.limit ?? REFERRAL_REVIEW_LIMITS.pageSize,
		)
		const { page, limit, totalPages, totalCount, currentPage } = pagination
		return apiSuccess({ referrals, pagination: { page, limit, totalPages, totalCount, currentPage } })
	},
})
export const loader = route.loader
export const action = route.action
