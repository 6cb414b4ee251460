import path from 'node:path'
import type { RouteConfigEntry } from '@react-router/dev/routes'
import { beforeAll, describe, expect, test } from 'vitest'

/**
 * The route tree that app/routes.ts makes of the folders in app/routes
 * (react-router-auto-routes, docs/decisions/042-route-folders.md): the
 * folders mirror the URLs, `_layout.tsx` is the only file that nests, and a
 * trailing `_` on a folder keeps its URLs out of the layout they sit under.
 */

type Route = { id: string; file: string; url: string; index: boolean; parents: string[]; children: number }

let routes: Route[] = []
const byFile = (file: string) => {
	const route = routes.find((r) => r.file === `routes/${file}`)
	if (!route) throw new Error(`no route for ${file}`)
	return route
}

beforeAll(async () => {
	// What the React Router Vite plugin sets before it reads app/routes.ts.
	;(globalThis as { __reactRouterAppDirectory?: string }).__reactRouterAppDirectory = path.resolve('app')
	const { default: config } = await import('#app/routes.ts')
	const walk = (entries: RouteConfigEntry[], parentUrl: string, parents: string[]): Route[] =>
		entries.flatMap((entry) => {
			const url = [parentUrl, entry.path ?? ''].filter(Boolean).join('/')
			const id = entry.id ?? entry.file
			const me = { id, file: entry.file, url: `/${url}`, index: !!entry.index, parents, children: 0 }
			me.children = entry.children?.length ?? 0
			return [me, ...walk(entry.children ?? [], url, [id, ...parents])]
		})
	routes = walk(await config, '', [])
})

describe('the route tree', () => {
	test('has the site, the member area, the staff area and the API', () => {
		expect(routes.length).toBeGreaterThan(150)
		expect(byFile('index.tsx')).toMatchObject({ url: '/', index: true, parents: [] })
		expect(byFile('$.tsx')).toMatchObject({ url: '/*', parents: [] })
		expect(byFile('api/$.ts')).toMatchObject({ url: '/api/*', parents: [] })
	})

	test('every route in admin/ is under the staff layout, and no other is', () => {
		const layout = byFile('admin/_layout.tsx')
		expect(layout).toMatchObject({ url: '/admin', parents: [] })
		for (const route of routes) {
			if (route === layout) continue
			expect(route.parents.includes(layout.id), route.file).toBe(route.file.startsWith('routes/admin/'))
		}
		// Sign-in, sign-out and the CSV downloads are outside it (admin_/).
		expect(byFile('admin_/login.tsx')).toMatchObject({ url: '/admin/login', parents: [] })
		expect(byFile('admin_/users/export[.csv].ts')).toMatchObject({ url: '/admin/users/export.csv', parents: [] })
		// A user's page is beside the users list, not inside it (users_/).
		expect(byFile('admin/users_/$userId.tsx')).toMatchObject({ url: '/admin/users/:userId', parents: [layout.id] })
		expect(byFile('admin/users/$userId/edit.tsx').parents).toEqual([byFile('admin/users/_layout.tsx').id, layout.id])
	})

	test('every route in dashboard/ is under the member layout, and no other is', () => {
		const layout = byFile('dashboard/_layout.tsx')
		expect(layout).toMatchObject({ url: '/dashboard', parents: [] })
		for (const route of routes) {
			if (route === layout) continue
			expect(route.parents.includes(layout.id), route.file).toBe(route.file.startsWith('routes/dashboard/'))
		}
		// The home is a pathless layout (`_home/`) around the index and a trader's page.
		const home = byFile('dashboard/_home/_layout.tsx')
		expect(home).toMatchObject({ url: '/dashboard', index: false, parents: [layout.id] })
		expect(byFile('dashboard/_home/index.tsx')).toMatchObject({
			url: '/dashboard',
			index: true,
			parents: [home.id, layout.id],
		})
		expect(byFile('dashboard/_home/traders/$traderId.tsx').parents).toEqual([home.id, layout.id])
		expect(byFile('dashboard_/settings/data[.json].ts')).toMatchObject({
			url: '/dashboard/settings/data.json',
			parents: [],
		})
	})

	test('only `_layout` files have routes under them, and index routes are `index` files', () => {
		for (const route of routes) {
			const name = path.posix.basename(route.file).replace(/\.tsx?$/, '')
			if (route.children > 0) expect(name, route.file).toBe('_layout')
			expect(route.index, route.file).toBe(name === 'index')
		}
	})

	test('a route file names one URL segment: folders hold the rest', () => {
		for (const route of routes) {
			const name = path.posix.basename(route.file).replace(/\.tsx?$/, '')
			// A dot is only a literal one, in brackets (`robots[.]txt`, `export[.csv]`).
			expect(name.replace(/\[[^\]]*\]/g, ''), route.file).not.toContain('.')
		}
	})
})
