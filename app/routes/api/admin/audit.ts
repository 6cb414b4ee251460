import { listAuditLog } from '#app/features/audit/audit.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { AuditEntrySchema } from '#app/features/audit/responses.server.ts'
import { AuditQuerySchema } from '#app/features/audit/schemas.ts'
import { ADMIN_403, ADMIN_GUARD, ok, refusals, z } from '#app/utils/api-schema.server.ts'
import { apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

// Pass nextCursor back as cursor for the next page (null on the last).
const route = apiRoute({
	GET: endpoint({
		tags: ['Admin audit'],
		summary: 'Every change by staff, newest first: filters and keyset pages',
		auth: 'admin',
		query: AuditQuerySchema,
		repeated: 'schema',
		responses: {
			200: ok('A page of the log; `nextCursor` is null on the last page.', {
				data: z.object({ entries: z.array(AuditEntrySchema), nextCursor: z.string().nullable() }).strict(),
			}),
			...refusals([400, ...ADMIN_GUARD], {
				400: 'A bad or repeated query parameter, a bad cursor, or `to` before `from` (`errors` names each).',
				...ADMIN_403,
			}),
		},
		handler({ request, query }) {
			requireApiCapability(request, 'audit:view')
			return apiSuccess(listAuditLog(query()))
		},
	}),
})
export const loader = route.loader
export const action = route.action
