import { Link } from 'react-router'
import { ContentListPage, ContentStatusBadges } from '#app/components/admin-content-parts.tsx'
import { AdminLoadError } from '#app/components/admin-error.tsx'
import { StaffTable } from '#app/components/admin-list-parts.tsx'
import { site } from '#app/content/site.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import { listFeeOffersForStaff } from '#app/features/content/offers.server.ts'
import { formatDay } from '#app/features/content/promotions.server.ts'
import { CONTENT_MESSAGES, FEE_OFFER_MESSAGES } from '#app/features/content/schemas.ts'
import type { Route } from './+types/offers'

/**
 * /admin/content/offers (content:manage): every 0% fee offer with its
 * trader, status by the clock, spots left (total minus claims) with the
 * spec's status text, and "Sample" for the samples of a fresh install;
 * each links to its page. A handful of rows: not paged. Below 640 px the
 * rows are cards.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
	await requireAdminCapability({ request, url }, 'content:manage')
	return {
		offers: listFeeOffersForStaff().map((o) => ({
			...o,
			expiresOnText: o.expiresOn ? formatDay(o.expiresOn) : 'No expiry',
		})),
	}
}

export default function AdminOffersContentRoute({ loaderData }: Route.ComponentProps) {
	const { offers } = loaderData
	return (
		<ContentListPage
			title={FEE_OFFER_MESSAGES.pageTitle}
			description="Listed traders waiving their fee for a number of spots, on the member's 0% Fee Offers page"
			newTo="/admin/content/offers/new"
			newLabel="New Offer"
			section={{ id: 'offer-list', title: 'All offers' }}
		>
			<StaffTable
				label="Offers table"
				caption={`0% fee offers, ${offers.length}`}
				columns={['Trader', 'Fee', 'Spots left', 'Status', 'Expires after', 'Actions']}
				empty="No offers yet"
				isEmpty={offers.length === 0}
				tableClassName="card-table w-full text-left text-sm sm:min-w-[48rem]"
			>
				{offers.map((o) => (
					<tr key={o.id} data-offer-row={o.id}>
						<td data-cell="primary" className="py-3 pr-4">
							<Link to={`/admin/content/offers/${o.id}`} className="link font-medium">
								{o.trader.name}
							</Link>
							<span className="block font-mono text-xs text-slate-400">{o.key}</span>
						</td>
						<td data-label="Fee" className="py-3 pr-4 whitespace-nowrap tabular-nums">
							{o.currentFee}% instead of {o.originalFee}%
						</td>
						<td data-label="Spots left" className="py-3 pr-4 tabular-nums">
							{o.spotsLeft} of {o.totalSpots} <span className="text-slate-300">({o.spotsLabel})</span>
						</td>
						<td data-label="Status" className="py-3 pr-4">
							<ContentStatusBadges status={o.shownStatus} sample={o.sample} />
						</td>
						<td data-label="Expires after" className="py-3 pr-4 whitespace-nowrap">
							{o.expiresOnText}
						</td>
						<td data-cell="actions" className="py-3">
							<Link to={`/admin/content/offers/${o.id}`} className="link">
								Edit
								<span className="sr-only">
									{' '}
									the offer of {o.trader.name} ({o.key})
								</span>
							</Link>
						</td>
					</tr>
				))}
			</StaffTable>
		</ContentListPage>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `${FEE_OFFER_MESSAGES.pageTitle} | ${site.name}` }]

export function ErrorBoundary() {
	return <AdminLoadError title={FEE_OFFER_MESSAGES.pageTitle} fallback={CONTENT_MESSAGES.loadFailed} />
}
