import { exportFileName, exportUsersCsv } from '#app/features/users/export.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { UserExportApiQuerySchema } from '#app/features/users/schemas.ts'
import { ADMIN_403, ADMIN_GUARD, csvAttachment, refusals } from '#app/utils/api-schema.server.ts'
import { apiRoute, endpoint } from '#app/utils/api.server.ts'
import { csvHeaders } from '#app/utils/csv.ts'
import { log } from '#app/utils/log.server.ts'

const route = apiRoute({
	GET: endpoint({
		tags: ['Admin users'],
		summary: 'The filtered list, every page, as CSV',
		auth: 'admin',
		query: UserExportApiQuerySchema,
		repeated: 'schema',
		responses: {
			200: csvAttachment('RFC 4180 CSV with a UTF-8 byte-order mark, as an attachment.', 'users-YYYY-MM-DD.csv'),
			...refusals([400, ...ADMIN_GUARD], { 400: 'A bad or repeated query parameter.', ...ADMIN_403 }),
		},
		handler({ request, query }) {
			const { admin } = requireApiCapability(request, 'users:view')
			const filters = query()
			log('admin.users_exported', { adminId: admin.id, via: 'api' })
			return new Response(exportUsersCsv(filters), { headers: csvHeaders(exportFileName(), 'no-store') })
		},
	}),
})
export const loader = route.loader
export const action = route.action
