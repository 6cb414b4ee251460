import { expect, test } from '../fixtures.ts'
import { E2E_BASE_URL } from '../setup/e2e-config.ts'

// What the built server answers from its route tree: the route list a page
// ships (its own routes and those of each parent path, `/` included, so the
// browser can go there without asking for the manifest), the 404 page, and
// the API whatever the case or encoding of its path. (Written for the route
// partitions that decision 045 removed; kept as checks of the whole tree.)

/** The route ids of the manifest a page ships (`window.__reactRouterManifest`). */
function shippedRoutes(html: string) {
	const start = html.indexOf('window.__reactRouterManifest = ')
	expect(start, 'the page ships a route manifest').toBeGreaterThan(-1)
	const json = html.slice(html.indexOf('{', start), html.indexOf('\n};', start) + 2)
	return Object.keys((JSON.parse(json) as { routes: Record<string, unknown> }).routes).sort()
}

test('a member page ships its routes and those of its parent paths', async ({
	playwright,
	createMember,
	sessionCookie,
}) => {
	const member = await createMember({ unlocked: true })
	const context = await playwright.request.newContext({
		baseURL: E2E_BASE_URL,
		storageState: { cookies: [await sessionCookie(member)], origins: [] },
	})
	const expected = [
		'root',
		'routes/dashboard/_home/_layout',
		'routes/dashboard/_home/index',
		'routes/dashboard/_layout',
		'routes/dashboard/referrals',
		'routes/index',
	]
	for (const path of ['/dashboard/referrals', '/Dashboard/Referrals', '/%64ashboard/referrals']) {
		const answer = await context.get(path)
		expect(answer.status(), path).toBe(200)
		const html = await answer.text()
		expect(html, path).toContain('Referral')
		expect(shippedRoutes(html), path).toEqual(expected)
	}
	await context.dispose()
})

test('an unknown path under a known first segment, and under an unknown one, gets the 404 page', async ({
	request,
}) => {
	for (const path of ['/dashboard/no/such/page', '/no-such-section/page']) {
		const answer = await request.get(path, { maxRedirects: 0 })
		expect(answer.status(), path).toBe(404)
		const html = await answer.text()
		expect(shippedRoutes(html), path).toContain('routes/$')
	}
})

test('the API answers the same whatever the case or percent-encoding of its path', async ({ request }) => {
	for (const path of ['/api/auth/me', '/API/Auth/me', '/api/%61uth/me']) {
		const answer = await request.get(path)
		expect(answer.status(), path).toBe(401)
		expect(await answer.json(), path).toEqual({ success: false, message: 'Not authenticated' })
	}
	for (const path of ['/api/no-such-part/x', '/api/auth/no-such-route']) {
		const answer = await request.get(path)
		expect(answer.status(), path).toBe(404)
		expect((await answer.json()).success, path).toBe(false)
	}
})
