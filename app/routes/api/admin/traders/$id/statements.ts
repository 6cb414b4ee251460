import { requireApiCapability } from '#app/auth/staff.server.ts'
import { getStaffTrader, getStaffTraderByParam, listTraderStatements } from '#app/features/traders/registry.server.ts'
import {
	AppliedStatementSchema,
	StatementAppliedSchema,
	StatementPreviewSchema,
} from '#app/features/traders/responses.server.ts'
import { parseTraderId, TRADER_MESSAGES, TraderStatementQuerySchema } from '#app/features/traders/schemas.ts'
import { appliedStatementMessage, applyStatement, previewStatement } from '#app/features/traders/statements.server.ts'
import { EQUITY_COLUMNS, STATEMENT_LIMITS, TRADE_COLUMNS } from '#app/features/traders/statements-csv.server.ts'
import { STATEMENT_UPLOAD_RULES } from '#app/features/traders/upload.server.ts'
import { readCsvUpload, refusedUpload } from '#app/utils/csv-upload.server.ts'
import {
	ADMIN_403,
	ADMIN_GUARD,
	IdParams,
	jsonContent,
	ok,
	refusals,
	successEnvelope,
	z,
} from '#app/utils/api-schema.server.ts'
import { apiError, apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

// The upload is multipart/form-data (field `file`) or a raw text/csv body,
// with `?kind=equity|trades` (docs/trader-statements.md).

const NOT_MULTIPART_OR_CSV = 'Send the statement as multipart/form-data (field file) or as a text/csv body'

const route = apiRoute({
	GET: endpoint({
		tags: ['Admin traders'],
		summary: "A trader's applied statements, newest first",
		auth: 'admin',
		params: IdParams,
		responses: {
			200: ok('The statements.', { data: z.object({ statements: z.array(AppliedStatementSchema) }).strict() }),
			...refusals([...ADMIN_GUARD, 404], ADMIN_403),
		},
		handler({ request, params }) {
			requireApiCapability(request, 'traders:review')
			const trader = getStaffTraderByParam(params.id)
			if (!trader) return apiError(404, TRADER_MESSAGES.notFound)
			return apiSuccess({ statements: listTraderStatements(trader.id) })
		},
	}),
	POST: endpoint({
		tags: ['Admin traders'],
		summary: "Preview (`?dryRun=1`) or apply a trader's statement file (`?kind=equity|trades`)",
		description: `CSV (UTF-8, comma separated, a header row): daily equity \`${EQUITY_COLUMNS.join(',')}\` or closed trades \`${TRADE_COLUMNS.join(',')}\` (docs/trader-statements.md); at most ${STATEMENT_LIMITS.maxBytes} bytes and ${STATEMENT_LIMITS.maxRows} data rows. Applying writes the rows in one transaction with the trader's recomputed figures and an audit row. A file with any bad row is refused (422) and nothing is stored; one that overlaps stored dates or tickets is refused (409) unless \`?replace=1\`.`,
		auth: 'admin',
		params: IdParams,
		query: TraderStatementQuerySchema,
		request: {
			body: {
				required: true,
				content: {
					'multipart/form-data': {
						schema: z
							.object({ file: z.string().openapi({ format: 'binary', description: 'The statement (.csv).' }) })
							.openapi('TraderStatementUpload'),
					},
					'text/csv': { schema: z.string().openapi({ description: 'The statement file itself.' }) },
				},
			},
		},
		responses: {
			200: {
				description: '`?dryRun=1`: the preview; nothing was written.',
				content: jsonContent(successEnvelope({ data: z.object({ preview: StatementPreviewSchema }).strict() })),
			},
			201: ok('Applied (or replaced); the figures were recomputed.', { message: true, data: StatementAppliedSchema }),
			...refusals([400, ...ADMIN_GUARD, 404, 409, 413, 415, 422], {
				400: 'A bad query parameter (kind is required), no file field, or an unreadable multipart body.',
				...ADMIN_403,
				409: 'The file shares dates (equity) or tickets (trades) with stored rows: send `?replace=1` to replace them.',
				413: `The file is over ${STATEMENT_LIMITS.maxBytes} bytes (10 MB).`,
				415: 'Not multipart/form-data or text/csv, or the file is not a CSV file (name, type, content).',
				422: `Refused: a bad row (\`errors\`: path \`line N\` and the reason each), a file-level problem (path \`file\`), or more than ${STATEMENT_LIMITS.maxRows} data rows.`,
			}),
		},
		async handler({ request, params, query: readQuery }) {
			const { admin } = requireApiCapability(request, 'traders:review')
			const query = readQuery()
			const id = parseTraderId(params.id)
			if (id === null || !getStaffTrader(id)) return apiError(404, TRADER_MESSAGES.notFound)
			const { file } = await readCsvUpload(request, STATEMENT_UPLOAD_RULES, NOT_MULTIPART_OR_CSV)
			if (query.dryRun) {
				const preview = previewStatement(id, query.kind, file.fileName, file.content)
				if (!preview.ok) return apiFailure(preview)
				return apiSuccess({ preview: preview.value })
			}
			const result = applyStatement(
				{ id: admin.id, email: admin.email },
				{ traderId: id, kind: query.kind, fileName: file.fileName, content: file.content },
				{ replace: query.replace },
			)
			if (!result.ok) return refusedUpload(result, (row) => row.reason)
			return apiSuccess(result.value, { message: appliedStatementMessage(result.value), status: 201 })
		},
	}),
})
export const loader = route.loader
export const action = route.action
