import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form } from 'react-router'
import type { PublicBroker } from '#app/features/brokers/brokers.server.ts'
import { BROKER_LIMITS, TRACKING_ID_PLACEHOLDER, BrokerFormSchema, spreadsText } from '#app/features/brokers/schemas.ts'
import { useIsPending } from '#app/utils/misc.ts'
import { CheckboxField, Field, FormAlert, StatusButton, TextareaField } from './forms.tsx'

const constraint = getZodConstraint(BrokerFormSchema)

/** The form's text for a stored broker (dollars, one feature a line). */
export function brokerFormDefaults(broker: PublicBroker) {
	return {
		name: broker.name,
		slug: broker.slug,
		regulator: broker.regulator,
		licence: broker.licence,
		lossPercent: String(broker.lossPercent),
		minDeposit: broker.minDeposit.toFixed(2),
		affiliateUrl: broker.affiliateUrl,
		rating: String(broker.rating),
		bonus: broker.bonus,
		features: broker.features.join('\n'),
		recommended: broker.recommended ? 'on' : '',
		sortOrder: String(broker.sortOrder),
		copyTrading: broker.copyTrading ? 'on' : '',
		commissionPerLot: broker.commissionPerLot.toFixed(2),
		copyFeePercent: String(broker.copyFeePercent),
		spreads: spreadsText(broker.spreads),
		howWeEarn: broker.howWeEarn,
	}
}

/**
 * /admin/brokers/new and /admin/brokers/:slug: every field of a broker as a
 * plain POST form (JS off works; with JS the fields are checked as typed).
 */
export function BrokerForm({
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
	const pending = useIsPending({ state: 'submitting', formData: { intent: 'save' } })
	const [form, fields] = useForm({
		id,
		lastResult,
		constraint,
		defaultValue,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: BrokerFormSchema }),
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
				hint="Lowercase letters, digits and hyphens; the member's link is /go/<slug>."
				inputProps={{ autoComplete: 'off', spellCheck: false }}
			/>
			<Field label="Regulator" field={fields.regulator} inputProps={{ autoComplete: 'off' }} />
			<Field label="Licence" field={fields.licence} inputProps={{ autoComplete: 'off' }} />
			<Field
				label="Retail accounts that lose money (%)"
				field={fields.lossPercent}
				hint="The broker's own published figure, from 0 to 100."
				inputProps={{ inputMode: 'decimal', autoComplete: 'off' }}
			/>
			<Field
				label="Minimum deposit (USD)"
				field={fields.minDeposit}
				inputProps={{ inputMode: 'decimal', autoComplete: 'off' }}
			/>
			<Field
				className="sm:col-span-2"
				label="Affiliate link template"
				field={fields.affiliateUrl}
				hint={`An https:// link containing ${TRACKING_ID_PLACEHOLDER}, where the member's tracking id goes.`}
				inputProps={{ inputMode: 'url', autoComplete: 'off', spellCheck: false }}
			/>
			<Field label="Rating (0 to 5)" field={fields.rating} inputProps={{ inputMode: 'decimal', autoComplete: 'off' }} />
			<Field label="Bonus" field={fields.bonus} inputProps={{ autoComplete: 'off' }} />
			<TextareaField
				className="sm:col-span-2"
				label="Features"
				field={fields.features}
				hint={`One per line, at most ${BROKER_LIMITS.features}.`}
				textareaProps={{ rows: 4 }}
			/>
			<Field
				label="Sort order"
				field={fields.sortOrder}
				hint="Cards are listed by this number, then by name."
				inputProps={{ inputMode: 'numeric', autoComplete: 'off' }}
			/>
			<CheckboxField className="self-center" label="Recommended" field={fields.recommended} />
			<fieldset className="grid gap-4 border-t border-slate-700 pt-4 sm:col-span-2 sm:grid-cols-2">
				<legend className="text-sm font-semibold">Costs of copying (shown to members on each trader)</legend>
				<CheckboxField className="self-center sm:col-span-2" label="Offers copy trading" field={fields.copyTrading} />
				<Field
					label="Commission per lot (USD)"
					field={fields.commissionPerLot}
					hint="Per standard lot, open and close together; 0 when none."
					inputProps={{ inputMode: 'decimal', autoComplete: 'off' }}
				/>
				<Field
					label="Copy or performance fee (%)"
					field={fields.copyFeePercent}
					hint="The broker's share of the copier's profits, from 0 to 100."
					inputProps={{ inputMode: 'decimal', autoComplete: 'off' }}
				/>
				<TextareaField
					className="sm:col-span-2"
					label="Spreads (USD per lot)"
					field={fields.spreads}
					hint={`One market a line: its symbol, then the typical spread as a cost in US dollars per standard lot, like "EURUSD 7.50" (1.5 pips at $10 a pip). At most ${BROKER_LIMITS.spreads} markets.`}
					textareaProps={{ rows: 4, spellCheck: false }}
				/>
				<Field
					className="sm:col-span-2"
					label="How we earn"
					field={fields.howWeEarn}
					hint="Shown to members next to this broker's costs, like: Revenue share: part of the spread and commission on members' trades."
					inputProps={{ autoComplete: 'off' }}
				/>
			</fieldset>
			<div className="sm:col-span-2">
				<StatusButton pending={pending} pendingText="Saving..." className="sm:w-auto">
					{submitLabel}
				</StatusButton>
			</div>
		</Form>
	)
}
