import { data, Link } from 'react-router'
import { CompletedBadge, CompleteLessonForm, LessonBody } from '#app/components/academy.tsx'
import { ErrorList } from '#app/components/forms.tsx'
import { site } from '#app/content/site.ts'
import {
	certificateStates,
	certificateView,
	findLesson,
	getLessonCompletions,
} from '#app/features/academy/academy.server.ts'
import { requireUnlockedMember } from '#app/auth/member.server.ts'
import { UNKNOWN_LESSON } from '#app/features/academy/schemas.ts'
import { cx } from '#app/utils/misc.ts'
import type { Route } from './+types/$lessonId'
import { completeLessonAction } from '../+academy.server.ts'

/** One lesson of the academy, inside the dashboard layout; "Mark as complete" at its end. */
export async function loader({ request, url, params }: Route.LoaderArgs) {
	const user = await requireUnlockedMember({ request, url })
	const found = findLesson(params.lessonId)
	if (!found) throw data({ error: UNKNOWN_LESSON }, { status: 404 })
	const { lesson, previous, next } = found
	const completions = getLessonCompletions(user.id)
	const certificate = certificateStates(completions).find((c) => c.tab === lesson.tab)!
	return {
		lesson: {
			id: lesson.id,
			tab: lesson.tab,
			title: lesson.title,
			description: lesson.description,
			duration: lesson.duration,
			words: lesson.words,
			html: lesson.html,
		},
		topic: found.topic,
		number: found.number,
		ofTopic: found.ofTopic,
		completed: completions.has(lesson.id),
		certificate: certificateView(certificate),
		previous: previous ? { id: previous.id, title: previous.title } : null,
		next: next ? { id: next.id, title: next.title } : null,
	}
}

export async function action(args: Route.ActionArgs) {
	// Back to the lesson's end, where its completed state shows.
	return completeLessonAction(args, ({ lessonId }) => `/dashboard/academy/${lessonId}#finish`)
}

export default function LessonRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { lesson, topic, certificate, previous, next } = loaderData
	const formErrors = actionData?.result.error ? Object.values(actionData.result.error).flat() : undefined
	return (
		<main className="space-y-8 py-8">
			<p className="text-sm">
				<Link to={`/dashboard/academy?tab=${lesson.tab}#lesson-${lesson.id}`} className="link">
					<span aria-hidden="true">← </span>All lessons
				</Link>
			</p>
			<article aria-labelledby="lesson-title" className="space-y-6">
				<header>
					<p className="text-sm font-semibold text-emerald-300">
						{topic} · Lesson {loaderData.number} of {loaderData.ofTopic}
					</p>
					<h1 id="lesson-title" className="mt-1 text-2xl font-bold sm:text-3xl">
						{lesson.title}
					</h1>
					<p className="mt-2 text-slate-300">{lesson.description}</p>
					<dl className="mt-3 text-sm text-slate-400">
						<div className="flex gap-1">
							<dt>Reading time:</dt>
							<dd className="text-slate-200">
								{lesson.duration} min ({lesson.words} words)
							</dd>
						</div>
					</dl>
				</header>
				<LessonBody html={lesson.html} />
				<p className="max-w-prose text-xs text-slate-400">
					General education, not investment advice. {site.riskWarning}
				</p>
			</article>

			<section id="finish" aria-labelledby="finish-heading" className="card max-w-prose scroll-mt-20">
				<h2 id="finish-heading" className="text-lg font-semibold">
					{loaderData.completed ? 'Lesson completed' : 'Finished reading?'}
				</h2>
				<ErrorList errors={formErrors} />
				{loaderData.completed ? (
					<div className="mt-3 space-y-3">
						<CompletedBadge />
						<p className="text-sm text-slate-300">
							{certificate.earned ? (
								<>
									You have completed all {certificate.lessonTotal} lessons of {topic} and earned its certificate.{' '}
									<Link to={`/dashboard/academy/certificates/${certificate.tab}`} className="link">
										See your certificate
									</Link>
								</>
							) : (
								`${certificate.lessonsCompleted} of ${certificate.lessonTotal} lessons of ${topic} completed. Complete all ${certificate.lessonTotal} to earn the ${topic} certificate.`
							)}
						</p>
					</div>
				) : (
					<>
						<p className="mt-2 text-sm text-slate-300">
							Mark this lesson complete to count it in your progress and towards the {topic} certificate.
						</p>
						<CompleteLessonForm lesson={lesson} className="mt-4" />
					</>
				)}
			</section>

			<nav aria-label="Lessons" className="max-w-prose">
				<ul className="grid gap-3 sm:grid-cols-2">
					{previous ? (
						<li>
							<LessonLink lesson={previous} rel="prev" />
						</li>
					) : null}
					{next ? (
						<li className="sm:col-start-2">
							<LessonLink lesson={next} rel="next" />
						</li>
					) : null}
				</ul>
				<p className="mt-4 text-sm">
					<Link to={`/dashboard/academy?tab=${lesson.tab}#lesson-${lesson.id}`} className="link">
						Back to the lesson list
					</Link>
				</p>
			</nav>
		</main>
	)
}

export const meta: Route.MetaFunction = ({ data }) => [
	{ title: data ? `${data.lesson.title} | Academy | ${site.name}` : `Academy | ${site.name}` },
]

/** The previous or next lesson, as a card link. */
function LessonLink({ lesson, rel }: { lesson: { id: string; title: string }; rel: 'prev' | 'next' }) {
	return (
		<Link
			to={`/dashboard/academy/${lesson.id}`}
			rel={rel}
			className={cx(
				'block h-full rounded-xl border border-slate-800 p-4 hover:bg-slate-900',
				rel === 'next' && 'text-right',
			)}
		>
			<span className="block text-xs text-slate-400">{rel === 'prev' ? 'Previous lesson' : 'Next lesson'}</span>
			<span className="font-medium text-emerald-300">{lesson.title}</span>
		</Link>
	)
}
