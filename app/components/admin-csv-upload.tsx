import { Form } from 'react-router'
import { formatCount } from '#app/utils/admin-format.ts'
import { cx } from '#app/utils/misc.ts'
import { StaffTable } from './admin-list-parts.tsx'
import { ErrorList } from './forms.tsx'

/**
 * The parts every staff CSV import page shares (a broker's monthly report,
 * a trader's statements): the file input with its hint and errors, the
 * preview's bad rows by line, and the box staff tick to replace what is
 * stored.
 */

/** The labelled file input of an upload form (a plain multipart form). */
export function CsvFileInput({
	id,
	label,
	hint,
	errors,
}: {
	id: string
	label: string
	hint: React.ReactNode
	errors: string[] | undefined
}) {
	return (
		<div>
			<label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-200">
				{label}
			</label>
			<input
				id={id}
				name="file"
				type="file"
				required
				accept=".csv,text/csv"
				className="block w-full max-w-full text-sm text-slate-200 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-700 file:px-3 file:py-2 file:text-slate-100"
				aria-invalid={errors ? true : undefined}
				aria-describedby={cx(`${id}-hint`, errors && `${id}-errors`)}
			/>
			<p id={`${id}-hint`} className="mt-1.5 text-sm break-words text-slate-400">
				{hint}
			</p>
			<ErrorList id={`${id}-errors`} errors={errors} />
		</div>
	)
}

/** A preview's bad rows, each by its line in the file and the reason, with how many were left out. */
export function BadRows({
	rows,
	badRows,
	errorCount,
}: {
	rows: ReadonlyArray<{ line: number; reason: string }>
	badRows: number
	errorCount: number
}) {
	if (errorCount === 0) return null
	return (
		<div className="space-y-2">
			<h3 className="font-semibold">
				Bad rows: {formatCount(badRows)} ({formatCount(errorCount)} {errorCount === 1 ? 'problem' : 'problems'})
			</h3>
			<StaffTable
				label="Bad rows"
				caption="Bad rows by line"
				columns={['Line', 'Reason']}
				empty="None"
				isEmpty={false}
				tableClassName="w-full min-w-[20rem] text-left text-sm"
			>
				{rows.map((e, i) => (
					<tr key={`${e.line}-${i}`}>
						<td className="py-2 pr-4 align-top tabular-nums">{e.line}</td>
						<td className="py-2 break-words">{e.reason}</td>
					</tr>
				))}
			</StaffTable>
			{errorCount > rows.length ? (
				<p className="text-sm text-slate-300">
					The first {formatCount(rows.length)} are listed; fix them and upload the file again to see the rest.
				</p>
			) : null}
		</div>
	)
}

/** The warning, the required confirmation box and the danger button of a replacing apply. */
export function ReplaceConfirm({
	warning,
	confirm,
	submit,
}: {
	warning: React.ReactNode
	confirm: string
	submit: string
}) {
	return (
		<>
			<p className="rounded-lg border border-amber-400/60 bg-amber-950/40 p-3 text-sm text-amber-100">{warning}</p>
			<div className="flex items-start gap-3">
				<input
					id="confirm-replace"
					name="replace"
					type="checkbox"
					required
					className="mt-1 size-4 accent-emerald-400"
				/>
				<label htmlFor="confirm-replace" className="text-sm text-slate-200">
					{confirm}
				</label>
			</div>
			<button type="submit" className="btn-danger">
				{submit}
			</button>
		</>
	)
}

/**
 * A previewed upload's apply step: the form that posts the kept upload's
 * id (with the replace confirmation when it would replace stored data),
 * or why it cannot be applied.
 */
export function ApplyUpload({
	action,
	uploadId,
	canApply,
	noun,
	replace,
}: {
	action: string
	uploadId: number
	canApply: boolean
	noun: 'report' | 'statement'
	replace: React.ComponentProps<typeof ReplaceConfirm> | null
}) {
	if (!canApply) {
		return (
			<p className="text-sm text-slate-300">
				This {noun} cannot be applied until every row is good. Fix the file and upload it again.
			</p>
		)
	}
	return (
		<Form method="post" action={action} className="space-y-3">
			<input type="hidden" name="intent" value="apply" />
			<input type="hidden" name="uploadId" value={uploadId} />
			{replace ? (
				<ReplaceConfirm {...replace} />
			) : (
				<button type="submit" className="btn-primary">
					Apply {noun}
				</button>
			)}
		</Form>
	)
}
