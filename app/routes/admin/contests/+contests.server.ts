import { data } from 'react-router'
import { requireAdminCapability } from '#app/auth/staff.server.ts'
import { getContest } from '#app/features/contests/admin-contests.server.ts'
import {
	CONTEST_NOTICES,
	type ContestNotice,
	contestListSearch,
	parsePositiveInt,
	CONTEST_TEXTS,
} from '#app/features/contests/schemas.ts'
import type { Capability } from '#app/features/staff/roles.ts'
import { redirectWithFlash } from '#app/utils/flash.server.ts'
import type { RequestArgs } from '#app/utils/request.server.ts'

/**
 * Server helpers of the /admin/contests dialogs (the child routes new.tsx
 * and $contestId/*.tsx in this folder), kept beside them:
 * the contest of the path, where Close goes (the list with its filters) and
 * the redirect after a change (the list with its filters and the notice).
 * A `+` file (and routes.ts ignores `*.server.*` files), so this is no route.
 */

/** The contest of :contestId, or a 404 shown by the list's error view ('Contest not found'). */
export function requireContest(contestId: string | undefined) {
	const id = parsePositiveInt(contestId)
	const contest = id === null ? null : getContest(id)
	if (!contest) throw data({ message: CONTEST_TEXTS.notFound }, { status: 404 })
	return contest
}

/** A contest dialog's first step: the signed-in staff member, who must have `capability`, and the contest of :contestId. */
export async function requireContestAccess(
	args: RequestArgs & { params: { contestId?: string } },
	capability: Capability,
) {
	const admin = await requireAdminCapability({ request: args.request, url: args.url }, capability)
	return { admin, contest: requireContest(args.params.contestId) }
}

/** The list's URL with its search, status and type filters. */
export function contestListUrl(url: URL) {
	return `/admin/contests${contestListSearch(url.searchParams)}`
}

/** Back to the list (filters kept), with the notice of what was done as a flash message. */
export function redirectToList(url: URL, done: ContestNotice) {
	return redirectWithFlash(contestListUrl(url), CONTEST_NOTICES[done])
}
