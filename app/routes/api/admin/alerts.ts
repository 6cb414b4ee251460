import { listStaffAlerts } from '#app/features/alerts/alerts.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { StaffAlertSchema } from '#app/features/alerts/responses.server.ts'
import { AlertListApiQuerySchema } from '#app/features/alerts/schemas.ts'
import {
	apiPagination,
	ADMIN_403,
	ADMIN_GUARD,
	ok,
	PaginationSchema,
	refusals,
	z,
} from '#app/utils/api-schema.server.ts'
import { apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

// Each alert with who acknowledged or resolved it.
const route = apiRoute({
	GET: endpoint({
		tags: ['Admin alerts'],
		summary: 'Every system alert, newest first, filtered by state and type',
		auth: 'admin',
		query: AlertListApiQuerySchema,
		repeated: 'schema',
		responses: {
			200: ok('A page of alerts.', {
				data: z.object({ alerts: z.array(StaffAlertSchema), pagination: PaginationSchema }).strict(),
			}),
			...refusals([400, ...ADMIN_GUARD], {
				400: 'An unknown state or type, a bad page or limit, or a repeated parameter.',
				...ADMIN_403,
			}),
		},
		handler({ request, query }) {
			requireApiCapability(request, 'alerts:view')
			const { alerts, pagination } = listStaffAlerts(query())
			return apiSuccess({ alerts, pagination: apiPagination(pagination) })
		},
	}),
})
export const loader = route.loader
export const action = route.action
