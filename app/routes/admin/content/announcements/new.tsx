import { AnnouncementForm, AnnouncementPreview } from '#app/components/admin-content-parts.tsx'
import { AdminLoadError } from '#app/components/admin-error.tsx'
import { AdminButtonLink, AdminPageHeader, AdminSection } from '#app/components/admin-page.tsx'
import { site } from '#app/content/site.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import { createAnnouncement } from '#app/features/content/announcements.server.ts'
import { ANNOUNCEMENT_MESSAGES, CONTENT_MESSAGES } from '#app/features/content/schemas.ts'
import { redirectWithFlash } from '#app/utils/flash.server.ts'
import { readFormData } from '#app/utils/forms.server.ts'
import { announcementFormAction } from '../+announcement-form.server.ts'
import type { Route } from './+types/new'

/** /admin/content/announcements/new (content:manage): a new announcement, saved as a draft (announcement.create); Preview stores nothing. */
export async function loader({ request, url }: Route.LoaderArgs) {
	await requireAdminCapability({ request, url }, 'content:manage')
	return null
}

export async function action({ request, url }: Route.ActionArgs) {
	const admin = await requireAdminCapability({ request, url }, 'content:manage')
	return announcementFormAction(
		await readFormData(request),
		(input) => createAnnouncement({ id: admin.id, email: admin.email }, input),
		(announcement) =>
			redirectWithFlash(`/admin/content/announcements/${announcement.id}`, ANNOUNCEMENT_MESSAGES.created),
	)
}

export default function NewAnnouncementRoute({ actionData }: Route.ComponentProps) {
	return (
		<main className="space-y-6 py-8">
			<AdminPageHeader
				title={ANNOUNCEMENT_MESSAGES.newTitle}
				description="Saved as a draft: send it to yourself to test it, then publish it to send it to members"
			>
				<AdminButtonLink to="/admin/content/announcements">Back to Announcements</AdminButtonLink>
			</AdminPageHeader>
			<AdminSection id="announcement-create" title="Announcement">
				<AnnouncementForm id="announcement-create-form" lastResult={actionData?.result} submitLabel="Save Draft" />
			</AdminSection>
			{actionData?.preview ? (
				<AdminSection id="announcement-preview" title="Preview">
					<AnnouncementPreview
						preview={actionData.preview}
						note="As members will see it in their inbox (not saved yet)."
					/>
				</AdminSection>
			) : null}
		</main>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `${ANNOUNCEMENT_MESSAGES.newTitle} | ${site.name}` }]

export function ErrorBoundary() {
	return <AdminLoadError title={ANNOUNCEMENT_MESSAGES.newTitle} fallback={CONTENT_MESSAGES.loadFailed} />
}
