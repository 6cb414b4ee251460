import { bearer } from '../admin-utils.ts'
import { expect, test } from '../fixtures.ts'
import { FOLLOWED, IN_REVIEW, LEADER, makeRegistryTraders, RETIRED, WATCHED } from '../e2e/registry-traders.ts'

// GET /api/member/compare (issue 40 part 3, decision 059): 2 to 4 traders
// members see now, in the order asked, with the complete months they all
// have; every bad selection a 400 naming the problem; no token a 401.

test.beforeAll(() => makeRegistryTraders())

type Comparison = {
	traders: Array<{ slug: string; name: string; status: string; metrics: Record<string, unknown>; flags: unknown[] }>
	months: string[]
	monthlyReturns: Array<{ month: string; returns: number[] }>
	index: { base: number; points: Array<{ date: string; values: number[] }> }
}

test('two or three traders side by side, in the order asked, over the same complete months', async ({
	request,
	memberToken,
}) => {
	const headers = bearer(memberToken)
	const res = await request.get(`/api/member/compare?ids=${FOLLOWED.slug},${LEADER.slug}`, { headers })
	expect(res.status()).toBe(200)
	const body = await res.json()
	expect(body.success).toBe(true)
	const data = body.data as Comparison
	expect(Object.keys(data).sort()).toEqual(['index', 'monthlyReturns', 'months', 'traders'])
	expect(data.traders.map((t) => t.slug)).toEqual([FOLLOWED.slug, LEADER.slug])
	expect(data.traders[1]).toMatchObject({ name: LEADER.name, status: 'listed' })
	expect(Object.keys(data.traders[0]!.metrics)).toContain('maxDrawdown')
	// The followed trader has 400 days of statements, the leader 800: the followed one's complete months.
	expect(data.months.length).toBeGreaterThanOrEqual(11)
	expect(data.months.length).toBeLessThanOrEqual(13)
	expect(data.monthlyReturns.map((r) => r.month)).toEqual(data.months)
	expect(data.monthlyReturns.every((r) => r.returns.length === 2)).toBe(true)
	expect(data.index.base).toBe(100)
	expect(data.index.points).toHaveLength(data.months.length + 1)
	expect(data.index.points[0]).toEqual({ date: `${data.months[0]}-01`, values: [100, 100] })

	// Repeated `ids`, with a trader on watch: the order asked again.
	const three = await request.get(`/api/member/compare?ids=${WATCHED.slug}&ids=${LEADER.slug}&ids=${FOLLOWED.slug}`, {
		headers,
	})
	expect(three.status()).toBe(200)
	const data3 = (await three.json()).data as Comparison
	expect(data3.traders.map((t) => [t.slug, t.status])).toEqual([
		[WATCHED.slug, 'watch'],
		[LEADER.slug, 'listed'],
		[FOLLOWED.slug, 'listed'],
	])
	expect(data3.monthlyReturns.every((r) => r.returns.length === 3)).toBe(true)
})

test('bad selections: 400 with the problem named', async ({ request, memberToken }) => {
	const headers = bearer(memberToken)
	const cases: Array<[string, string]> = [
		[
			`ids=${LEADER.slug},${FOLLOWED.slug},${WATCHED.slug},a-fourth,a-fifth`,
			'You can compare at most 4 traders at once; you chose 5. Leave some out',
		],
		[`ids=${LEADER.slug}&ids=${LEADER.slug}`, `“${LEADER.slug}” is chosen more than once; choose each trader once`],
		[`ids=${LEADER.slug},no-such-trader`, 'No trader has the slug “no-such-trader”'],
		[`ids=${IN_REVIEW.slug},${LEADER.slug}`, `No trader has the slug “${IN_REVIEW.slug}”`],
		[
			`ids=${LEADER.slug},${RETIRED.slug}`,
			`${RETIRED.name} is retired: only listed traders and traders on watch can be compared`,
		],
		[`ids=${LEADER.slug}`, 'Choose at least 2 traders to compare'],
		['', 'Choose at least 2 traders to compare'],
	]
	for (const [query, message] of cases) {
		const res = await request.get(`/api/member/compare?${query}`, { headers })
		expect(res.status(), query).toBe(400)
		const body = await res.json()
		expect(body, query).toEqual({ success: false, message, errors: [{ path: 'ids', message }] })
	}
	const unknownParam = await request.get(`/api/member/compare?ids=${LEADER.slug},${FOLLOWED.slug}&sort=name`, {
		headers,
	})
	expect(unknownParam.status()).toBe(400)
})

test('no token: 401', async ({ request }) => {
	expect((await request.get(`/api/member/compare?ids=${LEADER.slug},${FOLLOWED.slug}`)).status()).toBe(401)
})
