import { requireApiCapability } from '#app/auth/staff.server.ts'
import {
	appliedMessage,
	applyReport,
	BROKER_REPORT_MESSAGES,
	findBroker,
	listBrokerReports,
	previewReport,
	type ApplyFailure,
} from '#app/features/broker-reports/broker-reports.server.ts'
import { REVENUE_MESSAGES } from '#app/features/revenue/schemas.ts'
import { apiError, apiFailure, apiRoute, apiSuccess, parseQuery, validateApiInput } from '#app/utils/api.server.ts'
import { checkReportBytes, readReportFile, type ReportFile } from '#app/features/broker-reports/upload.server.ts'
import { BrokerReportQuerySchema, ReportMonthSchema } from '#app/features/broker-reports/schemas.ts'
import { z } from 'zod'

// GET /api/admin/brokers/:slug/reports: the broker's reports (applied,
// replaced, reversed), newest month first (reports:import).
// POST /api/admin/brokers/:slug/reports: a monthly report file, as
// multipart/form-data (fields `file` and `month`) or a raw text/csv body
// with `?month=YYYY-MM`. `?dryRun=1`: the preview (200, nothing written);
// otherwise applied (201), refused with its bad rows (422), or 409 when the
// month or the file was applied already and `?replace=1` is not given; a
// replace by the very file applied for that month changes nothing (200,
// `alreadyApplied: true`).
// 413 over 5 MiB, 415 not a CSV file (docs/broker-reports.md).

const NOT_MULTIPART_OR_CSV = 'Send the report as multipart/form-data (fields file and month) or as a text/csv body'

function mediaType(request: Request) {
	return (request.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase()
}

/** The file and month of the request, or the answer that refuses it. */
async function readUpload(
	request: Request,
	queryMonth: string | undefined,
): Promise<{ file: ReportFile; month: string }> {
	const type = mediaType(request)
	let file: ReportFile
	let month = queryMonth
	if (type === 'multipart/form-data') {
		let form: FormData
		try {
			form = await request.formData()
		} catch {
			throw apiError(400, 'The multipart body could not be read')
		}
		const formMonth = form.get('month')
		if (typeof formMonth === 'string' && formMonth.trim() !== '') {
			month = validateApiInput(z.object({ month: ReportMonthSchema }), { month: formMonth }).month
		}
		const read = await readReportFile(form.get('file'))
		if (!read.ok) throw apiFailure(read)
		file = read.value
	} else if (type === 'text/csv') {
		const read = checkReportBytes(
			new Uint8Array(await request.arrayBuffer()),
			'',
			request.headers.get('Content-Type') ?? '',
		)
		if (!read.ok) throw apiFailure(read)
		file = read.value
	} else {
		throw apiError(415, NOT_MULTIPART_OR_CSV)
	}
	if (!month) throw apiError(400, 'Validation failed', [{ path: 'month', message: REVENUE_MESSAGES.monthRequired }])
	return { file, month }
}

/** A refused apply: the file's problem or each bad row as `errors` (path "file" or "line N"). */
function refused(failure: ApplyFailure) {
	const preview = failure.preview
	const errors = preview
		? preview.fileError
			? [{ path: 'file', message: preview.fileError }]
			: preview.errors.map((e) => ({ path: `line ${e.line}`, message: e.message }))
		: undefined
	return apiError(failure.status, failure.message, errors)
}

const route = apiRoute({
	GET({ request, params }) {
		requireApiCapability(request, 'reports:import')
		const reports = listBrokerReports(params.slug ?? '')
		if (!reports) return apiError(404, BROKER_REPORT_MESSAGES.brokerNotFound)
		return apiSuccess({ reports })
	},
	async POST({ request, url, params }) {
		const { admin } = requireApiCapability(request, 'reports:import')
		const query = parseQuery(url, BrokerReportQuerySchema)
		const slug = params.slug ?? ''
		if (!findBroker(slug)) return apiError(404, BROKER_REPORT_MESSAGES.brokerNotFound)
		const { file, month } = await readUpload(request, query.month)
		if (query.dryRun) {
			const preview = previewReport(slug, month, file.fileName, file.content)
			if (!preview.ok) return apiFailure(preview)
			return apiSuccess({ preview: preview.value })
		}
		const result = applyReport(
			{ id: admin.id, email: admin.email },
			{ brokerSlug: slug, month, fileName: file.fileName, content: file.content },
			{ replace: query.replace },
		)
		if (!result.ok) return refused(result)
		const message = appliedMessage(result.value)
		return apiSuccess(result.value, { message, status: result.value.alreadyApplied ? 200 : 201 })
	},
})
export const loader = route.loader
export const action = route.action
