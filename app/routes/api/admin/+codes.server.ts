import { requireApiCapability } from '#app/auth/staff.server.ts'
import { parsePositiveInt } from '#app/features/contests/schemas.ts'
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
 * Helpers of the /api/admin/unlock-codes and /api/admin/plan-code-* routes,
 * kept beside them (routes.ts ignores `*.server.*` files, so this is no route).
 */

/** A path id, or a thrown 404 with `message` (never a 500). */
export function requireCodesPathId(value: string | undefined, message: string) {
	const id = parsePositiveInt(value)
	if (id === null) throw apiError(404, message)
	return id
}

/**
 * POST /api/admin/unlock-codes/:id/retire, /plan-codes/:id/revoke and
 * /plan-code-batches/:id/revoke: a path id, no payload, one change by the
 * signed-in admin (codes:manage), its answer under `data` with a message.
 */
export function codesStep<T>(words: {
	summary: string
	done?: string
	data: z.ZodTypeAny
	conflict: string
	notFound: string
	message: string
	change: (actor: { id: number; email: string }, id: number) => Result<T>
	answer: (value: T) => unknown
}) {
	return endpoint({
		tags: ['Admin codes'],
		summary: words.summary,
		auth: 'admin',
		params: IdParams,
		body: { schema: IgnoredPayload, required: false, description: 'No payload.' },
		responses: {
			200: ok(words.done ?? 'Revoked.', { message: true, data: words.data }),
			...refusals([...BODY_REFUSALS, ...ADMIN_GUARD, 404, 409], { 409: words.conflict, ...ADMIN_403 }),
		},
		async handler({ request, params, body }) {
			const { admin } = requireApiCapability(request, 'codes:manage')
			const id = requireCodesPathId(params.id, words.notFound)
			await body()
			const result = words.change({ id: admin.id, email: admin.email }, id)
			if (!result.ok) return apiFailure(result)
			return apiSuccess(words.answer(result.value), { message: words.message })
		},
	})
}
