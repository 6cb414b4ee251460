import { CONTENT_STATUSES, PLANS, TRADER_STATUSES } from '#app/domain/enums.ts'
import { count, id, isoDate, isoDateTime, z } from '#app/utils/api-schema.server.ts'

/**
 * What /api/admin/content/* and the member API answer about staff-run
 * content (issue 41, decision 062); the `z.infer` types are the models'.
 */

const day = () => isoDate().nullable()

export const StaffPromotionSchema = z
	.object({
		id: id(),
		code: z.string(),
		description: z.string(),
		broker: z
			.object({ id: id(), name: z.string(), slug: z.string(), active: z.boolean() })
			.strict()
			.nullable()
			.openapi({ description: 'The broker the promotion is for, or null for the platform’s own.' }),
		status: z.enum(CONTENT_STATUSES).openapi({ description: 'The stored status (the scheduler moves it).' }),
		shownStatus: z.enum(CONTENT_STATUSES).openapi({
			description: 'The status by the clock now: a row past its expiry is expired before the scheduler runs.',
		}),
		publishOn: day().openapi({ description: 'The first day it shows (from 00:00 UTC), or null: when published.' }),
		expiresOn: day().openapi({ description: 'The last day it shows (until 24:00 UTC), or null: no expiry.' }),
		publishAt: isoDateTime().nullable(),
		expiresAt: isoDateTime().nullable(),
		publishedAt: isoDateTime().nullable().openapi({ description: 'When it was last published.' }),
		sample: z.boolean().openapi({ description: 'A sample row of a fresh install (shown "Sample" to staff).' }),
		createdAt: isoDateTime(),
		updatedAt: isoDateTime(),
	})
	.strict()
	.openapi('StaffPromotion')
export type StaffPromotion = z.infer<typeof StaffPromotionSchema>

export const MemberPromotionSchema = z
	.object({
		code: z.string(),
		description: z.string(),
		broker: z.string().nullable().openapi({ description: "The broker's name, or null for the platform's own." }),
		expiresOn: day().openapi({ description: 'The last day it is valid (UTC), or null.' }),
		expires: z.string().nullable().openapi({ description: 'That day as shown, like "Dec 31, 2026".' }),
	})
	.strict()
	.openapi('MemberPromotion')
export type MemberPromotion = z.infer<typeof MemberPromotionSchema>

const SPOTS_LABELS = ['Almost Full!', 'Filling Fast', 'Available'] as const

export const StaffFeeOfferSchema = z
	.object({
		id: id(),
		key: z.string().openapi({
			description:
				"The offer's text id in the member's URLs and in claims' offerId (the samples keep their old ids; a new offer gets offer-<id>).",
		}),
		trader: z
			.object({ id: id(), slug: z.string(), name: z.string(), status: z.enum(TRADER_STATUSES) })
			.strict()
			.openapi({ description: 'The registry trader the offer is for.' }),
		originalFee: z.number().int().openapi({ description: 'Percent.' }),
		currentFee: z.number().int().openapi({ description: 'Percent.' }),
		minCapital: z.number().int().openapi({ description: 'US dollars.' }),
		totalSpots: count(),
		claims: count().openapi({ description: 'Confirmed claims (fee_offer_claims rows) on this offer.' }),
		spotsLeft: count().openapi({ description: 'Total spots minus claims.' }),
		spotsLabel: z.enum(SPOTS_LABELS),
		description: z.string(),
		featured: z.boolean(),
		urgent: z.boolean(),
		status: z.enum(CONTENT_STATUSES).openapi({ description: 'The stored status (the scheduler moves it).' }),
		shownStatus: z.enum(CONTENT_STATUSES).openapi({
			description: 'The status by the clock now: a row past its expiry is expired before the scheduler runs.',
		}),
		publishOn: day().openapi({ description: 'The first day it shows (from 00:00 UTC), or null: when published.' }),
		expiresOn: day().openapi({ description: 'The last day it shows (until 24:00 UTC), or null: no expiry.' }),
		publishAt: isoDateTime().nullable(),
		expiresAt: isoDateTime().nullable(),
		publishedAt: isoDateTime().nullable().openapi({ description: 'When it was last published.' }),
		sample: z.boolean().openapi({ description: 'A sample row of a fresh install (shown "Sample" to staff).' }),
		createdAt: isoDateTime(),
		updatedAt: isoDateTime(),
	})
	.strict()
	.openapi('StaffFeeOffer')
export type StaffFeeOffer = z.infer<typeof StaffFeeOfferSchema>

const ANNOUNCEMENT_AUDIENCE_VALUES = ['all', ...PLANS] as const
const DELIVERY_STATES = ['not-started', 'sending', 'stopped', 'sent'] as const

export const StaffAnnouncementSchema = z
	.object({
		id: id(),
		title: z.string(),
		body: z.string().openapi({ description: 'Plain text; paragraphs are separated by a blank line.' }),
		audience: z
			.enum(ANNOUNCEMENT_AUDIENCE_VALUES)
			.openapi({ description: '`all` (every member) or a plan: its members only.' }),
		audienceLabel: z
			.string()
			.openapi({ description: 'The audience as staff read it, like "Members on the Gold plan".' }),
		status: z.enum(CONTENT_STATUSES).openapi({
			description: 'The stored status: publishing sends it (published), or schedules it for its publish day.',
		}),
		shownStatus: z.enum(CONTENT_STATUSES),
		delivery: z.enum(DELIVERY_STATES).openapi({
			description:
				'not-started; sending (the scheduler delivers it in batches); stopped (unpublished before every member got it); sent (every member of its audience).',
		}),
		audienceCount: count()
			.nullable()
			.openapi({ description: 'The members it is for, counted when sending started (null before).' }),
		sentCount: count().openapi({
			description: "The members whose inbox has it so far (it counts as sent once it is in a member's inbox).",
		}),
		mailedCount: count().openapi({
			description:
				'The mails handed to the mail server so far: to the members who allow announcement mails, after their inbox, at most ANNOUNCEMENT_MAILS_PER_SECOND.',
		}),
		publishOn: day().openapi({
			description: 'The first day it may be sent (from 00:00 UTC), or null: when published.',
		}),
		publishAt: isoDateTime().nullable(),
		publishedAt: isoDateTime().nullable().openapi({ description: 'When it was last published.' }),
		deliveryStartedAt: isoDateTime().nullable(),
		deliveryFinishedAt: isoDateTime()
			.nullable()
			.openapi({ description: 'When the last member of its audience had it in their inbox.' }),
		mailsFinishedAt: isoDateTime()
			.nullable()
			.openapi({ description: 'When the last mail was handed to the mail server (null while mails still go out).' }),
		sample: z.boolean(),
		createdAt: isoDateTime(),
		updatedAt: isoDateTime(),
	})
	.strict()
	.openapi('StaffAnnouncement')
export type StaffAnnouncement = z.infer<typeof StaffAnnouncementSchema>

export const AnnouncementTestSendSchema = z
	.object({ sentTo: z.string().openapi({ description: "The signed-in staff member's own email address." }) })
	.strict()
	.openapi('AnnouncementTestSend')

const LESSON_TAB_IDS = ['basics', 'risk', 'portfolio'] as const

const LessonVersionSummarySchema = z
	.object({
		version: count(),
		title: z.string(),
		savedBy: z.string().openapi({ description: 'The email of the staff member who saved it ("system" for the seed).' }),
		savedAt: isoDateTime(),
	})
	.strict()

const staffLessonShape = {
	id: id(),
	key: z.string().openapi({
		description:
			"The lesson's text id in the member's URLs and in completions' lessonId (the samples keep their old ids; a new lesson gets one made from its title).",
	}),
	title: z.string(),
	description: z.string(),
	tab: z.enum(LESSON_TAB_IDS).openapi({ description: 'Its topic tab.' }),
	position: count().openapi({ description: 'Its place in its topic (1 first).' }),
	duration: count().nullable().openapi({ description: 'Minutes typed by staff, or null: the reading time is shown.' }),
	readingMinutes: count().openapi({ description: 'The reading time of its words (200 a minute).' }),
	shownDuration: count().openapi({ description: 'The minutes members see: duration, else the reading time.' }),
	words: count(),
	body: z.string().openapi({ description: 'Markdown.' }),
	bodyHtml: z.string().openapi({ description: 'The body rendered and sanitised when saved (what members see).' }),
	version: count().openapi({ description: 'The number of the current version.' }),
	status: z.enum(CONTENT_STATUSES).openapi({ description: 'The stored status (the scheduler moves it).' }),
	shownStatus: z.enum(CONTENT_STATUSES).openapi({
		description: 'The status by the clock now: a row past its expiry is expired before the scheduler runs.',
	}),
	publishOn: day().openapi({ description: 'The first day it shows (from 00:00 UTC), or null: when published.' }),
	expiresOn: day().openapi({ description: 'The last day it shows (until 24:00 UTC), or null: no expiry.' }),
	publishAt: isoDateTime().nullable(),
	expiresAt: isoDateTime().nullable(),
	publishedAt: isoDateTime().nullable().openapi({ description: 'When it was last published.' }),
	sample: z.boolean().openapi({ description: 'A sample row of a fresh install (shown "Sample" to staff).' }),
	createdAt: isoDateTime(),
	updatedAt: isoDateTime(),
}

export const StaffLessonSchema = z.object(staffLessonShape).strict().openapi('StaffLesson')
export type StaffLesson = z.infer<typeof StaffLessonSchema>

// Its own object, not StaffLessonSchema.extend: an extension becomes allOf of two closed objects in the document.
export const StaffLessonDetailSchema = z
	.object({
		...staffLessonShape,
		versions: z
			.array(LessonVersionSummarySchema)
			.openapi({ description: 'Every saved text, newest first (the first is the current one).' }),
	})
	.strict()
	.openapi('StaffLessonDetail')
export type StaffLessonDetail = z.infer<typeof StaffLessonDetailSchema>
export type LessonVersionSummary = z.infer<typeof LessonVersionSummarySchema>

/** A testimonial as the landing's carousel shows it (part 4). */
export const PublicTestimonialSchema = z
	.object({
		name: z.string(),
		role: z.string(),
		country: z.string(),
		text: z.string(),
		profit: z.string().openapi({ description: 'The figure quoted, as shown ("+$1,240 in 3 months").' }),
	})
	.strict()
	.openapi('PublicTestimonial')
export type PublicTestimonial = z.infer<typeof PublicTestimonialSchema>

export const StaffTestimonialSchema = z
	.object({
		id: id(),
		name: z.string(),
		role: z.string(),
		country: z.string(),
		text: z.string(),
		profit: z.string().openapi({ description: 'The figure quoted, as shown ("+$1,240 in 3 months").' }),
		consentOn: isoDate().openapi({ description: 'The day (UTC) the member agreed to be quoted.' }),
		consentHow: z.string().openapi({ description: 'How they agreed ("Signed release form, emailed 2026-11-02").' }),
		position: count().openapi({ description: 'The order on the landing: lower first, then the oldest.' }),
		status: z.enum(CONTENT_STATUSES).openapi({ description: 'The stored status (the scheduler moves it).' }),
		shownStatus: z.enum(CONTENT_STATUSES).openapi({
			description: 'The status by the clock now: a row past its expiry is expired before the scheduler runs.',
		}),
		publishOn: day().openapi({ description: 'The first day it shows (from 00:00 UTC), or null: when published.' }),
		expiresOn: day().openapi({ description: 'The last day it shows (until 24:00 UTC), or null: no expiry.' }),
		publishAt: isoDateTime().nullable(),
		expiresAt: isoDateTime().nullable(),
		publishedAt: isoDateTime().nullable().openapi({ description: 'When it was last published.' }),
		sample: z.boolean().openapi({ description: 'A sample row of a fresh install (shown "Sample" to staff).' }),
		createdAt: isoDateTime(),
		updatedAt: isoDateTime(),
	})
	.strict()
	.openapi('StaffTestimonial')
export type StaffTestimonial = z.infer<typeof StaffTestimonialSchema>
