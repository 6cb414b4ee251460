import type { APIRequestContext } from '@playwright/test'
import { bearer } from '../admin-utils.ts'
import { createE2eBroker, linkTrackingId, removeE2eBroker, type E2eBroker } from '../broker-report-e2e-utils.ts'
import {
	createOutcomesTrader,
	outcomesReport,
	removeOutcomesTrader,
	type OutcomesTrader,
} from '../copier-outcomes-e2e-utils.ts'
import { IN_REVIEW, makeRegistryTraders } from '../e2e/registry-traders.ts'
import { expect, test } from '../fixtures.ts'

// GET /api/member/traders/:id/outcomes (issue 40 part 4, decision 061):
// staff apply reports with the trader and net_result columns through the
// staff API; the member's answer shows the cohort of 5 and hides the
// cohort of 1; a report naming an unknown trader or a net_result that is
// not a number is refused with its lines, nothing applied.

let broker: E2eBroker
let trader: OutcomesTrader
let staff: string

test.beforeAll(() => makeRegistryTraders())
test.beforeEach(async ({ createAdmin }) => {
	broker = createE2eBroker()
	trader = createOutcomesTrader()
	staff = (await createAdmin({ role: 'admin' })).token
})
test.afterEach(() => {
	removeOutcomesTrader(trader)
	removeE2eBroker(broker)
})

function upload(request: APIRequestContext, month: string, csv: string) {
	return request.post(`/api/admin/brokers/${broker.slug}/reports`, {
		headers: bearer(staff),
		multipart: { month, file: { name: `${month}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) } },
	})
}

test('reports with the new columns: the cohort of 5 is shown with its figures, the cohort of 1 hidden', async ({
	request,
	createMember,
	memberToken,
}) => {
	const headers = bearer(memberToken)
	const outcomesUrl = `/api/member/traders/${trader.slug}/outcomes`
	const before = await request.get(outcomesUrl, { headers })
	expect(before.status()).toBe(200)
	expect((await before.json()).data).toMatchObject({ members: 0, cohorts: [], hiddenCohorts: 0, hiddenText: null })

	const ids: string[] = []
	for (let i = 0; i < 6; i++) ids.push(linkTrackingId(broker.id, (await createMember({ unlocked: true })).id))
	// March 2001: five start (+10%, +5%, -2%, -8%, +20% of $1,000).
	const march = ['100', '50', '-20', '-80', '200']
	const first = await upload(
		request,
		'2001-03',
		outcomesReport(
			'2001-03',
			march.map((netResult, i) => ({ trackingId: ids[i]!, trader: trader.slug, netResult })),
		),
	)
	expect(first.status()).toBe(201)
	// April 2001: the sixth starts alone (a cohort of 1); the five go on with no new deposits.
	const april = await upload(
		request,
		'2001-04',
		outcomesReport('2001-04', [
			...ids.slice(0, 5).map((trackingId) => ({ trackingId, trader: trader.slug, netResult: '0', deposits: '0' })),
			{ trackingId: ids[5]!, trader: trader.slug, netResult: '-5' },
		]),
	)
	expect(april.status()).toBe(201)

	const res = await request.get(outcomesUrl, { headers })
	expect(res.status()).toBe(200)
	const body = await res.json()
	expect(body.data).toEqual({
		slug: trader.slug,
		members: 6,
		firstMonth: '2001-03',
		lastMonth: '2001-04',
		computedAt: expect.any(String),
		minCohortMembers: 5,
		cohorts: [{ month: '2001-03', members: 5, measured: 5, medianReturn: 0.05, inProfit: 3, profitShare: 0.6 }],
		hiddenCohorts: 1,
		hiddenText: '1 cohort with fewer than 5 members is not shown, to protect its members’ privacy.',
	})

	// Bad rows: an unknown trader slug, a trader members cannot see, a net_result that is not a number.
	const bad = await upload(
		request,
		'2001-05',
		outcomesReport('2001-05', [
			{ trackingId: ids[0]!, trader: 'no-such-trader', netResult: '1' },
			{ trackingId: ids[1]!, trader: IN_REVIEW.slug, netResult: '1' },
			{ trackingId: ids[2]!, trader: trader.slug, netResult: 'ten' },
			{ trackingId: ids[3]!, trader: trader.slug, netResult: '' },
		]),
	)
	expect(bad.status()).toBe(422)
	const badBody = await bad.json()
	expect(badBody.message).toBe('The report has 4 bad rows; nothing was applied. Fix the file and upload it again.')
	expect(badBody.errors).toEqual([
		{
			path: 'line 2',
			message:
				'trader "no-such-trader" is not the slug of a trader members can see (listed, watch, suspended or retired).',
		},
		{
			path: 'line 3',
			message: `trader "${IN_REVIEW.slug}" is not the slug of a trader members can see (listed, watch, suspended or retired).`,
		},
		{
			path: 'line 4',
			message:
				'net_result "ten" is not a number in US dollars (digits with up to 2 decimals and an optional minus, like 125.50 or -40.25).',
		},
		{ path: 'line 5', message: "net_result is missing; a row naming a trader needs the member's net result." },
	])
	expect((await (await request.get(outcomesUrl, { headers })).json()).data).toEqual(body.data)

	expect((await request.get('/api/member/traders/no-such-trader/outcomes', { headers })).status()).toBe(404)
	expect((await request.get(`/api/member/traders/${IN_REVIEW.slug}/outcomes`, { headers })).status()).toBe(404)
	expect((await request.get(outcomesUrl)).status()).toBe(401)
})
