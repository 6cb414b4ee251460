import { data, Form } from 'react-router'
import { FactGrid } from '#app/components/admin-facts.tsx'
import { ApplyUpload, BadRows, CsvFileInput } from '#app/components/admin-csv-upload.tsx'
import { AdminLoadError } from '#app/components/admin-error.tsx'
import { AdminButtonLink, AdminPageHeader, AdminSection } from '#app/components/admin-page.tsx'
import { ErrorList, FormAlert } from '#app/components/forms.tsx'
import { TableScroller } from '#app/components/table-scroller.tsx'
import { site } from '#app/content/site.ts'
import {
	BROKER_REPORT_LIMITS,
	BROKER_REPORT_MESSAGES,
	REPORT_COLUMNS,
	parseUploadId,
	ReportMonthSchema,
} from '#app/features/broker-reports/schemas.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import {
	appliedMessage,
	applyReport,
	findBroker,
	getUpload,
	listBrokerReports,
	previewReport,
	storeUpload,
} from '#app/features/broker-reports/broker-reports.server.ts'
import type { PublicBrokerReport, ReportPreview } from '#app/features/broker-reports/broker-reports.server.ts'
import { formatCount, formatDateTime, formatMonth, formatUsdCents } from '#app/utils/admin-format.ts'
import { utcMonth } from '#app/features/revenue/schemas.ts'
import { REPORT_FILE_MESSAGES } from '#app/features/broker-reports/csv.server.ts'
import { countDataRows } from '#app/utils/csv-read.server.ts'
import { readReportFile } from '#app/features/broker-reports/upload.server.ts'
import { redirectWithFlash } from '#app/utils/flash.server.ts'
import { readFormData } from '#app/utils/forms.server.ts'
import { cx } from '#app/utils/misc.ts'
import type { Route } from './+types/reports'

/**
 * /admin/brokers/:slug/reports (reports:import): upload a broker's monthly
 * CSV (a plain multipart form), see its preview (totals, bad rows by line),
 * apply it (or replace the applied one for that month, with a confirmation
 * checkbox), and the broker's applied reports. The uploaded file is kept in
 * broker_report_uploads so the confirm form posts only its id; the rules
 * are app/features/broker-reports/broker-reports.server.ts (the API calls the same ones).
 */

const TITLE = 'Broker Reports'

type UploadErrors = { month?: string[]; file?: string[]; form?: string[] }
type ActionData = { intent: 'upload'; errors: UploadErrors } | { intent: 'apply'; error: string }

function pagePath(slug: string) {
	return `/admin/brokers/${encodeURIComponent(slug)}/reports`
}

export async function loader({ request, url, params }: Route.LoaderArgs) {
	const admin = await requireAdminCapability({ request, url }, 'reports:import')
	const broker = findBroker(params.slug)
	if (!broker) throw data({ message: BROKER_REPORT_MESSAGES.brokerNotFound }, { status: 404 })
	const uploadParam = url.searchParams.get('upload')
	const uploadId = parseUploadId(uploadParam)
	const upload = uploadId === null ? null : getUpload(admin.id, broker.slug, uploadId)
	let preview: ReportPreview | null = null
	if (upload) {
		const result = previewReport(broker.slug, upload.month, upload.fileName, upload.content)
		preview = result.ok ? result.value : null
	}
	return {
		broker: { slug: broker.slug, name: broker.name },
		uploadId: upload ? upload.id : null,
		uploadGone: uploadParam !== null && !upload,
		preview,
		reports: listBrokerReports(broker.slug) ?? [],
		defaultMonth: previousMonth(new Date()),
	}
}

function previousMonth(now: Date) {
	return utcMonth(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)))
}

export async function action({ request, url, params }: Route.ActionArgs) {
	const admin = await requireAdminCapability({ request, url }, 'reports:import')
	const broker = findBroker(params.slug)
	if (!broker) throw data({ message: BROKER_REPORT_MESSAGES.brokerNotFound }, { status: 404 })
	const actor = { id: admin.id, email: admin.email }
	const form = await readFormData(request)
	const intent = form.get('intent')

	if (intent === 'apply') {
		const uploadId = parseUploadId(form.get('uploadId'))
		const upload = uploadId === null ? null : getUpload(admin.id, broker.slug, uploadId)
		if (!upload) {
			return data<ActionData>({ intent: 'apply', error: BROKER_REPORT_MESSAGES.uploadNotFound }, { status: 404 })
		}
		const result = applyReport(
			actor,
			{ brokerSlug: broker.slug, month: upload.month, fileName: upload.fileName, content: upload.content },
			{ replace: form.get('replace') === 'on' },
		)
		if (!result.ok) return data<ActionData>({ intent: 'apply', error: result.message }, { status: result.status })
		throw await redirectWithFlash(pagePath(broker.slug), appliedMessage(result.value))
	}

	const errors: UploadErrors = {}
	const month = ReportMonthSchema.safeParse(form.get('month') ?? '')
	if (!month.success) errors.month = [month.error.issues[0]!.message]
	const file = await readReportFile(form.get('file'))
	if (!file.ok) {
		if (file.fieldErrors?.file) errors.file = file.fieldErrors.file
		else return data<ActionData>({ intent: 'upload', errors: { file: [file.message] } }, { status: file.status })
	}
	if (!month.success || !file.ok) return data<ActionData>({ intent: 'upload', errors }, { status: 400 })
	const rows = countDataRows(file.value.content)
	if (rows > BROKER_REPORT_LIMITS.maxRows) {
		return data<ActionData>(
			{ intent: 'upload', errors: { file: [REPORT_FILE_MESSAGES.tooManyRows(rows)] } },
			{ status: 422 },
		)
	}
	const stored = storeUpload(actor, {
		brokerSlug: broker.slug,
		month: month.data,
		fileName: file.value.fileName,
		content: file.value.content,
	})
	if (!stored.ok)
		return data<ActionData>({ intent: 'upload', errors: { form: [stored.message] } }, { status: stored.status })
	throw await redirectWithFlash(
		`${pagePath(broker.slug)}?upload=${stored.value.id}`,
		'File uploaded: check the preview below.',
	)
}

function money(dollars: number) {
	return formatUsdCents(dollars)
}

function stateLabel(report: PublicBrokerReport) {
	if (report.state === 'applied') return 'Applied'
	if (report.state === 'replaced') return `Replaced by report #${report.replacedById}`
	return 'Reversed'
}

function UploadForm({ slug, defaultMonth, errors }: { slug: string; defaultMonth: string; errors: UploadErrors }) {
	const monthErrors = errors.month
	const fileErrors = errors.file
	return (
		<Form
			method="post"
			action={pagePath(slug)}
			encType="multipart/form-data"
			className="grid gap-4 sm:max-w-xl"
			aria-label="Upload a report"
		>
			<input type="hidden" name="intent" value="upload" />
			<FormAlert errors={errors.form} />
			<div>
				<label htmlFor="report-month" className="mb-1.5 block text-sm font-medium text-slate-200">
					Report month
				</label>
				<input
					id="report-month"
					name="month"
					type="month"
					required
					defaultValue={defaultMonth}
					className="input"
					aria-invalid={monthErrors ? true : undefined}
					aria-describedby={cx('report-month-hint', monthErrors && 'report-month-errors')}
				/>
				<p id="report-month-hint" className="mt-1.5 text-sm text-slate-400">
					YYYY-MM; every row&apos;s month must be this one.
				</p>
				<ErrorList id="report-month-errors" errors={monthErrors} />
			</div>
			<CsvFileInput
				id="report-file"
				label="Report file (CSV)"
				errors={fileErrors}
				hint={
					<>
						Header <code className="break-all">{REPORT_COLUMNS.join(',')}</code>, optionally with <code>trader</code>{' '}
						(the trader&rsquo;s slug the member copies) and <code>net_result</code> (the member&rsquo;s result after the
						broker&rsquo;s fees, may be negative); amounts in US dollars with up to 2 decimals, no thousands separators;
						at most 5 MB and {formatCount(BROKER_REPORT_LIMITS.maxRows)} rows.
					</>
				}
			/>
			<div>
				<button type="submit" className="btn-primary">
					Preview report
				</button>
			</div>
		</Form>
	)
}

function Totals({ preview }: { preview: ReportPreview }) {
	const items: Array<[string, string]> = [
		['Rows in the file', formatCount(preview.rowCount)],
		['Good rows', formatCount(preview.totals.rows)],
		['Members', formatCount(preview.totals.members)],
		['Deposits', money(preview.totals.deposits)],
		['Withdrawals', money(preview.totals.withdrawals)],
		['Traded volume', money(preview.totals.volume)],
		['Commission', money(preview.totals.commission)],
	]
	return <FactGrid items={items} />
}

function PreviewSection({
	slug,
	uploadId,
	preview,
	applyError,
}: {
	slug: string
	uploadId: number
	preview: ReportPreview
	applyError: string | null
}) {
	const month = formatMonth(preview.month)
	return (
		<AdminSection id="report-preview" title={`Preview: ${month}`}>
			<div className="space-y-4">
				<p className="text-sm break-words text-slate-300">
					File {preview.fileName ? <strong className="break-all">{preview.fileName}</strong> : 'without a name'} for{' '}
					{month}. Nothing is applied until you confirm.
				</p>
				<FormAlert errors={[applyError]} title="The report was not applied" />
				{preview.fileError ? (
					<FormAlert errors={[preview.fileError]} title="This file cannot be read as a report" />
				) : (
					<Totals preview={preview} />
				)}
				<BadRows
					rows={preview.errors.map((e) => ({ line: e.line, reason: e.message }))}
					badRows={preview.badRows}
					errorCount={preview.errorCount}
				/>
				{preview.canApply && preview.applied && preview.sameFile && preview.applied.month === preview.month ? (
					<p className="rounded-lg border border-amber-400/60 bg-amber-950/40 p-3 text-sm text-amber-100">
						This file was already applied on {formatDateTime(preview.applied.appliedAt)}
						{preview.applied.appliedBy ? ` by ${preview.applied.appliedBy}` : ''} (
						{formatCount(preview.applied.rowCount)} rows). Applying it again would change nothing; upload the corrected
						file to replace it.
					</p>
				) : (
					<ApplyUpload
						action={`${pagePath(slug)}?upload=${uploadId}`}
						uploadId={uploadId}
						canApply={preview.canApply}
						noun="report"
						replace={
							preview.applied
								? {
										warning: (
											<>
												{preview.sameFile
													? 'This file was already applied'
													: `A report for ${month} was already applied`}{' '}
												on {formatDateTime(preview.applied.appliedAt)}
												{preview.applied.appliedBy ? ` by ${preview.applied.appliedBy}` : ''} (
												{formatCount(preview.applied.rowCount)} rows). Replacing it reverses it: its members&apos;
												deposits and withdrawals are subtracted and its revenue entry is voided, then this report is
												applied.
											</>
										),
										confirm: `Reverse the applied report for ${month} and apply this one`,
										submit: `Replace the report for ${month}`,
									}
								: null
						}
					/>
				)}
			</div>
		</AdminSection>
	)
}

function ReportsTable({ reports }: { reports: PublicBrokerReport[] }) {
	if (reports.length === 0) return <p className="text-slate-300">No reports applied yet</p>
	return (
		<TableScroller label="Reports table">
			<table className="w-full min-w-[56rem] text-left text-sm">
				<thead className="text-slate-400">
					<tr>
						{['Month', 'File', 'Rows', 'Deposits', 'Withdrawals', 'Volume', 'Commission', 'Applied', 'State'].map(
							(h) => (
								<th
									key={h}
									scope="col"
									className={cx(
										'py-2 pr-4 font-medium',
										['Rows', 'Deposits', 'Withdrawals', 'Volume', 'Commission'].includes(h) && 'text-right',
									)}
								>
									{h}
								</th>
							),
						)}
					</tr>
				</thead>
				<tbody className="divide-y divide-slate-800">
					{reports.map((r) => {
						const off = r.state !== 'applied'
						return (
							<tr key={r.id} className={cx(off && 'text-slate-400')}>
								<td className="py-2 pr-4">
									{formatMonth(r.month)} <span className="text-slate-400">#{r.id}</span>
								</td>
								<td className="py-2 pr-4 break-all">{r.fileName || '—'}</td>
								<td className="py-2 pr-4 text-right tabular-nums">{formatCount(r.rowCount)}</td>
								<td className="py-2 pr-4 text-right tabular-nums">{money(r.deposits)}</td>
								<td className="py-2 pr-4 text-right tabular-nums">{money(r.withdrawals)}</td>
								<td className="py-2 pr-4 text-right tabular-nums">{money(r.volume)}</td>
								<td className="py-2 pr-4 text-right tabular-nums">{money(r.commission)}</td>
								<td className="py-2 pr-4">
									<time dateTime={r.appliedAt}>{formatDateTime(r.appliedAt)}</time>
									<span className="block text-xs break-all text-slate-400">
										{r.appliedBy ?? 'a former staff member'}
									</span>
								</td>
								<td className="py-2 pr-4">
									{stateLabel(r)}
									{r.reversedAt ? (
										<span className="block text-xs text-slate-400">
											reversed <time dateTime={r.reversedAt}>{formatDateTime(r.reversedAt)}</time>
										</span>
									) : null}
								</td>
							</tr>
						)
					})}
				</tbody>
			</table>
		</TableScroller>
	)
}

export default function BrokerReportsRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { broker, preview, uploadId, uploadGone, reports, defaultMonth } = loaderData
	const result = actionData as ActionData | undefined
	const uploadErrors = result?.intent === 'upload' ? result.errors : {}
	const applyError = result?.intent === 'apply' ? result.error : null
	return (
		<main className="space-y-6 py-8">
			<AdminPageHeader
				title={`${TITLE}: ${broker.name}`}
				description="Upload the broker's monthly CSV, check the preview, then apply it: members' deposit and withdrawal totals and the month's revenue follow."
			>
				<AdminButtonLink to={`/admin/brokers/${encodeURIComponent(broker.slug)}`}>
					Back to {broker.name}
				</AdminButtonLink>
			</AdminPageHeader>
			<AdminSection id="report-upload" title="Upload a report">
				<UploadForm slug={broker.slug} defaultMonth={defaultMonth} errors={uploadErrors} />
			</AdminSection>
			{uploadGone ? <FormAlert errors={[BROKER_REPORT_MESSAGES.uploadNotFound]} /> : null}
			{applyError && !preview ? <FormAlert errors={[applyError]} title="The report was not applied" /> : null}
			{preview && uploadId !== null ? (
				<PreviewSection slug={broker.slug} uploadId={uploadId} preview={preview} applyError={applyError} />
			) : null}
			<AdminSection id="applied-reports" title="Applied reports">
				<ReportsTable reports={reports} />
			</AdminSection>
		</main>
	)
}

export const meta: Route.MetaFunction = ({ data }) => [
	{ title: `${data ? `${TITLE}: ${data.broker.name}` : TITLE} | ${site.name}` },
]

export function ErrorBoundary() {
	return <AdminLoadError title={TITLE} fallback="The reports could not be loaded. Please try again." />
}
