/**
 * The API's requests matched against the API's routes only
 * (docs/performance.md, "API requests match fewer routes").
 *
 * React Router matches every request against every route branch it has,
 * one regular expression after another until one matches: about 170 here,
 * and matching was a quarter of the CPU an `/api/auth/me` answer costs.
 * An `/api/<part>/…` path can only match routes whose path starts that way
 * (or has a parameter, an optional segment or a splat there), so each
 * `<part>` gets a request handler built on those routes and their
 * ancestors; React Router ranks the branches left exactly as it ranks them
 * in the whole tree, so the same route answers.
 *
 * Any path this cannot reason about (one that does not decode, has an
 * empty segment, or is a single-fetch `.data` request) goes to the handler
 * of the whole tree.
 */

/** What this needs of a route in a React Router server build's `routes`. */
export type RouteEntry = { id: string; parentId?: string | undefined; path?: string | undefined }

const UNDER = 'api'

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

/** The routes that may match under `prefix`, with their ancestors, in the build's order. */
export function routesUnder<R extends RouteEntry>(
	routes: Record<string, R | undefined>,
	prefix: readonly (string | null)[],
): Record<string, R> {
	const keep = new Set<string>()
	for (const route of Object.values(routes)) {
		if (!route || !mayMatch(fullSegments(routes, route), prefix)) continue
		for (let at: R | undefined = route; at && !keep.has(at.id); at = at.parentId ? routes[at.parentId] : undefined) {
			keep.add(at.id)
		}
	}
	const kept: Record<string, R> = {}
	for (const [id, route] of Object.entries(routes)) if (route && keep.has(id)) kept[id] = route
	return kept
}

/**
 * The first two segments of a pathname, decoded as React Router decodes
 * them (every segment; a pathname with one that does not decode is matched
 * undecoded, so it gets null here), lower-cased; null for fewer segments
 * or an empty one.
 */
function leadingSegments(pathname: string): [string, string] | null {
	const parts = pathname.split('/')
	if (parts.length < 3 || parts[0] !== '' || parts[1] === '' || parts[2] === '') return null
	try {
		for (let i = 3; i < parts.length; i++) decodeURIComponent(parts[i]!)
		return [decodeURIComponent(parts[1]!).toLowerCase(), decodeURIComponent(parts[2]!).toLowerCase()]
	} catch {
		return null
	}
}

/**
 * Builds one handler per static second segment of the `/api` routes (and
 * one for any other second segment) with `make`; the returned function
 * picks the handler for a request's pathname, or null for the whole tree's.
 */
export function createApiRoutePartitions<R extends RouteEntry, H>(
	routes: Record<string, R | undefined>,
	make: (routes: Record<string, R>) => H,
): (pathname: string) => H | null {
	const parts = new Set<string>()
	for (const route of Object.values(routes)) {
		if (!route) continue
		const [first, second] = fullSegments(routes, route)
		if (first === undefined || second === undefined || !mayMatch([first], [UNDER])) continue
		if (!isParam(second) && !isOpenEnded(second)) parts.add(second.toLowerCase())
	}
	const handlers = new Map([...parts].map((part) => [part, make(routesUnder(routes, [UNDER, part]))]))
	const otherwise = make(routesUnder(routes, [UNDER, null]))
	return (pathname) => {
		if (pathname.endsWith('.data')) return null
		const leading = leadingSegments(pathname)
		if (!leading || leading[0] !== UNDER) return null
		return handlers.get(leading[1]) ?? otherwise
	}
}
