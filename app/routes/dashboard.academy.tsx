import { parseWithZod } from '@conform-to/zod'
import { Form, redirect } from 'react-router'
import { ProgressBar, TabLinks } from '#app/components/dashboard-ui.tsx'
import { ErrorList } from '#app/components/forms.tsx'
import { lessons, lessonTabs, type LessonTab } from '#app/content/dashboard.ts'
import { site } from '#app/content/site.ts'
import { academyStats, completeLesson, getCompletedLessonIds } from '#app/models/academy.server.ts'
import { requireUnlockedMember } from '#app/auth/member.server.ts'
import { readFormData, replyInvalid, replyWithFailure } from '#app/utils/forms.server.ts'
import { useIsPending } from '#app/utils/misc.ts'
import { CompleteLessonSchema } from '#app/utils/validation.ts'
import type { Route } from './+types/dashboard.academy'

function parseTab(value: string | null): LessonTab {
	return lessonTabs.some((t) => t.id === value) ? (value as LessonTab) : 'basics'
}

export async function loader({ request }: Route.LoaderArgs) {
	const user = await requireUnlockedMember(request)
	const tab = parseTab(new URL(request.url).searchParams.get('tab'))
	const completed = getCompletedLessonIds(user.id)
	return {
		tab,
		stats: academyStats(completed),
		lessons: lessons
			.filter((l) => l.tab === tab)
			.map((l) => ({
				id: l.id,
				title: l.title,
				duration: l.duration,
				description: l.description,
				completed: completed.has(l.id),
			})),
	}
}

export async function action({ request }: Route.ActionArgs) {
	const user = await requireUnlockedMember(request)
	const formData = await readFormData(request)
	const submission = parseWithZod(formData, { schema: CompleteLessonSchema })
	if (submission.status !== 'success') return replyInvalid(submission)
	const result = completeLesson(user.id, submission.value.lessonId)
	if (!result.ok) return replyWithFailure(submission, result)
	const tab = submission.value.tab ?? 'basics'
	// Post/redirect/get: a reload does not post again; the lesson stays in view.
	throw redirect(`/dashboard/academy?tab=${tab}#lesson-${result.value.lessonId}`)
}

export default function AcademyRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { stats, tab } = loaderData
	const formErrors = actionData?.result.error ? Object.values(actionData.result.error).flat() : undefined
	return (
		<main className="space-y-6 py-8">
			<div>
				<h1 className="text-2xl font-bold sm:text-3xl">Academy</h1>
				<p className="mt-2 text-slate-300">Short lessons on copy trading, risk and building a portfolio.</p>
			</div>

			<section aria-labelledby="progress-heading" className="card">
				<h2 id="progress-heading" className="text-lg font-semibold">
					Your progress
				</h2>
				<dl className="mt-3 grid grid-cols-3 gap-3 text-center">
					<div>
						<dt className="text-sm text-slate-400">Completed</dt>
						<dd className="text-xl font-bold">
							{stats.completed} of {stats.total}
						</dd>
					</div>
					<div>
						<dt className="text-sm text-slate-400">Total length</dt>
						<dd className="text-xl font-bold">{stats.totalHours}</dd>
					</div>
					<div>
						<dt className="text-sm text-slate-400">Certificates</dt>
						<dd className="text-xl font-bold">
							{stats.certificates}/{stats.certificateTotal}
						</dd>
					</div>
				</dl>
				<p className="mt-4 text-sm text-slate-300" id="academy-progress-label">
					{stats.completed} of {stats.total} lessons completed ({stats.progressPercent}%)
				</p>
				<ProgressBar labelledBy="academy-progress-label" percent={stats.progressPercent} className="mt-2" />
			</section>

			<TabLinks label="Lesson topics" tabs={lessonTabs} current={tab} />

			<ErrorList errors={formErrors} />
			<ol className="space-y-3" aria-label={`${lessonTabs.find((t) => t.id === tab)?.label} lessons`}>
				{loaderData.lessons.map((lesson, i) => (
					<li
						key={lesson.id}
						id={`lesson-${lesson.id}`}
						className="rounded-xl border border-slate-800 bg-slate-900/70 p-4"
					>
						<div className="flex flex-wrap items-start justify-between gap-3">
							<div className="min-w-0">
								<h2 className="font-semibold">
									{i + 1}. {lesson.title}
								</h2>
								<p className="text-sm text-slate-300">{lesson.description}</p>
								<p className="mt-1 text-xs text-slate-400">{lesson.duration} min</p>
							</div>
							{lesson.completed ? (
								<p className="rounded-full bg-emerald-400/15 px-3 py-1 text-sm font-semibold text-emerald-300">
									<span aria-hidden="true">✓ </span>Completed
								</p>
							) : (
								<CompleteLessonForm lesson={lesson} tab={tab} />
							)}
						</div>
					</li>
				))}
			</ol>
		</main>
	)
}

function CompleteLessonForm({ lesson, tab }: { lesson: { id: string; title: string }; tab: LessonTab }) {
	const pending = useIsPending({ formData: { lessonId: lesson.id } })
	return (
		<Form method="post" preventScrollReset>
			<input type="hidden" name="lessonId" value={lesson.id} />
			<input type="hidden" name="tab" value={tab} />
			<button type="submit" className="btn-secondary px-4 py-2 text-sm" disabled={pending}>
				{pending ? 'Saving...' : 'Mark as complete'}
				<span className="sr-only">: {lesson.title}</span>
			</button>
		</Form>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `Academy | ${site.name}` }]
