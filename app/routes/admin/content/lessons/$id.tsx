import { data, Link } from 'react-router'
import {
	ContentDelete,
	ContentPublishing,
	contentStatusText,
	ContentStatusBadges,
} from '#app/components/admin-content-parts.tsx'
import { LessonBody } from '#app/components/academy.tsx'
import { LessonForm, LessonPreview, lessonFormDefaults } from '#app/components/admin-lesson-parts.tsx'
import { AdminLoadError } from '#app/components/admin-error.tsx'
import { AdminButtonLink, AdminPageHeader, AdminSection } from '#app/components/admin-page.tsx'
import { lessonTabs } from '#app/content/academy.ts'
import { site } from '#app/content/site.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import {
	deleteLesson,
	getLesson,
	getLessonVersion,
	publishLesson,
	unpublishLesson,
	updateLesson,
} from '#app/features/content/lessons.server.ts'
import { formatDay } from '#app/features/content/promotions.server.ts'
import { CONTENT_MESSAGES, LESSON_MESSAGES, parseContentId } from '#app/features/content/schemas.ts'
import { can } from '#app/features/staff/roles.ts'
import { redirectWithFlash } from '#app/utils/flash.server.ts'
import { readFormData } from '#app/utils/forms.server.ts'
import { contentLifecycleAction } from '../+lifecycle.server.ts'
import { lessonFormAction } from '../+lesson-form.server.ts'
import type { Route } from './+types/$id'

/**
 * /admin/content/lessons/:id (content:manage): the lesson's form with its
 * Markdown (Save, Preview rendered on the server), the lesson as members see
 * it, Publish / Unpublish, its versions (`?version=N` opens one read only)
 * and, for super admins (content:delete), Delete after a confirmation step
 * (`?confirm=delete`). Plain POST forms told apart by `intent`; each change
 * is audited (decision 062).
 */
function lessonOr404(value: string | undefined) {
	const id = parseContentId(value)
	const lesson = id === null ? null : getLesson(id)
	if (!lesson) throw data({ message: LESSON_MESSAGES.notFound }, { status: 404 })
	return lesson
}

const savedAt = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })

export async function loader({ request, url, params }: Route.LoaderArgs) {
	const admin = await requireAdminCapability({ request, url }, 'content:manage')
	const lesson = lessonOr404(params.id)
	const canDelete = can(admin, 'content:delete')
	const asked = url.searchParams.get('version')
	const number = asked !== null && /^[1-9]\d{0,5}$/.test(asked) ? Number(asked) : null
	if (asked !== null && number === null) throw data({ message: LESSON_MESSAGES.versionNotFound }, { status: 404 })
	const version = number === null ? null : getLessonVersion(lesson.id, number)
	if (number !== null && !version) throw data({ message: LESSON_MESSAGES.versionNotFound }, { status: 404 })
	const topic = lessonTabs.find((t) => t.id === lesson.tab)?.label ?? lesson.tab
	return {
		lesson,
		topic,
		saved: {
			title: lesson.title,
			description: lesson.description,
			topic,
			duration: lesson.shownDuration,
			words: lesson.words,
			html: lesson.bodyHtml,
		},
		versions: lesson.versions.map((v) => ({ ...v, savedAtText: `${savedAt.format(new Date(v.savedAt))} UTC` })),
		version: version
			? {
					version: version.version,
					title: version.title,
					description: version.description,
					body: version.body,
					html: version.bodyHtml,
					savedBy: version.savedBy,
					savedAtText: `${savedAt.format(version.savedAt)} UTC`,
				}
			: null,
		publishOnText: lesson.publishOn ? formatDay(lesson.publishOn) : null,
		canDelete,
		confirming: canDelete && url.searchParams.get('confirm') === 'delete',
	}
}

export async function action({ request, url, params }: Route.ActionArgs) {
	const admin = await requireAdminCapability({ request, url }, 'content:manage')
	const lesson = lessonOr404(params.id)
	const actor = { id: admin.id, email: admin.email }
	const here = `/admin/content/lessons/${lesson.id}`
	const formData = await readFormData(request)
	const lifecycle = await contentLifecycleAction({ request, url }, formData, {
		id: lesson.id,
		here,
		list: '/admin/content/lessons',
		messages: LESSON_MESSAGES,
		publish: (id) => publishLesson(actor, id),
		unpublish: (id) => unpublishLesson(actor, id),
		remove: (id) => deleteLesson(actor, id),
	})
	if (lifecycle) return lifecycle
	return lessonFormAction(
		formData,
		(input) => updateLesson(actor, lesson.id, input),
		() => redirectWithFlash(here, LESSON_MESSAGES.updated),
	)
}

export default function LessonRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { lesson, saved, versions, version, canDelete, confirming } = loaderData
	const formResult = actionData?.intent === 'status' ? undefined : actionData?.result
	const statusErrors = actionData?.intent === 'status' ? actionData.result.error?.[''] : undefined
	const here = `/admin/content/lessons/${lesson.id}`
	const shown = lesson.shownStatus
	return (
		<main className="space-y-6 py-8">
			<AdminPageHeader
				title={<span className="break-words">{lesson.title}</span>}
				description={<ContentStatusBadges status={shown} sample={lesson.sample} />}
			>
				<AdminButtonLink to="/admin/content/lessons">Back to Lessons</AdminButtonLink>
			</AdminPageHeader>
			<AdminSection id="lesson-status" title="Publishing">
				<ContentPublishing
					here={here}
					shown={shown}
					errors={statusErrors}
					text={contentStatusText(shown, loaderData.publishOnText, {
						published: `Published: members see it in the Academy at /dashboard/academy/${lesson.key}.`,
						expired: 'Expired: members no longer see it. Move its expiry date on to publish it again.',
					})}
				/>
			</AdminSection>
			<AdminSection id="lesson-edit" title="Edit lesson">
				<LessonForm
					key={lesson.updatedAt}
					id="lesson-edit-form"
					lastResult={formResult}
					defaultValue={lessonFormDefaults(lesson)}
					submitLabel="Save Changes"
				/>
			</AdminSection>
			<AdminSection id="lesson-preview" title="Preview">
				{actionData?.preview ? (
					<LessonPreview lesson={actionData.preview} note="Your changes as members will see them (not saved yet)." />
				) : (
					<LessonPreview lesson={saved} note="As saved, the way members see it." />
				)}
			</AdminSection>
			<AdminSection id="lesson-versions" title="Versions">
				<p className="text-sm text-slate-300">
					Every save that changed the title, description or text. The newest is the current one; members who completed
					the lesson keep it completed.
				</p>
				<ol className="mt-3 space-y-2 text-sm" aria-label="Versions, newest first">
					{versions.map((v) => (
						<li key={v.version} className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
							<Link to={`${here}?version=${v.version}#lesson-version`} className="link font-medium">
								Version {v.version}
								{v.version === lesson.version ? ' (current)' : ''}
							</Link>
							<span className="text-slate-300">
								{v.savedAtText}, by {v.savedBy}
							</span>
						</li>
					))}
				</ol>
			</AdminSection>
			{version ? (
				<AdminSection id="lesson-version" title={`Version ${version.version} (read only)`}>
					<div className="space-y-4">
						<p className="text-sm text-slate-300">
							Saved {version.savedAtText} by {version.savedBy}.{' '}
							<Link to={`${here}#lesson-versions`} className="link">
								Close this version
							</Link>
						</p>
						<dl className="grid gap-2 text-sm">
							<div>
								<dt className="text-slate-400">Title</dt>
								<dd>{version.title}</dd>
							</div>
							<div>
								<dt className="text-slate-400">Description</dt>
								<dd>{version.description}</dd>
							</div>
						</dl>
						<details>
							<summary className="cursor-pointer text-sm text-slate-300">Its Markdown</summary>
							<pre className="mt-2 max-h-96 overflow-auto rounded-lg bg-slate-900 p-3 text-xs whitespace-pre-wrap">
								{version.body}
							</pre>
						</details>
						<LessonBody html={version.html} className="rounded-xl border border-slate-700 p-4" />
					</div>
				</AdminSection>
			) : null}
			{canDelete ? (
				<AdminSection id="lesson-delete" title="Delete">
					<ContentDelete
						here={here}
						section="lesson-delete"
						confirming={confirming}
						question={`Delete the lesson ${lesson.title}?`}
						warning={LESSON_MESSAGES.deleteWarning}
						label="Delete Lesson"
					/>
				</AdminSection>
			) : null}
		</main>
	)
}

export const meta: Route.MetaFunction = ({ data }) => [
	{ title: `${data?.lesson.title ?? LESSON_MESSAGES.pageTitle} | ${site.name}` },
]

export function ErrorBoundary() {
	return <AdminLoadError title={LESSON_MESSAGES.pageTitle} fallback={CONTENT_MESSAGES.loadFailed} />
}
