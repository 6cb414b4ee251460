import { getOfferClaim, updateOfferClaim } from '#app/features/offers/offer-claims.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { OfferClaimSchema } from '#app/features/offers/responses.server.ts'
import { ClaimUpdateApiSchema, parseClaimId, CLAIM_MESSAGES } from '#app/features/offers/schemas.ts'
import { ADMIN_403, ADMIN_GUARD, BODY_REFUSALS, IdParams, ok, refusals, z } from '#app/utils/api-schema.server.ts'
import { apiError, apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const claimData = z.object({ claim: OfferClaimSchema }).strict()

const route = apiRoute({
	GET: endpoint({
		tags: ['Admin offer claims'],
		summary: 'One claim',
		auth: 'admin',
		params: IdParams,
		responses: { 200: ok('The claim.', { data: claimData }), ...refusals([...ADMIN_GUARD, 404], ADMIN_403) },
		handler({ request, params }) {
			requireApiCapability(request, 'offers:view')
			const id = parseClaimId(params.id)
			const claim = id === null ? null : getOfferClaim(id)
			if (!claim) return apiError(404, CLAIM_MESSAGES.claimNotFound)
			return apiSuccess({ claim })
		},
	}),
	PATCH: endpoint({
		tags: ['Admin offer claims'],
		summary: "Set a claim's status and/or note (audited as offer-claim.update)",
		auth: 'admin',
		params: IdParams,
		body: ClaimUpdateApiSchema.openapi('ClaimUpdateRequest'),
		responses: {
			200: ok('Updated (or "Nothing changed").', { message: true, data: claimData }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 404], { 404: 'No such claim.', ...ADMIN_403 }),
		},
		async handler({ request, params, body }) {
			const { admin } = requireApiCapability(request, 'offers:update')
			const id = parseClaimId(params.id)
			if (id === null) return apiError(404, CLAIM_MESSAGES.claimNotFound)
			const result = updateOfferClaim({ id: admin.id, email: admin.email }, id, await body())
			if (!result.ok) return apiFailure(result)
			return apiSuccess(
				{ claim: result.value.claim },
				{ message: result.value.changed ? CLAIM_MESSAGES.claimUpdated : CLAIM_MESSAGES.claimUnchanged },
			)
		},
	}),
})
export const loader = route.loader
export const action = route.action
