import { requireApiCapability } from '#app/auth/staff.server.ts'
import { deleteFeeOffer, getFeeOffer, updateFeeOffer } from '#app/features/content/offers.server.ts'
import { StaffFeeOfferSchema } from '#app/features/content/responses.server.ts'
import { FEE_OFFER_MESSAGES, FeeOfferUpdateApiSchema, parseContentId } from '#app/features/content/schemas.ts'
import { ADMIN_403, ADMIN_GUARD, BODY_REFUSALS, IdParams, ok, refusals } from '#app/utils/api-schema.server.ts'
import { apiError, apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

// /api/admin/content/offers/:id (content:manage; DELETE content:delete, super admins; decision 062).
const route = apiRoute({
	GET: endpoint({
		tags: ['Admin content'],
		summary: 'One 0% fee offer',
		auth: 'admin',
		params: IdParams,
		responses: {
			200: ok('The offer.', { data: StaffFeeOfferSchema }),
			...refusals([...ADMIN_GUARD, 404], ADMIN_403),
		},
		handler({ request, params }) {
			requireApiCapability(request, 'content:manage')
			const id = parseContentId(params.id)
			const offer = id === null ? null : getFeeOffer(id)
			if (!offer) return apiError(404, FEE_OFFER_MESSAGES.notFound)
			return apiSuccess(offer)
		},
	}),
	PATCH: endpoint({
		tags: ['Admin content'],
		summary: 'Edit a 0% fee offer: any of its fields, in any status (audited as offer.update)',
		auth: 'admin',
		params: IdParams,
		body: FeeOfferUpdateApiSchema.openapi('FeeOfferUpdateRequest'),
		responses: {
			200: ok('Updated.', { message: true, data: StaffFeeOfferSchema }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 404], {
				400: 'Validation failed, or a total of spots below the claims already made (at totalSpots); nothing stored.',
				...ADMIN_403,
			}),
		},
		async handler({ request, params, body }) {
			const { admin } = requireApiCapability(request, 'content:manage')
			const id = parseContentId(params.id)
			if (id === null) return apiError(404, FEE_OFFER_MESSAGES.notFound)
			const result = updateFeeOffer({ id: admin.id, email: admin.email }, id, await body())
			if (!result.ok) return apiFailure(result)
			return apiSuccess(result.value, { message: FEE_OFFER_MESSAGES.updated })
		},
	}),
	DELETE: endpoint({
		tags: ['Admin content'],
		summary: 'Delete a 0% fee offer for good (super admins; its claims stay; audited as offer.delete)',
		auth: 'admin',
		params: IdParams,
		responses: {
			200: ok('Deleted: what it was.', { message: true, data: StaffFeeOfferSchema }),
			...refusals([...ADMIN_GUARD, 404], { 403: "Not a super admin, or a member's token." }),
		},
		handler({ request, params }) {
			const { admin } = requireApiCapability(request, 'content:delete')
			const id = parseContentId(params.id)
			if (id === null) return apiError(404, FEE_OFFER_MESSAGES.notFound)
			const result = deleteFeeOffer({ id: admin.id, email: admin.email }, id)
			if (!result.ok) return apiFailure(result)
			return apiSuccess(result.value, { message: FEE_OFFER_MESSAGES.deleted })
		},
	}),
})
export const loader = route.loader
export const action = route.action
