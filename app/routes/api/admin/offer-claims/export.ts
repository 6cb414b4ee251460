import { claimsCsvHeaders, exportOfferClaimsCsv } from '#app/features/offers/offer-claims.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { ClaimExportApiQuerySchema } from '#app/features/offers/schemas.ts'
import { ADMIN_403, ADMIN_GUARD, csvAttachment, refusals } from '#app/utils/api-schema.server.ts'
import { apiRoute, endpoint } from '#app/utils/api.server.ts'
import { log } from '#app/utils/log.server.ts'

const route = apiRoute({
	GET: endpoint({
		tags: ['Admin offer claims'],
		summary: 'The filtered claims, every page, as CSV',
		auth: 'admin',
		query: ClaimExportApiQuerySchema,
		repeated: 'schema',
		responses: {
			200: csvAttachment('RFC 4180 CSV with a UTF-8 byte-order mark, as an attachment.', 'offer-claims-YYYY-MM-DD.csv'),
			...refusals([400, ...ADMIN_GUARD], { 400: 'A bad or repeated query parameter.', ...ADMIN_403 }),
		},
		handler({ request, query }) {
			const { admin } = requireApiCapability(request, 'offers:view')
			const filters = query()
			log('admin.offer_claims_exported', { adminId: admin.id, via: 'api' })
			return new Response(exportOfferClaimsCsv(filters), { headers: claimsCsvHeaders('no-store') })
		},
	}),
})
export const loader = route.loader
export const action = route.action
