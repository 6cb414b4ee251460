import { listAuditLog } from '#app/features/audit/audit.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { AuditQuerySchema } from '#app/features/audit/schemas.ts'
import { apiRoute, apiSuccess, parseQuery } from '#app/utils/api.server.ts'

// GET /api/admin/audit?adminId&action&targetType&targetId&from&to&cursor&limit:
//   data { entries: [audit entry + changes], nextCursor } newest first;
//   pass nextCursor back as cursor for the next page (null on the last).
//   Bad values: 400 with errors. Capability audit:view.
const route = apiRoute({
	GET({ request, url }) {
		requireApiCapability(request, 'audit:view')
		const query = parseQuery(url, AuditQuerySchema, { repeated: 'schema' })
		return apiSuccess(listAuditLog(query))
	},
})
export const loader = route.loader
export const action = route.action
