import { LessonForm, LessonPreview } from '#app/components/admin-lesson-parts.tsx'
import { AdminLoadError } from '#app/components/admin-error.tsx'
import { AdminButtonLink, AdminPageHeader, AdminSection } from '#app/components/admin-page.tsx'
import { site } from '#app/content/site.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import { createLesson } from '#app/features/content/lessons.server.ts'
import { CONTENT_MESSAGES, LESSON_MESSAGES } from '#app/features/content/schemas.ts'
import { redirectWithFlash } from '#app/utils/flash.server.ts'
import { readFormData } from '#app/utils/forms.server.ts'
import { lessonFormAction } from '../+lesson-form.server.ts'
import type { Route } from './+types/new'

/** /admin/content/lessons/new (content:manage): a new lesson, saved as a draft and its version 1 (lesson.create); Preview stores nothing. */
export async function loader({ request, url }: Route.LoaderArgs) {
	await requireAdminCapability({ request, url }, 'content:manage')
	return null
}

export async function action({ request, url }: Route.ActionArgs) {
	const admin = await requireAdminCapability({ request, url }, 'content:manage')
	return lessonFormAction(
		await readFormData(request),
		(input) => createLesson({ id: admin.id, email: admin.email }, input),
		(lesson) => redirectWithFlash(`/admin/content/lessons/${lesson.id}`, LESSON_MESSAGES.created),
	)
}

export default function NewLessonRoute({ actionData }: Route.ComponentProps) {
	return (
		<main className="space-y-6 py-8">
			<AdminPageHeader
				title={LESSON_MESSAGES.newTitle}
				description="Saved as a draft: members see it once you publish it"
			>
				<AdminButtonLink to="/admin/content/lessons">Back to Lessons</AdminButtonLink>
			</AdminPageHeader>
			<AdminSection id="lesson-create" title="Lesson">
				<LessonForm id="lesson-create-form" lastResult={actionData?.result} submitLabel="Save Draft" />
			</AdminSection>
			{actionData?.preview ? (
				<AdminSection id="lesson-preview" title="Preview">
					<LessonPreview
						lesson={actionData.preview}
						note="As members will see it on the lesson's page (not saved yet)."
					/>
				</AdminSection>
			) : null}
		</main>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `${LESSON_MESSAGES.newTitle} | ${site.name}` }]

export function ErrorBoundary() {
	return <AdminLoadError title={LESSON_MESSAGES.newTitle} fallback={CONTENT_MESSAGES.loadFailed} />
}
