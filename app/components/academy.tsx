import { Form } from 'react-router'
import { site } from '#app/content/site.ts'
import { cx, useIsPending } from '#app/utils/misc.ts'

/**
 * "Mark as complete" for one lesson: a plain form posted to the current
 * route (its action redirects back, post/redirect/get). The lesson's title
 * is in the button's name (visually hidden).
 */
export function CompleteLessonForm({
	lesson,
	tab,
	className,
}: {
	lesson: { id: string; title: string }
	/** The list's tab, to come back to it. */
	tab?: string
	className?: string
}) {
	const pending = useIsPending({ formData: { lessonId: lesson.id } })
	return (
		<Form method="post" preventScrollReset className={className}>
			<input type="hidden" name="lessonId" value={lesson.id} />
			{tab ? <input type="hidden" name="tab" value={tab} /> : null}
			<button type="submit" className="btn-secondary btn-sm" disabled={pending}>
				{pending ? 'Saving...' : 'Mark as complete'}
				<span className="sr-only">: {lesson.title}</span>
			</button>
		</Form>
	)
}

export function CompletedBadge() {
	return (
		<p className="inline-block rounded-full bg-emerald-400/15 px-3 py-1 text-sm font-semibold text-emerald-300">
			<span aria-hidden="true">✓ </span>Completed
		</p>
	)
}

/**
 * A lesson's text: its Markdown rendered and sanitised on the server when it
 * was saved (app/features/academy/markdown.server.ts), styled by
 * `lesson-prose` (app/app.css) as the academy's lessons always were: h2
 * headings (the lesson title is the page's h1), lists, and the key point as
 * a blockquote.
 */
export function LessonBody({ html, className }: { html: string; className?: string }) {
	return (
		<div
			className={cx('lesson-prose max-w-prose space-y-4 leading-relaxed text-slate-200', className)}
			// Rendered with raw HTML escaped and addresses checked when saved (markdown.server.ts).
			dangerouslySetInnerHTML={{ __html: html }}
		/>
	)
}

/**
 * An earned certificate: the member's name, the topic and the date its
 * last lesson was completed. `headingLevel` fits the page it is on.
 */
export function CertificateCard({
	name,
	topic,
	lessonTotal,
	earned,
	headingLevel = 3,
	compact = false,
	className,
}: {
	name: string
	topic: string
	lessonTotal: number
	earned: { on: string; at: string }
	headingLevel?: 1 | 2 | 3
	/** Smaller type, for a column of the academy page. */
	compact?: boolean
	className?: string
}) {
	const Heading = `h${headingLevel}` as const
	return (
		<div
			className={cx(
				'rounded-2xl border-2 border-amber-300/70 bg-slate-900 p-5 text-center',
				!compact && 'sm:p-10',
				'print:border-slate-900 print:bg-white print:text-slate-950',
				className,
			)}
		>
			<p className="text-xs font-semibold tracking-widest text-amber-200 uppercase print:text-slate-700">
				{site.name} Academy
			</p>
			<Heading className={cx('mt-2 font-bold', compact ? 'text-base' : 'text-xl sm:text-3xl')}>
				Certificate of completion: {topic}
			</Heading>
			<p className="mt-4 text-sm text-slate-300 print:text-slate-700">This certifies that</p>
			<p className={cx('mt-1 font-semibold break-words', compact ? 'text-xl' : 'text-2xl sm:text-4xl')}>{name}</p>
			<p className="mt-3 text-sm text-slate-300 print:text-slate-700">
				completed all {lessonTotal} lessons of {topic} on <time dateTime={earned.at}>{earned.on}</time>.
			</p>
		</div>
	)
}
