import {
	getFormProps,
	getInputProps,
	getSelectProps,
	getTextareaProps,
	useForm,
	type SubmissionResult,
} from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, Link, useNavigation } from 'react-router'
import { CONTEST_TYPES } from '#app/domain/enums.ts'
import { MAX_PARTICIPANTS_HINT, TYPE_LABELS } from '#app/utils/admin-contests-messages.ts'
import { ContestFormSchema } from '#app/utils/admin-contests-validation.ts'
import { cx } from '#app/utils/misc.ts'
import { ErrorList, Field, FormAlert, StatusButton, type ListOfErrors } from './forms.tsx'

const constraint = getZodConstraint(ContestFormSchema)

export type ContestFormValues = {
	name: string
	type: string
	description: string
	startDate: string
	endDate: string
	prizeFirst: string
	prizeSecond: string
	prizeThird: string
	rules: string
	maxParticipants: string
}

/** A label, a control, a hint and the errors, tied together by ids (like Field). */
function Labelled({
	label,
	id,
	errors,
	errorId,
	hint,
	className,
	children,
}: {
	label: string
	id: string
	errors?: ListOfErrors
	errorId: string
	hint?: string
	className?: string
	children: (aria: { 'aria-invalid'?: boolean; 'aria-describedby'?: string }) => React.ReactNode
}) {
	const hasErrors = Boolean(errors?.filter(Boolean).length)
	const hintId = hint ? `${id}-hint` : undefined
	const describedBy = [hintId, hasErrors ? errorId : undefined].filter(Boolean).join(' ') || undefined
	return (
		<div className={className}>
			<label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-200">
				{label}
			</label>
			{children({ 'aria-invalid': hasErrors || undefined, 'aria-describedby': describedBy })}
			{hint ? (
				<p id={hintId} className="mt-1.5 text-sm text-slate-400">
					{hint}
				</p>
			) : null}
			<ErrorList id={errorId} errors={errors} />
		</div>
	)
}

/**
 * The create and edit contest form (spec section 5): required name, type
 * (referral by default), description, start and end dates, first prize and
 * rules; optional second and third prizes and max participants ('Leave
 * blank for unlimited'). The server validates with the same schema.
 */
export function ContestForm({
	id,
	lastResult,
	defaultValue,
	submitLabel,
	pendingLabel,
	cancelTo,
	failedTitle,
}: {
	/** Unique in the page and unlike any element id (Conform ties inputs to it). */
	id: string
	lastResult: SubmissionResult<string[]> | undefined
	defaultValue?: Partial<ContestFormValues>
	submitLabel: string
	pendingLabel: string
	cancelTo: string
	/** The banner's title when the server refuses for a reason not tied to a field ('Failed to create contest'). */
	failedTitle: string
}) {
	const navigation = useNavigation()
	const [form, fields] = useForm({
		id,
		lastResult,
		constraint,
		defaultValue: { type: 'referral', ...defaultValue },
		onValidate: ({ formData }) => parseWithZod(formData, { schema: ContestFormSchema }),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	const pending = navigation.state === 'submitting' && navigation.formMethod?.toUpperCase() === 'POST'
	return (
		<Form method="post" {...getFormProps(form)} noValidate className="grid gap-4 sm:grid-cols-2">
			<div className="sm:col-span-2">
				<FormAlert id={form.errorId} errors={form.errors} title={failedTitle} />
			</div>
			<Field
				className="sm:col-span-2"
				label="Name"
				inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoComplete: 'off' }}
				errors={fields.name.errors}
				errorId={fields.name.errorId}
			/>
			<Labelled label="Type" id={fields.type.id} errors={fields.type.errors} errorId={fields.type.errorId}>
				{(aria) => (
					<select {...getSelectProps(fields.type)} id={fields.type.id} {...aria} className="input">
						{CONTEST_TYPES.map((type) => (
							<option key={type} value={type}>
								{TYPE_LABELS[type]}
							</option>
						))}
					</select>
				)}
			</Labelled>
			<Field
				label="Max Participants"
				hint={MAX_PARTICIPANTS_HINT}
				inputProps={{
					...getInputProps(fields.maxParticipants, { type: 'number' }),
					min: 1,
					step: 1,
					inputMode: 'numeric',
				}}
				errors={fields.maxParticipants.errors}
				errorId={fields.maxParticipants.errorId}
			/>
			<Labelled
				className="sm:col-span-2"
				label="Description"
				id={fields.description.id}
				errors={fields.description.errors}
				errorId={fields.description.errorId}
			>
				{(aria) => <textarea {...getTextareaProps(fields.description)} id={fields.description.id} {...aria} rows={3} className="input" />}
			</Labelled>
			<Field
				label="Start Date"
				inputProps={{ ...getInputProps(fields.startDate, { type: 'date' }) }}
				errors={fields.startDate.errors}
				errorId={fields.startDate.errorId}
			/>
			<Field
				label="End Date"
				inputProps={{ ...getInputProps(fields.endDate, { type: 'date' }) }}
				errors={fields.endDate.errors}
				errorId={fields.endDate.errorId}
			/>
			<Field
				className="sm:col-span-2"
				label="First Prize"
				inputProps={{ ...getInputProps(fields.prizeFirst, { type: 'text' }), autoComplete: 'off' }}
				errors={fields.prizeFirst.errors}
				errorId={fields.prizeFirst.errorId}
			/>
			<Field
				label="Second Prize (optional)"
				inputProps={{ ...getInputProps(fields.prizeSecond, { type: 'text' }), autoComplete: 'off' }}
				errors={fields.prizeSecond.errors}
				errorId={fields.prizeSecond.errorId}
			/>
			<Field
				label="Third Prize (optional)"
				inputProps={{ ...getInputProps(fields.prizeThird, { type: 'text' }), autoComplete: 'off' }}
				errors={fields.prizeThird.errors}
				errorId={fields.prizeThird.errorId}
			/>
			<Labelled className="sm:col-span-2" label="Rules" id={fields.rules.id} errors={fields.rules.errors} errorId={fields.rules.errorId} hint="One rule per line">
				{(aria) => <textarea {...getTextareaProps(fields.rules)} id={fields.rules.id} {...aria} rows={4} className="input" />}
			</Labelled>
			<div className={cx('flex flex-wrap gap-3 sm:col-span-2')}>
				<StatusButton pending={pending} pendingText={pendingLabel} className="sm:w-auto">
					{submitLabel}
				</StatusButton>
				<Link to={cancelTo} preventScrollReset className="btn-secondary w-full sm:w-auto">
					Cancel
				</Link>
			</div>
		</Form>
	)
}
