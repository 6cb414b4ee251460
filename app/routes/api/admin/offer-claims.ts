import { listOfferClaims } from '#app/features/offers/offer-claims.server.ts'
import { OfferClaimSchema } from '#app/features/offers/responses.server.ts'
import { ClaimListApiQuerySchema } from '#app/features/offers/schemas.ts'
import { apiRoute } from '#app/utils/api.server.ts'
import { staffListEndpoint } from './+lists.server.ts'

const route = apiRoute({
	GET: staffListEndpoint({
		tags: ['Admin offer claims'],
		summary: "Members' 0% fee offer claims, newest first, filtered by status and offer",
		query: ClaimListApiQuerySchema,
		repeated: 'schema',
		capability: 'offers:view',
		page: 'A page of claims.',
		key: 'claims',
		item: OfferClaimSchema,
		badQuery: 'An unknown status or offer, a bad page or limit, or a repeated parameter (`errors` names each).',
		read: listOfferClaims,
	}),
})
export const loader = route.loader
export const action = route.action
