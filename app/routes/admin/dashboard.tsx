import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, Link } from 'react-router'
import { PlanBadge, UserStatusBadge } from '#app/components/admin-badges.tsx'
import { AlertActions } from '#app/components/admin-alert-actions.tsx'
import { AdminLoadError } from '#app/components/admin-error.tsx'
import { AdminButtonLink, AdminPageHeader, AdminSection } from '#app/components/admin-page.tsx'
import { VoidedBadge } from '#app/components/admin-revenue-badges.tsx'
import { TrendLine } from '#app/components/charts.tsx'
import { Field, FormAlert, GridSubmit } from '#app/components/forms.tsx'
import { StaffTableHead } from '#app/components/admin-list-parts.tsx'
import { TableScroller } from '#app/components/table-scroller.tsx'
import { StatIcon, TitledSection } from '#app/components/dashboard-ui.tsx'
import type { IconName } from '#app/components/icon.tsx'
import { site } from '#app/content/site.ts'
import { getDashboardStats, getDashboardTrends, listRecentUsers, type Trend } from '#app/features/stats/stats.server.ts'
import { checkContestAlerts, DASHBOARD_ALERT_COUNT, listDashboardAlerts } from '#app/features/alerts/alerts.server.ts'
import { planName } from '#app/features/plans/plan.server.ts'
import { listBrokerNames } from '#app/features/brokers/brokers.server.ts'
import { listRecentRevenue, recordRevenue } from '#app/features/revenue/revenue.server.ts'
import { requireAdmin, requireAdminCapability } from '#app/auth/staff.server.ts'
import {
	formatChange,
	formatCount,
	formatDateTime,
	formatMonth,
	formatPercent,
	formatUsd,
	formatUsdCents,
} from '#app/utils/admin-format.ts'
import { DASHBOARD_ERROR_TITLE, DASHBOARD_LOAD_FAILED } from '#app/features/stats/schemas.ts'
import { REVENUE_RECORDED, RevenueFormSchema, utcMonth } from '#app/features/revenue/schemas.ts'
import { can } from '#app/features/staff/roles.ts'
import { redirectWithFlash } from '#app/utils/flash.server.ts'
import { readFormData, replyInvalid } from '#app/utils/forms.server.ts'
import { cx, useIsPending } from '#app/utils/misc.ts'
import type { TrendChart } from '#app/utils/charts.server.ts'
import { dashboardTrendCharts } from './+dashboard.server.ts'
import type { Route } from './+types/dashboard'

const revenueConstraint = getZodConstraint(RevenueFormSchema)

export async function loader({ request, url }: Route.LoaderArgs) {
	const admin = await requireAdmin({ request, url })
	const now = new Date()
	// Contests about to end raise their alert as the dashboard loads (deduped).
	checkContestAlerts(now)
	const stats = getDashboardStats(now)
	return {
		stats,
		// The cards' 30-day trends (12 months for revenue), drawn on the server.
		charts: dashboardTrendCharts(getDashboardTrends(stats, now)),
		recentUsers: listRecentUsers().map((u) => ({ ...u, planName: planName(u.plan) })),
		// Open alerts, acknowledged ones included (they stay open, marked seen).
		alerts: listDashboardAlerts(DASHBOARD_ALERT_COUNT),
		canUpdateAlerts: can(admin, 'alerts:update'),
		canViewAlerts: can(admin, 'alerts:view'),
		canRecordRevenue: can(admin, 'revenue:record'),
		recentRevenue: listRecentRevenue(5),
		// The revenue form's suggestions: every broker's name (inactive ones too).
		brokerNames: listBrokerNames(),
		currentMonth: utcMonth(now),
	}
}

export async function action({ request, url }: Route.ActionArgs) {
	const admin = await requireAdminCapability({ request, url }, 'revenue:record')
	const formData = await readFormData(request)
	const submission = parseWithZod(formData, { schema: RevenueFormSchema })
	if (submission.status !== 'success') return replyInvalid(submission)
	const { broker, month, amount } = submission.value
	recordRevenue({ id: admin.id, email: admin.email }, { broker, month, amountCents: amount })
	throw await redirectWithFlash('/admin/dashboard#revenue', REVENUE_RECORDED)
}

export default function AdminDashboardRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { stats, charts } = loaderData
	const cards = [
		{
			label: 'Total Users',
			icon: 'users',
			value: formatCount(stats.totalUsers),
			change: stats.totalUsersChange,
			trend: stats.totalUsersTrend,
			period: 'vs 30 days ago',
			chart: charts.totalUsers,
		},
		{
			label: 'Active Contests',
			icon: 'trophy',
			value: formatCount(stats.activeContests),
			change: stats.activeContestsChange,
			trend: stats.activeContestsTrend,
			period: 'vs 30 days ago',
			chart: charts.activeContests,
		},
		{
			label: 'Monthly Revenue',
			icon: 'banknote',
			value: formatUsd(stats.monthlyRevenue),
			change: stats.monthlyRevenueChange,
			trend: stats.monthlyRevenueTrend,
			period: 'vs last month',
			chart: charts.monthlyRevenue,
		},
		{
			label: 'Platform Activity',
			icon: 'activity',
			value: formatPercent(stats.platformActivity),
			change: stats.platformActivityChange,
			trend: stats.platformActivityTrend,
			period: 'vs 7 days ago',
			chart: charts.platformActivity,
		},
	] satisfies React.ComponentProps<typeof StatCard>[]
	return (
		<main className="space-y-6 py-8">
			<AdminPageHeader title="Admin Dashboard" description="Manage your platform from here">
				<AdminButtonLink to="/admin/users" primary>
					Manage Users
				</AdminButtonLink>
				<AdminButtonLink to="/admin/contests">Manage Contests</AdminButtonLink>
			</AdminPageHeader>

			<TitledSection headingId="stats-heading" title="Platform statistics" headingClassName="sr-only">
				<ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
					{cards.map((card) => (
						<li key={card.label} className="rounded-xl border border-slate-800 bg-slate-900/70 p-4">
							<StatCard {...card} />
						</li>
					))}
				</ul>
			</TitledSection>

			<div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
				<AdminSection
					id="recent-users"
					title="Recent Users"
					action={
						<Link to="/admin/users" className="link text-sm">
							View All<span className="sr-only"> users</span>
						</Link>
					}
				>
					{loaderData.recentUsers.length === 0 ? (
						<p className="text-slate-300">No recent users</p>
					) : (
						<ul className="divide-y divide-slate-800">
							{loaderData.recentUsers.map((user) => (
								<li key={user.id} className="flex flex-wrap items-center gap-3 py-3">
									<span
										aria-hidden="true"
										className="flex size-10 shrink-0 items-center justify-center rounded-full bg-emerald-400/20 text-sm font-bold text-emerald-200"
									>
										{user.initials}
									</span>
									<div className="min-w-0 flex-1">
										<p className="truncate font-medium">{user.name}</p>
										<p className="truncate text-sm text-slate-300">{user.email}</p>
									</div>
									<div className="flex gap-2">
										<UserStatusBadge status={user.status} />
										<PlanBadge plan={user.plan} label={user.planName} />
									</div>
								</li>
							))}
						</ul>
					)}
				</AdminSection>

				<AdminSection
					id="system-alerts"
					title="System Alerts"
					action={
						loaderData.canViewAlerts ? (
							<Link to="/admin/alerts" className="link text-sm">
								All alerts
							</Link>
						) : null
					}
				>
					{loaderData.alerts.length === 0 ? (
						<p className="text-slate-300">No system alerts</p>
					) : (
						<ul className="space-y-3">
							{loaderData.alerts.map((alert) => (
								<li
									key={alert.id}
									className={cx('rounded-xl border-l-4 p-4', ALERT_STYLES[alert.type] ?? ALERT_STYLES.info)}
								>
									<div className="flex flex-wrap items-start justify-between gap-3">
										<div className="min-w-0">
											<p className="font-semibold">
												<span className="sr-only">
													{alert.type === 'error' ? 'Error: ' : alert.type === 'warning' ? 'Warning: ' : 'Notice: '}
												</span>
												{alert.title}
											</p>
											<p className="mt-1 text-sm">{alert.message}</p>
											<p className="mt-1 text-xs opacity-80">
												<time dateTime={alert.createdAt}>{formatDateTime(alert.createdAt)}</time>
											</p>
											{alert.acknowledgedAt ? (
												<p className="mt-1 text-xs">
													Acknowledged by <span className="break-all">{alert.acknowledgedByEmail}</span> on{' '}
													<time dateTime={alert.acknowledgedAt}>{formatDateTime(alert.acknowledgedAt)}</time>
												</p>
											) : null}
										</div>
										{alert.actionUrl ? (
											<Link to={alert.actionUrl} className="btn-secondary btn-sm">
												View<span className="sr-only">: {alert.title}</span>
											</Link>
										) : null}
									</div>
									{loaderData.canUpdateAlerts ? (
										<div className="mt-3">
											<AlertActions alert={alert} returnTo="/admin/dashboard#system-alerts" />
										</div>
									) : null}
								</li>
							))}
						</ul>
					)}
				</AdminSection>
			</div>

			{loaderData.canRecordRevenue ? (
				<AdminSection
					id="revenue"
					title="Record Revenue"
					action={
						<Link to="/admin/revenue" className="link text-sm">
							View All<span className="sr-only"> revenue entries</span>
						</Link>
					}
				>
					<p className="text-sm text-slate-300">
						Enter a partner broker&apos;s commission report. The current month&apos;s entries make up Monthly Revenue.
					</p>
					<RevenueForm
						key={loaderData.recentRevenue[0]?.id ?? 0}
						lastResult={actionData?.result}
						currentMonth={loaderData.currentMonth}
						brokerNames={loaderData.brokerNames}
					/>
					{loaderData.recentRevenue.length > 0 ? (
						<TableScroller className="mt-6" label="Latest revenue entries">
							<table className="w-full text-left text-sm">
								<caption className="mb-2 text-left font-medium text-slate-200">Latest entries</caption>
								<StaffTableHead columns={['Month', 'Broker', { label: 'Amount', end: true }]} />
								<tbody className="divide-y divide-slate-800">
									{loaderData.recentRevenue.map((entry) => (
										<tr key={entry.id} className={cx(entry.voidedAt && 'text-slate-400')}>
											<td className="py-2 pr-4">{formatMonth(entry.month)}</td>
											<td className="py-2 pr-4 break-all">
												<span className={cx(entry.voidedAt && 'line-through')}>{entry.broker}</span>
												{entry.voidedAt ? (
													<span className="ml-2">
														<VoidedBadge />
													</span>
												) : null}
											</td>
											<td className={cx('py-2 text-right tabular-nums', entry.voidedAt && 'line-through')}>
												{formatUsdCents(entry.amount)}
											</td>
										</tr>
									))}
								</tbody>
							</table>
						</TableScroller>
					) : null}
				</AdminSection>
			) : null}
		</main>
	)
}

const ALERT_STYLES: Record<string, string> = {
	error: 'border-red-400 bg-red-950/50 text-red-100',
	warning: 'border-amber-300 bg-amber-950/40 text-amber-50',
	info: 'border-sky-400 bg-sky-950/40 text-sky-50',
}

const TREND_STYLES: Record<Trend, { className: string; icon: string; label: string }> = {
	up: { className: 'text-emerald-300', icon: '▲', label: 'up' },
	down: { className: 'text-red-300', icon: '▼', label: 'down' },
	neutral: { className: 'text-slate-300', icon: '■', label: 'no change' },
}

function StatCard({
	label,
	icon,
	value,
	change,
	trend,
	period,
	chart,
}: {
	label: string
	icon: IconName
	value: string
	change: number
	trend: Trend
	period: string
	chart: TrendChart
}) {
	const style = TREND_STYLES[trend]
	return (
		<>
			<p className="flex items-start justify-between gap-2 text-sm text-slate-300">
				{label}
				<StatIcon name={icon} />
			</p>
			<p className="mt-1 text-2xl font-bold tabular-nums">{value}</p>
			<p className={cx('mt-2 flex items-center gap-1.5 text-sm', style.className)}>
				<span aria-hidden="true" className="text-xs">
					{style.icon}
				</span>
				<span>{formatChange(change)}</span>
				<span className="sr-only">, trend {style.label},</span>
				<span className="text-slate-400">{period}</span>
			</p>
			<TrendLine chart={chart} title={label} />
		</>
	)
}

function RevenueForm({
	lastResult,
	currentMonth,
	brokerNames,
}: {
	lastResult: SubmissionResult<string[]> | undefined
	currentMonth: string
	brokerNames: string[]
}) {
	const pending = useIsPending({ state: 'submitting' })
	const [form, fields] = useForm({
		id: 'revenue-form',
		lastResult,
		constraint: revenueConstraint,
		defaultValue: { month: currentMonth },
		onValidate: ({ formData }) => parseWithZod(formData, { schema: RevenueFormSchema }),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	return (
		<Form method="post" {...getFormProps(form)} noValidate className="mt-4 grid gap-4 sm:grid-cols-3">
			<div className="sm:col-span-3">
				<FormAlert id={form.errorId} errors={form.errors} />
			</div>
			<Field label="Broker" field={fields.broker} inputProps={{ list: 'revenue-brokers', autoComplete: 'off' }} />
			<datalist id="revenue-brokers">
				{brokerNames.map((name) => (
					<option key={name} value={name} />
				))}
			</datalist>
			<Field label="Month" field={fields.month} type="month" inputProps={{ max: currentMonth }} />
			<Field
				label="Amount (USD)"
				field={fields.amount}
				inputProps={{ inputMode: 'decimal', autoComplete: 'off', placeholder: '1250.50' }}
			/>
			<GridSubmit span={3} pending={pending} pendingText="Recording...">
				Record Revenue
			</GridSubmit>
		</Form>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `Admin Dashboard | ${site.name}` }]

export function ErrorBoundary() {
	return <AdminLoadError title={DASHBOARD_ERROR_TITLE} fallback={DASHBOARD_LOAD_FAILED} />
}
