import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, Link } from 'react-router'
import { TYPE_LABELS, ContestFormSchema, CONTEST_TEXTS } from '#app/features/contests/schemas.ts'
import { CONTEST_TYPES } from '#app/domain/enums.ts'
import { cx, useIsPending } from '#app/utils/misc.ts'
import { Field, FormAlert, SelectField, StatusButton, TextareaField } from './forms.tsx'

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
	const [form, fields] = useForm({
		id,
		lastResult,
		constraint,
		defaultValue: { type: 'referral', ...defaultValue },
		onValidate: ({ formData }) => parseWithZod(formData, { schema: ContestFormSchema }),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	const pending = useIsPending({ state: 'submitting' })
	return (
		<Form method="post" {...getFormProps(form)} noValidate className="grid gap-4 sm:grid-cols-2">
			<div className="sm:col-span-2">
				<FormAlert id={form.errorId} errors={form.errors} title={failedTitle} />
			</div>
			<Field className="sm:col-span-2" label="Name" field={fields.name} inputProps={{ autoComplete: 'off' }} />
			<SelectField label="Type" field={fields.type}>
				{CONTEST_TYPES.map((type) => (
					<option key={type} value={type}>
						{TYPE_LABELS[type]}
					</option>
				))}
			</SelectField>
			<Field
				label="Max Participants"
				hint={CONTEST_TEXTS.maxParticipantsHint}
				field={fields.maxParticipants}
				type="number"
				inputProps={{ min: 1, step: 1, inputMode: 'numeric' }}
			/>
			<TextareaField
				className="sm:col-span-2"
				label="Description"
				field={fields.description}
				textareaProps={{ rows: 3 }}
			/>
			<Field label="Start Date" field={fields.startDate} type="date" />
			<Field label="End Date" field={fields.endDate} type="date" />
			<Field
				className="sm:col-span-2"
				label="First Prize"
				field={fields.prizeFirst}
				inputProps={{ autoComplete: 'off' }}
			/>
			<Field label="Second Prize (optional)" field={fields.prizeSecond} inputProps={{ autoComplete: 'off' }} />
			<Field label="Third Prize (optional)" field={fields.prizeThird} inputProps={{ autoComplete: 'off' }} />
			<TextareaField
				className="sm:col-span-2"
				label="Rules"
				field={fields.rules}
				hint="One rule per line"
				textareaProps={{ rows: 4 }}
			/>
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
