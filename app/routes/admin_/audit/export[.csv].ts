import { redirect } from 'react-router'
import { auditExportCapped, auditExportFileName, exportAuditCsv } from '#app/features/audit/audit.server.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import { AUDIT_LIMITS, parseAuditQuery } from '#app/features/audit/schemas.ts'
import { csvHeaders } from '#app/utils/csv.ts'
import { log } from '#app/utils/log.server.ts'
import type { Route } from './+types/export[.csv]'

// GET /admin/audit/export.csv?adminId&action&targetType&targetId&from&to
// (admin cookie): the filtered log, newest first, as a CSV download of at
// most AUDIT_LIMITS.exportMaxRows rows. Bad filters go back to the page,
// which shows them at their fields.
export async function loader({ request, url }: Route.LoaderArgs) {
	const admin = await requireAdminCapability({ request, url }, 'audit:view')
	const parsed = parseAuditQuery(url.searchParams)
	if (!parsed.ok) throw redirect(`/admin/audit${url.search}`)
	log('admin.audit_exported', { adminId: admin.id, via: 'page' })
	return new Response(exportAuditCsv(parsed.query), {
		headers: csvHeaders(auditExportFileName(), 'private, no-store', {
			'X-Export-Capped': String(auditExportCapped(parsed.query, AUDIT_LIMITS.exportMaxRows)),
		}),
	})
}
