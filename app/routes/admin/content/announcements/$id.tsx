import { parseWithZod } from '@conform-to/zod'
import { data, Form } from 'react-router'
import {
	AnnouncementForm,
	announcementFormDefaults,
	AnnouncementPreview,
	announcementDeliveryText,
	announcementMailsText,
	ContentDelete,
	ContentPublishing,
	contentStatusText,
	ContentStatusBadges,
} from '#app/components/admin-content-parts.tsx'
import { AdminLoadError } from '#app/components/admin-error.tsx'
import { AdminButtonLink, AdminPageHeader, AdminSection } from '#app/components/admin-page.tsx'
import { site } from '#app/content/site.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import {
	deleteAnnouncement,
	getAnnouncement,
	previewAnnouncement,
	publishAnnouncement,
	sendAnnouncementToSelf,
	unpublishAnnouncement,
	updateAnnouncement,
} from '#app/features/content/announcements.server.ts'
import { formatDay } from '#app/features/content/promotions.server.ts'
import { ANNOUNCEMENT_MESSAGES, CONTENT_MESSAGES, parseContentId } from '#app/features/content/schemas.ts'
import { can } from '#app/features/staff/roles.ts'
import { redirectWithFlash } from '#app/utils/flash.server.ts'
import { readFormData, replyWithFailure } from '#app/utils/forms.server.ts'
import { ConfirmFormSchema } from '#app/utils/validation.ts'
import { contentLifecycleAction } from '../+lifecycle.server.ts'
import { announcementFormAction } from '../+announcement-form.server.ts'
import type { Route } from './+types/$id'

/**
 * /admin/content/announcements/:id (content:manage): the announcement's
 * delivery (audience count, sent count), Send to me (the current text to
 * the signed-in staff member's own address only), Publish (sends it in
 * batches, by the scheduler) / Unpublish (stops the batches not yet sent),
 * the form while it is a draft or scheduled (its text is fixed once sending
 * started), the preview, and for super admins Delete after a confirmation
 * step. Plain POST forms told apart by `intent` (decision 062).
 */
function announcementOr404(value: string | undefined) {
	const id = parseContentId(value)
	const announcement = id === null ? null : getAnnouncement(id)
	if (!announcement) throw data({ message: ANNOUNCEMENT_MESSAGES.notFound }, { status: 404 })
	return announcement
}

export async function loader({ request, url, params }: Route.LoaderArgs) {
	const admin = await requireAdminCapability({ request, url }, 'content:manage')
	const announcement = announcementOr404(params.id)
	const canDelete = can(admin, 'content:delete')
	return {
		announcement,
		saved: previewAnnouncement(announcement),
		publishOnText: announcement.publishOn ? formatDay(announcement.publishOn) : null,
		email: admin.email,
		canDelete,
		confirming: canDelete && url.searchParams.get('confirm') === 'delete',
	}
}

export async function action({ request, url, params }: Route.ActionArgs) {
	const admin = await requireAdminCapability({ request, url }, 'content:manage')
	const announcement = announcementOr404(params.id)
	const actor = { id: admin.id, email: admin.email }
	const here = `/admin/content/announcements/${announcement.id}`
	const formData = await readFormData(request)
	if (formData.get('intent') === 'send') {
		const result = await sendAnnouncementToSelf(actor, announcement.id)
		if (!result.ok)
			return data(
				{
					intent: 'status' as const,
					preview: null,
					...replyWithFailure(parseWithZod(formData, { schema: ConfirmFormSchema }), result).data,
				},
				{ status: result.status },
			)
		throw await redirectWithFlash(here, ANNOUNCEMENT_MESSAGES.sentToSelf(result.value.sentTo))
	}
	const lifecycle = await contentLifecycleAction({ request, url }, formData, {
		id: announcement.id,
		here,
		list: '/admin/content/announcements',
		messages: ANNOUNCEMENT_MESSAGES,
		publish: (id) => publishAnnouncement(actor, id),
		unpublish: (id) => unpublishAnnouncement(actor, id),
		remove: (id) => deleteAnnouncement(actor, id),
	})
	if (lifecycle) return lifecycle
	return announcementFormAction(
		formData,
		(input) => updateAnnouncement(actor, announcement.id, input),
		() => redirectWithFlash(here, ANNOUNCEMENT_MESSAGES.updated),
	)
}

export default function AnnouncementRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { announcement, saved, canDelete, confirming } = loaderData
	const formResult = actionData?.intent === 'status' ? undefined : actionData?.result
	const statusErrors = actionData?.intent === 'status' ? actionData.result.error?.[''] : undefined
	const here = `/admin/content/announcements/${announcement.id}`
	const shown = announcement.shownStatus
	const editable = announcement.status !== 'published' && announcement.delivery === 'not-started'
	return (
		<main className="space-y-6 py-8">
			<AdminPageHeader
				title={<span className="break-words">{announcement.title}</span>}
				description={<ContentStatusBadges status={shown} sample={announcement.sample} />}
			>
				<AdminButtonLink to="/admin/content/announcements">Back to Announcements</AdminButtonLink>
			</AdminPageHeader>
			<AdminSection id="announcement-status" title="Sending">
				<ContentPublishing
					here={here}
					shown={shown}
					errors={statusErrors}
					text={contentStatusText(shown, loaderData.publishOnText, {
						published: 'Published: the scheduler sends it to its members in batches.',
						expired: 'Expired: no further members get it.',
					})}
				>
					<dl className="grid gap-1 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-4">
						<dt className="text-slate-400">Audience</dt>
						<dd>{announcement.audienceLabel}</dd>
						<dt className="text-slate-400">Delivery</dt>
						<dd data-testid="announcement-delivery">{announcementDeliveryText(announcement)}</dd>
						<dt className="text-slate-400">Mails</dt>
						<dd data-testid="announcement-mails">{announcementMailsText(announcement)}</dd>
					</dl>
					<Form method="post" action={here} className="flex flex-wrap items-center gap-2">
						<button type="submit" name="intent" value="send" className="btn-secondary">
							Send to me
						</button>
						<span className="text-sm text-slate-300">The current text to {loaderData.email} only.</span>
					</Form>
				</ContentPublishing>
			</AdminSection>
			{editable ? (
				<AdminSection id="announcement-edit" title="Edit announcement">
					<AnnouncementForm
						key={announcement.updatedAt}
						id="announcement-edit-form"
						lastResult={formResult}
						defaultValue={announcementFormDefaults(announcement)}
						submitLabel="Save Changes"
					/>
				</AdminSection>
			) : null}
			<AdminSection id="announcement-preview" title="Preview">
				{actionData?.preview ? (
					<AnnouncementPreview
						preview={actionData.preview}
						note="Your changes as members will see them in their inbox (not saved yet)."
					/>
				) : (
					<AnnouncementPreview
						preview={saved}
						note={
							editable
								? 'As saved, the way members will see it in their inbox.'
								: 'As sent: its text and audience no longer change.'
						}
					/>
				)}
			</AdminSection>
			{canDelete ? (
				<AdminSection id="announcement-delete" title="Delete">
					<ContentDelete
						here={here}
						section="announcement-delete"
						confirming={confirming}
						question={`Delete the announcement "${announcement.title}"?`}
						warning={ANNOUNCEMENT_MESSAGES.deleteWarning}
						label="Delete Announcement"
					/>
				</AdminSection>
			) : null}
		</main>
	)
}

export const meta: Route.MetaFunction = ({ data }) => [
	{ title: `${data?.announcement.title ?? ANNOUNCEMENT_MESSAGES.pageTitle} | ${site.name}` },
]

export function ErrorBoundary() {
	return <AdminLoadError title={ANNOUNCEMENT_MESSAGES.pageTitle} fallback={CONTENT_MESSAGES.loadFailed} />
}
