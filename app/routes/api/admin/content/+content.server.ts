import { requireApiCapability } from '#app/auth/staff.server.ts'
import { publishPromotion, unpublishPromotion } from '#app/features/content/promotions.server.ts'
import { publishFeeOffer, unpublishFeeOffer } from '#app/features/content/offers.server.ts'
import { StaffFeeOfferSchema, StaffPromotionSchema } from '#app/features/content/responses.server.ts'
import { FEE_OFFER_MESSAGES, parseContentId, PROMOTION_MESSAGES } from '#app/features/content/schemas.ts'
import {
	ADMIN_403,
	ADMIN_GUARD,
	BODY_REFUSALS,
	IdParams,
	IgnoredPayload,
	ok,
	refusals,
} from '#app/utils/api-schema.server.ts'
import { apiError, apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

/**
 * POST /api/admin/content/promotions/:id/publish and /unpublish: one route
 * for both (content:manage; audited as promotion.publish or
 * promotion.unpublish). Publishing with a publish day ahead schedules it.
 */
export function promotionLifecycleRoute(verb: 'publish' | 'unpublish') {
	return apiRoute({
		POST: endpoint({
			tags: ['Admin content'],
			summary:
				verb === 'publish'
					? 'Publish a promotion: members see it now, or on its publish day when that is ahead (scheduled)'
					: 'Unpublish a promotion: back to draft, members no longer see it',
			auth: 'admin',
			params: IdParams,
			body: { schema: IgnoredPayload, required: false, description: 'No payload.' },
			responses: {
				200: ok('Done.', { message: true, data: StaffPromotionSchema }),
				...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 404, 409], {
					409:
						verb === 'publish'
							? 'Already published or scheduled, or its expiry date has passed.'
							: 'A draft: there is nothing to unpublish.',
					...ADMIN_403,
				}),
			},
			async handler({ request, params, body }) {
				const { admin } = requireApiCapability(request, 'content:manage')
				const id = parseContentId(params.id)
				if (id === null) return apiError(404, PROMOTION_MESSAGES.notFound)
				await body()
				const actor = { id: admin.id, email: admin.email }
				const result = verb === 'publish' ? publishPromotion(actor, id) : unpublishPromotion(actor, id)
				if (!result.ok) return apiFailure(result)
				const message =
					verb === 'unpublish'
						? PROMOTION_MESSAGES.unpublished
						: result.value.status === 'scheduled'
							? PROMOTION_MESSAGES.scheduled
							: PROMOTION_MESSAGES.published
				return apiSuccess(result.value, { message })
			},
		}),
	})
}

/**
 * POST /api/admin/content/offers/:id/publish and /unpublish (content:manage;
 * audited as offer.publish or offer.unpublish). An unpublished offer takes
 * no more claims; its claims stay.
 */
export function offerLifecycleRoute(verb: 'publish' | 'unpublish') {
	return apiRoute({
		POST: endpoint({
			tags: ['Admin content'],
			summary:
				verb === 'publish'
					? 'Publish a 0% fee offer: members see it and can claim it now, or on its publish day when that is ahead (scheduled)'
					: 'Unpublish a 0% fee offer: back to draft, members no longer see or claim it',
			auth: 'admin',
			params: IdParams,
			body: { schema: IgnoredPayload, required: false, description: 'No payload.' },
			responses: {
				200: ok('Done.', { message: true, data: StaffFeeOfferSchema }),
				...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 404, 409], {
					409:
						verb === 'publish'
							? 'Already published or scheduled, or its expiry date has passed.'
							: 'A draft: there is nothing to unpublish.',
					...ADMIN_403,
				}),
			},
			async handler({ request, params, body }) {
				const { admin } = requireApiCapability(request, 'content:manage')
				const id = parseContentId(params.id)
				if (id === null) return apiError(404, FEE_OFFER_MESSAGES.notFound)
				await body()
				const actor = { id: admin.id, email: admin.email }
				const result = verb === 'publish' ? publishFeeOffer(actor, id) : unpublishFeeOffer(actor, id)
				if (!result.ok) return apiFailure(result)
				const message =
					verb === 'unpublish'
						? FEE_OFFER_MESSAGES.unpublished
						: result.value.status === 'scheduled'
							? FEE_OFFER_MESSAGES.scheduled
							: FEE_OFFER_MESSAGES.published
				return apiSuccess(result.value, { message })
			},
		}),
	})
}
