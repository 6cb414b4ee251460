import { parsePositiveInt } from '#app/features/contests/schemas.ts'
import type { Result } from '#app/utils/result.ts'
import type { z } from '#app/utils/api-schema.server.ts'
import { apiError } from '#app/utils/api.server.ts'
import { adminIdStep } from './+id-step.server.ts'

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
 * /plan-code-batches/:id/revoke: adminIdStep (codes:manage) with the codes'
 * words; "Revoked." unless told otherwise.
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
	return adminIdStep({
		...words,
		tags: ['Admin codes'],
		capability: 'codes:manage',
		done: words.done ?? 'Revoked.',
		parseId: parsePositiveInt,
	})
}
