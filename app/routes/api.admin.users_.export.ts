import { exportFileName, exportUsersCsv } from '#app/models/admin-users-export.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { parseUserListQuery } from '#app/utils/admin-users-validation.ts'
import { apiError, apiRoute } from '#app/utils/api.server.ts'
import { log } from '#app/utils/log.server.ts'

// GET /api/admin/users/export?search&status&plan&sortBy&sortOrder: the
// filtered list, every page, as CSV (text/csv, attachment). Bad values: 400.
const route = apiRoute({
	GET({ request }) {
		const { admin } = requireApiCapability(request, 'users:view')
		const parsed = parseUserListQuery(new URL(request.url).searchParams, { strict: true })
		if (!parsed.ok) return apiError(400, 'Validation failed', parsed.errors)
		log('admin.users_exported', { adminId: admin.id, via: 'api' })
		return new Response(exportUsersCsv(parsed.query), {
			headers: {
				'Content-Type': 'text/csv; charset=utf-8',
				'Content-Disposition': `attachment; filename="${exportFileName()}"`,
				'Cache-Control': 'no-store',
				'X-Content-Type-Options': 'nosniff',
			},
		})
	},
})
export const loader = route.loader
export const action = route.action
