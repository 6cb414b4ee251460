import type { z } from 'zod'
import { CONTEST_NOT_FOUND } from '#app/utils/admin-contests-messages.ts'
import { parsePositiveInt } from '#app/utils/admin-contests-validation.ts'
import { apiError, validationFailed } from '#app/utils/api.server.ts'

/**
 * Small helpers of the /api/admin/contests* routes, kept beside them: path
 * ids and query strings, read so that no value can reach the rules
 * unchecked (400 or 404, never a 500). routes.ts ignores `*.server.*`
 * files, so this is no route.
 */

/** The :contestId (or another id) of the path; a 404 answer when it is not a positive whole number. */
export function requirePathId(value: string | undefined, message = CONTEST_NOT_FOUND) {
	const id = parsePositiveInt(value)
	if (id === null) throw apiError(404, message)
	return id
}

/**
 * The query string through a strict schema: each parameter given once
 * (docs/security.md V6), unknown or malformed ones a 400 with their paths.
 */
export function parseQuery<S extends z.ZodTypeAny>(request: Request, schema: S): z.output<S> {
	const params = new URL(request.url).searchParams
	const repeated = [...new Set(params.keys())].find((key) => params.getAll(key).length > 1)
	if (repeated) throw apiError(400, 'Validation failed', [{ path: repeated, message: 'Give this parameter once' }])
	const parsed = schema.safeParse(Object.fromEntries(params))
	if (!parsed.success) throw validationFailed(parsed.error)
	return parsed.data
}
