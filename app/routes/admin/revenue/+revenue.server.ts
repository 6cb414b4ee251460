import { data } from 'react-router'
import { getRevenueEntry } from '#app/features/revenue/revenue.server.ts'
import { REVENUE_ENTRY_NOT_FOUND, parseEntryId, revenuePageFromUrl } from '#app/features/revenue/schemas.ts'

/**
 * Server helpers of the /admin/revenue dialogs ($entryId/edit.tsx and
 * $entryId/void.tsx), kept beside them: where Close and the redirect go and
 * the entry of the path. A `+` file (and routes.ts ignores `*.server.*`
 * files), so this is no route.
 */

/** The revenue list at the page the dialog was opened from. */
export function revenueListHref(url: URL) {
	const page = revenuePageFromUrl(url.searchParams)
	return `/admin/revenue${page > 1 ? `?page=${page}` : ''}`
}

/** The entry of :entryId, or a 404 'Revenue entry not found' shown by the dialog's error view. */
export function requireRevenueEntry(entryId: string | undefined) {
	const id = parseEntryId(entryId)
	const entry = id === null ? null : getRevenueEntry(id)
	if (!entry) throw data({ message: REVENUE_ENTRY_NOT_FOUND }, { status: 404 })
	return entry
}
