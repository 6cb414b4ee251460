/**
 * How the client build groups shared modules into chunks
 * (`environments.client.build.rollupOptions.output.manualChunks`,
 * vite.config.ts; the reasons and figures are in docs/performance.md,
 * "Fewer chunks").
 *
 * Rollup's default gives every distinct set of importing routes its own
 * chunk: with some sixty route modules the staff users list loaded thirty
 * scripts, most under 1 KB gzipped, each one a request made before the
 * first paint (six at a time over HTTP/1.1, a round trip each on a slow
 * phone network). The groups here join modules that pages load together:
 * - `react`: React and React Router, which every hydrated page loads.
 * - `app-shell`: whatever app/root.tsx imports, which every hydrated page loads
 *   (root is every route's parent).
 * - `admin-area`: small modules that only the staff area's pages
 *   (app/routes/admin/_layout.tsx and the routes under it in app/routes/admin/)
 *   import, when all they import is in the same group or one of the two
 *   above. The staff sign-in pages (app/routes/admin_/) are outside the area
 *   and never load it.
 * - `member-area`: the same for the member area (app/routes/dashboard/_layout.tsx
 *   and the routes in app/routes/dashboard/).
 * The last condition matters: Rollup puts a grouped module's imports that
 * are not grouped themselves into its group, so a group holding a module
 * that imports zod would make every sign-in page load the group.
 * Everything else (zod, Conform, code shared between areas, large modules,
 * dynamic imports) keeps Rollup's default.
 */

/** The part of Rollup's `ModuleInfo` this reads. */
type ModuleInfo = {
	importers: readonly string[]
	dynamicImporters: readonly string[]
	importedIds: readonly string[]
	code: string | null
}
type GetModuleInfo = (id: string) => ModuleInfo | null

/** An area module larger than this stays where Rollup puts it (its pages alone load it). */
const MAX_GROUPED_BYTES = 4_000

/** A module id without Vite's query (`?…`) or virtual prefix, with forward slashes. */
function filePath(id: string): string {
	return id.replace(/^\0/, '').split('?')[0]!.replace(/\\/g, '/')
}

/**
 * Which route file a module is, relative to app/routes (`admin/users/_layout.tsx`),
 * or `root.tsx`; null when it is not one. A `+` file or folder beside a
 * route is a module the route imports, not a route (app/routes.ts).
 */
function routeFile(id: string): string | null {
	const file = filePath(id)
	const route = /\/app\/routes\/(.+)$/.exec(file)
	if (route) return route[1]!.split('/').some((part) => part.startsWith('+')) ? null : route[1]!
	return /\/app\/root\.tsx$/.test(file) ? 'root.tsx' : null
}

/** The area a route file belongs to: a layout and the routes in its folder. */
export function routeArea(file: string): 'root' | 'admin' | 'member' | null {
	if (file === 'root.tsx') return 'root'
	if (file.startsWith('admin/')) return 'admin'
	if (file.startsWith('dashboard/')) return 'member'
	return null
}

/**
 * React and React Router's core. React DOM (with the scheduler and React
 * Router's DOM part, which imports it) stays in the client entry, which
 * only the entry imports: moving it would leave the entry nearly empty and
 * save no request, and two mid-size files download and compile side by side.
 */
const VENDOR = /\/node_modules\/(react|react-router|cookie|set-cookie-parser)\//
const VENDOR_LEFT_OUT = /\/node_modules\/react-router\/dist\/[^/]+\/dom-export\./

/** A grouping for one build: modules are looked at many times, so answers are kept. */
export function chunkGroups() {
	const groups = new Map<string, string | undefined>()
	const routesOf = new Map<string, Set<string> | null>()

	/** The route files that import a module, directly or through other modules (statically); null when any import is dynamic. */
	function importingRoutes(id: string, getModuleInfo: GetModuleInfo): Set<string> | null {
		if (routesOf.has(id)) return routesOf.get(id)!
		const routes = new Set<string>()
		const seen = new Set<string>()
		const queue = [id]
		let result: Set<string> | null = routes
		while (queue.length) {
			const current = queue.pop()!
			if (seen.has(current)) continue
			seen.add(current)
			const info = getModuleInfo(current)
			if (!info) continue
			if (info.dynamicImporters.length) {
				result = null
				break
			}
			const route = current === id ? null : routeFile(current)
			if (route) routes.add(route)
			else queue.push(...info.importers)
		}
		routesOf.set(id, result)
		return result
	}

	/** The group a module would join on its own: by what imports it, not yet by what it imports. */
	function ownGroup(id: string, getModuleInfo: GetModuleInfo): string | undefined {
		if (routeFile(id)) return undefined
		const file = filePath(id)
		// With Rollup's helpers for CommonJS modules (React is one), which
		// would otherwise land in a group that imports React.
		if ((VENDOR.test(file) && !VENDOR_LEFT_OUT.test(file)) || id.startsWith('\0commonjsHelpers')) return 'react'
		if (file.includes('/node_modules/')) return undefined
		const routes = importingRoutes(id, getModuleInfo)
		if (!routes || routes.size === 0) return undefined
		if (routes.has('root.tsx')) return 'app-shell'
		const areas = new Set([...routes].map(routeArea))
		const [area] = areas
		if (areas.size !== 1 || (area !== 'admin' && area !== 'member')) return undefined
		if ((getModuleInfo(id)?.code?.length ?? Infinity) > MAX_GROUPED_BYTES) return undefined
		return `${area}-area`
	}

	/** `manualChunks` for the client build: the chunk a module goes to, or undefined for Rollup's default. */
	function group(id: string, meta: { getModuleInfo: GetModuleInfo }, visiting = new Set<string>()): string | undefined {
		if (groups.has(id)) return groups.get(id)
		const own = ownGroup(id, meta.getModuleInfo)
		let result = own
		const area = own === 'admin-area' || own === 'member-area'
		if (area) {
			// Every import must be grouped too (with this group, or with one
			// that every page of the area loads anyway).
			visiting.add(id)
			for (const imported of meta.getModuleInfo(id)?.importedIds ?? []) {
				if (visiting.has(imported)) continue
				const theirs = group(imported, meta, visiting)
				if (theirs !== own && theirs !== 'app-shell' && theirs !== 'react') {
					result = undefined
					break
				}
			}
			visiting.delete(id)
		}
		// Only an area module's answer can rest on a guess (an import still
		// being looked at, in a cycle): keep that one only when it is final.
		if (!area || visiting.size === 0) groups.set(id, result)
		return result
	}

	return (id: string, meta: { getModuleInfo: GetModuleInfo }) => group(id, meta)
}
