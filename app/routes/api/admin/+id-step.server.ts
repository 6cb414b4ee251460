import { requireApiCapability } from '#app/auth/staff.server.ts'
import type { Capability } from '#app/features/staff/roles.ts'
import type { Result } from '#app/utils/result.ts'
import {
	ADMIN_403,
	ADMIN_GUARD,
	BODY_REFUSALS,
	IdParams,
	IgnoredPayload,
	ok,
	refusals,
	type z,
} from '#app/utils/api-schema.server.ts'
import { apiError, apiFailure, apiSuccess, endpoint } from '#app/utils/api.server.ts'

/**
 * POST /api/admin/<things>/:id/<step> with no payload: one change to the
 * thing by the signed-in admin (who needs `capability`), a 404 for a bad or
 * unknown id and a 409 when the step does not apply, its answer under `data`
 * with a message (the codes' steps in +codes.server.ts, the alerts' in
 * alerts/+handle.server.ts). Kept beside the routes; routes.ts ignores
 * `*.server.*` files, so this is no route.
 */
export function adminIdStep<T>(step: {
	tags: string[]
	summary: string
	capability: Capability
	done: string
	data: z.ZodTypeAny
	/** The 404's description in the document; the default one when left out. */
	notFoundDoc?: string
	conflict: string
	parseId: (value: string | undefined) => number | null
	notFound: string
	change: (actor: { id: number; email: string }, id: number) => Result<T>
	answer: (value: T) => unknown
	message: string
}) {
	return endpoint({
		tags: step.tags,
		summary: step.summary,
		auth: 'admin',
		params: IdParams,
		body: { schema: IgnoredPayload, required: false, description: 'No payload.' },
		responses: {
			200: ok(step.done, { message: true, data: step.data }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 404, 409], {
				...(step.notFoundDoc ? { 404: step.notFoundDoc } : {}),
				409: step.conflict,
				...ADMIN_403,
			}),
		},
		async handler({ request, params, body }) {
			const { admin } = requireApiCapability(request, step.capability)
			const id = step.parseId(params.id)
			if (id === null) return apiError(404, step.notFound)
			await body()
			const result = step.change({ id: admin.id, email: admin.email }, id)
			if (!result.ok) return apiFailure(result)
			return apiSuccess(step.answer(result.value), { message: step.message })
		},
	})
}
