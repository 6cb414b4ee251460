import { data, Form } from 'react-router'
import { FactGrid } from '#app/components/admin-facts.tsx'
import { ApplyUpload, BadRows, CsvFileInput } from '#app/components/admin-csv-upload.tsx'
import { AdminLoadError } from '#app/components/admin-error.tsx'
import { AdminButtonLink, AdminPageHeader, AdminSection } from '#app/components/admin-page.tsx'
import { StatementsTable } from '#app/components/admin-trader-parts.tsx'
import { ErrorList, FormAlert } from '#app/components/forms.tsx'
import { site } from '#app/content/site.ts'
import { STATEMENT_KINDS, type StatementKind } from '#app/domain/enums.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import { listTraderStatements } from '#app/features/traders/registry.server.ts'
import { parseTraderId, TRADER_PAGE_MESSAGES } from '#app/features/traders/schemas.ts'
import {
	appliedStatementMessage,
	applyStatement,
	getStatementUpload,
	previewStatement,
	STATEMENT_MESSAGES,
	storeStatementUpload,
} from '#app/features/traders/statements.server.ts'
import type { StatementPreview } from '#app/features/traders/responses.server.ts'
import { EQUITY_COLUMNS, STATEMENT_LIMITS, TRADE_COLUMNS } from '#app/features/traders/statements-csv.server.ts'
import { readStatementFile } from '#app/features/traders/upload.server.ts'
import { formatCount } from '#app/utils/admin-format.ts'
import { redirectWithFlash } from '#app/utils/flash.server.ts'
import { readFormData } from '#app/utils/forms.server.ts'
import { staffTraderOr404 } from '../+trader.server.ts'
import type { Route } from './+types/statements'

/**
 * /admin/traders/:id/statements (traders:review): upload a statement file
 * (daily equity or closed trades, a plain multipart form), see its preview
 * (dates, rows, every bad row by line and reason, the stored rows it
 * overlaps), apply it (or replace the overlapping rows, with a
 * confirmation checkbox), and the applied statements. The file is kept in
 * trader_statement_uploads so the confirm form posts only its id; the
 * rules are app/features/traders/statements.server.ts, as the API's.
 */

const KIND_LABELS: Record<StatementKind, string> = { equity: 'Daily equity', trades: 'Closed trades' }
const KIND_MESSAGE = 'Choose the kind of statement'

type UploadErrors = { kind?: string[]; file?: string[]; form?: string[] }
type ActionData = { intent: 'upload'; errors: UploadErrors } | { intent: 'apply'; error: string }

function pagePath(id: number) {
	return `/admin/traders/${id}/statements`
}

export async function loader({ request, url, params }: Route.LoaderArgs) {
	const admin = await requireAdminCapability({ request, url }, 'traders:review')
	const trader = staffTraderOr404(params.id)
	const uploadParam = url.searchParams.get('upload')
	const uploadId = parseTraderId(uploadParam ?? undefined)
	const upload = uploadId === null ? null : getStatementUpload(admin.id, trader.id, uploadId)
	let preview: StatementPreview | null = null
	if (upload) {
		const result = previewStatement(trader.id, upload.kind, upload.fileName, upload.content)
		preview = result.ok ? result.value : null
	}
	return {
		trader: { id: trader.id, name: trader.name, currency: trader.currency, statementsUntil: trader.statementsUntil },
		uploadId: upload ? upload.id : null,
		uploadGone: uploadParam !== null && !upload ? STATEMENT_MESSAGES.uploadGone : null,
		preview,
		columns: { equity: EQUITY_COLUMNS.join(','), trades: TRADE_COLUMNS.join(',') },
		maxRows: STATEMENT_LIMITS.maxRows,
		statements: listTraderStatements(trader.id),
	}
}

export function headers() {
	return { 'Cache-Control': 'private, no-store' }
}

export async function action({ request, url, params }: Route.ActionArgs) {
	const admin = await requireAdminCapability({ request, url }, 'traders:review')
	const trader = staffTraderOr404(params.id)
	const actor = { id: admin.id, email: admin.email }
	const form = await readFormData(request)

	if (form.get('intent') === 'apply') {
		const uploadId = parseTraderId(String(form.get('uploadId') ?? ''))
		const upload = uploadId === null ? null : getStatementUpload(admin.id, trader.id, uploadId)
		if (!upload) return data<ActionData>({ intent: 'apply', error: STATEMENT_MESSAGES.uploadGone }, { status: 404 })
		const result = applyStatement(
			actor,
			{ traderId: trader.id, kind: upload.kind, fileName: upload.fileName, content: upload.content },
			{ replace: form.get('replace') === 'on' },
		)
		if (!result.ok) return data<ActionData>({ intent: 'apply', error: result.message }, { status: result.status })
		throw await redirectWithFlash(pagePath(trader.id), appliedStatementMessage(result.value))
	}

	const errors: UploadErrors = {}
	const kindValue = form.get('kind')
	const kind = STATEMENT_KINDS.find((k) => k === kindValue)
	if (!kind) errors.kind = [KIND_MESSAGE]
	const file = await readStatementFile(form.get('file'))
	if (!file.ok) {
		if (file.fieldErrors?.file) errors.file = file.fieldErrors.file
		else
			return data<ActionData>(
				{ intent: 'upload', errors: { ...errors, file: [file.message] } },
				{ status: file.status },
			)
	}
	if (!kind || !file.ok) return data<ActionData>({ intent: 'upload', errors }, { status: 400 })
	const id = storeStatementUpload(admin.id, trader.id, kind, file.value.fileName, file.value.content)
	throw await redirectWithFlash(
		`${pagePath(trader.id)}?upload=${id}#statement-preview`,
		TRADER_PAGE_MESSAGES.uploadKept,
	)
}

function UploadForm({
	id,
	errors,
	columns,
	maxRows,
}: {
	id: number
	errors: UploadErrors
	columns: Record<StatementKind, string>
	maxRows: number
}) {
	return (
		<Form
			method="post"
			action={pagePath(id)}
			encType="multipart/form-data"
			className="grid gap-4 sm:max-w-xl"
			aria-label="Upload a statement"
		>
			<input type="hidden" name="intent" value="upload" />
			<FormAlert errors={errors.form} />
			<fieldset aria-describedby={errors.kind ? 'statement-kind-errors' : undefined}>
				<legend className="mb-1.5 block text-sm font-medium text-slate-200">Kind of statement</legend>
				<div className="space-y-2">
					{STATEMENT_KINDS.map((kind) => (
						<div key={kind} className="flex items-start gap-3">
							<input
								id={`statement-kind-${kind}`}
								name="kind"
								type="radio"
								value={kind}
								required
								defaultChecked={kind === 'equity'}
								className="mt-1 size-4 accent-emerald-400"
							/>
							<label htmlFor={`statement-kind-${kind}`} className="text-sm text-slate-200">
								{KIND_LABELS[kind]}: <code className="break-all text-slate-400">{columns[kind]}</code>
							</label>
						</div>
					))}
				</div>
				<ErrorList id="statement-kind-errors" errors={errors.kind} />
			</fieldset>
			<CsvFileInput
				id="statement-file"
				label="Statement file (CSV)"
				errors={errors.file}
				hint={
					<>
						UTF-8, comma separated, a header row; dates YYYY-MM-DD and times ISO 8601 in UTC; amounts in the
						account&apos;s currency with a dot as the decimal mark; at most 10 MB and {formatCount(maxRows)} rows
						(docs/trader-statements.md).
					</>
				}
			/>
			<div>
				<button type="submit" className="btn-primary">
					Preview statement
				</button>
			</div>
		</Form>
	)
}

function PreviewSection({
	traderId,
	uploadId,
	preview,
	applyError,
}: {
	traderId: number
	uploadId: number
	preview: StatementPreview
	applyError: string | null
}) {
	const kind = KIND_LABELS[preview.kind]
	const facts: Array<[string, string]> = [
		['Kind', kind],
		['Rows in the file', formatCount(preview.rows)],
		['Dates', preview.from && preview.to ? `${preview.from} to ${preview.to}` : '—'],
		['Stored rows it overlaps', formatCount(preview.overlapRows)],
	]
	return (
		<AdminSection id="statement-preview" title={`Preview: ${kind}`}>
			<div className="space-y-4">
				<p className="text-sm break-words text-slate-300">
					File {preview.fileName ? <strong className="break-all">{preview.fileName}</strong> : 'without a name'}.
					Nothing is stored until you confirm.
				</p>
				<FormAlert errors={[applyError]} title={TRADER_PAGE_MESSAGES.statementNotApplied} />
				{preview.fileError ? (
					<FormAlert errors={[preview.fileError]} title="This file cannot be read as a statement" />
				) : (
					<FactGrid items={facts} />
				)}
				<BadRows rows={preview.errors} badRows={preview.badRows} errorCount={preview.errorCount} />
				<ApplyUpload
					action={`${pagePath(traderId)}?upload=${uploadId}`}
					uploadId={uploadId}
					canApply={preview.canApply}
					noun="statement"
					replace={
						preview.overlapRows > 0
							? {
									warning: `${
										preview.kind === 'equity'
											? `The file covers ${formatCount(preview.overlapRows)} stored day${preview.overlapRows === 1 ? '' : 's'}; replacing puts the file's rows in their place.`
											: `The file has ${formatCount(preview.overlapRows)} stored ticket${preview.overlapRows === 1 ? '' : 's'}; replacing puts the file's trades in their place.`
									} The figures are recomputed either way.`,
									confirm: 'Replace the stored rows this file overlaps',
									submit: 'Replace and apply',
								}
							: null
					}
				/>
			</div>
		</AdminSection>
	)
}

export default function TraderStatementsRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { trader, preview, uploadId, uploadGone, statements, columns, maxRows } = loaderData
	const result = actionData as ActionData | undefined
	const uploadErrors = result?.intent === 'upload' ? result.errors : {}
	const applyError = result?.intent === 'apply' ? result.error : null
	return (
		<main className="space-y-6 py-8">
			<AdminPageHeader
				title={`${TRADER_PAGE_MESSAGES.statementsTitle}: ${trader.name}`}
				description={TRADER_PAGE_MESSAGES.statementsDescription}
			>
				<AdminButtonLink to={`/admin/traders/${trader.id}`}>Back to {trader.name}</AdminButtonLink>
			</AdminPageHeader>
			<AdminSection id="statement-upload" title="Upload a statement">
				<div className="space-y-3">
					<p className="text-sm text-slate-300">
						Amounts in {trader.currency}.{' '}
						{trader.statementsUntil
							? `Stored equity runs to ${trader.statementsUntil}: a file starting after it is appended.`
							: 'No equity stored yet: upload the daily equity first; trades must close within its dates.'}
					</p>
					<UploadForm id={trader.id} errors={uploadErrors} columns={columns} maxRows={maxRows} />
				</div>
			</AdminSection>
			{uploadGone ? <FormAlert errors={[uploadGone]} /> : null}
			{applyError && !preview ? (
				<FormAlert errors={[applyError]} title={TRADER_PAGE_MESSAGES.statementNotApplied} />
			) : null}
			{preview && uploadId !== null ? (
				<PreviewSection traderId={trader.id} uploadId={uploadId} preview={preview} applyError={applyError} />
			) : null}
			<AdminSection id="applied-statements" title="Applied statements">
				<StatementsTable statements={statements} />
			</AdminSection>
		</main>
	)
}

export const meta: Route.MetaFunction = ({ data }) => [
	{
		title: `${data ? `${TRADER_PAGE_MESSAGES.statementsTitle}: ${data.trader.name}` : TRADER_PAGE_MESSAGES.statementsTitle} | ${site.name}`,
	},
]

export function ErrorBoundary() {
	return <AdminLoadError title={TRADER_PAGE_MESSAGES.statementsTitle} fallback={TRADER_PAGE_MESSAGES.loadFailed} />
}
