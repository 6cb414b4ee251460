import { requireApiCapability } from '#app/auth/staff.server.ts'
import { deleteTestimonial, getTestimonial, updateTestimonial } from '#app/features/content/testimonials.server.ts'
import { StaffTestimonialSchema } from '#app/features/content/responses.server.ts'
import { parseContentId, TESTIMONIAL_MESSAGES, TestimonialUpdateApiSchema } from '#app/features/content/schemas.ts'
import { ADMIN_403, ADMIN_GUARD, BODY_REFUSALS, IdParams, ok, refusals } from '#app/utils/api-schema.server.ts'
import { apiError, apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

// /api/admin/content/testimonials/:id (content:manage; DELETE content:delete, super admins; decision 062).
const route = apiRoute({
	GET: endpoint({
		tags: ['Admin content'],
		summary: 'One testimonial',
		auth: 'admin',
		params: IdParams,
		responses: {
			200: ok('The testimonial.', { data: StaffTestimonialSchema }),
			...refusals([...ADMIN_GUARD, 404], ADMIN_403),
		},
		handler({ request, params }) {
			requireApiCapability(request, 'content:manage')
			const id = parseContentId(params.id)
			const testimonial = id === null ? null : getTestimonial(id)
			if (!testimonial) return apiError(404, TESTIMONIAL_MESSAGES.notFound)
			return apiSuccess(testimonial)
		},
	}),
	PATCH: endpoint({
		tags: ['Admin content'],
		summary:
			'Edit a testimonial: any of its fields, in any status; the consent cannot be removed (audited as testimonial.update)',
		auth: 'admin',
		params: IdParams,
		body: TestimonialUpdateApiSchema.openapi('TestimonialUpdateRequest'),
		responses: {
			200: ok('Updated.', { message: true, data: StaffTestimonialSchema }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 404], ADMIN_403),
		},
		async handler({ request, params, body }) {
			const { admin } = requireApiCapability(request, 'content:manage')
			const id = parseContentId(params.id)
			if (id === null) return apiError(404, TESTIMONIAL_MESSAGES.notFound)
			const result = updateTestimonial({ id: admin.id, email: admin.email }, id, await body())
			if (!result.ok) return apiFailure(result)
			return apiSuccess(result.value, { message: TESTIMONIAL_MESSAGES.updated })
		},
	}),
	DELETE: endpoint({
		tags: ['Admin content'],
		summary: 'Delete a testimonial for good (super admins; audited as testimonial.delete with what it was)',
		auth: 'admin',
		params: IdParams,
		responses: {
			200: ok('Deleted: what it was.', { message: true, data: StaffTestimonialSchema }),
			...refusals([...ADMIN_GUARD, 404], { 403: "Not a super admin, or a member's token." }),
		},
		handler({ request, params }) {
			const { admin } = requireApiCapability(request, 'content:delete')
			const id = parseContentId(params.id)
			if (id === null) return apiError(404, TESTIMONIAL_MESSAGES.notFound)
			const result = deleteTestimonial({ id: admin.id, email: admin.email }, id)
			if (!result.ok) return apiFailure(result)
			return apiSuccess(result.value, { message: TESTIMONIAL_MESSAGES.deleted })
		},
	}),
})
export const loader = route.loader
export const action = route.action
