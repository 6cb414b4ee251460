import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form } from 'react-router'
import type { ContentStatus } from '#app/domain/enums.ts'
import type { MemberPromotion, StaffPromotion } from '#app/features/content/responses.server.ts'
import { CONTENT_STATUS_LABELS, PROMOTION_LIMITS, PromotionFormSchema } from '#app/features/content/schemas.ts'
import { useIsPending } from '#app/utils/misc.ts'
import { Pill } from './admin-badges.tsx'
import { StateBadge } from './admin-list-parts.tsx'
import { Field, FormAlert, SelectField, StatusButton } from './forms.tsx'
import { PromotionCard } from './promotion-card.tsx'

/** A content item's status, and "Sample" for a sample row (decision 062). */
export function ContentStatusBadges({ status, sample }: { status: ContentStatus; sample: boolean }) {
	return (
		<span className="inline-flex flex-wrap gap-1.5">
			<StateBadge value={status} label={CONTENT_STATUS_LABELS[status]} />
			{sample ? <Pill className="border-amber-400 text-amber-200">Sample</Pill> : null}
		</span>
	)
}

const constraint = getZodConstraint(PromotionFormSchema)

/** The form's text for a stored promotion. */
export function promotionFormDefaults(promotion: StaffPromotion) {
	return {
		code: promotion.code,
		description: promotion.description,
		brokerId: promotion.broker ? String(promotion.broker.id) : '',
		publishOn: promotion.publishOn ?? '',
		expiresOn: promotion.expiresOn ?? '',
	}
}

export type BrokerChoice = { id: number; name: string; active: boolean }

/**
 * /admin/content/promotions/new and /:id: a promotion's fields as a plain
 * POST form (JS off works). Save stores it; Preview checks it and shows it
 * as members will see it, storing nothing.
 */
export function PromotionForm({
	id,
	lastResult,
	defaultValue,
	brokers,
	submitLabel,
}: {
	id: string
	lastResult: SubmissionResult<string[]> | undefined
	defaultValue?: Record<string, string>
	brokers: BrokerChoice[]
	submitLabel: string
}) {
	const saving = useIsPending({ state: 'submitting', formData: { intent: 'save' } })
	const previewing = useIsPending({ state: 'submitting', formData: { intent: 'preview' } })
	const [form, fields] = useForm({
		id,
		lastResult,
		constraint,
		defaultValue,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: PromotionFormSchema }),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	return (
		<Form method="post" {...getFormProps(form)} noValidate className="grid gap-4 sm:grid-cols-2">
			<div className="sm:col-span-2">
				<FormAlert id={form.errorId} errors={form.errors} />
			</div>
			<Field
				label="Code"
				field={fields.code}
				hint={`What members copy, at most ${PROMOTION_LIMITS.code} characters.`}
				inputProps={{ autoComplete: 'off', spellCheck: false }}
			/>
			<SelectField label="Broker" field={fields.brokerId} hint="The broker the code is for, or none for our own.">
				<option value="">None (our own promotion)</option>
				{brokers.map((b) => (
					<option key={b.id} value={String(b.id)}>
						{b.active ? b.name : `${b.name} (inactive: members do not see it)`}
					</option>
				))}
			</SelectField>
			<Field
				className="sm:col-span-2"
				label="Description"
				field={fields.description}
				hint={`What the code gives, one line of at most ${PROMOTION_LIMITS.description} characters.`}
				inputProps={{ autoComplete: 'off' }}
			/>
			<Field
				label="Publish on (optional)"
				type="date"
				field={fields.publishOn}
				hint="From 00:00 UTC that day. Blank: when you publish it."
			/>
			<Field
				label="Expires after (optional)"
				type="date"
				field={fields.expiresOn}
				hint="Shown through that day (until 24:00 UTC). Blank: no expiry."
			/>
			<div className="flex flex-wrap items-center gap-2 sm:col-span-2">
				<StatusButton name="intent" value="save" pending={saving} pendingText="Saving..." className="sm:w-auto">
					{submitLabel}
				</StatusButton>
				<button
					type="submit"
					name="intent"
					value="preview"
					className="btn-secondary"
					disabled={previewing}
					aria-disabled={previewing || undefined}
				>
					{previewing ? 'Previewing...' : 'Preview'}
				</button>
			</div>
		</Form>
	)
}

/** The preview: the promotion as it shows on the member dashboard's Active Promotions. */
export function PromotionPreview({ promotion, note }: { promotion: MemberPromotion; note: string }) {
	return (
		<div className="space-y-3">
			<p className="text-sm text-slate-300">{note}</p>
			<ul className="grid gap-3 md:grid-cols-2" aria-label="Preview of the promotion">
				<PromotionCard promotion={promotion} />
			</ul>
		</div>
	)
}
