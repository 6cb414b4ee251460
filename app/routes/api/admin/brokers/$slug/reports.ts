import { requireApiCapability } from '#app/auth/staff.server.ts'
import {
	appliedMessage,
	applyReport,
	BROKER_REPORT_MESSAGES,
	findBroker,
	listBrokerReports,
	previewReport,
} from '#app/features/broker-reports/broker-reports.server.ts'
import {
	BrokerReportSchema,
	ReportAppliedSchema,
	ReportKeptSchema,
	ReportPreviewSchema,
} from '#app/features/broker-reports/responses.server.ts'
import { BrokerSlugParams } from '#app/features/brokers/responses.server.ts'
import { REVENUE_MESSAGES } from '#app/features/revenue/schemas.ts'
import { ADMIN_403, ADMIN_GUARD, jsonContent, ok, refusals, successEnvelope, z } from '#app/utils/api-schema.server.ts'
import { apiError, apiFailure, apiRoute, apiSuccess, endpoint, validateApiInput } from '#app/utils/api.server.ts'
import { REPORT_UPLOAD_RULES } from '#app/features/broker-reports/upload.server.ts'
import { readCsvUpload, refusedUpload } from '#app/utils/csv-upload.server.ts'
import {
	BROKER_REPORT_LIMITS,
	BrokerReportQuerySchema,
	REPORT_COLUMNS,
	ReportMonthSchema,
} from '#app/features/broker-reports/schemas.ts'

// The upload is multipart/form-data (fields `file` and `month`) or a raw
// text/csv body with `?month=YYYY-MM` (docs/broker-reports.md).

const NOT_MULTIPART_OR_CSV = 'Send the report as multipart/form-data (fields file and month) or as a text/csv body'

/** The file and month of the request (a multipart `month` field wins over the query's), or the answer that refuses it. */
async function readUpload(request: Request, queryMonth: string | undefined) {
	const { file, fields } = await readCsvUpload(request, REPORT_UPLOAD_RULES, NOT_MULTIPART_OR_CSV, (form) => {
		const month = form.get('month')
		if (typeof month !== 'string' || month.trim() === '') return undefined
		return validateApiInput(z.object({ month: ReportMonthSchema }), { month }).month
	})
	const month = fields ?? queryMonth
	if (!month) throw apiError(400, 'Validation failed', [{ path: 'month', message: REVENUE_MESSAGES.monthRequired }])
	return { file, month }
}

const route = apiRoute({
	GET: endpoint({
		tags: ['Admin broker reports'],
		summary: "A broker's reports (applied, replaced, reversed), newest month first",
		auth: 'admin',
		params: BrokerSlugParams,
		responses: {
			200: ok('The reports.', { data: z.object({ reports: z.array(BrokerReportSchema) }).strict() }),
			...refusals([...ADMIN_GUARD, 404], ADMIN_403),
		},
		handler({ request, params }) {
			requireApiCapability(request, 'reports:import')
			const reports = listBrokerReports(params.slug ?? '')
			if (!reports) return apiError(404, BROKER_REPORT_MESSAGES.brokerNotFound)
			return apiSuccess({ reports })
		},
	}),
	POST: endpoint({
		tags: ['Admin broker reports'],
		summary: "Preview (`?dryRun=1`) or apply a broker's monthly report file",
		description: `The file is CSV (UTF-8) with the header \`${REPORT_COLUMNS.join(',')}\` (any order and case), optionally with \`trader\` (the slug of the trader the member copied that month) and \`net_result\` (the member's result for the month after the broker's fees, US dollars, may be negative; needed on a row naming a trader), amounts in US dollars with up to 2 decimals (no thousands separators), month \`YYYY-MM\`; at most ${BROKER_REPORT_LIMITS.fileBytes} bytes and ${BROKER_REPORT_LIMITS.maxRows} data rows. Applying writes the report in one transaction: members' deposit and withdrawal totals, the commission as a revenue entry, what copiers earned per trader (decision 061), audit rows. A report with any bad row is refused (422) and nothing is stored.`,
		auth: 'admin',
		params: BrokerSlugParams,
		query: BrokerReportQuerySchema.openapi({
			description: '`month` is required with a text/csv body (a multipart `month` field wins).',
		}),
		request: {
			body: {
				required: true,
				content: {
					'multipart/form-data': {
						schema: z
							.object({
								file: z.string().openapi({ format: 'binary', description: 'The report (.csv).' }),
								month: ReportMonthSchema.optional(),
							})
							.openapi('BrokerReportUpload'),
					},
					'text/csv': { schema: z.string().openapi({ description: 'The report file itself.' }) },
				},
			},
		},
		responses: {
			200: {
				description:
					'`?dryRun=1`: the preview; nothing was written. Or `?replace=1` with the very file applied for this broker and month: nothing was changed (`alreadyApplied` true, `report` the applied one, `replaced` empty), so a retried replace is idempotent.',
				content: jsonContent(
					z.union([
						successEnvelope({ data: z.object({ preview: ReportPreviewSchema }).strict() }),
						successEnvelope({
							message: true,
							data: ReportKeptSchema,
						}),
					]),
				),
			},
			201: ok('Applied (or replaced).', {
				message: true,
				data: ReportAppliedSchema,
			}),
			...refusals([400, ...ADMIN_GUARD, 404, 409, 413, 415, 422], {
				400: 'A bad query parameter, no month, no file field, or an unreadable multipart body.',
				...ADMIN_403,
				409: 'A report for this broker and month, or this very file, was applied already: send `?replace=1` to reverse it and apply this one.',
				413: `The file is over ${BROKER_REPORT_LIMITS.fileBytes} bytes (5 MiB).`,
				415: 'Not multipart/form-data or text/csv, or the file is not a CSV file (name, type, content).',
				422: 'Refused: a bad row (`errors`: path `line N` and the reason each), a file-level problem (path `file`), or more than 50,000 data rows.',
			}),
		},
		async handler({ request, params, query: readQuery }) {
			const { admin } = requireApiCapability(request, 'reports:import')
			const query = readQuery()
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
			if (!result.ok) return refusedUpload(result, (row) => row.message)
			const message = appliedMessage(result.value)
			return apiSuccess(result.value, { message, status: result.value.alreadyApplied ? 200 : 201 })
		},
	}),
})
export const loader = route.loader
export const action = route.action
