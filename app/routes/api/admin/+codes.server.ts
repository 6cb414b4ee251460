import type { Pagination } from '#app/features/users/schemas.ts'
import { parsePositiveInt } from '#app/features/contests/schemas.ts'
import { apiError } from '#app/utils/api.server.ts'

/**
 * Helpers of the /api/admin/unlock-codes and /api/admin/plan-code-* routes
 * and the batch CSV page route, kept beside them (routes.ts ignores
 * `*.server.*` files, so this is no route).
 */

/** The pagination the API answers (the pages use the rest). */
export function apiPagination({ page, limit, totalPages, totalCount, currentPage }: Pagination) {
	return { page, limit, totalPages, totalCount, currentPage }
}

/** A path id, or a thrown 404 with `message` (never a 500). */
export function requireCodesPathId(value: string | undefined, message: string) {
	const id = parsePositiveInt(value)
	if (id === null) throw apiError(404, message)
	return id
}

/** Headers of a batch's CSV download. */
export function csvHeaders(fileName: string) {
	return {
		'Content-Type': 'text/csv; charset=utf-8',
		'Content-Disposition': `attachment; filename="${fileName}"`,
		'Cache-Control': 'private, no-store',
		'X-Content-Type-Options': 'nosniff',
	}
}
