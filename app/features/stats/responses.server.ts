import { ALERT_TYPES } from '#app/domain/enums.ts'
import { count, id, isoDate, isoDateTime, z } from '#app/utils/api-schema.server.ts'
import { REVENUE_TREND_MONTHS, TREND_DAYS } from './stats.server.ts'

/**
 * What /api/admin/dashboard answers: the schemas describe the answers in
 * the OpenAPI document and are the models' types (`z.infer`), so the two
 * cannot drift apart.
 */

const TrendSchema = z.enum(['up', 'down', 'neutral'])
export type Trend = z.infer<typeof TrendSchema>

const DayPointSchema = z.object({ day: isoDate(), value: z.number().nullable() }).strict()
export type DayPoint = z.infer<typeof DayPointSchema>
const dayPoints = (description: string) => z.array(DayPointSchema).length(TREND_DAYS).openapi({ description })

export const DashboardTrendsSchema = z
	.object({
		totalUsers: dayPoints('Members, per day.'),
		activeContests: dayPoints('Contests with status active, per day.'),
		platformActivity: dayPoints('Percent of members seen in the 7 days before, per day.'),
		monthlyRevenue: z
			.array(z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), value: z.number().nullable() }).strict())
			.length(REVENUE_TREND_MONTHS)
			.openapi({
				description:
					'US dollars per UTC month from the revenue entries (voided ones excluded); null for a month without an entry that counts.',
			}),
	})
	.strict()
	.openapi('DashboardTrends', {
		description: `The series behind the stat cards, oldest first: the last ${TREND_DAYS} UTC days from the daily snapshots (today is the current figure; a day without a snapshot is null, never filled in), and the last ${REVENUE_TREND_MONTHS} UTC months of revenue.`,
	})
export type DashboardTrends = z.infer<typeof DashboardTrendsSchema>

export const DashboardStatsSchema = z
	.object({
		totalUsers: count(),
		totalUsersChange: z.number(),
		totalUsersTrend: TrendSchema,
		activeContests: count(),
		activeContestsChange: z.number(),
		activeContestsTrend: TrendSchema,
		monthlyRevenue: z.number().openapi({ description: 'US dollars, this UTC month.' }),
		monthlyRevenueChange: z.number(),
		monthlyRevenueTrend: TrendSchema,
		platformActivity: z
			.number()
			.min(0)
			.max(100)
			.openapi({ description: 'Percent of members seen in the last 7 days.' }),
		platformActivityChange: z.number(),
		platformActivityTrend: TrendSchema,
		trends: DashboardTrendsSchema,
	})
	.strict()
	.openapi('DashboardStats', {
		description: 'Changes are percentages with one decimal, signed; the trend follows the sign.',
	})
/** The four figures with their change and trend (getDashboardStats); the answer adds `trends`. */
export type DashboardStats = Omit<z.infer<typeof DashboardStatsSchema>, 'trends'>

export const AlertSchema = z
	.object({
		id: id(),
		type: z.enum(ALERT_TYPES),
		title: z.string(),
		message: z.string(),
		createdAt: isoDateTime(),
		actionUrl: z.string().optional().openapi({ description: 'A same-site path; absent when the alert has none.' }),
	})
	.strict()
	.openapi('Alert')
/** An open alert as the dashboard's API lists it (without a null actionUrl). */
export type DashboardAlert = z.infer<typeof AlertSchema>
