import { listOfferClaims } from '#app/features/offers/offer-claims.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { OfferClaimSchema } from '#app/features/offers/responses.server.ts'
import { ClaimListApiQuerySchema } from '#app/features/offers/schemas.ts'
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
		tags: ['Admin offer claims'],
		summary: "Members' 0% fee offer claims, newest first, filtered by status and offer",
		auth: 'admin',
		query: ClaimListApiQuerySchema,
		repeated: 'schema',
		responses: {
			200: ok('A page of claims.', {
				data: z.object({ claims: z.array(OfferClaimSchema), pagination: PaginationSchema }).strict(),
			}),
			...refusals([400, ...ADMIN_GUARD], {
				400: 'An unknown status or offer, a bad page or limit, or a repeated parameter (`errors` names each).',
				...ADMIN_403,
			}),
		},
		handler({ request, query }) {
			requireApiCapability(request, 'offers:view')
			const { claims, pagination } = listOfferClaims(query())
			return apiSuccess({ claims, pagination: apiPagination(pagination) })
		},
	}),
})
export const loader = route.loader
export const action = route.action
