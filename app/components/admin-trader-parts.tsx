import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { Form } from 'react-router'
import type { TraderStatus } from '#app/domain/enums.ts'
import type { AppliedStatement, StaffTrader, TraderReviewEntry } from '#app/features/traders/responses.server.ts'
import { CHECKLIST_ITEMS, TRADER_STATUS_LABELS } from '#app/features/traders/review.ts'
import { TraderChecklistFormSchema, TraderReviewFormSchema } from '#app/features/traders/schemas.ts'
import { formatCount, formatDateTime } from '#app/utils/admin-format.ts'
import { useIsPending } from '#app/utils/misc.ts'
import { FactGrid } from './admin-facts.tsx'
import { StaffTable } from './admin-list-parts.tsx'
import { FormAlert, SelectField, StatusButton, TextareaField } from './forms.tsx'

/**
 * The parts of a trader's staff page (/admin/traders/:id): the computed
 * figures, the review form (the allowed moves, a required note), the
 * checklist (who ticked each item, and when), the review history and the
 * applied statements. Every form is a plain POST told apart by `intent`.
 */

/**
 * Every stored figure, labelled ("—" where it cannot be computed yet): the
 * texts come with the page's data (metricRows, app/features/traders/format.ts,
 * run by the loader), so the staff pages' scripts do not load the members'
 * formatting module.
 */
export function TraderFigures({ rows }: { rows: ReadonlyArray<readonly [string, string]> }) {
	return <FactGrid items={rows} />
}

/** Moves the trader on: the moves this staff member may make, and the note every move needs. */
export function ReviewForm({
	status,
	moves,
	lastResult,
}: {
	status: TraderStatus
	moves: TraderStatus[]
	lastResult: SubmissionResult<string[]> | undefined
}) {
	const pending = useIsPending({ state: 'submitting', formData: { intent: 'review' } })
	const [form, fields] = useForm({
		id: 'trader-review-form',
		lastResult,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: TraderReviewFormSchema }),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	if (moves.length === 0) {
		return (
			<p className="text-sm text-slate-300">
				{status === 'retired'
					? 'A retired trader stays retired.'
					: 'Only a super admin can move this trader on (to retired).'}
			</p>
		)
	}
	return (
		<Form method="post" {...getFormProps(form)} noValidate className="grid gap-4 sm:max-w-xl">
			<input type="hidden" name="intent" value="review" />
			<FormAlert id={form.errorId} errors={form.errors} title="The trader was not moved" />
			<SelectField
				label="Move to"
				field={fields.to}
				hint="Listing needs an applied equity statement and every checklist item done. Retired is final."
			>
				<option value="">Choose a status</option>
				{moves.map((to) => (
					<option key={to} value={to}>
						{TRADER_STATUS_LABELS[to]}
					</option>
				))}
			</SelectField>
			<TextareaField
				label="Note"
				field={fields.note}
				hint="Why: kept in the history; a watch note is the warning members see."
				textareaProps={{ rows: 3 }}
			/>
			<div>
				<StatusButton pending={pending} pendingText="Moving..." className="sm:w-auto">
					Move Trader
				</StatusButton>
			</div>
		</Form>
	)
}

/** The review checklist: a box per item, with who ticked it and when. */
export function ChecklistForm({
	checklist,
	lastResult,
}: {
	checklist: StaffTrader['checklist']
	lastResult: SubmissionResult<string[]> | undefined
}) {
	const pending = useIsPending({ state: 'submitting', formData: { intent: 'checklist' } })
	const [form, fields] = useForm({
		id: 'trader-checklist-form',
		lastResult,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: TraderChecklistFormSchema }),
	})
	return (
		<Form method="post" {...getFormProps(form)} noValidate className="space-y-4">
			<input type="hidden" name="intent" value="checklist" />
			<FormAlert id={form.errorId} errors={form.errors} />
			<fieldset className="space-y-3">
				<legend className="sr-only">Review checklist</legend>
				{CHECKLIST_ITEMS.map(({ key, label }) => {
					const item = checklist[key]
					const field = fields[key]
					return (
						<div key={key} className="flex items-start gap-3">
							<input
								id={field.id}
								name={field.name}
								type="checkbox"
								defaultChecked={item.done}
								className="mt-1 size-4 accent-emerald-400"
								aria-describedby={`${field.id}-who`}
							/>
							<div className="text-sm">
								<label htmlFor={field.id} className="text-slate-200">
									{label}
								</label>
								<p id={`${field.id}-who`} className="text-slate-400">
									{item.done && item.at ? (
										<>
											Done by {item.by ?? 'a former staff member'} on{' '}
											<time dateTime={item.at}>{formatDateTime(item.at)}</time>
										</>
									) : (
										'Not done'
									)}
								</p>
							</div>
						</div>
					)
				})}
			</fieldset>
			<StatusButton pending={pending} pendingText="Saving..." className="sm:w-auto">
				Save Checklist
			</StatusButton>
		</Form>
	)
}

/** Every review move with its note, newest first. */
export function ReviewHistory({ reviews }: { reviews: TraderReviewEntry[] }) {
	return (
		<StaffTable
			label="Review history table"
			caption="Review moves, newest first"
			columns={['When', 'Move', 'Note', 'By']}
			empty="No review moves yet"
			isEmpty={reviews.length === 0}
			tableClassName="w-full min-w-[40rem] text-left text-sm"
		>
			{reviews.map((review) => (
				<tr key={review.id} className="align-top">
					<td className="py-2 pr-4 whitespace-nowrap">
						<time dateTime={review.createdAt}>{formatDateTime(review.createdAt)}</time>
					</td>
					<td className="py-2 pr-4 whitespace-nowrap">
						{TRADER_STATUS_LABELS[review.from]} → {TRADER_STATUS_LABELS[review.to]}
					</td>
					<td className="py-2 pr-4 break-words whitespace-pre-line">{review.note}</td>
					<td className="py-2 break-all">{review.adminEmail}</td>
				</tr>
			))}
		</StaffTable>
	)
}

/** The applied statement files, newest first. */
export function StatementsTable({ statements }: { statements: AppliedStatement[] }) {
	return (
		<StaffTable
			label="Applied statements table"
			caption="Applied statements, newest first"
			columns={['Kind', 'File', { label: 'Rows', end: true }, 'Dates', { label: 'Replaced', end: true }, 'Applied']}
			empty="No statements applied yet"
			isEmpty={statements.length === 0}
			tableClassName="w-full min-w-[48rem] text-left text-sm"
		>
			{statements.map((s) => (
				<tr key={s.id} className="align-top">
					<td className="py-2 pr-4">{s.kind === 'equity' ? 'Daily equity' : 'Closed trades'}</td>
					<td className="py-2 pr-4 break-all">{s.fileName || '—'}</td>
					<td className="py-2 pr-4 text-right tabular-nums">{formatCount(s.rowCount)}</td>
					<td className="py-2 pr-4 whitespace-nowrap">{s.from && s.to ? `${s.from} to ${s.to}` : '—'}</td>
					<td className="py-2 pr-4 text-right tabular-nums">{formatCount(s.replacedRows)}</td>
					<td className="py-2">
						<time dateTime={s.appliedAt}>{formatDateTime(s.appliedAt)}</time>
						<span className="block text-xs break-all text-slate-400">{s.appliedBy}</span>
					</td>
				</tr>
			))}
		</StaffTable>
	)
}
