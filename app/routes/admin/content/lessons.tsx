import { Link } from 'react-router'
import { ContentListPage, ContentStatusBadges } from '#app/components/admin-content-parts.tsx'
import { AdminLoadError } from '#app/components/admin-error.tsx'
import { StaffTable } from '#app/components/admin-list-parts.tsx'
import { lessonTabs } from '#app/content/academy.ts'
import { site } from '#app/content/site.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import { listLessonsForStaff } from '#app/features/content/lessons.server.ts'
import { CONTENT_MESSAGES, LESSON_MESSAGES } from '#app/features/content/schemas.ts'
import type { Route } from './+types/lessons'

/**
 * /admin/content/lessons (content:manage): every lesson in the academy's
 * order (topic, then order) with its status by the clock and "Sample" for
 * the samples of a fresh install; each links to its page. A few dozen rows:
 * not paged. Below 640 px the rows are cards.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
	await requireAdminCapability({ request, url }, 'content:manage')
	return {
		lessons: listLessonsForStaff().map((l) => ({
			id: l.id,
			title: l.title,
			topic: lessonTabs.find((t) => t.id === l.tab)?.label ?? l.tab,
			position: l.position,
			shownDuration: l.shownDuration,
			typedDuration: l.duration !== null,
			shownStatus: l.shownStatus,
			sample: l.sample,
			version: l.version,
		})),
	}
}

export default function AdminLessonsRoute({ loaderData }: Route.ComponentProps) {
	const { lessons } = loaderData
	return (
		<ContentListPage
			title={LESSON_MESSAGES.pageTitle}
			description="The Academy's lessons, written in Markdown"
			newTo="/admin/content/lessons/new"
			newLabel="New Lesson"
			section={{ id: 'lesson-list', title: 'All lessons' }}
		>
			<StaffTable
				label="Lessons table"
				caption={`Lessons, ${lessons.length}`}
				columns={['Title', 'Topic', 'Order', 'Duration', 'Status', 'Version', 'Actions']}
				empty="No lessons yet"
				isEmpty={lessons.length === 0}
				tableClassName="card-table w-full text-left text-sm sm:min-w-[52rem]"
			>
				{lessons.map((l) => (
					<tr key={l.id} data-lesson-row={l.id}>
						<td data-cell="primary" className="py-3 pr-4">
							<Link to={`/admin/content/lessons/${l.id}`} className="link font-medium break-words">
								{l.title}
							</Link>
						</td>
						<td data-label="Topic" className="py-3 pr-4 whitespace-nowrap">
							{l.topic}
						</td>
						<td data-label="Order" className="py-3 pr-4">
							{l.position}
						</td>
						<td data-label="Duration" className="py-3 pr-4 whitespace-nowrap">
							{l.shownDuration} min{l.typedDuration ? '' : ' (reading time)'}
						</td>
						<td data-label="Status" className="py-3 pr-4">
							<ContentStatusBadges status={l.shownStatus} sample={l.sample} />
						</td>
						<td data-label="Version" className="py-3 pr-4">
							{l.version}
						</td>
						<td data-cell="actions" className="py-3">
							<Link to={`/admin/content/lessons/${l.id}`} className="link">
								Edit<span className="sr-only"> {l.title}</span>
							</Link>
						</td>
					</tr>
				))}
			</StaffTable>
		</ContentListPage>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `${LESSON_MESSAGES.pageTitle} | ${site.name}` }]

export function ErrorBoundary() {
	return <AdminLoadError title={LESSON_MESSAGES.pageTitle} fallback={CONTENT_MESSAGES.loadFailed} />
}
