import { Link, Outlet } from 'react-router'
import { AdminLoadError } from '#app/components/admin-error.tsx'
import { ListPagination, StaffTable } from '#app/components/admin-list-parts.tsx'
import { AdminButtonLink, AdminPageHeader, AdminSection } from '#app/components/admin-page.tsx'
import { CorrectedBadge, VoidedBadge } from '#app/components/admin-revenue-badges.tsx'
import { site } from '#app/content/site.ts'
import {
	REVENUE_LIMITS,
	REVENUE_LOAD_FAILED,
	REVENUE_PAGE_TITLE,
	revenuePageFromUrl,
} from '#app/features/revenue/schemas.ts'
import { listRevenueEntries } from '#app/features/revenue/revenue.server.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import { formatDateTime, formatMonth, formatUsdCents } from '#app/utils/admin-format.ts'
import { cx } from '#app/utils/misc.ts'
import type { Route } from './+types/_layout'

/**
 * /admin/revenue: every revenue entry, newest first (the created_at index),
 * paged on the server; voided ones struck through with their reason. Edit
 * and Void are child routes (dialogs with JS, sections without).
 */
export async function loader({ request, url }: Route.LoaderArgs) {
	await requireAdminCapability({ request, url }, 'revenue:correct')
	const page = revenuePageFromUrl(url.searchParams)
	const list = listRevenueEntries(page, REVENUE_LIMITS.pageSize)
	return { ...list, pageSearch: page > 1 ? `?page=${page}` : '' }
}

export default function AdminRevenueRoute({ loaderData }: Route.ComponentProps) {
	const { entries, pagination, pageSearch } = loaderData
	return (
		<main className="space-y-6 py-8">
			<Outlet />
			<AdminPageHeader
				title={REVENUE_PAGE_TITLE}
				description="Partner brokers' commission reports. Correct or void an entry with a reason; voided entries stay listed but no longer count towards Monthly Revenue."
			>
				<AdminButtonLink to="/admin/dashboard#revenue">Record Revenue</AdminButtonLink>
			</AdminPageHeader>
			<AdminSection id="revenue-entries" title="Entries">
				<StaffTable
					label="Revenue entries"
					caption={`Revenue entries, ${entries.length} on this page`}
					columns={[
						'Month',
						'Broker',
						{ label: 'Amount', end: true },
						'Recorded',
						'State',
						{ label: 'Actions', hidden: true },
					]}
					empty="No revenue entries"
					isEmpty={entries.length === 0}
					tableClassName="w-full min-w-[40rem] text-left text-sm"
				>
					{entries.map((entry) => {
						const voided = entry.voidedAt !== null
						const label = `${entry.broker}, ${formatMonth(entry.month)}`
						return (
							<tr key={entry.id} className={cx(voided && 'text-slate-400')}>
								<td className={cx('py-2 pr-4', voided && 'line-through')}>{formatMonth(entry.month)}</td>
								<td className={cx('py-2 pr-4 break-all', voided && 'line-through')}>{entry.broker}</td>
								<td className={cx('py-2 pr-4 text-right tabular-nums', voided && 'line-through')}>
									{formatUsdCents(entry.amount)}
								</td>
								<td className="py-2 pr-4">
									<time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
								</td>
								<td className="py-2 pr-4">
									{voided ? (
										<div className="space-y-1">
											<VoidedBadge />
											<p className="text-xs break-words">Reason: {entry.voidReason}</p>
										</div>
									) : entry.correctionReason ? (
										<div className="space-y-1">
											<CorrectedBadge />
											<p className="text-xs break-words text-slate-300">Reason: {entry.correctionReason}</p>
										</div>
									) : (
										<span className="text-slate-300">Counted</span>
									)}
								</td>
								<td className="py-2">
									{voided ? null : (
										<div className="flex gap-2">
											<Link to={`${entry.id}/edit${pageSearch}`} preventScrollReset className="btn-secondary btn-sm">
												Edit<span className="sr-only">: {label}</span>
											</Link>
											<Link
												to={`${entry.id}/void${pageSearch}`}
												preventScrollReset
												className="rounded-lg border border-red-400/60 px-3 py-1.5 text-sm font-semibold text-red-200 hover:bg-red-950"
											>
												Void<span className="sr-only">: {label}</span>
											</Link>
										</div>
									)}
								</td>
							</tr>
						)
					})}
				</StaffTable>
				<ListPagination pagination={pagination} noun="entries" href={(page) => `/admin/revenue?page=${page}`} />
			</AdminSection>
		</main>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `${REVENUE_PAGE_TITLE} | ${site.name}` }]

export function ErrorBoundary() {
	return <AdminLoadError title={REVENUE_PAGE_TITLE} fallback={REVENUE_LOAD_FAILED} />
}
