import { Link } from 'react-router'
import { AdminLoadError } from '#app/components/admin-error.tsx'
import { FilterBar, ListPagination, StateBadge, StaffTable, TimeOrNever } from '#app/components/admin-list-parts.tsx'
import { AdminPageHeader, AdminSection } from '#app/components/admin-page.tsx'

import { offerFilterChoices } from '#app/features/content/offers.server.ts'
import { site } from '#app/content/site.ts'
import { CLAIM_STATUSES } from '#app/domain/enums.ts'
import { listOfferClaims } from '#app/features/offers/offer-claims.server.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import { formatDateTime } from '#app/utils/admin-format.ts'
import {
	CLAIM_STATUS_LABELS,
	claimListSearch,
	parseClaimListQuery,
	CLAIM_MESSAGES,
} from '#app/features/offers/schemas.ts'
import { can } from '#app/features/staff/roles.ts'
import type { Route } from './+types/offers'

/**
 * /admin/offers (issue 12 part 3): members' 0% fee offer claims, newest
 * first, filtered by status and offer (a GET form: every state is a link),
 * 20 a page on the server. An unknown status or offer in the URL is shown
 * at its filter and the list ignores it. Each claim links to its page,
 * where staff set the status and note.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
	const admin = await requireAdminCapability({ request, url }, 'offers:view')
	const { query, errors } = parseClaimListQuery(url.searchParams)
	const list = listOfferClaims(query, { clampPage: true })
	return {
		claims: list.claims,
		pagination: list.pagination,
		query: list.query,
		queryErrors: errors,
		canUpdate: can(admin, 'offers:update'),
		// The offers are content: their names come with the data, not in the page's script.
		offerOptions: offerFilterChoices(),
	}
}

export function headers() {
	return { 'Cache-Control': 'private, no-store' }
}

const STATUS_OPTIONS = CLAIM_STATUSES.map((status) => ({ value: status, label: CLAIM_STATUS_LABELS[status] }))

export default function AdminOffersRoute({ loaderData }: Route.ComponentProps) {
	const { claims, pagination, query, queryErrors } = loaderData
	const search = claimListSearch(query)
	const filtered = Boolean(query.status || query.offer)
	return (
		<main className="space-y-6 py-8">
			<AdminPageHeader
				title={CLAIM_MESSAGES.offersTitle}
				description="Members who confirmed interest in a 0% fee offer. Contact them, then record where each claim stands."
			>
				<a
					href={`/admin/offers/export.csv${claimListSearch(query, { page: 1 })}`}
					download
					className="btn-secondary btn-sm"
				>
					Export<span className="sr-only"> claims as CSV</span>
				</a>
			</AdminPageHeader>

			<AdminSection id="claim-filters" title="Filters">
				<FilterBar
					action="/admin/offers"
					filtered={filtered}
					values={query}
					errors={queryErrors}
					selects={[
						{ id: 'claims-status', name: 'status', label: 'Status', allLabel: 'All statuses', options: STATUS_OPTIONS },
						{
							id: 'claims-offer',
							name: 'offer',
							label: 'Offer',
							allLabel: 'All offers',
							options: loaderData.offerOptions,
						},
					]}
				/>
			</AdminSection>

			<AdminSection id="claims-list" title="Claims">
				<StaffTable
					label="Offer claims table"
					caption={`Offer claims, ${claims.length} on this page`}
					columns={['Member', 'Offer', 'Claimed', 'Status', 'Note', 'Last update', 'Actions']}
					empty="No claims found"
					isEmpty={claims.length === 0}
				>
					{claims.map((claim) => (
						<tr key={claim.id}>
							<td className="max-w-[16rem] py-3 pr-4">
								<Link to={`/admin/users/${claim.userId}`} className="link block truncate font-medium">
									{claim.memberName}
								</Link>
								<p className="truncate text-slate-300">{claim.memberEmail}</p>
							</td>
							<td className="py-3 pr-4">{claim.offerTitle}</td>
							<td className="py-3 pr-4 whitespace-nowrap">
								<time dateTime={claim.createdAt}>{formatDateTime(claim.createdAt)}</time>
							</td>
							<td className="py-3 pr-4">
								<StateBadge value={claim.status} label={CLAIM_STATUS_LABELS[claim.status]} />
							</td>
							<td className="max-w-[18rem] py-3 pr-4 break-words whitespace-pre-line text-slate-200">
								{claim.note || <span className="text-slate-400">None</span>}
							</td>
							<td className="py-3 pr-4 whitespace-nowrap">
								<TimeOrNever at={claim.updatedAt} neverClassName="text-slate-400" />
							</td>
							<td className="py-3 whitespace-nowrap">
								<Link to={`/admin/offers/${claim.id}${search}`} className="link">
									{loaderData.canUpdate ? 'Update' : 'View'}
									<span className="sr-only">
										{' '}
										claim of {claim.memberName} for {claim.offerTitle}
									</span>
								</Link>
							</td>
						</tr>
					))}
				</StaffTable>
				<ListPagination
					pagination={pagination}
					noun="claims"
					href={(page) => `/admin/offers${claimListSearch(query, { page })}`}
				/>
			</AdminSection>
		</main>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `${CLAIM_MESSAGES.offersTitle} | ${site.name}` }]

export function ErrorBoundary() {
	return <AdminLoadError title={CLAIM_MESSAGES.offersErrorTitle} fallback={CLAIM_MESSAGES.offersLoadFailed} />
}
