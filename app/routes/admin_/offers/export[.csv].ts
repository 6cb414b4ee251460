import { claimsCsvHeaders, exportOfferClaimsCsv } from '#app/features/offers/offer-claims.server.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import { parseClaimListQuery } from '#app/features/offers/schemas.ts'
import { log } from '#app/utils/log.server.ts'
import type { Route } from './+types/export[.csv]'

// GET /admin/offers/export.csv?status=&offer= (admin cookie): the claims as
// filtered, every page, as a CSV download. An unknown filter is ignored, as
// on the list page (which shows the error at the filter).
export async function loader({ request, url }: Route.LoaderArgs) {
	const admin = await requireAdminCapability({ request, url }, 'offers:view')
	const { query } = parseClaimListQuery(url.searchParams)
	log('admin.offer_claims_exported', { adminId: admin.id, via: 'page' })
	return new Response(exportOfferClaimsCsv(query), { headers: claimsCsvHeaders('private, no-store') })
}
