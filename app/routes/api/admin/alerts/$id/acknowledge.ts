import { handleAlert } from '#app/features/alerts/alerts.server.ts'
import { requireApiCapability } from '#app/auth/staff.server.ts'
import { StaffAlertSchema } from '#app/features/alerts/responses.server.ts'
import { ALERT_ACKNOWLEDGED, ALERT_NOT_FOUND, parseAlertId } from '#app/features/alerts/schemas.ts'
import {
	ADMIN_403,
	ADMIN_GUARD,
	BODY_REFUSALS,
	IdParams,
	IgnoredPayload,
	ok,
	refusals,
	z,
} from '#app/utils/api-schema.server.ts'
import { apiError, apiFailure, apiRoute, apiSuccess, endpoint } from '#app/utils/api.server.ts'

const route = apiRoute({
	POST: endpoint({
		tags: ['Admin alerts'],
		summary: 'Acknowledge an alert: it stays open, marked seen by you (audited as alert.acknowledge)',
		auth: 'admin',
		params: IdParams,
		body: { schema: IgnoredPayload, required: false, description: 'No payload.' },
		responses: {
			200: ok('Acknowledged.', { message: true, data: z.object({ alert: StaffAlertSchema }).strict() }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 404, 409], {
				404: 'No such alert.',
				409: 'The alert is already acknowledged or resolved.',
				...ADMIN_403,
			}),
		},
		async handler({ request, params, body }) {
			const { admin } = requireApiCapability(request, 'alerts:update')
			const id = parseAlertId(params.id)
			if (id === null) return apiError(404, ALERT_NOT_FOUND)
			await body()
			const result = handleAlert({ id: admin.id, email: admin.email }, id, 'acknowledge')
			if (!result.ok) return apiFailure(result)
			return apiSuccess({ alert: result.value.alert }, { message: ALERT_ACKNOWLEDGED })
		},
	}),
})
export const loader = route.loader
export const action = route.action
