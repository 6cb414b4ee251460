import { bearer } from '../admin-utils.ts'
import { expect, test } from '../fixtures.ts'
import { issuePlanCode, planCodeUses } from '../e2e/db.ts'
import { E2E_UNLOCK_CODE } from '../playwright-utils.ts'
import {
	FOLLOWED,
	figuresOf,
	IN_REVIEW,
	LEADER,
	makeRegistryTraders,
	RETIRED,
	WATCHED,
} from '../e2e/registry-traders.ts'

// /api/member/*: the dashboard's screens as JSON with a member's bearer
// token (docs/decisions/025-member-api.md). Every route: its 200 shape, 401
// without a token, 403 for a member who has not unlocked, and its bad inputs.

const GETS = [
	'/api/member/overview',
	'/api/member/traders',
	'/api/member/traders/e2e-leader',
	'/api/member/academy',
	'/api/member/plans',
	'/api/member/offers',
	'/api/member/referrals',
	'/api/member/referrals/leaderboard',
	'/api/member/contests',
]
const POSTS = [
	'/api/member/academy/lessons/basics-1/complete',
	'/api/member/plans/activate',
	'/api/member/offers/kwame-asante/claim',
]
const LOCKED = 'Unlock your dashboard first: enter the code from our Telegram channel (POST /api/auth/verify-code).'

test.describe('the member API guard', () => {
	test('every route: 401 without a token or with a bad one, 403 for a member who has not unlocked', async ({
		request,
		createMember,
	}) => {
		const locked = await createMember({ unlocked: false, plan: 'gold' })
		for (const url of GETS) {
			const none = await request.get(url)
			expect(none.status(), url).toBe(401)
			expect(none.headers()['www-authenticate']).toBe('Bearer')
			expect((await request.get(url, { headers: bearer('not-a-token') })).status(), url).toBe(401)
			const refused = await request.get(url, { headers: bearer(locked.token) })
			expect(refused.status(), url).toBe(403)
			expect(await refused.json()).toEqual({ success: false, message: LOCKED })
		}
		for (const url of POSTS) {
			expect((await request.post(url, { data: {} })).status(), url).toBe(401)
			const refused = await request.post(url, { headers: bearer(locked.token), data: { code: 'GOLD-X' } })
			expect(refused.status(), url).toBe(403)
			expect((await refused.json()).message).toBe(LOCKED)
		}
	})

	test('an admin token opens no member route', async ({ request, adminToken }) => {
		expect((await request.get('/api/member/overview', { headers: bearer(adminToken) })).status()).toBe(401)
	})
})

test.describe('the dashboard screens as JSON', () => {
	test('overview: tiles, plan, setup and academy progress, brokers, account', async ({
		request,
		createMember,
		completeLessons,
	}) => {
		makeRegistryTraders()
		const member = await createMember({ unlocked: true, name: 'Adaeze Nwosu' })
		await completeLessons(member, ['basics-1'])
		const res = await request.get('/api/member/overview', { headers: bearer(member.token) })
		expect(res.status()).toBe(200)
		expect(res.headers()['cache-control']).toBe('no-store')
		const { success, data } = await res.json()
		expect(success).toBe(true)
		expect(data.firstName).toBe('Adaeze')
		expect(data.plan).toEqual({ id: 'regular', name: 'Regular' })
		expect(data.tiles.map((t: { label: string }) => t.label)).toEqual([
			'Verified Traders',
			'Verified Win Rate',
			'Your Referral Points',
			'Academy Progress',
		])
		// From the registry (decision 056): at least the specs' listed and watch traders.
		expect(Number(data.tiles[0].value.replace(/,/g, ''))).toBeGreaterThanOrEqual(3)
		expect(data.tiles[1].value).toMatch(/^\d{1,3}%$/)
		expect(data.academy.completed).toBe(1)
		expect(data.tiles[3].value).toBe(`${data.academy.progressPercent}%`)
		expect(data.setupProgressPercent).toBe(25)
		expect(data.connectedBrokers).toEqual([])
		expect(data.partnerBrokers.length).toBeGreaterThan(0)
		// Active Promotions (decision 062): the seeded samples, published.
		expect(data.promotions.map((p: { code: string }) => p.code)).toEqual(
			expect.arrayContaining(['WELCOME100', 'SPLIT50', 'ZEROFEE']),
		)
		expect(data.account.referralCode).toBe(member.referralCode)
		expect(Date.parse(data.account.joinedAt)).not.toBeNaN()
	})

	test('traders: the registry’s listed and watch traders, every sort and order (nulls last), past traders, paging; bad queries 400', async ({
		request,
		memberToken,
	}) => {
		makeRegistryTraders()
		const headers = bearer(memberToken)
		const byDefault = await (await request.get('/api/member/traders', { headers })).json()
		expect(byDefault.data).toMatchObject({ sort: 'score', order: 'desc', status: 'current' })
		expect(byDefault.data.pagination).toMatchObject({ page: 1, limit: 20 })
		const leader = byDefault.data.traders[0]
		const f = figuresOf(LEADER)
		expect(leader).toMatchObject({
			id: LEADER.slug,
			slug: LEADER.slug,
			name: LEADER.name,
			status: 'listed',
			riskScore: f.riskScore,
			statementsUntil: f.lastDate,
			flags: f.flags,
			sample: false,
		})
		expect(leader.metrics.return12m).toBeCloseTo(f.metrics.return12m!, 9)
		expect(leader.metrics.winRate).toBe(1)
		expect(leader.return1w).toBeCloseTo(f.return1w!, 9)
		const column = { weeklyReturn: 'return1w', monthlyReturn: 'return1m' } as Record<string, string>
		const valueOf = (t: { metrics: Record<string, number | null> } & Record<string, unknown>, sort: string) => {
			const key = column[sort] ?? sort
			return (key in t.metrics ? t.metrics[key] : t[key]) as number | null
		}
		for (const sort of [
			'score',
			'weeklyReturn',
			'monthlyReturn',
			'winRate',
			'followers',
			'sharpe',
			'maxDrawdown',
		] as const) {
			for (const order of ['desc', 'asc'] as const) {
				const res = await request.get(`/api/member/traders?sort=${sort}&order=${order}&limit=100`, { headers })
				expect(res.status()).toBe(200)
				const { data } = await res.json()
				expect(data).toMatchObject({ sort, order })
				const values = data.traders.map((t: never) => valueOf(t, sort))
				const present = values.filter((v: number | null) => v !== null)
				// Nulls last, the rest in order.
				expect(values.slice(0, present.length)).toEqual(present)
				expect(present).toEqual([...present].sort((a: number, b: number) => (order === 'desc' ? b - a : a - b)))
			}
		}
		const followers = (await (await request.get('/api/member/traders?sort=followers', { headers })).json()).data
		expect(followers.traders.slice(0, 2).map((t: { slug: string }) => t.slug)).toEqual([FOLLOWED.slug, WATCHED.slug])
		expect(followers.traders[1]).toMatchObject({ status: 'watch', statusNote: WATCHED.note })
		const slugs = byDefault.data.traders.map((t: { slug: string }) => t.slug)
		expect(slugs).not.toContain(RETIRED.slug)
		expect(slugs).not.toContain(IN_REVIEW.slug)
		const past = (await (await request.get('/api/member/traders?status=past&limit=100', { headers })).json()).data
		expect(past.status).toBe('past')
		expect(past.traders.find((t: { slug: string }) => t.slug === RETIRED.slug)).toMatchObject({
			status: 'retired',
			statusNote: RETIRED.note,
		})
		expect(past.traders.every((t: { status: string }) => ['suspended', 'retired'].includes(t.status))).toBe(true)
		const one = (await (await request.get('/api/member/traders?limit=1&page=2', { headers })).json()).data
		expect(one.traders).toHaveLength(1)
		expect(one.pagination).toMatchObject({ page: 2, limit: 1, currentPage: 2 })
		for (const query of [
			'sort=name',
			'order=up',
			'status=retired',
			'page=0',
			'limit=101',
			'sort=winRate&sort=followers',
			'other=1',
		]) {
			const bad = await request.get(`/api/member/traders?${query}`, { headers })
			expect(bad.status(), query).toBe(400)
		}
		expect((await (await request.get('/api/member/traders?sort=name', { headers })).json()).errors[0].path).toBe('sort')
	})

	test('traders: filters narrow the current list (each bad one named, 400); a sort by short returns carries the warning', async ({
		request,
		memberToken,
	}) => {
		makeRegistryTraders()
		const headers = bearer(memberToken)
		type Listed = {
			slug: string
			riskScore: number | null
			flags: unknown[]
			markets: string[]
			statementsFrom: string
			statementsUntil: string
			metrics: { maxDrawdown: number | null }
		}
		const list = async (query: string) => {
			const res = await request.get(`/api/member/traders?limit=100&${query}`, { headers })
			expect(res.status(), query).toBe(200)
			return (await res.json()).data as {
				traders: Listed[]
				warning: string | null
				pagination: { totalCount: number }
			}
		}
		const all = await list('')
		expect(all.warning).toBeNull()
		const search = await list(`q=${encodeURIComponent('E2E Leader')}`)
		expect(search.traders.map((t) => t.slug)).toEqual([LEADER.slug])
		const risky = await list('riskMin=3&riskMax=6')
		expect(risky.traders.every((t) => t.riskScore !== null && t.riskScore >= 3 && t.riskScore <= 6)).toBe(true)
		expect(risky.pagination.totalCount).toBeLessThan(all.pagination.totalCount)
		const calm = await list('maxDrawdown=10')
		expect(calm.traders.length).toBeGreaterThan(0)
		expect(calm.traders.every((t) => t.metrics.maxDrawdown !== null && t.metrics.maxDrawdown <= 0.1)).toBe(true)
		const clean = await list('noFlags=1')
		expect(clean.traders.every((t) => t.flags.length === 0)).toBe(true)
		const gold = await list('markets=xauusd')
		expect(gold.traders.length).toBeGreaterThan(0)
		expect(gold.traders.every((t) => t.markets.includes('XAUUSD'))).toBe(true)
		const long = await list('minMonths=24')
		expect(long.traders.map((t) => t.slug)).toContain(LEADER.slug)
		expect(
			long.traders.every((t) => Date.parse(t.statementsUntil) - Date.parse(t.statementsFrom) >= 700 * 86_400_000),
		).toBe(true)
		expect((await list('broker=exness')).traders.map((t) => t.slug)).toContain(LEADER.slug)
		expect((await list('sort=weeklyReturn')).warning).toBe(
			'Returns over a week or a month mostly reflect luck, not skill: compare the 12-month record and the risk score too.',
		)
		expect((await list('sort=return12m')).warning).toBeNull()
		for (const [query, path, message] of [
			['riskMin=0', 'riskMin', 'Risk score is a whole number from 1 to 10'],
			['riskMin=8&riskMax=2', 'riskMin', 'The lowest risk score is above the highest'],
			['maxDrawdown=150', 'maxDrawdown', 'Maximum drawdown is a percentage from 1 to 100'],
			['minMonths=-1', 'minMonths', 'History is a whole number of months from 0 to 120'],
			['markets=ZZZUSD', 'markets', 'No listed trader trades ZZZUSD'],
			['broker=no-such-broker', 'broker', 'Unknown broker: no-such-broker'],
			['noFlags=maybe', 'noFlags', 'noFlags must be 1 or 0'],
			[`q=${'x'.repeat(81)}`, 'q', 'Search is at most 80 characters'],
		] as const) {
			const bad = await request.get(`/api/member/traders?${query}`, { headers })
			expect(bad.status(), query).toBe(400)
			expect((await bad.json()).errors, query).toEqual([{ path, message }])
		}
	})

	test("a trader's detail by slug (past traders too), 404 for an unknown one or one in review", async ({
		request,
		memberToken,
	}) => {
		makeRegistryTraders()
		const headers = bearer(memberToken)
		const res = await request.get(`/api/member/traders/${LEADER.slug}`, { headers })
		expect(res.status()).toBe(200)
		const { data } = await res.json()
		const f = figuresOf(LEADER)
		expect(data.trader).toMatchObject({ id: LEADER.slug, slug: LEADER.slug, name: LEADER.name, currency: 'USD' })
		expect(data.trader.monthlyReturns.map((m: { month: string }) => m.month)).toEqual(
			f.monthlyReturns.map((m) => m.month),
		)
		expect(data.trader.periods).toHaveLength(f.periods.length)
		expect(data.trader.periods[0].from > data.trader.periods[1].from).toBe(true)
		expect(data.trader.drawdownSeries).toHaveLength(LEADER.days)
		expect(data.trader.review.text).toMatch(/^Reviewed by TradeCircle staff on /)
		expect(data.trader.source).toMatchObject({ brokerName: 'Exness', until: f.lastDate })
		expect(data.broker.slug).toBe('exness')
		const retired = await (await request.get(`/api/member/traders/${RETIRED.slug}`, { headers })).json()
		expect(retired.data.trader).toMatchObject({ status: 'retired', statusNote: RETIRED.note })
		for (const slug of ['no-such-trader', IN_REVIEW.slug]) {
			const missing = await request.get(`/api/member/traders/${slug}`, { headers })
			expect(missing.status()).toBe(404)
			expect(await missing.json()).toEqual({ success: false, message: 'This trader does not exist' })
		}
	})

	test('academy: progress, then a lesson completed (twice: no change), an unknown lesson 404', async ({
		request,
		createMember,
	}) => {
		const member = await createMember({ unlocked: true })
		const headers = bearer(member.token)
		const before = (await (await request.get('/api/member/academy', { headers })).json()).data
		expect(before.stats.completed).toBe(0)
		expect(before.lessons.length).toBe(before.stats.total)
		expect(before.certificates.length).toBe(before.stats.certificateTotal)
		const done = await request.post('/api/member/academy/lessons/basics-1/complete', { headers })
		expect(done.status()).toBe(200)
		const body = await done.json()
		expect(body.message).toBe('Lesson completed')
		const lesson = body.data.lessons.find((l: { id: string }) => l.id === 'basics-1')
		expect(lesson.completed).toBe(true)
		const again = await (await request.post('/api/member/academy/lessons/basics-1/complete', { headers })).json()
		expect(again.data.stats.completed).toBe(1)
		expect(again.data.lessons.find((l: { id: string }) => l.id === 'basics-1').completedAt).toBe(lesson.completedAt)
		const unknown = await request.post('/api/member/academy/lessons/no-such-lesson/complete', { headers })
		expect(unknown.status()).toBe(404)
		expect((await unknown.json()).message).toBe('This lesson does not exist')
		const extra = await request.post('/api/member/academy/lessons/basics-2/complete', { headers, data: { x: 1 } })
		expect(extra.status()).toBe(400)
		const after = (await (await request.get('/api/member/academy', { headers })).json()).data
		expect(after.stats.completed).toBe(1)
	})

	test('plans and activation: a good code moves the plan; bad inputs change nothing', async ({
		request,
		createMember,
	}) => {
		const member = await createMember({ unlocked: true })
		const headers = bearer(member.token)
		const plans = (await (await request.get('/api/member/plans', { headers })).json()).data
		expect(plans.current).toBe('regular')
		expect(plans.plans.map((p: { id: string; state: string }) => [p.id, p.state])).toEqual([
			['regular', 'current'],
			['gold', 'available'],
			['titanium', 'available'],
			['platinum', 'available'],
		])
		const empty = await request.post('/api/member/plans/activate', { headers, data: {} })
		expect(empty.status()).toBe(400)
		expect((await empty.json()).errors).toEqual([{ path: 'code', message: 'Please enter your activation code' }])
		const wrong = await request.post('/api/member/plans/activate', { headers, data: { code: 'GOLD-NOPE' } })
		expect(wrong.status()).toBe(400)
		expect((await wrong.json()).message).toBe('Invalid activation code. Please check the code and try again.')
		const code = issuePlanCode('gold')
		expect(
			(await request.post('/api/member/plans/activate', { headers, data: { code: code.toLowerCase() } })).status(),
		).toBe(400)
		const good = await request.post('/api/member/plans/activate', { headers, data: { code } })
		expect(good.status()).toBe(200)
		expect(await good.json()).toEqual({
			success: true,
			message: 'Your plan is now Gold Room.',
			data: { plan: 'gold', previousPlan: 'regular', planName: 'Gold Room' },
		})
		expect(planCodeUses(code)).toBe(1)
		const reused = await request.post('/api/member/plans/activate', { headers, data: { code } })
		expect(reused.status()).toBe(409)
		expect((await reused.json()).message).toBe('This activation code has already been used')
		const after = (await (await request.get('/api/member/plans', { headers })).json()).data
		expect(after.current).toBe('gold')
		expect(after.plans[0].state).toBe('included')
		expect((await request.post('/api/member/plans/activate', { headers, data: { code, extra: true } })).status()).toBe(
			400,
		)
	})

	test('offers: locked on the regular plan; a gold member claims once, then 409; unknown offer 404', async ({
		request,
		createMember,
	}) => {
		const regular = bearer((await createMember({ unlocked: true })).token)
		const lockedList = await request.get('/api/member/offers', { headers: regular })
		expect(lockedList.status()).toBe(403)
		expect((await lockedList.json()).message).toBe('Upgrade to a premium plan to access this feature')
		expect((await request.post('/api/member/offers/kwame-asante/claim', { headers: regular })).status()).toBe(403)

		const headers = bearer((await createMember({ unlocked: true, plan: 'gold' })).token)
		const list = (await (await request.get('/api/member/offers', { headers })).json()).data.offers
		const before = list.find((o: { id: string }) => o.id === 'kwame-asante')
		expect(before).toMatchObject({ confirmed: false, claimStatus: null })
		const claimed = await request.post('/api/member/offers/kwame-asante/claim', { headers })
		expect(claimed.status()).toBe(201)
		const body = await claimed.json()
		expect(body.message).toBe(
			"Your interest in Kwame Asante's 0% offer is confirmed. Our team will contact you on Telegram.",
		)
		expect(body.data.offer).toMatchObject({ id: 'kwame-asante', confirmed: true, claimStatus: 'new' })
		expect(body.data.offer.spotsLeft).toBe(before.spotsLeft - 1)
		const twice = await request.post('/api/member/offers/kwame-asante/claim', { headers })
		expect(twice.status()).toBe(409)
		expect((await twice.json()).message).toBe('You have already confirmed your interest in this offer')
		expect((await request.post('/api/member/offers/no-such-offer/claim', { headers })).status()).toBe(404)
	})

	test('referrals: link, code, points, milestones and the statement paged; bad paging is a 400', async ({
		request,
		createMember,
	}) => {
		const referrer = await createMember({ unlocked: true })
		const headers = bearer(referrer.token)
		// Three referred members unlock through the API: three credits.
		for (let i = 0; i < 3; i++) {
			const friend = await createMember({ referrer })
			const unlocked = await request.post('/api/auth/verify-code', {
				headers: bearer(friend.token),
				data: { code: E2E_UNLOCK_CODE },
			})
			expect(unlocked.status()).toBe(200)
		}
		const first = await request.get('/api/member/referrals?limit=2', { headers })
		expect(first.status()).toBe(200)
		const { data } = await first.json()
		expect(data.referralCode).toBe(referrer.referralCode)
		expect(data.link).toContain(`/signup?ref=${encodeURIComponent(referrer.referralCode)}`)
		expect(data.points).toBe(3)
		expect(data.referrals).toBe(3)
		expect(data.progress.next.points).toBe(100)
		expect(data.milestones.length).toBeGreaterThan(0)
		expect(data.statement).toHaveLength(2)
		expect(data.pagination).toEqual({ page: 1, limit: 2, totalPages: 2, totalCount: 3, currentPage: 1 })
		const second = (await (await request.get('/api/member/referrals?limit=2&page=2', { headers })).json()).data
		expect(second.statement).toHaveLength(1)
		expect(second.statement[0].points).toBe(1)
		for (const query of ['page=0', 'limit=101', 'limit=x', 'page=1&page=2', 'tab=info']) {
			expect((await request.get(`/api/member/referrals?${query}`, { headers })).status(), query).toBe(400)
		}
	})

	test("leaderboard: top members without their ids, the member's own rank", async ({ request, createMember }) => {
		const member = await createMember({ unlocked: true })
		const res = await request.get('/api/member/referrals/leaderboard', { headers: bearer(member.token) })
		expect(res.status()).toBe(200)
		const { data } = await res.json()
		expect(data.myRank).toBeNull()
		for (const row of data.leaderboard) {
			expect(row).not.toHaveProperty('userId')
			expect(row.me).toBe(false)
		}
	})

	test('contests: the running referral contest (or null), the data contests and the recent winners', async ({
		request,
		memberToken,
	}) => {
		const res = await request.get('/api/member/contests', { headers: bearer(memberToken) })
		expect(res.status()).toBe(200)
		const { data } = await res.json()
		expect(Object.keys(data).sort()).toEqual(['completed', 'contest', 'dataContests', 'me', 'top'])
		expect(Array.isArray(data.dataContests)).toBe(true)
		if (data.contest) expect(data.contest.prizes.at(-1).place).toBe('4th to 10th')
	})

	test('methods a route does not take: 405', async ({ request, memberToken }) => {
		const headers = bearer(memberToken)
		expect((await request.post('/api/member/overview', { headers })).status()).toBe(405)
		expect((await request.get('/api/member/plans/activate', { headers })).status()).toBe(405)
	})
})
