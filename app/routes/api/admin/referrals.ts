import { listReferralReviews } from '#app/features/referrals/review.server.ts'
import { ReferralReviewSchema } from '#app/features/referrals/responses.server.ts'
import { ReferralReviewApiQuerySchema } from '#app/features/referrals/schemas.ts'
import { apiRoute } from '#app/utils/api.server.ts'
import { staffListEndpoint } from './+lists.server.ts'

const route = apiRoute({
	GET: staffListEndpoint({
		tags: ['Admin referrals'],
		summary: 'Referrals held for review (or decided ones), with their signals, paged',
		query: ReferralReviewApiQuerySchema,
		capability: 'referrals:review',
		page: 'A page of referrals.',
		key: 'referrals',
		item: ReferralReviewSchema,
		badQuery: 'A bad or repeated query parameter.',
		read: ({ status, page, limit }) => listReferralReviews(status, page, limit),
	}),
})
export const loader = route.loader
export const action = route.action
