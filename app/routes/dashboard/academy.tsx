import { Link } from 'react-router'
import { CertificateCard, CompletedBadge, CompleteLessonForm } from '#app/components/academy.tsx'
import { CardSection, ProgressBar, TabLinks } from '#app/components/dashboard-ui.tsx'
import { ErrorList } from '#app/components/forms.tsx'
import { lessonTabs, type LessonTab } from '#app/content/academy.ts'
import { site } from '#app/content/site.ts'
import { getAcademyProgress } from '#app/features/academy/academy.server.ts'
import { requireUnlockedMember } from '#app/auth/member.server.ts'
import type { Route } from './+types/academy'
import { completeLessonAction } from './+academy.server.ts'

function parseTab(value: string | null): LessonTab {
	return lessonTabs.some((t) => t.id === value) ? (value as LessonTab) : 'basics'
}

export async function loader({ request, url }: Route.LoaderArgs) {
	const user = await requireUnlockedMember({ request, url })
	const tab = parseTab(url.searchParams.get('tab'))
	const academy = getAcademyProgress(user.id)
	return {
		tab,
		memberName: user.name,
		stats: academy.stats,
		certificates: academy.certificates,
		lessons: academy.lessons
			.filter((l) => l.tab === tab)
			.map((l) => ({
				id: l.id,
				title: l.title,
				duration: l.duration,
				description: l.description,
				completed: l.completed,
			})),
	}
}

export async function action(args: Route.ActionArgs) {
	// The lesson stays in view.
	return completeLessonAction(
		args,
		({ lessonId, tab }) => `/dashboard/academy?tab=${tab ?? 'basics'}#lesson-${lessonId}`,
	)
}

export default function AcademyRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { stats, tab } = loaderData
	const formErrors = actionData?.result.error ? Object.values(actionData.result.error).flat() : undefined
	return (
		<main className="space-y-6 py-8">
			<div>
				<h1 className="text-2xl font-bold sm:text-3xl">Academy</h1>
				<p className="mt-2 text-slate-300">
					Short lessons on copy trading, risk and building a portfolio. Open a lesson to read it, and mark it complete
					at its end.
				</p>
			</div>

			<CardSection headingId="progress-heading" title="Your progress">
				<dl className="mt-3 grid grid-cols-3 gap-3 text-center">
					<div>
						<dt className="text-sm text-slate-400">Completed</dt>
						<dd className="text-xl font-bold">
							{stats.completed} of {stats.total}
						</dd>
					</div>
					<div>
						<dt className="text-sm text-slate-400">Total length</dt>
						<dd className="text-xl font-bold">{stats.totalLength}</dd>
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
			</CardSection>

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
									{i + 1}.{' '}
									<Link to={`/dashboard/academy/${lesson.id}`} className="link">
										{lesson.title}
									</Link>
								</h2>
								<p className="text-sm text-slate-300">{lesson.description}</p>
								<p className="mt-1 text-xs text-slate-400">{lesson.duration} min read</p>
							</div>
							{lesson.completed ? <CompletedBadge /> : <CompleteLessonForm lesson={lesson} tab={tab} />}
						</div>
					</li>
				))}
			</ol>

			<CardSection headingId="certificates-heading" title="Certificates">
				<p className="mt-2 text-sm text-slate-300">
					Each topic has its own certificate. Complete all the lessons of a topic and its certificate is yours, dated
					the day you completed the last of them. A certificate records the lessons you studied here; it is not a
					professional or regulatory qualification.
				</p>
				<ul className="mt-4 grid gap-4 lg:grid-cols-3">
					{loaderData.certificates.map((c) => (
						<li key={c.tab} className="min-w-0">
							{c.earned ? (
								<>
									<CertificateCard
										name={loaderData.memberName}
										topic={c.topic}
										lessonTotal={c.lessonTotal}
										earned={c.earned}
										compact
									/>
									<p className="mt-2 text-center text-sm">
										<Link to={`/dashboard/academy/certificates/${c.tab}`} className="link">
											Open the printable certificate<span className="sr-only">: {c.topic}</span>
										</Link>
									</p>
								</>
							) : (
								<div className="h-full rounded-2xl border border-dashed border-slate-700 p-5 text-center">
									<h3 className="font-semibold">Certificate: {c.topic}</h3>
									<p className="mt-2 text-sm text-slate-300">
										Not earned yet: {c.lessonsCompleted} of {c.lessonTotal} lessons
									</p>
									<p className="mt-2 text-sm">
										<Link to={`?tab=${c.tab}`} className="link">
											See the lessons<span className="sr-only"> of {c.topic}</span>
										</Link>
									</p>
								</div>
							)}
						</li>
					))}
				</ul>
			</CardSection>
		</main>
	)
}

export const meta: Route.MetaFunction = () => [{ title: `Academy | ${site.name}` }]
