import { getOfferClaim, updateOfferClaim } from '#app/features/offers/offer-claims.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import {
	CLAIM_NOT_FOUND,
	CLAIM_UNCHANGED,
	CLAIM_UPDATED,
	ClaimUpdateApiSchema,
	parseClaimId,
} from '#app/features/offers/schemas.ts'
import { apiError, apiFailure, apiRoute, apiSuccess, parseJsonBody } from '#app/utils/api.server.ts'

// GET /api/admin/offer-claims/:id → data { claim }; 404 for an unknown id.
// PATCH /api/admin/offer-claims/:id { status?, note? } (at least one) →
//   data { claim }, audited as offer-claim.update. 400 for an unknown
//   status or a bad note, 404 for an unknown (or deleted) claim.
const route = apiRoute({
	GET({ request, params }) {
		requireApiCapability(request, 'offers:view')
		const id = parseClaimId(params.id)
		const claim = id === null ? null : getOfferClaim(id)
		if (!claim) return apiError(404, CLAIM_NOT_FOUND)
		return apiSuccess({ claim })
	},
	async PATCH({ request, params }) {
		const { admin } = requireApiCapability(request, 'offers:update')
		const id = parseClaimId(params.id)
		if (id === null) return apiError(404, CLAIM_NOT_FOUND)
		const input = await parseJsonBody(request, ClaimUpdateApiSchema)
		const result = updateOfferClaim({ id: admin.id, email: admin.email }, id, input)
		if (!result.ok) return apiFailure(result)
		return apiSuccess(
			{ claim: result.value.claim },
			{ message: result.value.changed ? CLAIM_UPDATED : CLAIM_UNCHANGED },
		)
	},
})
export const loader = route.loader
export const action = route.action
