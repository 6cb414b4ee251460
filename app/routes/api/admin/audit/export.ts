import { auditExportCapped, auditExportFileName, exportAuditCsv } from '#app/features/audit/audit.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { AuditExportQuerySchema, AUDIT_LIMITS } from '#app/features/audit/schemas.ts'
import { ADMIN_403, ADMIN_GUARD, csvAttachment, refusals } from '#app/utils/api-schema.server.ts'
import { apiRoute, endpoint } from '#app/utils/api.server.ts'
import { csvHeaders } from '#app/utils/csv.ts'
import { log } from '#app/utils/log.server.ts'

const route = apiRoute({
	GET: endpoint({
		tags: ['Admin audit'],
		summary: `The filtered log, newest first, as CSV (at most ${AUDIT_LIMITS.exportMaxRows.toLocaleString('en-US')} rows)`,
		auth: 'admin',
		query: AuditExportQuerySchema,
		repeated: 'schema',
		responses: {
			200: csvAttachment(
				'RFC 4180 CSV with a UTF-8 byte-order mark, as an attachment; formula-like cells are quoted.',
				'audit-YYYY-MM-DD.csv',
				{
					'X-Export-Capped': {
						required: true,
						description: '`true` when the view held more rows than the export does (the newest ones are in it).',
						schema: { type: 'string', enum: ['true', 'false'] },
					},
				},
			),
			...refusals([400, ...ADMIN_GUARD], { 400: 'A bad or repeated query parameter.', ...ADMIN_403 }),
		},
		handler({ request, query: readQuery }) {
			const { admin } = requireApiCapability(request, 'audit:view')
			const query = readQuery()
			log('admin.audit_exported', { adminId: admin.id, via: 'api' })
			return new Response(exportAuditCsv(query), {
				headers: csvHeaders(auditExportFileName(), 'no-store', {
					'X-Export-Capped': String(auditExportCapped(query, AUDIT_LIMITS.exportMaxRows)),
				}),
			})
		},
	}),
})
export const loader = route.loader
export const action = route.action
