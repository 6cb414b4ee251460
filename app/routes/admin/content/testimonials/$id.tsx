import { data } from 'react-router'
import {
	ContentDelete,
	ContentPublishing,
	contentStatusText,
	ContentStatusBadges,
	TestimonialForm,
	TestimonialPreview,
	testimonialFormDefaults,
} from '#app/components/admin-content-parts.tsx'
import { AdminLoadError } from '#app/components/admin-error.tsx'
import { AdminButtonLink, AdminPageHeader, AdminSection } from '#app/components/admin-page.tsx'
import { site } from '#app/content/site.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import { formatDay } from '#app/features/content/promotions.server.ts'
import {
	deleteTestimonial,
	getTestimonial,
	previewTestimonial,
	publishTestimonial,
	unpublishTestimonial,
	updateTestimonial,
} from '#app/features/content/testimonials.server.ts'
import { CONTENT_MESSAGES, parseContentId, TESTIMONIAL_MESSAGES } from '#app/features/content/schemas.ts'
import { can } from '#app/features/staff/roles.ts'
import { redirectWithFlash } from '#app/utils/flash.server.ts'
import { readFormData } from '#app/utils/forms.server.ts'
import { contentLifecycleAction } from '../+lifecycle.server.ts'
import { testimonialFormAction } from '../+testimonial-form.server.ts'
import type { Route } from './+types/$id'

/**
 * /admin/content/testimonials/:id (content:manage): the testimonial's form
 * (Save, Preview), the preview as the landing's card, Publish / Unpublish
 * (the consent is checked again) and, for super admins (content:delete),
 * Delete after a confirmation step (`?confirm=delete`). Plain POST forms
 * told apart by `intent`; each change is audited (decision 062).
 */
function testimonialOr404(value: string | undefined) {
	const id = parseContentId(value)
	const testimonial = id === null ? null : getTestimonial(id)
	if (!testimonial) throw data({ message: TESTIMONIAL_MESSAGES.notFound }, { status: 404 })
	return testimonial
}

export async function loader({ request, url, params }: Route.LoaderArgs) {
	const admin = await requireAdminCapability({ request, url }, 'content:manage')
	const testimonial = testimonialOr404(params.id)
	const canDelete = can(admin, 'content:delete')
	return {
		testimonial,
		saved: previewTestimonial(testimonial),
		publishOnText: testimonial.publishOn ? formatDay(testimonial.publishOn) : null,
		canDelete,
		confirming: canDelete && url.searchParams.get('confirm') === 'delete',
	}
}

export async function action({ request, url, params }: Route.ActionArgs) {
	const admin = await requireAdminCapability({ request, url }, 'content:manage')
	const testimonial = testimonialOr404(params.id)
	const actor = { id: admin.id, email: admin.email }
	const here = `/admin/content/testimonials/${testimonial.id}`
	const formData = await readFormData(request)
	const lifecycle = await contentLifecycleAction({ request, url }, formData, {
		id: testimonial.id,
		here,
		list: '/admin/content/testimonials',
		messages: TESTIMONIAL_MESSAGES,
		publish: (id) => publishTestimonial(actor, id),
		unpublish: (id) => unpublishTestimonial(actor, id),
		remove: (id) => deleteTestimonial(actor, id),
	})
	if (lifecycle) return lifecycle
	return testimonialFormAction(
		formData,
		(input) => updateTestimonial(actor, testimonial.id, input),
		() => redirectWithFlash(here, TESTIMONIAL_MESSAGES.updated),
	)
}

export default function TestimonialRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { testimonial, saved, canDelete, confirming } = loaderData
	const formResult = actionData?.intent === 'status' ? undefined : actionData?.result
	const statusErrors = actionData?.intent === 'status' ? actionData.result.error?.[''] : undefined
	const here = `/admin/content/testimonials/${testimonial.id}`
	const shown = testimonial.shownStatus
	return (
		<main className="space-y-6 py-8">
			<AdminPageHeader
				title={<span className="break-words">{testimonial.name}</span>}
				description={<ContentStatusBadges status={shown} sample={testimonial.sample} />}
			>
				<AdminButtonLink to="/admin/content/testimonials">Back to Testimonials</AdminButtonLink>
			</AdminPageHeader>
			<AdminSection id="testimonial-status" title="Publishing">
				<ContentPublishing
					here={here}
					shown={shown}
					errors={statusErrors}
					text={contentStatusText(shown, loaderData.publishOnText, {
						published: 'Published: visitors see it on the landing page and new members on the unlock page.',
						expired: 'Expired: visitors no longer see it. Move its expiry date on to publish it again.',
					})}
				/>
			</AdminSection>
			<AdminSection id="testimonial-edit" title="Edit testimonial">
				<TestimonialForm
					key={testimonial.updatedAt}
					id="testimonial-edit-form"
					lastResult={formResult}
					defaultValue={testimonialFormDefaults(testimonial)}
					submitLabel="Save Changes"
				/>
			</AdminSection>
			<AdminSection id="testimonial-preview" title="Preview">
				{actionData?.preview ? (
					<TestimonialPreview
						testimonial={actionData.preview}
						note="Your changes as visitors will see them on the landing page (not saved yet)."
					/>
				) : (
					<TestimonialPreview testimonial={saved} note="As saved, the way visitors see it on the landing page." />
				)}
			</AdminSection>
			{canDelete ? (
				<AdminSection id="testimonial-delete" title="Delete">
					<ContentDelete
						here={here}
						section="testimonial-delete"
						confirming={confirming}
						question={`Delete the testimonial of ${testimonial.name}?`}
						warning={TESTIMONIAL_MESSAGES.deleteWarning}
						label="Delete Testimonial"
					/>
				</AdminSection>
			) : null}
		</main>
	)
}

export const meta: Route.MetaFunction = ({ data }) => [
	{ title: `${data?.testimonial.name ?? TESTIMONIAL_MESSAGES.pageTitle} | ${site.name}` },
]

export function ErrorBoundary() {
	return <AdminLoadError title={TESTIMONIAL_MESSAGES.pageTitle} fallback={CONTENT_MESSAGES.loadFailed} />
}
