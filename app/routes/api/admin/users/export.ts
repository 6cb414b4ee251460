import { exportFileName, exportUsersCsv } from '#app/features/users/export.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { UserListApiQuerySchema } from '#app/features/users/schemas.ts'
import { apiRoute, parseQuery } from '#app/utils/api.server.ts'
import { log } from '#app/utils/log.server.ts'

// GET /api/admin/users/export?search&status&plan&sortBy&sortOrder: the
// filtered list, every page, as CSV (text/csv, attachment). Bad values: 400.
const route = apiRoute({
	GET({ request, url }) {
		const { admin } = requireApiCapability(request, 'users:view')
		const query = parseQuery(url, UserListApiQuerySchema, { repeated: 'schema' })
		log('admin.users_exported', { adminId: admin.id, via: 'api' })
		return new Response(exportUsersCsv(query), {
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
