import { bearer } from '../admin-utils.ts'
import { expect, test } from '../fixtures.ts'
import { IN_REVIEW, LEADER, makeRegistryTraders } from '../e2e/registry-traders.ts'

// /api/member/watchlist* (issue 40 part 2, decision 058): watch a listed
// trader (201, then 200 with nothing new), not an unknown (404) or unlisted
// one (409), the drawdown alert 1 to 90, mark as seen, stop watching.

test.beforeAll(() => makeRegistryTraders())

test('watch, set the alert, mark as seen, stop watching; bad input refused with nothing stored', async ({
	request,
	memberToken,
}) => {
	const headers = bearer(memberToken)
	const empty = await request.get('/api/member/watchlist', { headers })
	expect(empty.status()).toBe(200)
	expect((await empty.json()).data).toEqual({ watchlist: [] })

	const watched = await request.post('/api/member/watchlist', { headers, data: { slug: LEADER.slug } })
	expect(watched.status()).toBe(201)
	const body = await watched.json()
	expect(body.message).toBe(`You are watching ${LEADER.name}.`)
	expect(body.data.watchlist).toHaveLength(1)
	expect(body.data.watchlist[0]).toMatchObject({
		trader: { slug: LEADER.slug, name: LEADER.name, status: 'listed' },
		drawdownAlert: 20,
		changes: [],
	})
	const again = await request.post('/api/member/watchlist', { headers, data: { slug: LEADER.slug } })
	expect(again.status()).toBe(200)
	expect((await again.json()).message).toBe(`You are already watching ${LEADER.name}.`)

	for (const [data, status] of [
		[{ slug: 'no-such-trader' }, 404],
		[{ slug: IN_REVIEW.slug }, 409],
		[{ slug: LEADER.slug, drawdownAlert: 0 }, 400],
		[{ slug: LEADER.slug, drawdownAlert: 91 }, 400],
		[{}, 400],
		[{ slug: LEADER.slug, other: 1 }, 400],
	] as const) {
		const res = await request.post('/api/member/watchlist', { headers, data })
		expect(res.status(), JSON.stringify(data)).toBe(status)
	}
	const notListed = await request.post('/api/member/watchlist', { headers, data: { slug: IN_REVIEW.slug } })
	expect((await notListed.json()).message).toBe('Only listed traders can be watched; this trader is not listed now')

	const patched = await request.patch(`/api/member/watchlist/${LEADER.slug}`, { headers, data: { drawdownAlert: 35 } })
	expect(patched.status()).toBe(200)
	expect((await patched.json()).data.watchlist[0].drawdownAlert).toBe(35)
	const badAlert = await request.patch(`/api/member/watchlist/${LEADER.slug}`, { headers, data: { drawdownAlert: 95 } })
	expect(badAlert.status()).toBe(400)
	expect((await badAlert.json()).errors).toEqual([
		{ path: 'drawdownAlert', message: 'The drawdown alert is a whole percentage from 1 to 90' },
	])
	expect(
		(await request.patch('/api/member/watchlist/no-such-trader', { headers, data: { drawdownAlert: 30 } })).status(),
	).toBe(404)

	const seen = await request.post('/api/member/watchlist/seen', { headers })
	expect(seen.status()).toBe(200)
	expect((await seen.json()).message).toBe('Marked as seen: changes are counted from now.')

	const list = (await (await request.get('/api/member/watchlist', { headers })).json()).data.watchlist
	expect(
		list.map((w: { trader: { slug: string }; drawdownAlert: number }) => [w.trader.slug, w.drawdownAlert]),
	).toEqual([[LEADER.slug, 35]])
	const gone = await request.delete(`/api/member/watchlist/${LEADER.slug}`, { headers })
	expect(gone.status()).toBe(200)
	expect((await gone.json()).data.watchlist).toEqual([])
	expect((await request.delete(`/api/member/watchlist/${LEADER.slug}`, { headers })).status()).toBe(404)
})

test('no token: 401', async ({ request }) => {
	expect((await request.get('/api/member/watchlist')).status()).toBe(401)
	expect((await request.post('/api/member/watchlist', { data: { slug: LEADER.slug } })).status()).toBe(401)
})
