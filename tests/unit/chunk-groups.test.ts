import { describe, expect, test } from 'vitest'
import { chunkGroups, routeArea } from '../../other/chunk-groups.ts'

// A small module graph in Rollup's shape: id -> what it imports (statically
// or dynamically) and how long its code is. Importers are derived from it.
type Node = { imports?: string[]; dynamic?: string[]; size?: number }
function graph(nodes: Record<string, Node>) {
	const info = new Map<
		string,
		{ importers: string[]; dynamicImporters: string[]; importedIds: string[]; code: string }
	>()
	for (const [id, node] of Object.entries(nodes))
		info.set(id, {
			importers: [],
			dynamicImporters: [],
			importedIds: node.imports ?? [],
			code: 'x'.repeat(node.size ?? 100),
		})
	for (const [id, node] of Object.entries(nodes)) {
		for (const imported of node.imports ?? []) info.get(imported)!.importers.push(id)
		for (const imported of node.dynamic ?? []) info.get(imported)!.dynamicImporters.push(id)
	}
	const groupOf = chunkGroups()
	const meta = { getModuleInfo: (id: string) => info.get(id) ?? null }
	return (id: string) => groupOf(id, meta)
}

const R = '/p/app/routes/'
const C = '/p/app/components/'
const NM = '/p/node_modules/'

describe('routeArea', () => {
	test('a layout and its children form an area; the pages beside it do not', () => {
		expect(routeArea('root.tsx')).toBe('root')
		expect(routeArea('admin/_layout.tsx')).toBe('admin')
		expect(routeArea('admin/users/_layout.tsx')).toBe('admin')
		expect(routeArea('admin/index.tsx')).toBe('admin')
		expect(routeArea('admin_/login.tsx')).toBeNull()
		expect(routeArea('administrators.tsx')).toBeNull()
		expect(routeArea('dashboard/_layout.tsx')).toBe('member')
		expect(routeArea('dashboard/_home/index.tsx')).toBe('member')
		expect(routeArea('dashboard_/academy/certificates/$tab.tsx')).toBeNull()
		expect(routeArea('login.tsx')).toBeNull()
	})
})

describe('chunkGroups', () => {
	const group = graph({
		'/p/app/root.tsx': { imports: [`${C}footer.tsx`, `${NM}react/index.js`] },
		[`${C}footer.tsx`]: { imports: [`${C}icon.tsx`, `${NM}react/index.js`] },
		[`${C}icon.tsx`]: { imports: ['\0commonjsHelpers.js'] },
		[`${NM}react/index.js`]: { imports: ['\0commonjsHelpers.js'] },
		'\0commonjsHelpers.js': {},
		'/p/app/entry.client.tsx': { imports: [`${NM}react-router/dist/production/dom-export.mjs`] },
		[`${NM}react-router/dist/production/dom-export.mjs`]: {
			imports: [`${NM}react-dom/index.js`, `${NM}react-router/dist/production/chunk-X.mjs`],
		},
		[`${NM}react-router/dist/production/chunk-X.mjs`]: { imports: [`${NM}react/index.js`] },
		[`${NM}react-dom/index.js`]: { imports: [`${NM}react/index.js`, '\0commonjsHelpers.js'] },
		[`${R}admin/_layout.tsx`]: { imports: [`${C}admin-nav.tsx`] },
		[`${R}admin/users/_layout.tsx?__react-router-build-client-route`]: { imports: [`${R}admin/users/_layout.tsx`] },
		[`${R}admin/users/_layout.tsx`]: {
			imports: [
				`${C}admin-badges.tsx`,
				`${C}admin-form.tsx`,
				`${C}admin-big.tsx`,
				`${C}shared.tsx`,
				`${C}cycle-a.tsx`,
				`${R}admin/users/+users-table.tsx`,
			],
			dynamic: [`${C}admin-lazy.tsx`],
		},
		// A module beside its route (`+`) is no route: it groups like the components.
		[`${R}admin/users/+users-table.tsx`]: { imports: [`${C}admin-labels.ts`] },
		[`${C}admin-nav.tsx`]: { imports: [`${C}icon.tsx`, `${NM}react/index.js`] },
		[`${C}admin-badges.tsx`]: { imports: [`${C}admin-labels.ts`] },
		[`${C}admin-labels.ts`]: {},
		[`${C}admin-form.tsx`]: { imports: [`${NM}zod/index.js`] },
		[`${NM}zod/index.js`]: {},
		[`${C}admin-big.tsx`]: { size: 50_000 },
		[`${C}admin-lazy.tsx`]: {},
		[`${C}cycle-a.tsx`]: { imports: [`${C}cycle-b.tsx`] },
		[`${C}cycle-b.tsx`]: { imports: [`${C}cycle-a.tsx`] },
		[`${R}admin_/login.tsx`]: { imports: [`${C}shared.tsx`, `${NM}zod/index.js`] },
		[`${C}shared.tsx`]: {},
		[`${R}dashboard/_layout.tsx`]: { imports: [`${C}member-nav.tsx`] },
		[`${R}dashboard/referrals.tsx`]: { imports: [`${C}member-nav.tsx`] },
		[`${C}member-nav.tsx`]: {},
	})

	test('React, React Router and the helpers CommonJS modules need go together, so no other group imports back into it', () => {
		expect(group(`${NM}react/index.js`)).toBe('react')
		expect(group(`${NM}react-router/dist/production/chunk-X.mjs`)).toBe('react')
		expect(group('\0commonjsHelpers.js')).toBe('react')
	})

	test('React DOM and the part of React Router that imports it stay in the client entry', () => {
		expect(group(`${NM}react-dom/index.js`)).toBeUndefined()
		expect(group(`${NM}react-router/dist/production/dom-export.mjs`)).toBeUndefined()
	})

	test('whatever root imports is one chunk: every hydrated page loads it', () => {
		expect(group(`${C}footer.tsx`)).toBe('app-shell')
		// Also imported by a staff page: root loads it anyway.
		expect(group(`${C}icon.tsx`)).toBe('app-shell')
	})

	test("an area's small modules that import only grouped code join the area's chunk", () => {
		expect(group(`${C}admin-nav.tsx`)).toBe('admin-area')
		expect(group(`${C}admin-badges.tsx`)).toBe('admin-area')
		expect(group(`${C}admin-labels.ts`)).toBe('admin-area')
		expect(group(`${C}member-nav.tsx`)).toBe('member-area')
		expect(group(`${C}cycle-a.tsx`)).toBe('admin-area')
		expect(group(`${C}cycle-b.tsx`)).toBe('admin-area')
		expect(group(`${R}admin/users/+users-table.tsx`)).toBe('admin-area')
	})

	test('Rollup keeps the rest: modules shared with pages outside the area, importers of ungrouped code, large, dynamic, routes', () => {
		// The staff sign-in page is not in the staff area: it must not load the area's chunk.
		expect(group(`${C}shared.tsx`)).toBeUndefined()
		// zod is not grouped; grouping its importer would pull zod into the area's chunk.
		expect(group(`${C}admin-form.tsx`)).toBeUndefined()
		expect(group(`${NM}zod/index.js`)).toBeUndefined()
		expect(group(`${C}admin-big.tsx`)).toBeUndefined()
		expect(group(`${C}admin-lazy.tsx`)).toBeUndefined()
		expect(group(`${R}admin/users/_layout.tsx`)).toBeUndefined()
		expect(group('/p/app/root.tsx')).toBeUndefined()
	})
})
