import { listOfferClaims } from '#app/features/offers/offer-claims.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { parseClaimListQuery } from '#app/features/offers/schemas.ts'
import { apiError, apiRoute, apiSuccess } from '#app/utils/api.server.ts'

// GET /api/admin/offer-claims?status=&offer=&page=&limit=: newest first →
// data { claims, pagination }. An unknown status or offer, a bad page or
// limit, or a repeated parameter: 400 with each error's path.
const route = apiRoute({
	GET({ request, url }) {
		requireApiCapability(request, 'offers:view')
		const { query, errors } = parseClaimListQuery(url.searchParams, { allowLimit: true })
		if (errors.length > 0) return apiError(400, 'Validation failed', errors)
		const { claims, pagination } = listOfferClaims(query)
		const { page, limit, totalPages, totalCount, currentPage } = pagination
		return apiSuccess({ claims, pagination: { page, limit, totalPages, totalCount, currentPage } })
	},
})
export const loader = route.loader
export const action = route.action
