import { requireApiCapability } from '#app/auth/staff.server.ts'
import { createPromotion, listPromotionsForStaff } from '#app/features/content/promotions.server.ts'
import { StaffPromotionSchema } from '#app/features/content/responses.server.ts'
import { PROMOTION_MESSAGES, PromotionCreateApiSchema } from '#app/features/content/schemas.ts'
import { ADMIN_403, ADMIN_GUARD, BODY_REFUSALS, ok, refusals, z } from '#app/utils/api-schema.server.ts'
import { apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

// /api/admin/content/promotions (content:manage, both roles; decision 062).
const route = apiRoute({
	GET: endpoint({
		tags: ['Admin content'],
		summary: 'Every promotion, newest first, with its status (drafts, scheduled, published, expired, samples)',
		auth: 'admin',
		responses: {
			200: ok('The promotions.', { data: z.object({ promotions: z.array(StaffPromotionSchema) }).strict() }),
			...refusals(ADMIN_GUARD, ADMIN_403),
		},
		handler({ request }) {
			requireApiCapability(request, 'content:manage')
			return apiSuccess({ promotions: listPromotionsForStaff() })
		},
	}),
	POST: endpoint({
		tags: ['Admin content'],
		summary: 'Add a promotion, as a draft (audited as promotion.create)',
		auth: 'admin',
		body: PromotionCreateApiSchema.openapi('PromotionCreateRequest'),
		responses: {
			201: ok('Added as a draft.', { message: true, data: StaffPromotionSchema }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD], {
				400: 'Validation failed: a code over 40 characters or with control characters, an unknown broker, an expiry before the publish date (each at its path); nothing stored.',
				...ADMIN_403,
			}),
		},
		async handler({ request, body }) {
			const { admin } = requireApiCapability(request, 'content:manage')
			const result = createPromotion({ id: admin.id, email: admin.email }, await body())
			if (!result.ok) return apiFailure(result)
			return apiSuccess(result.value, { message: PROMOTION_MESSAGES.created, status: 201 })
		},
	}),
})
export const loader = route.loader
export const action = route.action
