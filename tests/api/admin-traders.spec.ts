import { randomUUID } from 'node:crypto'
import { bearer, withE2eDatabase } from '../admin-utils.ts'
import { expect, test } from '../fixtures.ts'

// /api/admin/traders* (issue 39): the registry, the review with its
// checklist, and the statements (preview, apply, replace), as an API
// client uses them. Traders made here have slugs "at-…" and are removed
// after the suite.

const made: string[] = []
test.afterAll(() => {
	const slugs = made.splice(0)
	if (slugs.length === 0) return
	withE2eDatabase((db) =>
		db.prepare(`delete from traders where slug in (${slugs.map(() => '?').join(', ')})`).run(...slugs),
	)
})

function payload(overrides: Record<string, unknown> = {}) {
	const slug = `at-${randomUUID().slice(0, 8)}`
	made.push(slug)
	return {
		slug,
		name: `Trader ${slug}`,
		strategy: 'Trend following on gold, 1% risk per trade.',
		markets: ['XAUUSD', 'eurusd'],
		brokerSlug: 'xm',
		accountRef: 'XM-778812',
		country: 'Kenya',
		currency: 'usd',
		startDate: '2024-01-02',
		...overrides,
	}
}

/** `days` days of equity from `start`, 0.1% a day from 10,000 (the first day's deposit). */
function equityCsv(start: string, days: number) {
	const lines = ['date,equity,deposits,withdrawals']
	let equity = 10_000
	for (let i = 0; i < days; i++) {
		const date = new Date(Date.parse(`${start}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10)
		lines.push(`${date},${equity.toFixed(2)},${i === 0 ? '10000' : '0'},0`)
		equity *= 1.001
	}
	return `${lines.join('\n')}\n`
}

/** A raw text/csv body with the caller's bearer header. */
const csvBody = (headers: Record<string, string>, data: string) => ({
	headers: { ...headers, 'Content-Type': 'text/csv' },
	data,
})

const TRADES = [
	'ticket,opened_at,closed_at,symbol,side,volume,open_price,close_price,stop_loss,profit',
	'T1,2025-01-02T09:00:00Z,2025-01-02T15:00:00Z,XAUUSD,buy,1,2000,2010,1990,100',
	'T2,2025-01-03T09:00:00Z,2025-01-03T12:00:00Z,XAUUSD,sell,1,2010,2015,,-50',
].join('\n')

test('no token: 401; a member token: 403', async ({ request, createMember }) => {
	expect((await request.get('/api/admin/traders')).status()).toBe(401)
	expect((await request.post('/api/admin/traders', { data: payload() })).status()).toBe(401)
	const member = await createMember()
	expect((await request.get('/api/admin/traders', { headers: bearer(member.token) })).status()).toBe(403)
})

test('create, read, edit: every field checked, audited', async ({ request, createAdmin }) => {
	const headers = bearer((await createAdmin({ role: 'admin' })).token)
	const data = payload()
	const created = await request.post('/api/admin/traders', { headers, data })
	expect(created.status()).toBe(201)
	const body = await created.json()
	expect(body).toMatchObject({
		success: true,
		message: 'Trader added.',
		data: {
			trader: {
				slug: data.slug,
				status: 'applied',
				markets: ['XAUUSD', 'EURUSD'],
				currency: 'USD',
				brokerSlug: 'xm',
				riskScore: null,
				flags: [],
				statementsUntil: null,
				metrics: { return12m: null, trades: 0, winRate: null },
			},
		},
	})
	const id = body.data.trader.id as number
	const again = await request.post('/api/admin/traders', { headers, data: { ...payload(), slug: data.slug } })
	expect(again.status()).toBe(409)
	expect((await again.json()).errors).toEqual([
		{ path: 'slug', message: 'This slug is already used by another trader' },
	])

	const bad = await request.post('/api/admin/traders', {
		headers,
		data: { ...payload(), markets: [], currency: 'dollars', startDate: '2024-02-30', brokerSlug: 'nobody' },
	})
	expect(bad.status()).toBe(400)
	const paths = ((await bad.json()).errors as { path: string }[]).map((e) => e.path)
	expect(paths).toEqual(expect.arrayContaining(['markets', 'currency', 'startDate']))

	const read = await request.get(`/api/admin/traders/${id}`, { headers })
	expect(read.status()).toBe(200)
	expect((await read.json()).data).toMatchObject({ trader: { id }, reviews: [], statements: [] })
	expect((await request.get('/api/admin/traders/999999', { headers })).status()).toBe(404)
	expect((await request.get('/api/admin/traders/abc', { headers })).status()).toBe(404)

	const edited = await request.patch(`/api/admin/traders/${id}`, {
		headers,
		data: { name: 'Renamed', nextReviewDate: '2027-03-01' },
	})
	expect(edited.status()).toBe(200)
	expect((await edited.json()).data.trader).toMatchObject({ name: 'Renamed', nextReviewDate: '2027-03-01' })
	expect((await request.patch(`/api/admin/traders/${id}`, { headers, data: {} })).status()).toBe(400)
	const actions = withE2eDatabase((db) =>
		(
			db
				.prepare("select action from audit_log where target_type = 'trader' and target_id = ? order by id")
				.all(String(id)) as { action: string }[]
		).map((r) => r.action),
	)
	expect(actions).toEqual(['trader.create', 'trader.update'])
})

test('statements, checklist and review: from applied to listed, then retired by a super admin', async ({
	request,
	createAdmin,
	memberToken,
}) => {
	const member = bearer(memberToken)
	const headers = bearer((await createAdmin({ role: 'admin' })).token)
	const boss = bearer((await createAdmin({ role: 'super_admin' })).token)
	const id = (await (await request.post('/api/admin/traders', { headers, data: payload() })).json()).data.trader.id
	const url = `/api/admin/traders/${id}`

	// Trades before any equity: refused, nothing stored.
	const early = await request.post(`${url}/statements?kind=trades`, csvBody(headers, TRADES))
	expect(early.status()).toBe(422)
	// No kind: 400; not CSV: 415.
	expect((await request.post(`${url}/statements`, csvBody(headers, TRADES))).status()).toBe(400)
	expect((await request.post(`${url}/statements?kind=equity`, { headers, data: { a: 1 } })).status()).toBe(415)

	const equity = equityCsv('2025-01-01', 30)
	const preview = await request.post(`${url}/statements?kind=equity&dryRun=1`, csvBody(headers, equity))
	expect(preview.status()).toBe(200)
	expect((await preview.json()).data.preview).toMatchObject({
		kind: 'equity',
		rows: 30,
		from: '2025-01-01',
		to: '2025-01-30',
		errors: [],
		canApply: true,
		overlapRows: 0,
	})
	const applied = await request.post(`${url}/statements?kind=equity`, csvBody(headers, equity))
	expect(applied.status()).toBe(201)
	const appliedBody = (await applied.json()).data
	expect(appliedBody).toMatchObject({ rows: 30, errors: [], statement: { kind: 'equity', rowCount: 30 } })
	expect(appliedBody.metrics.returnSinceStart).toBeCloseTo(1.001 ** 29 - 1, 5)
	expect(appliedBody.trader.flags.map((f: { code: string }) => f.code)).toContain('short_history')

	const overlap = await request.post(`${url}/statements?kind=equity`, csvBody(headers, equity))
	expect(overlap.status()).toBe(409)
	expect((await request.post(`${url}/statements?kind=equity&replace=1`, csvBody(headers, equity))).status()).toBe(201)

	const bad = await request.post(
		`${url}/statements?kind=trades`,
		csvBody(headers, `${TRADES}\nT3,2025-01-05T09:00:00Z,2025-01-04T09:00:00Z,XAUUSD,hold,1,1,1,,1`),
	)
	expect(bad.status()).toBe(422)
	const badErrors = (await bad.json()).errors as { path: string; message: string }[]
	expect(badErrors.every((e) => e.path === 'line 4')).toBe(true)
	const trades = await request.post(`${url}/statements?kind=trades`, csvBody(headers, TRADES))
	expect(trades.status()).toBe(201)
	expect((await trades.json()).data.metrics).toMatchObject({ trades: 2, winRate: 0.5, profitFactor: 2 })

	// Straight to listed: refused.
	const straight = await request.post(`${url}/review`, { headers, data: { to: 'listed', note: 'Looks fine' } })
	expect(straight.status()).toBe(409)
	expect((await request.post(`${url}/review`, { headers, data: { to: 'in_review' } })).status()).toBe(400)
	expect(
		(await request.post(`${url}/review`, { headers, data: { to: 'in_review', note: 'Documents received' } })).status(),
	).toBe(200)
	// Not listed yet: members do not see the trader.
	const slug = (await (await request.get(url, { headers })).json()).data.trader.slug as string
	expect((await request.get(`/api/member/traders/${slug}`, { headers: member })).status()).toBe(404)

	const notReady = await request.post(`${url}/review`, { headers, data: { to: 'listed', note: 'Go' } })
	expect(notReady.status()).toBe(409)
	expect((await notReady.json()).message).toContain('Identity checked')

	expect((await request.patch(`${url}/checklist`, { headers, data: {} })).status()).toBe(400)
	expect((await request.patch(`${url}/checklist`, { headers, data: { identityChecked: 'yes' } })).status()).toBe(400)
	const checklist = await request.patch(`${url}/checklist`, {
		headers,
		data: {
			identityChecked: true,
			brokerAccountVerified: true,
			statementSourceVerified: true,
			strategyMatchesTrades: true,
			riskAcceptable: true,
		},
	})
	expect(checklist.status()).toBe(200)
	expect((await checklist.json()).data.trader.checklist.riskAcceptable).toMatchObject({ done: true })

	const listed = await request.post(`${url}/review`, { headers, data: { to: 'listed', note: 'All checks passed' } })
	expect(listed.status()).toBe(200)
	const listedTrader = (await listed.json()).data.trader
	expect(listedTrader).toMatchObject({ status: 'listed', statusNote: 'All checks passed' })

	// Members see the computed figures, the flags and the review summary.
	const seen = await request.get(`/api/member/traders/${slug}`, { headers: member })
	expect(seen.status()).toBe(200)
	const seenTrader = (await seen.json()).data.trader
	expect(seenTrader).toMatchObject({ slug, status: 'listed', riskScore: listedTrader.riskScore })
	expect(seenTrader.metrics).toEqual(listedTrader.metrics)
	expect(seenTrader.flags.map((f: { code: string }) => f.code)).toContain('short_history')
	expect(seenTrader.review.text).toMatch(/^Reviewed by TradeCircle staff on /)

	const list = await request.get('/api/admin/traders?status=listed&flag=short_history&limit=100', { headers })
	expect(list.status()).toBe(200)
	expect(((await list.json()).data.traders as { id: number }[]).map((t) => t.id)).toContain(id)
	expect((await request.get('/api/admin/traders?status=famous', { headers })).status()).toBe(400)

	expect((await request.post(`${url}/review`, { headers, data: { to: 'retired', note: 'Stopped' } })).status()).toBe(
		403,
	)
	expect(
		(await request.post(`${url}/review`, { headers: boss, data: { to: 'retired', note: 'Stopped' } })).status(),
	).toBe(200)
	const back = await request.post(`${url}/review`, { headers: boss, data: { to: 'listed', note: 'Back' } })
	expect(back.status()).toBe(409)
	// Retired: among the members' past traders, with the reason.
	const past = await request.get('/api/member/traders?status=past&limit=100', { headers: member })
	expect(past.status()).toBe(200)
	const pastTrader = ((await past.json()).data.traders as { slug: string; statusNote: string }[]).find(
		(t) => t.slug === slug,
	)
	expect(pastTrader).toMatchObject({ status: 'retired', statusNote: 'Stopped' })

	const detail = (await (await request.get(url, { headers })).json()).data
	expect(detail.reviews.map((r: { to: string }) => r.to)).toEqual(['retired', 'listed', 'in_review'])
	expect(detail.statements.map((s: { kind: string }) => s.kind)).toEqual(['trades', 'equity', 'equity'])
	const actions = withE2eDatabase((db) =>
		(
			db
				.prepare("select distinct action from audit_log where target_type = 'trader' and target_id = ?")
				.all(String(id)) as { action: string }[]
		).map((r) => r.action),
	)
	expect(actions).toEqual(
		expect.arrayContaining([
			'trader.create',
			'trader.statement.apply',
			'trader.statement.replace',
			'trader.checklist',
			'trader.review',
		]),
	)
})
