import type { DashboardTrends, DayPoint } from '#app/features/stats/stats.server.ts'
import { formatCount, formatDate, formatMonth, formatPercent, formatUsd } from '#app/utils/admin-format.ts'
import { trendLine } from '#app/utils/charts.server.ts'

/** The stat cards' trend charts (geometry drawn on the server), keyed like the figures. */
export function dashboardTrendCharts(trends: DashboardTrends) {
	// The three daily series share their days: each label is formatted once.
	const labels = trends.totalUsers.map((p) => formatDate(p.day))
	const byDay = (points: DayPoint[]) => points.map((p, i) => ({ label: labels[i]!, value: p.value }))
	return {
		totalUsers: trendLine(byDay(trends.totalUsers), { title: 'Total Users', unit: 'day', format: formatCount }),
		activeContests: trendLine(byDay(trends.activeContests), {
			title: 'Active Contests',
			unit: 'day',
			format: formatCount,
		}),
		monthlyRevenue: trendLine(
			trends.monthlyRevenue.map((p) => ({ label: formatMonth(p.month), value: p.value })),
			{ title: 'Monthly Revenue', unit: 'month', format: formatUsd },
		),
		platformActivity: trendLine(byDay(trends.platformActivity), {
			title: 'Platform Activity',
			unit: 'day',
			format: formatPercent,
		}),
	}
}
