import { expect, test } from '../fixtures.ts'
import { E2E_BASE_URL } from '../setup/e2e-config.ts'

// Which script files a hydrated page asks for before its first paint (its
// module preloads). The client build groups shared modules
// (other/chunk-groups.ts): React and React Router in one file, whatever
// root imports in another, and each signed-in area's small shared modules
// in one file per area, which no page outside the area loads.

const preloads = (html: string) =>
	[...html.slice(0, html.indexOf('</head>')).matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map(
		(m) => m[1]!,
	)
const named = (files: string[], name: string) =>
	files.filter((file) => new RegExp(`^/assets/${name}-[\\w-]+\\.js$`).test(file))

for (const path of ['/login', '/signup', '/forgot-password', '/admin/login']) {
	test(`${path}: React and the app shell in one file each, neither area's chunk`, async ({ request }) => {
		const files = preloads(await (await request.get(path)).text())
		expect(named(files, 'react'), path).toHaveLength(1)
		expect(named(files, 'app-shell'), path).toHaveLength(1)
		expect(named(files, 'admin-area'), path).toEqual([])
		expect(named(files, 'member-area'), path).toEqual([])
	})
}

// Before the grouping /dashboard preloaded 24 files and /admin/users 30.
const signedIn = [
	{ path: '/dashboard', account: 'member', area: 'member-area', other: 'admin-area', atMost: 18 },
	{ path: '/admin/users', account: 'admin', area: 'admin-area', other: 'member-area', atMost: 22 },
] as const
for (const page of signedIn) {
	test(`${page.path}: its area's shared modules in one file, at most ${page.atMost} files in all`, async ({
		playwright,
		createMember,
		createAdmin,
		sessionCookie,
	}) => {
		const account =
			page.account === 'member' ? await createMember({ unlocked: true }) : await createAdmin({ role: 'admin' })
		const context = await playwright.request.newContext({
			baseURL: E2E_BASE_URL,
			storageState: { cookies: [await sessionCookie(account)], origins: [] },
		})
		const answer = await context.get(page.path)
		expect(answer.status()).toBe(200)
		const files = preloads(await answer.text())
		expect(named(files, 'react')).toHaveLength(1)
		expect(named(files, 'app-shell')).toHaveLength(1)
		expect(named(files, page.area)).toHaveLength(1)
		expect(named(files, page.other)).toEqual([])
		expect(files.length).toBeLessThanOrEqual(page.atMost)
		await context.dispose()
	})
}
