import { parseWithZod } from '@conform-to/zod'
import { Link } from 'react-router'
import { AdminLoadError } from '#app/components/admin-error.tsx'
import { AlertActions } from '#app/components/admin-alert-actions.tsx'
import { FilterBar, ListPagination, StateBadge, StaffTable } from '#app/components/admin-list-parts.tsx'
import { AdminButtonLink, AdminPageHeader, AdminSection } from '#app/components/admin-page.tsx'

import { site } from '#app/content/site.ts'
import { ALERT_STATES, ALERT_TYPES } from '#app/domain/enums.ts'
import { checkContestAlerts, handleAlert, listStaffAlerts } from '#app/features/alerts/alerts.server.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import { formatDateTime } from '#app/utils/admin-format.ts'
import {
	ALERT_STATE_LABELS,
	AlertActionFormSchema,
	alertListSearch,
	alertReturnTo,
	parseAlertListQuery,
	ALERT_MESSAGES,
} from '#app/features/alerts/schemas.ts'
import { can } from '#app/features/staff/roles.ts'
import { redirectWithFlash } from '#app/utils/flash.server.ts'
import { readFormData } from '#app/utils/forms.server.ts'
import type { Route } from './+types/alerts'

/**
 * /admin/alerts (issue 12 part 4): every system alert, newest first,
 * filtered by state (open, acknowledged, resolved) and type, 20 a page on
 * the server, with who acknowledged or resolved it and when. Its action
 * takes the Acknowledge and Resolve buttons of this page and of the
 * dashboard, and sends staff back where they were with a message (the
 * change's, or why it was refused).
 */
export async function loader({ request, url }: Route.LoaderArgs) {
	const admin = await requireAdminCapability({ request, url }, 'alerts:view')
	checkContestAlerts()
	const { query, errors } = parseAlertListQuery(url.searchParams)
	const list = listStaffAlerts(query, { clampPage: true })
	return {
		alerts: list.alerts,
		pagination: list.pagination,
		query: list.query,
		queryErrors: errors,
		canUpdate: can(admin, 'alerts:update'),
	}
}

export function headers() {
	return { 'Cache-Control': 'private, no-store' }
}

export async function action({ request, url }: Route.ActionArgs) {
	const admin = await requireAdminCapability({ request, url }, 'alerts:update')
	const formData = await readFormData(request)
	const returnTo = alertReturnTo(formData.get('returnTo'))
	const submission = parseWithZod(formData, { schema: AlertActionFormSchema })
	if (submission.status !== 'success') {
		const message = Object.values(submission.error ?? {}).flat()[0] ?? 'Choose an alert'
		throw await redirectWithFlash(returnTo, message)
	}
	const { alertId, intent } = submission.value
	const result = handleAlert({ id: admin.id, email: admin.email }, alertId, intent)
	const message = result.ok
		? intent === 'acknowledge'
			? ALERT_MESSAGES.acknowledged
			: ALERT_MESSAGES.resolved
		: result.message
	throw await redirectWithFlash(returnTo, message)
}

const STATE_OPTIONS = ALERT_STATES.map((state) => ({ value: state, label: ALERT_STATE_LABELS[state] }))
const TYPE_OPTIONS = ALERT_TYPES.map((type) => ({ value: type, label: type.charAt(0).toUpperCase() + type.slice(1) }))

export default function AdminAlertsRoute({ loaderData }: Route.ComponentProps) {
	const { alerts, pagination, query, queryErrors } = loaderData
	const filtered = Boolean(query.state || query.type)
	const returnTo = `/admin/alerts${alertListSearch(query)}`
	return (
		<main className="space-y-6 py-8">
			<AdminPageHeader
				title={ALERT_MESSAGES.title}
				description="Every alert the server raised. Acknowledge one you are working on; resolve it when it is handled."
			>
				<AdminButtonLink to="/admin/dashboard">Dashboard</AdminButtonLink>
			</AdminPageHeader>

			<AdminSection id="alert-filters" title="Filters">
				<FilterBar
					action="/admin/alerts"
					filtered={filtered}
					values={query}
					errors={queryErrors}
					selects={[
						{ id: 'alerts-state', name: 'state', label: 'State', allLabel: 'All states', options: STATE_OPTIONS },
						{ id: 'alerts-type', name: 'type', label: 'Type', allLabel: 'All types', options: TYPE_OPTIONS },
					]}
				/>
			</AdminSection>

			<AdminSection id="alerts-list" title="Alerts">
				<StaffTable
					label="Alerts table"
					caption={`Alerts, ${alerts.length} on this page`}
					columns={['Alert', 'Type', 'Raised', 'State', 'Handled', loaderData.canUpdate && 'Actions']}
					empty="No system alerts"
					isEmpty={alerts.length === 0}
				>
					{alerts.map((alert) => (
						<tr key={alert.id} className="align-top">
							<td className="max-w-[22rem] py-3 pr-4">
								<p className="font-medium">{alert.title}</p>
								<p className="mt-1 break-words text-slate-300">{alert.message}</p>
								{alert.actionUrl ? (
									<Link to={alert.actionUrl} className="link mt-1 inline-block">
										View<span className="sr-only">: {alert.title}</span>
									</Link>
								) : null}
							</td>
							<td className="py-3 pr-4 capitalize">{alert.type}</td>
							<td className="py-3 pr-4 whitespace-nowrap">
								<time dateTime={alert.createdAt}>{formatDateTime(alert.createdAt)}</time>
							</td>
							<td className="py-3 pr-4">
								<StateBadge value={alert.state} label={ALERT_STATE_LABELS[alert.state]} />
							</td>
							<td className="py-3 pr-4 text-slate-200">
								<HandledBy alert={alert} />
							</td>
							{loaderData.canUpdate ? (
								<td className="py-3">
									<AlertActions alert={alert} returnTo={returnTo} />
								</td>
							) : null}
						</tr>
					))}
				</StaffTable>
				<ListPagination
					pagination={pagination}
					noun="alerts"
					href={(page) => `/admin/alerts${alertListSearch(query, { page })}`}
				/>
			</AdminSection>
		</main>
	)
}

type ListedAlert = Route.ComponentProps['loaderData']['alerts'][number]

/** "Acknowledged by a@b.c on …", "Resolved by the system on …". */
function HandledBy({ alert }: { alert: ListedAlert }) {
	if (!alert.acknowledgedAt && !alert.resolvedAt) return <span className="text-slate-400">Not yet</span>
	return (
		<ul className="space-y-1">
			{alert.acknowledgedAt ? (
				<li>
					Acknowledged by <span className="break-all">{alert.acknowledgedByEmail}</span> on{' '}
					<time dateTime={alert.acknowledgedAt}>{formatDateTime(alert.acknowledgedAt)}</time>
				</li>
			) : null}
			{alert.resolvedAt ? (
				<li>
					Resolved by <span className="break-all">{alert.resolvedByEmail ?? ALERT_MESSAGES.systemActor}</span> on{' '}
					<time dateTime={alert.resolvedAt}>{formatDateTime(alert.resolvedAt)}</time>
				</li>
			) : null}
		</ul>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `${ALERT_MESSAGES.title} | ${site.name}` }]

export function ErrorBoundary() {
	return <AdminLoadError title={ALERT_MESSAGES.errorTitle} fallback={ALERT_MESSAGES.loadFailed} />
}
