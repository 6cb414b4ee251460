import { requireApiCapability } from '#app/auth/staff.server.ts'
import { createFeeOffer, listFeeOffersForStaff } from '#app/features/content/offers.server.ts'
import { StaffFeeOfferSchema } from '#app/features/content/responses.server.ts'
import { FEE_OFFER_MESSAGES, FeeOfferCreateApiSchema } from '#app/features/content/schemas.ts'
import { ADMIN_403, ADMIN_GUARD, BODY_REFUSALS, ok, refusals, z } from '#app/utils/api-schema.server.ts'
import { apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

// /api/admin/content/offers (content:manage, both roles; decision 062).
const route = apiRoute({
	GET: endpoint({
		tags: ['Admin content'],
		summary: 'Every 0% fee offer, newest first, with its status, claims and spots left (samples marked)',
		auth: 'admin',
		responses: {
			200: ok('The offers.', { data: z.object({ offers: z.array(StaffFeeOfferSchema) }).strict() }),
			...refusals(ADMIN_GUARD, ADMIN_403),
		},
		handler({ request }) {
			requireApiCapability(request, 'content:manage')
			return apiSuccess({ offers: listFeeOffersForStaff() })
		},
	}),
	POST: endpoint({
		tags: ['Admin content'],
		summary: 'Add a 0% fee offer for a listed trader, as a draft (audited as offer.create)',
		auth: 'admin',
		body: FeeOfferCreateApiSchema.openapi('FeeOfferCreateRequest'),
		responses: {
			201: ok('Added as a draft.', { message: true, data: StaffFeeOfferSchema }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD], {
				400: 'Validation failed: a trader that is not listed, fees out of range or a current fee not below the original, an expiry before the publish date (each at its path); nothing stored.',
				...ADMIN_403,
			}),
		},
		async handler({ request, body }) {
			const { admin } = requireApiCapability(request, 'content:manage')
			const result = createFeeOffer({ id: admin.id, email: admin.email }, await body())
			if (!result.ok) return apiFailure(result)
			return apiSuccess(result.value, { message: FEE_OFFER_MESSAGES.created, status: 201 })
		},
	}),
})
export const loader = route.loader
export const action = route.action
