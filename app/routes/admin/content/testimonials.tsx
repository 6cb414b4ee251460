import { Link } from 'react-router'
import { ContentListPage, ContentStatusBadges } from '#app/components/admin-content-parts.tsx'
import { AdminLoadError } from '#app/components/admin-error.tsx'
import { StaffTable } from '#app/components/admin-list-parts.tsx'
import { site } from '#app/content/site.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import { formatDay } from '#app/features/content/promotions.server.ts'
import { listTestimonialsForStaff } from '#app/features/content/testimonials.server.ts'
import { CONTENT_MESSAGES, TESTIMONIAL_MESSAGES } from '#app/features/content/schemas.ts'
import type { Route } from './+types/testimonials'

/**
 * /admin/content/testimonials (content:manage): every testimonial in the
 * landing's order with its status by the clock, its consent, and "Sample"
 * for the samples of a fresh install; each links to its page. A handful of
 * rows: not paged. Below 640 px the rows are cards.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
	await requireAdminCapability({ request, url }, 'content:manage')
	return {
		testimonials: listTestimonialsForStaff().map((t) => ({
			...t,
			consentOnText: formatDay(t.consentOn),
			expiresOnText: t.expiresOn ? formatDay(t.expiresOn) : 'No expiry',
		})),
	}
}

export default function AdminTestimonialsRoute({ loaderData }: Route.ComponentProps) {
	const { testimonials } = loaderData
	return (
		<ContentListPage
			title={TESTIMONIAL_MESSAGES.pageTitle}
			description="What members say on the landing's carousel and the unlock page, with the consent they gave"
			newTo="/admin/content/testimonials/new"
			newLabel="New Testimonial"
			section={{ id: 'testimonial-list', title: 'All testimonials' }}
		>
			<StaffTable
				label="Testimonials table"
				caption={`Testimonials, ${testimonials.length}`}
				columns={['Name', 'Text', 'Figure', 'Consent', 'Order', 'Status', 'Expires after', 'Actions']}
				empty="No testimonials yet"
				isEmpty={testimonials.length === 0}
				tableClassName="card-table w-full text-left text-sm sm:min-w-[60rem]"
			>
				{testimonials.map((t) => (
					<tr key={t.id} data-testimonial-row={t.id}>
						<td data-cell="primary" className="py-3 pr-4">
							<Link to={`/admin/content/testimonials/${t.id}`} className="link font-medium break-words">
								{t.name}
							</Link>
							<span className="block text-xs text-slate-300">
								{t.role} · {t.country}
							</span>
						</td>
						<td data-label="Text" className="max-w-[20rem] py-3 pr-4 break-words">
							{t.text}
						</td>
						<td data-label="Figure" className="py-3 pr-4 whitespace-nowrap">
							{t.profit}
						</td>
						<td data-label="Consent" className="max-w-[14rem] py-3 pr-4 break-words">
							{t.consentOnText}: {t.consentHow}
						</td>
						<td data-label="Order" className="py-3 pr-4 tabular-nums">
							{t.position}
						</td>
						<td data-label="Status" className="py-3 pr-4">
							<ContentStatusBadges status={t.shownStatus} sample={t.sample} />
						</td>
						<td data-label="Expires after" className="py-3 pr-4 whitespace-nowrap">
							{t.expiresOnText}
						</td>
						<td data-cell="actions" className="py-3">
							<Link to={`/admin/content/testimonials/${t.id}`} className="link">
								Edit<span className="sr-only"> {t.name}</span>
							</Link>
						</td>
					</tr>
				))}
			</StaffTable>
		</ContentListPage>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `${TESTIMONIAL_MESSAGES.pageTitle} | ${site.name}` }]

export function ErrorBoundary() {
	return <AdminLoadError title={TESTIMONIAL_MESSAGES.pageTitle} fallback={CONTENT_MESSAGES.loadFailed} />
}
