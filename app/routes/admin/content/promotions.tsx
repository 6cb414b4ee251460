import { Link } from 'react-router'
import { ContentListPage, ContentStatusBadges } from '#app/components/admin-content-parts.tsx'
import { AdminLoadError } from '#app/components/admin-error.tsx'
import { StaffTable } from '#app/components/admin-list-parts.tsx'
import { site } from '#app/content/site.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import { formatDay, listPromotionsForStaff } from '#app/features/content/promotions.server.ts'
import { CONTENT_MESSAGES, PROMOTION_MESSAGES } from '#app/features/content/schemas.ts'
import type { Route } from './+types/promotions'

/**
 * /admin/content/promotions (content:manage): every promotion with its
 * status by the clock (draft, scheduled, published, expired) and "Sample"
 * for the samples of a fresh install; each links to its page. A handful of
 * rows: not paged. Below 640 px the rows are cards.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
	await requireAdminCapability({ request, url }, 'content:manage')
	return {
		promotions: listPromotionsForStaff().map((p) => ({
			...p,
			publishOnText: p.publishOn ? formatDay(p.publishOn) : 'When published',
			expiresOnText: p.expiresOn ? formatDay(p.expiresOn) : 'No expiry',
		})),
	}
}

export default function AdminPromotionsRoute({ loaderData }: Route.ComponentProps) {
	const { promotions } = loaderData
	return (
		<ContentListPage
			title={PROMOTION_MESSAGES.pageTitle}
			description="Codes members copy from the dashboard's Active Promotions"
			newTo="/admin/content/promotions/new"
			newLabel="New Promotion"
			section={{ id: 'promotion-list', title: 'All promotions' }}
		>
			<StaffTable
				label="Promotions table"
				caption={`Promotions, ${promotions.length}`}
				columns={['Code', 'Description', 'Broker', 'Status', 'Publish on', 'Expires after', 'Actions']}
				empty="No promotions yet"
				isEmpty={promotions.length === 0}
				tableClassName="card-table w-full text-left text-sm sm:min-w-[56rem]"
			>
				{promotions.map((p) => (
					<tr key={p.id} data-promotion-row={p.id}>
						<td data-cell="primary" className="py-3 pr-4">
							<Link to={`/admin/content/promotions/${p.id}`} className="link font-mono font-medium break-all">
								{p.code}
							</Link>
						</td>
						<td data-label="Description" className="max-w-[20rem] py-3 pr-4 break-words">
							{p.description}
						</td>
						<td data-label="Broker" className="py-3 pr-4">
							{p.broker ? p.broker.name : <span className="text-slate-400">None</span>}
						</td>
						<td data-label="Status" className="py-3 pr-4">
							<ContentStatusBadges status={p.shownStatus} sample={p.sample} />
						</td>
						<td data-label="Publish on" className="py-3 pr-4 whitespace-nowrap">
							{p.publishOnText}
						</td>
						<td data-label="Expires after" className="py-3 pr-4 whitespace-nowrap">
							{p.expiresOnText}
						</td>
						<td data-cell="actions" className="py-3">
							<Link to={`/admin/content/promotions/${p.id}`} className="link">
								Edit<span className="sr-only"> {p.code}</span>
							</Link>
						</td>
					</tr>
				))}
			</StaffTable>
		</ContentListPage>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `${PROMOTION_MESSAGES.pageTitle} | ${site.name}` }]

export function ErrorBoundary() {
	return <AdminLoadError title={PROMOTION_MESSAGES.pageTitle} fallback={CONTENT_MESSAGES.loadFailed} />
}
