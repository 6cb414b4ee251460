import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form } from 'react-router'
import { TRADER_LIMITS, TraderCreateFormSchema, TraderEditFormSchema } from '#app/features/traders/schemas.ts'
import { useIsPending } from '#app/utils/misc.ts'
import { Field, FormAlert, SelectField, StatusButton, TextareaField } from './forms.tsx'

export type BrokerChoice = { slug: string; name: string; active: boolean }

/** The form's text for a stored trader (markets comma separated). */
export function traderFormDefaults(trader: {
	slug: string
	name: string
	strategy: string
	markets: string[]
	brokerSlug: string
	accountRef: string
	country: string
	currency: string
	startDate: string
	nextReviewDate: string | null
}) {
	return {
		slug: trader.slug,
		name: trader.name,
		strategy: trader.strategy,
		markets: trader.markets.join(', '),
		brokerSlug: trader.brokerSlug,
		accountRef: trader.accountRef,
		country: trader.country,
		currency: trader.currency,
		startDate: trader.startDate,
		nextReviewDate: trader.nextReviewDate ?? '',
	}
}

const createConstraint = getZodConstraint(TraderCreateFormSchema)
const editConstraint = getZodConstraint(TraderEditFormSchema)

/**
 * /admin/traders/new and the edit form of /admin/traders/:id: the
 * registry's fields as a plain POST form (JS off works; with JS the fields
 * are checked on submit and again as they are corrected). The edit form adds
 * the next review date.
 */
export function TraderForm({
	id,
	mode,
	brokers,
	lastResult,
	defaultValue,
	submitLabel,
}: {
	id: string
	mode: 'create' | 'edit'
	brokers: BrokerChoice[]
	lastResult: SubmissionResult<string[]> | undefined
	defaultValue?: Record<string, string>
	submitLabel: string
}) {
	const schema = mode === 'create' ? TraderCreateFormSchema : TraderEditFormSchema
	const pending = useIsPending({ state: 'submitting', formData: { intent: 'save' } })
	const [form, fields] = useForm({
		id,
		lastResult,
		constraint: mode === 'create' ? createConstraint : editConstraint,
		defaultValue,
		onValidate: ({ formData }) => parseWithZod(formData, { schema }),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	return (
		<Form method="post" {...getFormProps(form)} noValidate className="grid gap-4 sm:grid-cols-2">
			<input type="hidden" name="intent" value="save" />
			<div className="sm:col-span-2">
				<FormAlert id={form.errorId} errors={form.errors} />
			</div>
			<Field label="Name" field={fields.name} inputProps={{ autoComplete: 'off' }} />
			<Field
				label="Slug"
				field={fields.slug}
				hint="Lowercase letters, digits and hyphens; the trader's public id (members' links and the API)."
				inputProps={{ autoComplete: 'off', spellCheck: false }}
			/>
			<TextareaField
				className="sm:col-span-2"
				label="Strategy"
				field={fields.strategy}
				hint={`What the trader trades and how, as members will read it; at most ${TRADER_LIMITS.strategy.toLocaleString('en-US')} characters.`}
				textareaProps={{ rows: 4 }}
			/>
			<Field
				label="Markets"
				field={fields.markets}
				hint="Instrument symbols separated by commas, like XAUUSD, EURUSD."
				inputProps={{ autoComplete: 'off', spellCheck: false }}
			/>
			<SelectField label="Broker" field={fields.brokerSlug} hint="Where the trader's account is.">
				<option value="">Choose a broker</option>
				{brokers.map((broker) => (
					<option key={broker.slug} value={broker.slug}>
						{broker.name}
						{broker.active ? '' : ' (inactive)'}
					</option>
				))}
			</SelectField>
			<Field
				label="Account reference at the broker"
				field={fields.accountRef}
				inputProps={{ autoComplete: 'off', spellCheck: false }}
			/>
			<Field label="Country" field={fields.country} inputProps={{ autoComplete: 'off' }} />
			<Field
				label="Account currency"
				field={fields.currency}
				hint="Three letters, like USD; the statements' amounts are in it."
				inputProps={{ autoComplete: 'off', spellCheck: false, maxLength: 3 }}
			/>
			<Field label="Start date" field={fields.startDate} type="date" hint="When the account started trading." />
			{mode === 'edit' ? (
				<Field
					label="Next review date"
					field={fields.nextReviewDate}
					type="date"
					hint="A review (a move to listed or watch) sets it 90 days on; empty: none."
				/>
			) : null}
			<div className="sm:col-span-2">
				<StatusButton pending={pending} pendingText="Saving..." className="sm:w-auto">
					{submitLabel}
				</StatusButton>
			</div>
		</Form>
	)
}
