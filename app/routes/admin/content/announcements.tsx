import { Link } from 'react-router'
import { announcementDeliveryText, ContentListPage, ContentStatusBadges } from '#app/components/admin-content-parts.tsx'
import { AdminLoadError } from '#app/components/admin-error.tsx'
import { StaffTable } from '#app/components/admin-list-parts.tsx'
import { site } from '#app/content/site.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import { listAnnouncementsForStaff } from '#app/features/content/announcements.server.ts'
import { formatDay } from '#app/features/content/promotions.server.ts'
import { ANNOUNCEMENT_MESSAGES, CONTENT_MESSAGES } from '#app/features/content/schemas.ts'
import type { Route } from './+types/announcements'

/**
 * /admin/content/announcements (content:manage): every announcement with
 * its audience, status, and delivery (the audience count and the sent
 * count as the scheduler's batches go); each links to its page. A handful
 * of rows: not paged. Below 640 px the rows are cards.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
	await requireAdminCapability({ request, url }, 'content:manage')
	return {
		announcements: listAnnouncementsForStaff().map((a) => ({
			...a,
			publishOnText: a.publishOn ? formatDay(a.publishOn) : 'When published',
		})),
	}
}

export default function AdminAnnouncementsRoute({ loaderData }: Route.ComponentProps) {
	const { announcements } = loaderData
	return (
		<ContentListPage
			title={ANNOUNCEMENT_MESSAGES.pageTitle}
			description="Messages to every member or to a plan's members, in their inbox and by mail where they allow it"
			newTo="/admin/content/announcements/new"
			newLabel="New Announcement"
			section={{ id: 'announcement-list', title: 'All announcements' }}
		>
			<StaffTable
				label="Announcements table"
				caption={`Announcements, ${announcements.length}`}
				columns={['Title', 'Audience', 'Status', 'Delivery', 'Publish on', 'Actions']}
				empty="No announcements yet"
				isEmpty={announcements.length === 0}
				tableClassName="card-table w-full text-left text-sm sm:min-w-[56rem]"
			>
				{announcements.map((a) => (
					<tr key={a.id} data-announcement-row={a.id}>
						<td data-cell="primary" className="max-w-[20rem] py-3 pr-4 break-words">
							<Link to={`/admin/content/announcements/${a.id}`} className="link font-medium">
								{a.title}
							</Link>
						</td>
						<td data-label="Audience" className="py-3 pr-4">
							{a.audienceLabel}
						</td>
						<td data-label="Status" className="py-3 pr-4">
							<ContentStatusBadges status={a.shownStatus} sample={a.sample} />
						</td>
						<td data-label="Delivery" className="py-3 pr-4">
							{announcementDeliveryText(a)}
						</td>
						<td data-label="Publish on" className="py-3 pr-4 whitespace-nowrap">
							{a.publishOnText}
						</td>
						<td data-cell="actions" className="py-3">
							<Link to={`/admin/content/announcements/${a.id}`} className="link">
								Open<span className="sr-only"> {a.title}</span>
							</Link>
						</td>
					</tr>
				))}
			</StaffTable>
		</ContentListPage>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `${ANNOUNCEMENT_MESSAGES.pageTitle} | ${site.name}` }]

export function ErrorBoundary() {
	return <AdminLoadError title={ANNOUNCEMENT_MESSAGES.pageTitle} fallback={CONTENT_MESSAGES.loadFailed} />
}
