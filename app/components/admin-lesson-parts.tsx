import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form } from 'react-router'
import { lessonTabs } from '#app/content/academy.ts'
import type { StaffLesson } from '#app/features/content/responses.server.ts'
import { LESSON_LIMITS, LessonFormSchema } from '#app/features/content/schemas.ts'
import { ContentDates, ContentFormButtons } from './admin-content-parts.tsx'
import { LessonBody } from './academy.tsx'
import { Field, FormAlert, SelectField, TextareaField } from './forms.tsx'

const constraint = getZodConstraint(LessonFormSchema)

/** The form's text for a stored lesson. */
export function lessonFormDefaults(lesson: StaffLesson) {
	return {
		title: lesson.title,
		description: lesson.description,
		tab: lesson.tab,
		position: String(lesson.position),
		duration: lesson.duration === null ? '' : String(lesson.duration),
		body: lesson.body,
		publishOn: lesson.publishOn ?? '',
		expiresOn: lesson.expiresOn ?? '',
	}
}

/**
 * /admin/content/lessons/new and /:id: a lesson's fields and its Markdown
 * as a plain POST form (JS off works). Save stores it (a new version when
 * its text changed); Preview renders it on the server as members will see
 * it, storing nothing.
 */
export function LessonForm({
	id,
	lastResult,
	defaultValue,
	submitLabel,
}: {
	id: string
	lastResult: SubmissionResult<string[]> | undefined
	defaultValue?: Record<string, string>
	submitLabel: string
}) {
	const [form, fields] = useForm({
		id,
		lastResult,
		constraint,
		defaultValue,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: LessonFormSchema }),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	return (
		<Form method="post" {...getFormProps(form)} noValidate className="grid gap-4 sm:grid-cols-2">
			<div className="sm:col-span-2">
				<FormAlert id={form.errorId} errors={form.errors} />
			</div>
			<Field
				className="sm:col-span-2"
				label="Title"
				field={fields.title}
				hint={`At most ${LESSON_LIMITS.title} characters. A new lesson's address is made from it.`}
				inputProps={{ autoComplete: 'off' }}
			/>
			<Field
				className="sm:col-span-2"
				label="Description"
				field={fields.description}
				hint={`One line under the title in the lesson list, at most ${LESSON_LIMITS.description} characters.`}
				inputProps={{ autoComplete: 'off' }}
			/>
			<SelectField label="Topic" field={fields.tab} hint="The Academy tab it is listed under.">
				<option value="">Choose a topic</option>
				{lessonTabs.map((t) => (
					<option key={t.id} value={t.id}>
						{t.label}
					</option>
				))}
			</SelectField>
			<Field
				label="Order (optional)"
				field={fields.position}
				hint="Its place in its topic, 1 first. Blank: after the topic's last lesson."
				inputProps={{ inputMode: 'numeric', autoComplete: 'off' }}
			/>
			<Field
				label="Duration in minutes (optional)"
				field={fields.duration}
				hint="Blank: the reading time of its words (200 a minute)."
				inputProps={{ inputMode: 'numeric', autoComplete: 'off' }}
			/>
			<TextareaField
				className="sm:col-span-2"
				label="Lesson text (Markdown)"
				field={fields.body}
				hint="## for a section heading, - or 1. for lists, **bold**, [a link](https://...), and > **Key point:** ... for the point to remember. HTML is shown as text; links only to http, https, mailto or this site; images only from https addresses."
				textareaProps={{ rows: 18, spellCheck: true, className: 'font-mono text-sm' }}
			/>
			<ContentDates publishOn={fields.publishOn} expiresOn={fields.expiresOn} shown="Shown" />
			<ContentFormButtons submitLabel={submitLabel} />
		</Form>
	)
}

export type LessonPreviewView = {
	title: string
	description: string
	topic: string
	duration: number
	words: number
	html: string
}

/** The preview: the lesson's header and text as they show on its member page. */
export function LessonPreview({ lesson, note }: { lesson: LessonPreviewView; note: string }) {
	return (
		<div className="space-y-3">
			<p className="text-sm text-slate-300">{note}</p>
			<article aria-label="Preview of the lesson" className="space-y-4 rounded-xl border border-slate-700 p-4">
				<header>
					<p className="text-sm font-semibold text-emerald-300">{lesson.topic}</p>
					<p className="mt-1 text-xl font-bold">{lesson.title}</p>
					<p className="mt-2 text-slate-300">{lesson.description}</p>
					<p className="mt-3 text-sm text-slate-400">
						Reading time:{' '}
						<span className="text-slate-200">
							{lesson.duration} min ({lesson.words} words)
						</span>
					</p>
				</header>
				<LessonBody html={lesson.html} />
			</article>
		</div>
	)
}
