import { Link, Outlet } from 'react-router'
import { AdminLoadError } from '#app/components/admin-error.tsx'
import { Pill } from '#app/components/admin-badges.tsx'
import { FilterBar, ListPagination, StateBadge, StaffTable } from '#app/components/admin-list-parts.tsx'
import { AdminButtonLink, AdminPageHeader, AdminSection } from '#app/components/admin-page.tsx'
import { site } from '#app/content/site.ts'
import { TRADER_STATUSES } from '#app/domain/enums.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import { can } from '#app/features/staff/roles.ts'
import { listStaffTraders } from '#app/features/traders/registry.server.ts'
import { TRADER_STATUS_LABELS } from '#app/features/traders/review.ts'
import {
	parseTraderListQuery,
	TRADER_FLAG_CODES,
	TRADER_PAGE_MESSAGES,
	traderListSearch,
} from '#app/features/traders/schemas.ts'
import { formatPercent } from '#app/utils/admin-format.ts'
import type { Route } from './+types/_layout'

/**
 * /admin/traders (traders:review): the registry, newest first, filtered by
 * review status and red flag, 20 a page on the server, with each trader's
 * broker, risk score, 12-month return, flags, last statement and next
 * review; sample traders marked. Super admins remove the samples here
 * (the child route /admin/traders/remove-samples, a dialog over this list
 * with JavaScript, a page of its own without).
 */
export async function loader({ request, url }: Route.LoaderArgs) {
	const admin = await requireAdminCapability({ request, url }, 'traders:review')
	const { query, errors } = parseTraderListQuery(url.searchParams)
	const list = listStaffTraders(query, { clampPage: true })
	return {
		traders: list.traders,
		pagination: list.pagination,
		query: list.query,
		queryErrors: errors,
		canRemoveSamples: can(admin, 'traders:retire'),
		search: traderListSearch(list.query),
	}
}

export function headers() {
	return { 'Cache-Control': 'private, no-store' }
}

const STATUS_OPTIONS = TRADER_STATUSES.map((status) => ({ value: status, label: TRADER_STATUS_LABELS[status] }))
const FLAG_OPTIONS = [
	{ value: 'any', label: 'Any red flag' },
	{ value: 'none', label: 'No red flag' },
	...TRADER_FLAG_CODES.map((code) => ({ value: code, label: code.replaceAll('_', ' ') })),
]

export default function AdminTradersRoute({ loaderData }: Route.ComponentProps) {
	const { traders, pagination, query, queryErrors, search } = loaderData
	const filtered = Boolean(query.status || query.flag)
	return (
		<main className="space-y-6 py-8">
			<AdminPageHeader title={TRADER_PAGE_MESSAGES.title} description={TRADER_PAGE_MESSAGES.description}>
				<AdminButtonLink to="/admin/traders/new" primary>
					Add Trader
				</AdminButtonLink>
				{loaderData.canRemoveSamples ? (
					<AdminButtonLink to={`/admin/traders/remove-samples${search}`}>Remove sample traders</AdminButtonLink>
				) : null}
			</AdminPageHeader>

			<AdminSection id="trader-filters" title="Filters">
				<FilterBar
					action="/admin/traders"
					filtered={filtered}
					values={query}
					errors={queryErrors}
					selects={[
						{
							id: 'traders-status',
							name: 'status',
							label: 'Status',
							allLabel: 'All statuses',
							options: STATUS_OPTIONS,
						},
						{ id: 'traders-flag', name: 'flag', label: 'Red flag', allLabel: 'All traders', options: FLAG_OPTIONS },
					]}
				/>
			</AdminSection>

			<AdminSection id="traders-list" title="Traders">
				<StaffTable
					label="Traders table"
					caption={`Traders, ${traders.length} on this page`}
					columns={['Trader', 'Status', 'Broker', 'Risk', '12 months', 'Red flags', 'Statements until', 'Next review']}
					empty="No traders"
					isEmpty={traders.length === 0}
				>
					{traders.map((trader) => (
						<tr key={trader.id} className="align-top">
							<td className="py-3 pr-4">
								<p className="font-medium">
									<Link to={`/admin/traders/${trader.id}`} className="link">
										{trader.name}
									</Link>
									{trader.sample ? (
										<Pill className="ml-2 border-amber-400 align-middle text-amber-200">Sample</Pill>
									) : null}
								</p>
								<p className="text-slate-400">{trader.slug}</p>
							</td>
							<td className="py-3 pr-4">
								<StateBadge value={trader.status} label={TRADER_STATUS_LABELS[trader.status]} />
							</td>
							<td className="py-3 pr-4">{trader.brokerName}</td>
							<td className="py-3 pr-4">{trader.riskScore === null ? '—' : `${trader.riskScore} of 10`}</td>
							<td className="py-3 pr-4 whitespace-nowrap">
								{trader.metrics.return12m === null ? '—' : formatPercent(trader.metrics.return12m * 100)}
							</td>
							<td className="py-3 pr-4">
								{trader.flags.length === 0 ? 'None' : trader.flags.map((f) => f.code.replaceAll('_', ' ')).join(', ')}
							</td>
							<td className="py-3 pr-4 whitespace-nowrap">{trader.statementsUntil ?? 'None yet'}</td>
							<td className="py-3 whitespace-nowrap">{trader.nextReviewDate ?? '—'}</td>
						</tr>
					))}
				</StaffTable>
				<ListPagination
					pagination={pagination}
					noun="traders"
					href={(page) => `/admin/traders${traderListSearch(query, { page })}`}
				/>
			</AdminSection>
			<Outlet />
		</main>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `${TRADER_PAGE_MESSAGES.title} | ${site.name}` }]

export function ErrorBoundary() {
	return <AdminLoadError title={TRADER_PAGE_MESSAGES.title} fallback={TRADER_PAGE_MESSAGES.loadFailed} />
}
