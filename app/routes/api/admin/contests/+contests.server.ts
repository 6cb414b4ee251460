import { ContestApiSchema, parsePositiveInt, CONTEST_TEXTS } from '#app/features/contests/schemas.ts'
import { id, z } from '#app/utils/api-schema.server.ts'
import { apiError } from '#app/utils/api.server.ts'

/**
 * The /api/admin/contests routes' path ids, read so that no value can reach
 * the rules unchecked (a 404, never a 500), and the declarations' pieces
 * they share. Kept beside the routes; routes.ts ignores `*.server.*` files,
 * so this is no route.
 */

/** The :contestId (or another id) of the path; a 404 answer when it is not a positive whole number. */
export function requirePathId(value: string | undefined, message: string = CONTEST_TEXTS.notFound) {
	const id = parsePositiveInt(value)
	if (id === null) throw apiError(404, message)
	return id
}

export const ContestIdParams = z.object({
	contestId: id().openapi({ description: 'Anything but a positive whole number is a 404.' }),
})
export const ParticipantParams = ContestIdParams.extend({ userId: id() })

/** The create payload, also the edit's (POST and PUT /api/admin/contests...). */
export const ContestRequest = ContestApiSchema.openapi('ContestRequest')
