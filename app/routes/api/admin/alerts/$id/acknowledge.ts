import { handleAlert } from '#app/features/alerts/alerts.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { ALERT_ACKNOWLEDGED, ALERT_NOT_FOUND, parseAlertId } from '#app/features/alerts/schemas.ts'
import { apiError, apiFailure, apiRoute, apiSuccess, parseJsonBody } from '#app/utils/api.server.ts'
import { IgnoredApiBodySchema } from '#app/utils/validation.ts'

// POST /api/admin/alerts/:id/acknowledge (no payload) → data { alert },
// audited as alert.acknowledge. 404 for an unknown id; 409 when the alert is
// already resolved or acknowledged.
const route = apiRoute({
	async POST({ request, params }) {
		const { admin } = requireApiCapability(request, 'alerts:update')
		const id = parseAlertId(params.id)
		if (id === null) return apiError(404, ALERT_NOT_FOUND)
		await parseJsonBody(request, IgnoredApiBodySchema)
		const result = handleAlert({ id: admin.id, email: admin.email }, id, 'acknowledge')
		if (!result.ok) return apiFailure(result)
		return apiSuccess({ alert: result.value.alert }, { message: ALERT_ACKNOWLEDGED })
	},
})
export const loader = route.loader
export const action = route.action
