import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, Link } from 'react-router'
import type { z } from 'zod'
import { FormAlert, TextareaField } from './forms.tsx'
import { RouteDialog } from './route-dialog.tsx'
import { cx, useIsPending } from '#app/utils/misc.ts'

/**
 * The one dialog staff confirm a step in (void, reject, complete, delete):
 * a route dialog (app/components/route-dialog.tsx, works without
 * JavaScript) with what the step acts on, its warning, the server's refusal
 * as the form's alert, an optional required reason (a textarea tied to the
 * schema's `reason` field), the submit button and Cancel back to the list.
 * The route keeps its loader and action; this is only the form.
 */
export function ConfirmDialog({
	title,
	description,
	closeTo,
	formId,
	lastResult,
	children,
	errorTitle,
	reason,
	submit,
	tone = 'danger',
	refusal,
}: {
	title: string
	/** Tied to the dialog as its description (read out when it opens). */
	description?: string
	closeTo: string
	formId: string
	lastResult: SubmissionResult<string[]> | null | undefined
	/** What the step acts on, above the form. */
	children?: React.ReactNode
	/** The alert's heading over the server's refusal. */
	errorTitle?: string
	/** A required reason: the form schema (with a `reason` field), its label and hint. */
	reason?: { schema: z.ZodTypeAny; label: string; hint: string }
	/** The button's words; with `null` label there is no button (the step cannot be taken now). */
	submit: { label: string | null; pending: string }
	tone?: 'danger' | 'primary'
	/** Why the step cannot be taken now, shown when the server has not said anything else. */
	refusal?: string | null
}) {
	const pending = useIsPending({ state: 'submitting' })
	const [form, fields] = useForm<{ reason: string }>({
		id: formId,
		lastResult,
		...(reason
			? {
					constraint: getZodConstraint(reason.schema),
					onValidate: ({ formData }) => parseWithZod(formData, { schema: reason.schema }),
					shouldValidate: 'onSubmit' as const,
					shouldRevalidate: 'onInput' as const,
				}
			: {}),
	})
	return (
		<RouteDialog title={title} closeTo={closeTo} description={description}>
			<div className="space-y-4">
				{children}
				<Form method="post" {...getFormProps(form)} noValidate className="grid gap-4">
					<FormAlert id={form.errorId} title={errorTitle} errors={form.errors} />
					{refusal && !form.errors?.length ? <FormAlert title={errorTitle} errors={[refusal]} /> : null}
					{reason ? (
						<TextareaField label={reason.label} field={fields.reason} hint={reason.hint} textareaProps={{ rows: 3 }} />
					) : null}
					<div className="flex flex-wrap gap-3">
						{submit.label ? (
							<button
								type="submit"
								disabled={pending}
								className={`${tone === 'danger' ? 'btn-danger' : 'btn-primary'} w-full sm:w-auto`}
							>
								{pending ? submit.pending : submit.label}
							</button>
						) : null}
						<Link to={closeTo} preventScrollReset className="btn-secondary w-full sm:w-auto">
							Cancel
						</Link>
					</div>
				</Form>
			</div>
		</RouteDialog>
	)
}

/**
 * The boxed two lines naming what a `ConfirmDialog` acts on (an entry, a
 * referral, a member): `title` in bold, `detail` below it; the class names
 * add wrapping (`break-all` for emails and broker names).
 */
export function ConfirmSubject({
	title,
	detail,
	titleClassName,
	detailClassName,
}: {
	title: React.ReactNode
	detail: React.ReactNode
	titleClassName?: string
	detailClassName?: string
}) {
	return (
		<p className="rounded-lg border border-slate-700 bg-slate-950/60 p-3 text-sm">
			<span className={cx('block font-semibold', titleClassName)}>{title}</span>
			<span className={cx('block', detailClassName, 'text-slate-300')}>{detail}</span>
		</p>
	)
}
