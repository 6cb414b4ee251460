import { requireApiCapability } from '#app/auth/staff.server.ts'
import { deletePromotion, getPromotion, updatePromotion } from '#app/features/content/promotions.server.ts'
import { StaffPromotionSchema } from '#app/features/content/responses.server.ts'
import { parseContentId, PROMOTION_MESSAGES, PromotionUpdateApiSchema } from '#app/features/content/schemas.ts'
import { ADMIN_403, ADMIN_GUARD, BODY_REFUSALS, IdParams, ok, refusals } from '#app/utils/api-schema.server.ts'
import { apiError, apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

// /api/admin/content/promotions/:id (content:manage; DELETE content:delete, super admins; decision 062).
const route = apiRoute({
	GET: endpoint({
		tags: ['Admin content'],
		summary: 'One promotion',
		auth: 'admin',
		params: IdParams,
		responses: {
			200: ok('The promotion.', { data: StaffPromotionSchema }),
			...refusals([...ADMIN_GUARD, 404], ADMIN_403),
		},
		handler({ request, params }) {
			requireApiCapability(request, 'content:manage')
			const id = parseContentId(params.id)
			const promotion = id === null ? null : getPromotion(id)
			if (!promotion) return apiError(404, PROMOTION_MESSAGES.notFound)
			return apiSuccess(promotion)
		},
	}),
	PATCH: endpoint({
		tags: ['Admin content'],
		summary: 'Edit a promotion: any of its fields, in any status (audited as promotion.update)',
		auth: 'admin',
		params: IdParams,
		body: PromotionUpdateApiSchema.openapi('PromotionUpdateRequest'),
		responses: {
			200: ok('Updated.', { message: true, data: StaffPromotionSchema }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 404], ADMIN_403),
		},
		async handler({ request, params, body }) {
			const { admin } = requireApiCapability(request, 'content:manage')
			const id = parseContentId(params.id)
			if (id === null) return apiError(404, PROMOTION_MESSAGES.notFound)
			const result = updatePromotion({ id: admin.id, email: admin.email }, id, await body())
			if (!result.ok) return apiFailure(result)
			return apiSuccess(result.value, { message: PROMOTION_MESSAGES.updated })
		},
	}),
	DELETE: endpoint({
		tags: ['Admin content'],
		summary: 'Delete a promotion for good (super admins; audited as promotion.delete with what it was)',
		auth: 'admin',
		params: IdParams,
		responses: {
			200: ok('Deleted: what it was.', { message: true, data: StaffPromotionSchema }),
			...refusals([...ADMIN_GUARD, 404], { 403: "Not a super admin, or a member's token." }),
		},
		handler({ request, params }) {
			const { admin } = requireApiCapability(request, 'content:delete')
			const id = parseContentId(params.id)
			if (id === null) return apiError(404, PROMOTION_MESSAGES.notFound)
			const result = deletePromotion({ id: admin.id, email: admin.email }, id)
			if (!result.ok) return apiFailure(result)
			return apiSuccess(result.value, { message: PROMOTION_MESSAGES.deleted })
		},
	}),
})
export const loader = route.loader
export const action = route.action
