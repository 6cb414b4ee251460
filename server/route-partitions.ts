/**
 * Each request matched against the routes its path can reach
 * (docs/performance.md, "Requests match fewer routes").
 *
 * React Router matches a request against every route branch it has, one
 * regular expression after another until one matches: about 170 here. A
 * page render does it three to five times (the server's match, the data
 * match, one per parent path for the route list the page ships) and builds
 * a route object for every route; an `/api/auth/me` answer spent a quarter
 * of its CPU matching. A path whose first segment is `dashboard` can only
 * match routes whose path starts that way, or has a parameter, an optional
 * segment or a splat there; so each first segment that routes name (and,
 * under `/api`, each second one) gets a request handler built on those
 * routes, the routes that match `/` (a page ships the route list of its
 * parent paths, `/` included) and their ancestors. React Router ranks the
 * branches left exactly as it ranks them in the whole tree, so the same
 * route answers and the page ships the same route list.
 *
 * A path this cannot reason about (`/` itself, one that does not decode or
 * has an empty segment, a single-fetch `.data` request, the route manifest
 * the browser asks for) goes to the handler of the whole tree.
 */

/** What this needs of a route in a React Router server build's `routes`. */
export type RouteEntry = { id: string; parentId?: string | undefined; path?: string | undefined }

/** The first segment whose paths are told apart by their second segment too. */
const TWO_LEVELS = 'api'

/** The segments of a route's whole path: its ancestors' paths, then its own. */
function fullSegments<R extends RouteEntry>(routes: Record<string, R | undefined>, route: R): string[] {
	const paths: string[] = []
	for (let at: R | undefined = route; at; at = at.parentId ? routes[at.parentId] : undefined) {
		if (at.path) paths.unshift(at.path)
	}
	return paths.join('/').split('/').filter(Boolean)
}

/** A segment that stands for one segment of any text: a parameter. */
const isParam = (segment: string) => segment.startsWith(':') && !segment.endsWith('?')
/** A segment after which positions are no longer known: optional or a splat. */
const isOpenEnded = (segment: string) => segment.endsWith('?') || segment.endsWith('*')
const isStatic = (segment: string) => !isParam(segment) && !isOpenEnded(segment)

/**
 * Whether a route with these segments could match a pathname that starts
 * with `prefix` (decoded, lower-cased; `null` for a static segment that no
 * route names). Route paths are matched case-insensitively (unless marked
 * case-sensitive, which only matches less), segment by segment.
 */
export function mayMatch(segments: readonly string[], prefix: readonly (string | null)[]) {
	for (let i = 0; i < prefix.length; i++) {
		const segment = segments[i]
		// A shorter path (no splat) must end where the pathname goes on.
		if (segment === undefined) return false
		if (isOpenEnded(segment)) return true
		if (isParam(segment)) continue
		if (prefix[i] === null || segment.toLowerCase() !== prefix[i]) return false
	}
	return true
}

/** Whether a route with these segments could match `/`. */
export const mayMatchRoot = (segments: readonly string[]) => segments.every(isOpenEnded)

/**
 * The routes that may match under `prefix` or at `/`, with their
 * ancestors, in the build's order.
 */
export function routesUnder<R extends RouteEntry>(
	routes: Record<string, R | undefined>,
	prefix: readonly (string | null)[],
): Record<string, R> {
	const keep = new Set<string>()
	for (const route of Object.values(routes)) {
		if (!route) continue
		const segments = fullSegments(routes, route)
		if (!mayMatch(segments, prefix) && !mayMatchRoot(segments)) continue
		for (let at: R | undefined = route; at && !keep.has(at.id); at = at.parentId ? routes[at.parentId] : undefined) {
			keep.add(at.id)
		}
	}
	const kept: Record<string, R> = {}
	for (const [id, route] of Object.entries(routes)) if (route && keep.has(id)) kept[id] = route
	return kept
}

/**
 * The first two segments of a pathname (the second may be missing),
 * decoded as React Router decodes them and lower-cased; null for `/`, an
 * empty segment or any segment that does not decode (React Router then
 * matches the pathname undecoded).
 */
function leadingSegments(pathname: string): [string, string | undefined] | null {
	const parts = pathname.split('/')
	// Only the last segment may be empty (a trailing slash).
	const empty = parts.indexOf('', 1)
	if (parts[0] !== '' || !parts[1] || (empty !== -1 && empty < parts.length - 1)) return null
	try {
		for (let i = 3; i < parts.length; i++) decodeURIComponent(parts[i]!)
		const second = parts[2] ? decodeURIComponent(parts[2]).toLowerCase() : undefined
		return [decodeURIComponent(parts[1]).toLowerCase(), second]
	} catch {
		return null
	}
}

/**
 * Builds a handler with `make` for each first segment that routes name
 * (for `/api`, each second segment), one for any other, and one for any
 * other second segment under `/api`; the returned function picks the one
 * for a request's pathname, or null for the whole tree's.
 */
export function createRoutePartitions<R extends RouteEntry, H>(
	routes: Record<string, R | undefined>,
	make: (routes: Record<string, R>) => H,
	{ manifestPath }: { manifestPath?: string | undefined } = {},
): (pathname: string) => H | null {
	const firsts = new Set<string>()
	const seconds = new Set<string>()
	for (const route of Object.values(routes)) {
		if (!route) continue
		const [first, second] = fullSegments(routes, route)
		if (first === undefined) continue
		if (isStatic(first)) firsts.add(first.toLowerCase())
		if (second !== undefined && isStatic(second) && mayMatch([first], [TWO_LEVELS])) seconds.add(second.toLowerCase())
	}
	firsts.delete(TWO_LEVELS)
	const byFirst = new Map([...firsts].map((first) => [first, make(routesUnder(routes, [first]))]))
	const otherFirst = make(routesUnder(routes, [null]))
	const bySecond = new Map([...seconds].map((second) => [second, make(routesUnder(routes, [TWO_LEVELS, second]))]))
	const otherSecond = make(routesUnder(routes, [TWO_LEVELS, null]))
	return (pathname) => {
		if (pathname === manifestPath || pathname.endsWith('.data')) return null
		const leading = leadingSegments(pathname)
		if (!leading) return null
		const [first, second] = leading
		if (first !== TWO_LEVELS) return byFirst.get(first) ?? otherFirst
		if (second === undefined) return null
		return bySecond.get(second) ?? otherSecond
	}
}
