import { claimsCsvHeaders, exportOfferClaimsCsv } from '#app/features/offers/offer-claims.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { parseClaimListQuery } from '#app/features/offers/schemas.ts'
import { apiError, apiRoute } from '#app/utils/api.server.ts'
import { log } from '#app/utils/log.server.ts'

// GET /api/admin/offer-claims/export?status=&offer=: the filtered claims,
// every page, as CSV (text/csv, attachment). Bad values: 400.
const route = apiRoute({
	GET({ request, url }) {
		const { admin } = requireApiCapability(request, 'offers:view')
		const { query, errors } = parseClaimListQuery(url.searchParams)
		if (errors.length > 0) return apiError(400, 'Validation failed', errors)
		log('admin.offer_claims_exported', { adminId: admin.id, via: 'api' })
		return new Response(exportOfferClaimsCsv(query), { headers: claimsCsvHeaders('no-store') })
	},
})
export const loader = route.loader
export const action = route.action
