import path from 'node:path'
import { matchRoutes, type RouteObject } from 'react-router'
import { describe, expect, test } from 'vitest'
import { createRoutePartitions, mayMatch, mayMatchRoot, routesUnder, type RouteEntry } from './route-partitions.ts'

type Entry = RouteEntry & { index?: boolean; caseSensitive?: boolean }
type ConfigEntry = {
	id?: string
	file: string
	path?: string
	index?: boolean
	caseSensitive?: boolean
	children?: ConfigEntry[]
}

/** The app's routes as the server build lists them: root, then each route with its parent's id. */
async function appRoutes() {
	;(globalThis as { __reactRouterAppDirectory?: string }).__reactRouterAppDirectory = path.resolve('app')
	const config = (await (await import('#app/routes.ts')).default) as ConfigEntry[]
	const routes: Record<string, Entry> = { root: { id: 'root', path: '' } }
	const add = (entries: ConfigEntry[], parentId: string) => {
		for (const entry of entries) {
			const id = entry.id ?? entry.file
			routes[id] = { id, parentId, path: entry.path, index: entry.index, caseSensitive: entry.caseSensitive }
			add(entry.children ?? [], id)
		}
	}
	add(config, 'root')
	return routes
}

/** React Router's route objects for a manifest (as the server handler nests them). */
function tree(routes: Record<string, Entry>, parentId?: string): RouteObject[] {
	return Object.values(routes)
		.filter((route) => route.parentId === parentId)
		.map((route) =>
			route.index
				? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
				: { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: tree(routes, route.id) },
		) as RouteObject[]
}

/** The ids of the routes React Router matches (its own matching; memoised, it ranks the whole tree each call). */
const matched = new WeakMap<Record<string, Entry>, { tree: RouteObject[]; ids: Map<string, string[] | null> }>()
function matchedIds(routes: Record<string, Entry>, pathname: string) {
	let memo = matched.get(routes)
	if (!memo) matched.set(routes, (memo = { tree: tree(routes), ids: new Map() }))
	let ids = memo.ids.get(pathname)
	if (ids === undefined) {
		ids = matchRoutes(memo.tree, pathname)?.map((match) => match.route.id ?? '') ?? null
		memo.ids.set(pathname, ids)
	}
	return ids
}

/** A route's whole path's segments. */
function fullSegments(routes: Record<string, Entry>, route: Entry) {
	const parts: string[] = []
	for (let at: Entry | undefined = route; at; at = at.parentId ? routes[at.parentId] : undefined) {
		if (at.path) parts.unshift(at.path)
	}
	return parts.join('/').split('/').filter(Boolean)
}

/** A pathname each route's own path matches: parameters filled in, splats given two segments. */
function concretePaths(routes: Record<string, Entry>) {
	const paths = new Set<string>()
	for (const route of Object.values(routes)) {
		paths.add(
			'/' +
				fullSegments(routes, route)
					.map((segment) => (segment === '*' ? 'x/y' : segment.startsWith(':') ? 'p-1' : segment))
					.join('/'),
		)
	}
	return [...paths]
}

describe('mayMatch: could a route with these segments match under a prefix', () => {
	test.each([
		[['api', 'auth', 'me'], ['api', 'auth'], true],
		[['api', 'auth'], ['api', 'auth'], true],
		[['API', 'Auth', 'me'], ['api', 'auth'], true],
		[['api', 'admin', 'me'], ['api', 'auth'], false],
		[['api'], ['api', 'auth'], false],
		[[], ['api', 'auth'], false],
		[['api', '*'], ['api', 'auth'], true],
		[['*'], ['api', 'auth'], true],
		[[':lang', 'auth'], ['api', 'auth'], true],
		[[':lang', 'admin'], ['api', 'auth'], false],
		[[':lang?', 'admin'], ['api', 'auth'], true],
		[['docs?', 'admin'], ['api', 'auth'], true],
		[['api', 'auth'], ['api', null], false],
		[['api', ':part'], ['api', null], true],
		[['dashboard'], ['api', 'auth'], false],
	])('%j under %j -> %s', (segments, prefix, expected) => {
		expect(mayMatch(segments, prefix)).toBe(expected)
	})
})

describe('mayMatchRoot: could a route with these segments match /', () => {
	test.each([
		[[], true],
		[['*'], true],
		[[':lang?'], true],
		[['docs?', '*'], true],
		[['dashboard'], false],
		[[':id'], false],
	])('%j -> %s', (segments, expected) => {
		expect(mayMatchRoot(segments)).toBe(expected)
	})
})

describe('routesUnder', () => {
	const routes: Record<string, Entry> = {
		root: { id: 'root', path: '' },
		'routes/_index': { id: 'routes/_index', parentId: 'root', index: true },
		'routes/$': { id: 'routes/$', parentId: 'root', path: '*' },
		'routes/dashboard': { id: 'routes/dashboard', parentId: 'root', path: 'dashboard' },
		'routes/dashboard._home': { id: 'routes/dashboard._home', parentId: 'routes/dashboard' },
		'routes/dashboard.plans': { id: 'routes/dashboard.plans', parentId: 'routes/dashboard', path: 'plans' },
		'routes/api.admin': { id: 'routes/api.admin', parentId: 'root', path: 'api/admin' },
		'routes/api.admin.users': { id: 'routes/api.admin.users', parentId: 'routes/api.admin', path: 'users' },
		'routes/api.auth.me': { id: 'routes/api.auth.me', parentId: 'root', path: 'api/auth/me' },
		'routes/api.$': { id: 'routes/api.$', parentId: 'root', path: 'api/*' },
	}
	test('keeps the routes that may match under the prefix or at /, and their ancestors, in the build order', () => {
		expect(Object.keys(routesUnder(routes, ['api', 'admin']))).toEqual([
			'root',
			'routes/_index',
			'routes/$',
			'routes/api.admin',
			'routes/api.admin.users',
			'routes/api.$',
		])
		expect(Object.keys(routesUnder(routes, ['api', null]))).toEqual([
			'root',
			'routes/_index',
			'routes/$',
			'routes/api.$',
		])
		expect(Object.keys(routesUnder(routes, ['dashboard']))).toEqual([
			'root',
			'routes/_index',
			'routes/$',
			'routes/dashboard',
			'routes/dashboard._home',
			'routes/dashboard.plans',
		])
	})
})

/** The paths a page's route list covers (React Router's partial manifest): its own and each parent path, `/` included. */
function parentPaths(pathname: string) {
	const segments = pathname.split('/').filter(Boolean)
	const paths = [pathname, '/']
	for (let n = segments.length - 1; n > 0; n--) paths.push(`/${segments.slice(0, n).join('/')}`)
	return paths
}

describe('createRoutePartitions on the app routes', async () => {
	const routes = await appRoutes()
	const made: Array<Record<string, Entry>> = []
	const pick = createRoutePartitions(routes, (kept) => (made.push(kept), kept), { manifestPath: '/__manifest' })
	const staticSegment = (segment: string | undefined) => segment && !/^:|[?*]$/.test(segment)

	test('one handler per first segment routes name (per second one under /api), one for any other of each', () => {
		const all = Object.values(routes).map((route) => fullSegments(routes, route))
		const firsts = new Set(all.filter(([first]) => staticSegment(first) && first !== 'api').map(([first]) => first))
		const seconds = new Set(
			all.filter(([first, second]) => first === 'api' && staticSegment(second)).map(([, second]) => second),
		)
		expect(firsts.size).toBeGreaterThanOrEqual(10)
		expect(seconds.size).toBeGreaterThanOrEqual(3)
		expect(made).toHaveLength(firsts.size + seconds.size + 2)
		// Each keeps far fewer routes than the whole tree.
		for (const kept of made) expect(Object.keys(kept).length).toBeLessThan(Object.keys(routes).length * 0.7)
	})

	test('pathnames it cannot reason about use the whole tree', () => {
		for (const pathname of [
			'/',
			'',
			'/api',
			'/api/',
			'//dashboard',
			'//api/auth/me',
			'/api//auth/me',
			'/dashboard//plans',
			'/api/auth/me.data',
			'/dashboard.data',
			'/_root.data',
			'/__manifest',
			'/api/auth/%E0%A4',
			'/dashboard/%zz',
		]) {
			expect(pick(pathname), pathname).toBeNull()
		}
		expect(pick('/api/auth/me')).not.toBeNull()
		expect(pick('/API/Auth/me')).toBe(pick('/api/auth/me'))
		expect(pick('/api/%61uth/me')).toBe(pick('/api/auth/me'))
		expect(pick('/api/nothing-here')).toBe(pick('/api/other-nothing'))
		expect(pick('/dashboard')).toBe(pick('/Dashboard/plans/'))
		expect(pick('/dashboard')).not.toBe(pick('/admin'))
		expect(pick('/nothing-here')).toBe(pick('/other-nothing/x'))
	})

	test('every pathname and each of its parent paths match the same routes in its partition as in the whole tree', () => {
		const samples = concretePaths(routes).filter((pathname) => pathname !== '/')
		expect(samples.length).toBeGreaterThan(150)
		const encodeFirst = (pathname: string) =>
			pathname.replace(/^\/(.)/, (_, first: string) => `/%${first.charCodeAt(0).toString(16)}`)
		const variants = samples.flatMap((pathname) => [
			pathname,
			pathname.toUpperCase(),
			`${pathname}/`,
			`${pathname}/extra`,
			encodeFirst(pathname),
			pathname.replace(/^\/api\/(.)/, (_, first: string) => `/api/%${first.charCodeAt(0).toString(16)}`),
			pathname.replace(/^\/[^/]+/, '/unknown-part'),
			pathname.replace(/^\/api\/[^/]+/, '/api/unknown-part'),
		])
		let partitioned = 0
		for (const pathname of [...variants, '/api/unknown', '/api/auth', '/api/a%2Fb/c', '/a%2Fb', '/x']) {
			const kept = pick(pathname)
			if (!kept) continue
			partitioned++
			for (const path of parentPaths(pathname)) {
				expect(matchedIds(kept, path), `${path} (for ${pathname})`).toEqual(matchedIds(routes, path))
			}
		}
		expect(partitioned).toBeGreaterThan(samples.length * 7)
	})
})
