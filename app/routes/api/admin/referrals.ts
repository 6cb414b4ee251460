import { listReferralReviews } from '#app/features/referrals/review.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { ReferralReviewSchema } from '#app/features/referrals/responses.server.ts'
import { ReferralReviewApiQuerySchema } from '#app/features/referrals/schemas.ts'
import {
	apiPagination,
	ADMIN_403,
	ADMIN_GUARD,
	ok,
	PaginationSchema,
	refusals,
	z,
} from '#app/utils/api-schema.server.ts'
import { apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const route = apiRoute({
	GET: endpoint({
		tags: ['Admin referrals'],
		summary: 'Referrals held for review (or decided ones), with their signals, paged',
		auth: 'admin',
		query: ReferralReviewApiQuerySchema,
		responses: {
			200: ok('A page of referrals.', {
				data: z.object({ referrals: z.array(ReferralReviewSchema), pagination: PaginationSchema }).strict(),
			}),
			...refusals([400, ...ADMIN_GUARD], { 400: 'A bad or repeated query parameter.', ...ADMIN_403 }),
		},
		handler({ request, query }) {
			requireApiCapability(request, 'referrals:review')
			const { status, page: requested, limit: size } = query()
			const { referrals, pagination } = listReferralReviews(status, requested, size)
			return apiSuccess({ referrals, pagination: apiPagination(pagination) })
		},
	}),
})
export const loader = route.loader
export const action = route.action
