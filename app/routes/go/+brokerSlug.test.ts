import { describe, expect, test } from 'vitest'
import { insertAdmin, insertMember } from '#tests/factories.ts'
import { memberAuth } from '#app/auth/member.server.ts'
import { SEED_BROKERS } from '#app/content/dashboard.ts'
import { ensureSeedBrokers, setBrokerActive } from '#app/features/brokers/brokers.server.ts'
import { RATE_LIMITS } from '#app/utils/rate-limit.server.ts'
import { action, loader } from './$brokerSlug.tsx'
import { routeArgs } from '#tests/route-args.ts'

// /go/:brokerSlug as React Router calls it (tests/e2e/broker-links.spec.ts
// covers it in the browser).

type Args = Parameters<typeof loader>[0]

async function memberCookie() {
	const member = insertMember({ isVerified: true })
	const cookie = (await memberAuth.cookie.serialize(memberAuth.sessions.create(member.id, 'web').token)).split(';')[0]!
	return { member, cookie }
}

function call(slug: string, cookie?: string, method = 'GET') {
	const request = new Request(`http://localhost:3000/go/${slug}`, {
		method,
		headers: cookie ? { Cookie: cookie } : {},
	})
	const args = routeArgs({ request, params: { brokerSlug: slug }, context: {} }) as unknown as Args
	return (method === 'GET' ? loader(args) : action(args)).then(
		(response) => response as Response,
		(thrown: unknown) => thrown as Response | { init: { status: number } },
	)
}

function statusOf(answer: Response | { init: { status: number } }) {
	return answer instanceof Response ? answer.status : answer.init.status
}

describe('/go/:brokerSlug', () => {
	test('a member is sent to the affiliate link with their tracking id (GET and POST)', async () => {
		ensureSeedBrokers(SEED_BROKERS)
		const { cookie } = await memberCookie()
		const get = (await call('xm', cookie)) as Response
		expect(get.status).toBe(303)
		const location = get.headers.get('Location')!
		expect(location).toMatch(/^https:\/\/www\.xm\.com\/\?partner=copytrade&sub=[A-Za-z0-9_-]{22}$/)
		const post = (await call('xm', cookie, 'POST')) as Response
		expect(post.status).toBe(303)
		expect(post.headers.get('Location')).toBe(location)
	})

	test('unknown, malformed or inactive: 404 before any sign-in redirect; a visitor goes to sign in', async () => {
		ensureSeedBrokers(SEED_BROKERS)
		const admin = insertAdmin({ role: 'super_admin' })
		setBrokerActive({ id: admin.id, email: admin.email }, 'hfm', false)
		for (const slug of ['nope', 'XM', 'hfm', '..%2F']) expect(statusOf(await call(slug)), slug).toBe(404)
		const { cookie } = await memberCookie()
		expect(statusOf(await call('hfm', cookie))).toBe(404)
		const visitor = (await call('xm')) as Response
		expect(visitor.status).toBe(302)
		expect(visitor.headers.get('Location')).toBe('/login?redirectTo=%2Fgo%2Fxm')
	})

	test('clicks are rate limited per member', async () => {
		ensureSeedBrokers(SEED_BROKERS)
		const { cookie } = await memberCookie()
		const limit = RATE_LIMITS['broker-click:account'].limit
		for (let i = 0; i < limit; i++) expect(statusOf(await call('exness', cookie))).toBe(303)
		expect(statusOf(await call('exness', cookie))).toBe(429)
		const other = await memberCookie()
		expect(statusOf(await call('exness', other.cookie))).toBe(303)
	})
})
