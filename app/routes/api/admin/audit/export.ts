import { auditExportCapped, auditExportFileName, exportAuditCsv } from '#app/features/audit/audit.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { AuditQuerySchema, AUDIT_LIMITS } from '#app/features/audit/schemas.ts'
import { apiRoute, parseQuery } from '#app/utils/api.server.ts'
import { log } from '#app/utils/log.server.ts'

// GET /api/admin/audit/export?adminId&action&targetType&targetId&from&to&cursor:
// the filtered log, newest first, as CSV (text/csv, attachment), at most
// AUDIT_LIMITS.exportMaxRows rows (X-Export-Capped: true when there were
// more). limit is checked, then ignored. Bad values: 400.
const route = apiRoute({
	GET({ request, url }) {
		const { admin } = requireApiCapability(request, 'audit:view')
		const query = parseQuery(url, AuditQuerySchema, { repeated: 'schema' })
		log('admin.audit_exported', { adminId: admin.id, via: 'api' })
		return new Response(exportAuditCsv(query), {
			headers: {
				'Content-Type': 'text/csv; charset=utf-8',
				'Content-Disposition': `attachment; filename="${auditExportFileName()}"`,
				'Cache-Control': 'no-store',
				'X-Content-Type-Options': 'nosniff',
				'X-Export-Capped': String(auditExportCapped(query, AUDIT_LIMITS.exportMaxRows)),
			},
		})
	},
})
export const loader = route.loader
export const action = route.action
