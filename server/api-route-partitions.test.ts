import path from 'node:path'
import { matchRoutes, type RouteObject } from 'react-router'
import { describe, expect, test } from 'vitest'
import { createApiRoutePartitions, mayMatch, routesUnder, type RouteEntry } from './api-route-partitions.ts'

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

const matchedIds = (routes: Record<string, Entry>, pathname: string) =>
	matchRoutes(tree(routes), pathname)?.map((match) => match.route.id) ?? null

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

describe('routesUnder', () => {
	test('keeps the routes that may match and their ancestors, in the build order', () => {
		const routes: Record<string, Entry> = {
			root: { id: 'root', path: '' },
			'routes/$': { id: 'routes/$', parentId: 'root', path: '*' },
			'routes/dashboard': { id: 'routes/dashboard', parentId: 'root', path: 'dashboard' },
			'routes/api.admin': { id: 'routes/api.admin', parentId: 'root', path: 'api/admin' },
			'routes/api.admin.users': { id: 'routes/api.admin.users', parentId: 'routes/api.admin', path: 'users' },
			'routes/api.auth.me': { id: 'routes/api.auth.me', parentId: 'root', path: 'api/auth/me' },
			'routes/api.$': { id: 'routes/api.$', parentId: 'root', path: 'api/*' },
		}
		expect(Object.keys(routesUnder(routes, ['api', 'admin']))).toEqual([
			'root',
			'routes/$',
			'routes/api.admin',
			'routes/api.admin.users',
			'routes/api.$',
		])
		expect(Object.keys(routesUnder(routes, ['api', null]))).toEqual(['root', 'routes/$', 'routes/api.$'])
	})
})

describe('createApiRoutePartitions on the app routes', async () => {
	const routes = await appRoutes()
	const made: Array<Record<string, Entry>> = []
	const pick = createApiRoutePartitions(routes, (kept) => (made.push(kept), kept))

	test('one handler per part of /api that routes name, one for any other part', () => {
		const parts = new Set(
			Object.values(routes)
				.map((route) => fullSegments(routes, route))
				.filter((segments) => segments[0] === 'api' && segments[1] && !/^:|[?*]$/.test(segments[1]))
				.map((segments) => segments[1]),
		)
		expect(parts.size).toBeGreaterThanOrEqual(3)
		expect(made).toHaveLength(parts.size + 1)
		// Each keeps far fewer routes than the whole tree.
		for (const kept of made) expect(Object.keys(kept).length).toBeLessThan(Object.keys(routes).length * 0.7)
	})

	test('pathnames that are not /api/<part>/… or cannot be reasoned about use the whole tree', () => {
		for (const pathname of [
			'/',
			'/api',
			'/api/',
			'/dashboard',
			'/apix/auth',
			'//api/auth/me',
			'/api//auth/me',
			'/api/auth/me.data',
			'/api/auth/%E0%A4',
			'/api/%zz/me',
		]) {
			expect(pick(pathname), pathname).toBeNull()
		}
		expect(pick('/api/auth/me')).not.toBeNull()
		expect(pick('/API/Auth/me')).toBe(pick('/api/auth/me'))
		expect(pick('/api/%61uth/me')).toBe(pick('/api/auth/me'))
		expect(pick('/api/nothing-here')).toBe(pick('/api/other-nothing'))
	})

	test('every /api pathname matches the same routes in its partition as in the whole tree', () => {
		const samples = concretePaths(routes).filter((pathname) => pathname.startsWith('/api/'))
		expect(samples.length).toBeGreaterThan(50)
		const variants = samples.flatMap((pathname) => [
			pathname,
			pathname.toUpperCase(),
			`${pathname}/`,
			`${pathname}/extra`,
			pathname.replace(/^\/api\/(.)/, (_, first: string) => `/api/%${first.charCodeAt(0).toString(16)}`),
			pathname.replace(/^\/api\/[^/]+/, '/api/unknown-part'),
		])
		let partitioned = 0
		for (const pathname of [...variants, '/api/unknown', '/api/auth', '/api/a%2Fb/c']) {
			const kept = pick(pathname)
			if (kept) partitioned++
			expect(matchedIds(kept ?? routes, pathname), pathname).toEqual(matchedIds(routes, pathname))
		}
		expect(partitioned).toBeGreaterThan(samples.length * 5)
	})
})
