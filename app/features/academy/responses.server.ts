import { LESSON_TABS } from '#app/features/academy/schemas.ts'
import { count, isoDateTime, z } from '#app/utils/api-schema.server.ts'

/**
 * What /api/member/academy* answer: the schemas describe the answers in the
 * OpenAPI document and are the models' types (`z.infer`).
 */

const percent = () => z.number().int().min(0).max(100)

export const AcademyStatsSchema = z
	.object({
		completed: count(),
		total: count(),
		// completed / total, as a whole percent.
		progressPercent: percent(),
		totalLength: z.string().openapi({ description: 'The reading time of every lesson ("30 min").' }),
		certificates: count(),
		certificateTotal: count(),
	})
	.strict()
	.openapi('AcademyStats')
export type AcademyStats = z.infer<typeof AcademyStatsSchema>

const CertificateSchema = z
	.object({
		tab: z.enum(LESSON_TABS),
		topic: z.string(),
		lessonsCompleted: count(),
		lessonTotal: count(),
		earned: z
			.object({ on: z.string(), at: isoDateTime() })
			.strict()
			.nullable()
			.openapi({ description: 'When the last lesson of the topic was completed; null until all are.' }),
	})
	.strict()

export const AcademyProgressSchema = z
	.object({
		stats: AcademyStatsSchema,
		certificates: z.array(CertificateSchema),
		lessons: z.array(
			z
				.object({
					id: z.string(),
					tab: z.enum(LESSON_TABS),
					title: z.string(),
					duration: count().openapi({ description: 'Minutes.' }),
					description: z.string(),
					completed: z.boolean(),
					completedAt: isoDateTime().nullable(),
				})
				.strict(),
		),
	})
	.strict()
	.openapi('AcademyProgress')
/** The member's academy: the stats, one certificate per topic, every lesson with its completion. */
export type AcademyProgress = z.infer<typeof AcademyProgressSchema>
