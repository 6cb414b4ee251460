import { requireApiCapability } from '#app/auth/staff.server.ts'
import { handleAlert } from '#app/features/alerts/alerts.server.ts'
import { StaffAlertSchema } from '#app/features/alerts/responses.server.ts'
import { parseAlertId, ALERT_MESSAGES } from '#app/features/alerts/schemas.ts'
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
import { apiError, apiFailure, apiSuccess, endpoint } from '#app/utils/api.server.ts'

/** POST /api/admin/alerts/:id/acknowledge and /resolve: one declaration, told which step and its words. */
export function alertStep(
	step: 'acknowledge' | 'resolve',
	words: { summary: string; done: string; conflict: string; message: string },
) {
	return endpoint({
		tags: ['Admin alerts'],
		summary: words.summary,
		auth: 'admin',
		params: IdParams,
		body: { schema: IgnoredPayload, required: false, description: 'No payload.' },
		responses: {
			200: ok(words.done, { message: true, data: z.object({ alert: StaffAlertSchema }).strict() }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 404, 409], {
				404: 'No such alert.',
				409: words.conflict,
				...ADMIN_403,
			}),
		},
		async handler({ request, params, body }) {
			const { admin } = requireApiCapability(request, 'alerts:update')
			const id = parseAlertId(params.id)
			if (id === null) return apiError(404, ALERT_MESSAGES.notFound)
			await body()
			const result = handleAlert({ id: admin.id, email: admin.email }, id, step)
			if (!result.ok) return apiFailure(result)
			return apiSuccess({ alert: result.value.alert }, { message: words.message })
		},
	})
}
