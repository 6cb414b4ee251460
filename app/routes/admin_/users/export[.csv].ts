import { exportFileName, exportUsersCsv } from '#app/features/users/export.server.ts'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import { parseUserListQuery } from '#app/features/users/schemas.ts'
import { csvHeaders } from '#app/utils/csv.ts'
import { log } from '#app/utils/log.server.ts'
import type { Route } from './+types/export[.csv]'

// GET /admin/users/export.csv?search&status&plan&sortBy&sortOrder (admin
// cookie): the list as filtered, every page, as a CSV download. Bad values
// fall back like the list page's.
export async function loader({ request, url }: Route.LoaderArgs) {
	const admin = await requireAdminCapability({ request, url }, 'users:view')
	const { query } = parseUserListQuery(url.searchParams)
	log('admin.users_exported', { adminId: admin.id, via: 'page' })
	return new Response(exportUsersCsv(query), { headers: csvHeaders(exportFileName()) })
}
