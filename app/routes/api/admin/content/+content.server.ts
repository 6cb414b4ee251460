import { requireApiCapability } from '#app/auth/staff.server.ts'
import { publishPromotion, unpublishPromotion } from '#app/features/content/promotions.server.ts'
import { publishFeeOffer, unpublishFeeOffer } from '#app/features/content/offers.server.ts'
import { publishTestimonial, unpublishTestimonial } from '#app/features/content/testimonials.server.ts'
import { publishLesson, unpublishLesson } from '#app/features/content/lessons.server.ts'
import { publishAnnouncement, unpublishAnnouncement } from '#app/features/content/announcements.server.ts'
import {
	StaffAnnouncementSchema,
	StaffFeeOfferSchema,
	StaffLessonDetailSchema,
	StaffPromotionSchema,
	StaffTestimonialSchema,
} from '#app/features/content/responses.server.ts'
import {
	ANNOUNCEMENT_MESSAGES,
	FEE_OFFER_MESSAGES,
	LESSON_MESSAGES,
	parseContentId,
	PROMOTION_MESSAGES,
	TESTIMONIAL_MESSAGES,
} from '#app/features/content/schemas.ts'
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
import type { Result } from '#app/utils/result.ts'
import type { ZodType } from 'zod'

type AuditActor = { id: number; email: string }

/** What the publish and unpublish routes of one kind of content need. */
type LifecycleKind = {
	/** The response's `data`: the staff view of one item. */
	schema: ZodType
	messages: { notFound: string; published: string; scheduled: string; unpublished: string }
	publish: (actor: AuditActor, id: number) => Result<{ status: string }>
	unpublish: (actor: AuditActor, id: number) => Result<{ status: string }>
	summaries: { publish: string; unpublish: string }
}

/**
 * POST /api/admin/content/<kind>/:id/publish and /unpublish: one route for
 * both and for every kind (content:manage; audited as <kind>.publish or
 * <kind>.unpublish). Publishing with a publish day ahead schedules it.
 */
function contentLifecycleRoute(kind: LifecycleKind, verb: 'publish' | 'unpublish') {
	return apiRoute({
		POST: endpoint({
			tags: ['Admin content'],
			summary: kind.summaries[verb],
			auth: 'admin',
			params: IdParams,
			body: { schema: IgnoredPayload, required: false, description: 'No payload.' },
			responses: {
				200: ok('Done.', { message: true, data: kind.schema }),
				...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 404, 409], {
					409:
						verb === 'publish'
							? 'Already published or scheduled, or its expiry date has passed (a testimonial: or no consent recorded).'
							: 'A draft: there is nothing to unpublish.',
					...ADMIN_403,
				}),
			},
			async handler({ request, params, body }) {
				const { admin } = requireApiCapability(request, 'content:manage')
				const id = parseContentId(params.id)
				if (id === null) return apiError(404, kind.messages.notFound)
				await body()
				const actor = { id: admin.id, email: admin.email }
				const result = kind[verb](actor, id)
				if (!result.ok) return apiFailure(result)
				const message =
					verb === 'unpublish'
						? kind.messages.unpublished
						: result.value.status === 'scheduled'
							? kind.messages.scheduled
							: kind.messages.published
				return apiSuccess(result.value, { message })
			},
		}),
	})
}

const PROMOTIONS: LifecycleKind = {
	schema: StaffPromotionSchema,
	messages: PROMOTION_MESSAGES,
	publish: publishPromotion,
	unpublish: unpublishPromotion,
	summaries: {
		publish: 'Publish a promotion: members see it now, or on its publish day when that is ahead (scheduled)',
		unpublish: 'Unpublish a promotion: back to draft, members no longer see it',
	},
}

/** An unpublished offer takes no more claims; its claims stay. */
const OFFERS: LifecycleKind = {
	schema: StaffFeeOfferSchema,
	messages: FEE_OFFER_MESSAGES,
	publish: publishFeeOffer,

	unpublish: unpublishFeeOffer,
	summaries: {
		publish:
			'Publish a 0% fee offer: members see it and can claim it now, or on its publish day when that is ahead (scheduled)',
		unpublish: 'Unpublish a 0% fee offer: back to draft, members no longer see or claim it',
	},
}

/** POST /api/admin/content/promotions/:id/publish and /unpublish. */
export const promotionLifecycleRoute = (verb: 'publish' | 'unpublish') => contentLifecycleRoute(PROMOTIONS, verb)

/** POST /api/admin/content/offers/:id/publish and /unpublish. */
export const offerLifecycleRoute = (verb: 'publish' | 'unpublish') => contentLifecycleRoute(OFFERS, verb)

/** A testimonial is published only with its consent recorded (the day, not ahead, and how): else 409. */
const TESTIMONIALS: LifecycleKind = {
	schema: StaffTestimonialSchema,
	messages: TESTIMONIAL_MESSAGES,
	publish: publishTestimonial,
	unpublish: unpublishTestimonial,
	summaries: {
		publish:
			'Publish a testimonial (its consent is checked): visitors see it on the landing now, or on its publish day when that is ahead (scheduled)',
		unpublish: 'Unpublish a testimonial: back to draft, visitors no longer see it',
	},
}

/** POST /api/admin/content/testimonials/:id/publish and /unpublish. */
export const testimonialLifecycleRoute = (verb: 'publish' | 'unpublish') => contentLifecycleRoute(TESTIMONIALS, verb)
/** A lesson's completions stay whatever its status. */
const LESSONS: LifecycleKind = {
	schema: StaffLessonDetailSchema,
	messages: LESSON_MESSAGES,
	publish: publishLesson,
	unpublish: unpublishLesson,
	summaries: {
		publish:
			'Publish a lesson: members see it in the Academy now, or on its publish day when that is ahead (scheduled)',
		unpublish: 'Unpublish a lesson: back to draft, members no longer see it (their completions of it stay stored)',
	},
}

/** POST /api/admin/content/lessons/:id/publish and /unpublish. */
export const lessonLifecycleRoute = (verb: 'publish' | 'unpublish') => contentLifecycleRoute(LESSONS, verb)

/** Publishing an announcement sends it (the scheduler's batches); unpublishing stops the batches not yet sent. */
const ANNOUNCEMENTS: LifecycleKind = {
	schema: StaffAnnouncementSchema,
	messages: ANNOUNCEMENT_MESSAGES,
	publish: publishAnnouncement,
	unpublish: unpublishAnnouncement,
	summaries: {
		publish:
			'Publish an announcement: the scheduler sends it to its members in batches from now, or from its publish day when that is ahead (scheduled); 409 once every member got it',
		unpublish: 'Unpublish an announcement: back to draft, the batches not yet sent are not sent',
	},
}

/** POST /api/admin/content/announcements/:id/publish and /unpublish. */
export const announcementLifecycleRoute = (verb: 'publish' | 'unpublish') => contentLifecycleRoute(ANNOUNCEMENTS, verb)
