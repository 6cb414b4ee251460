import { requireApiCapability } from '#app/auth/staff.server.ts'
import { createTestimonial, listTestimonialsForStaff } from '#app/features/content/testimonials.server.ts'
import { StaffTestimonialSchema } from '#app/features/content/responses.server.ts'
import { TESTIMONIAL_MESSAGES, TestimonialCreateApiSchema } from '#app/features/content/schemas.ts'
import { ADMIN_403, ADMIN_GUARD, BODY_REFUSALS, ok, refusals, z } from '#app/utils/api-schema.server.ts'
import { apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

// /api/admin/content/testimonials (content:manage, both roles; decision 062).
const route = apiRoute({
	GET: endpoint({
		tags: ['Admin content'],
		summary: "Every testimonial in the landing's order (position, then oldest), with its status and consent",
		auth: 'admin',
		responses: {
			200: ok('The testimonials.', { data: z.object({ testimonials: z.array(StaffTestimonialSchema) }).strict() }),
			...refusals(ADMIN_GUARD, ADMIN_403),
		},
		handler({ request }) {
			requireApiCapability(request, 'content:manage')
			return apiSuccess({ testimonials: listTestimonialsForStaff() })
		},
	}),
	POST: endpoint({
		tags: ['Admin content'],
		summary: 'Add a testimonial, as a draft, with the consent the member gave (audited as testimonial.create)',
		auth: 'admin',
		body: TestimonialCreateApiSchema.openapi('TestimonialCreateRequest'),
		responses: {
			201: ok('Added as a draft.', { message: true, data: StaffTestimonialSchema }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD], {
				400: 'Validation failed: no consent (day and how), a consent day in the future, a field too long or with control characters, an expiry before the publish date (each at its path); nothing stored.',
				...ADMIN_403,
			}),
		},
		async handler({ request, body }) {
			const { admin } = requireApiCapability(request, 'content:manage')
			const result = createTestimonial({ id: admin.id, email: admin.email }, await body())
			if (!result.ok) return apiFailure(result)
			return apiSuccess(result.value, { message: TESTIMONIAL_MESSAGES.created, status: 201 })
		},
	}),
})
export const loader = route.loader
export const action = route.action
