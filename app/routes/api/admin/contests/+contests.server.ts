import { CONTEST_NOT_FOUND, parsePositiveInt } from '#app/features/contests/schemas.ts'
import { apiError } from '#app/utils/api.server.ts'

/**
 * The /api/admin/contests routes' path ids, read so that no value can reach
 * the rules unchecked (a 404, never a 500). Query strings go through
 * `parseQuery` (api.server.ts). Kept beside the routes; routes.ts ignores
 * `*.server.*` files, so this is no route.
 */

/** The :contestId (or another id) of the path; a 404 answer when it is not a positive whole number. */
export function requirePathId(value: string | undefined, message = CONTEST_NOT_FOUND) {
	const id = parsePositiveInt(value)
	if (id === null) throw apiError(404, message)
	return id
}
