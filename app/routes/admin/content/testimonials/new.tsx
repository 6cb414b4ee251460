import { TestimonialForm, TestimonialPreview } from '#app/components/admin-content-parts.tsx'
import { AdminLoadError } from '#app/components/admin-error.tsx'
import { AdminButtonLink, AdminPageHeader, AdminSection } from '#app/components/admin-page.tsx'
import { site } from '#app/content/site.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import { createTestimonial } from '#app/features/content/testimonials.server.ts'
import { CONTENT_MESSAGES, TESTIMONIAL_MESSAGES } from '#app/features/content/schemas.ts'
import { redirectWithFlash } from '#app/utils/flash.server.ts'
import { readFormData } from '#app/utils/forms.server.ts'
import { testimonialFormAction } from '../+testimonial-form.server.ts'
import type { Route } from './+types/new'

/** /admin/content/testimonials/new (content:manage): a new testimonial with its consent, saved as a draft (testimonial.create); Preview stores nothing. */
export async function loader({ request, url }: Route.LoaderArgs) {
	await requireAdminCapability({ request, url }, 'content:manage')
	return null
}

export async function action({ request, url }: Route.ActionArgs) {
	const admin = await requireAdminCapability({ request, url }, 'content:manage')
	return testimonialFormAction(
		await readFormData(request),
		(input) => createTestimonial({ id: admin.id, email: admin.email }, input),
		(testimonial) => redirectWithFlash(`/admin/content/testimonials/${testimonial.id}`, TESTIMONIAL_MESSAGES.created),
	)
}

export default function NewTestimonialRoute({ actionData }: Route.ComponentProps) {
	return (
		<main className="space-y-6 py-8">
			<AdminPageHeader
				title={TESTIMONIAL_MESSAGES.newTitle}
				description="Saved as a draft: visitors see it once you publish it. The member's consent is required."
			>
				<AdminButtonLink to="/admin/content/testimonials">Back to Testimonials</AdminButtonLink>
			</AdminPageHeader>
			<AdminSection id="testimonial-create" title="Testimonial">
				<TestimonialForm id="testimonial-create-form" lastResult={actionData?.result} submitLabel="Save Draft" />
			</AdminSection>
			{actionData?.preview ? (
				<AdminSection id="testimonial-preview" title="Preview">
					<TestimonialPreview
						testimonial={actionData.preview}
						note="As visitors will see it on the landing page (not saved yet)."
					/>
				</AdminSection>
			) : null}
		</main>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `${TESTIMONIAL_MESSAGES.newTitle} | ${site.name}` }]

export function ErrorBoundary() {
	return <AdminLoadError title={TESTIMONIAL_MESSAGES.newTitle} fallback={CONTENT_MESSAGES.loadFailed} />
}
