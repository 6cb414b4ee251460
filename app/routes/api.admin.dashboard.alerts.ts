import { z } from 'zod'
import { checkContestAlerts, listAlerts } from '#app/models/alerts.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { apiError, apiRoute, apiSuccess, validationFailed } from '#app/utils/api.server.ts'

// ?limit=1..50 (default 10); anything else is a 400, never a 500.
export const QuerySchema = z
	.object({
		limit: z
			.string()
			.regex(/^[1-9][0-9]?$/, 'limit must be a whole number from 1 to 50')
			.transform(Number)
			.refine((n) => n <= 50, 'limit must be a whole number from 1 to 50')
			.optional(),
	})
	.strict()

// GET /api/admin/dashboard/alerts: open alerts, newest first:
// [{ id, type, title, message, createdAt, actionUrl? }].
const route = apiRoute({
	GET({ request }) {
		requireApiCapability(request, 'dashboard:view')
		const params = new URL(request.url).searchParams
		// One value per parameter (security V6: no first-or-last ambiguity).
		const repeated = [...new Set(params.keys())].find((key) => params.getAll(key).length > 1)
		if (repeated) return apiError(400, 'Validation failed', [{ path: repeated, message: 'Give this parameter once' }])
		const query = QuerySchema.safeParse(Object.fromEntries(params))
		if (!query.success) return validationFailed(query.error)
		checkContestAlerts()
		const alerts = listAlerts(query.data.limit ?? 10).map(({ actionUrl, ...alert }) =>
			actionUrl ? { ...alert, actionUrl } : alert,
		)
		return apiSuccess(alerts)
	},
})
export const loader = route.loader
export const action = route.action
