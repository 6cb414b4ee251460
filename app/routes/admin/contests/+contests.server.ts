import { data } from 'react-router'
import { getContest } from '#app/features/contests/admin-contests.server.ts'
import {
	CONTEST_NOTICES,
	type ContestNotice,
	contestListSearch,
	parsePositiveInt,
	CONTEST_TEXTS,
} from '#app/features/contests/schemas.ts'
import { redirectWithFlash } from '#app/utils/flash.server.ts'

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

/** The list's URL with its search, status and type filters. */
export function contestListUrl(url: URL) {
	return `/admin/contests${contestListSearch(url.searchParams)}`
}

/** Back to the list (filters kept), with the notice of what was done as a flash message. */
export function redirectToList(url: URL, done: ContestNotice) {
	return redirectWithFlash(contestListUrl(url), CONTEST_NOTICES[done])
}
