import { randomBytes } from 'node:crypto'
import type { APIRequestContext } from '@playwright/test'
import { bearer, withE2eDatabase } from '../admin-utils.ts'
import {
	brokerRows,
	createE2eBroker,
	linkTrackingId,
	memberTotals,
	removeE2eBroker,
	reportCsv,
	type E2eBroker,
} from '../broker-report-e2e-utils.ts'
import { expect, test } from '../fixtures.ts'

// POST/GET /api/admin/brokers/:slug/reports: dry run, apply (201), the
// same file or month again (409, then ?replace=1), bad rows (422), over
// 5 MiB (413), not CSV (415), over 50,000 rows (422), a raw text/csv body.
// Each test has its own broker (removed after it) and an old month.

const MONTH = '2001-03'
let broker: E2eBroker
let token: string

test.beforeEach(async ({ createAdmin }) => {
	broker = createE2eBroker()
	token = (await createAdmin({ role: 'admin' })).token
})
test.afterEach(() => removeE2eBroker(broker))

function url(query = '') {
	return `/api/admin/brokers/${broker.slug}/reports${query}`
}

function upload(request: APIRequestContext, csv: string, query = '', name = 'report.csv', mimeType = 'text/csv') {
	return request.post(url(query), {
		headers: bearer(token),
		multipart: { month: MONTH, file: { name, mimeType, buffer: Buffer.from(csv) } },
	})
}

test('no token: 401; a member: 403; unknown broker: 404', async ({ request, createMember }) => {
	expect((await request.get(url())).status()).toBe(401)
	const member = await createMember({ unlocked: true })
	expect((await request.get(url(), { headers: bearer(member.token) })).status()).toBe(403)
	const res = await request.get('/api/admin/brokers/no-such-broker/reports', { headers: bearer(token) })
	expect(res.status()).toBe(404)
})

test('dry run, apply, refuse the same file, replace: totals, revenue and the list follow', async ({
	request,
	createMember,
}) => {
	const a = await createMember({ unlocked: true })
	const b = await createMember({ unlocked: true })
	const ta = linkTrackingId(broker.id, a.id)
	const tb = linkTrackingId(broker.id, b.id)
	const csv = reportCsv([
		{ trackingId: ta, deposits: '1500.25', withdrawals: '100', volume: '20000', commission: '30', month: MONTH },
		{ trackingId: tb, deposits: '500', commission: '10.5', month: MONTH },
	])

	const dry = await upload(request, csv, '?dryRun=1')
	expect(dry.status()).toBe(200)
	expect((await dry.json()).data.preview).toMatchObject({
		rowCount: 2,
		totals: { rows: 2, members: 2, deposits: 2000.25, withdrawals: 100, volume: 20000, commission: 40.5 },
		errorCount: 0,
		canApply: true,
		applied: null,
	})
	expect(brokerRows(broker)).toEqual({ reports: [], revenue: [], uploads: 0 })
	expect(memberTotals(a.id)).toEqual({ deposit: 0, withdraw: 0 })

	const applied = await upload(request, csv)
	expect(applied.status()).toBe(201)
	const body = await applied.json()
	expect(body.message).toBe('Report for March 2001 applied: 2 rows.')
	expect(body.data.report).toMatchObject({ month: MONTH, rowCount: 2, commission: 40.5, state: 'applied' })
	expect(memberTotals(a.id)).toEqual({ deposit: 1500.25, withdraw: 100 })
	expect(memberTotals(b.id)).toEqual({ deposit: 500, withdraw: 0 })
	expect(brokerRows(broker).revenue).toEqual([{ cents: 4050, voidedAt: null }])

	const again = await upload(request, csv)
	expect(again.status()).toBe(409)
	expect((await again.json()).message).toContain('This file was already applied')
	expect(memberTotals(a.id)).toEqual({ deposit: 1500.25, withdraw: 100 })

	const corrected = reportCsv([{ trackingId: ta, deposits: '1000', commission: '20', month: MONTH }])
	expect((await upload(request, corrected)).status()).toBe(409)
	const replaced = await upload(request, corrected, '?replace=1')
	expect(replaced.status()).toBe(201)
	const replacedBody = await replaced.json()
	expect(replacedBody.data.replaced).toEqual([
		expect.objectContaining({ id: body.data.report.id, state: 'replaced', replacedById: replacedBody.data.report.id }),
	])
	expect(memberTotals(a.id)).toEqual({ deposit: 1000, withdraw: 0 })
	expect(memberTotals(b.id)).toEqual({ deposit: 0, withdraw: 0 })
	const rows = brokerRows(broker)
	expect(rows.revenue.map((r) => [r.cents, r.voidedAt !== null])).toEqual([
		[4050, true],
		[2000, false],
	])

	const list = await request.get(url(), { headers: bearer(token) })
	expect(list.status()).toBe(200)
	expect((await list.json()).data.reports.map((r: { state: string }) => r.state)).toEqual(['applied', 'replaced'])
})

test('bad rows: 422 with each line and reason, nothing stored; dry run lists them with 200', async ({
	request,
	createMember,
}) => {
	const a = await createMember({ unlocked: true })
	const ta = linkTrackingId(broker.id, a.id)
	const other = createE2eBroker()
	try {
		const stranger = linkTrackingId(other.id, (await createMember()).id)
		const csv = reportCsv([
			{ trackingId: ta, deposits: '10', month: MONTH },
			{ trackingId: 'tc_nobody', month: MONTH },
			{ trackingId: stranger, month: MONTH },
			{ trackingId: ta, month: MONTH },
			{ trackingId: 'x1', deposits: '1 000', month: MONTH },
			{ trackingId: 'x2', deposits: '-5', month: MONTH },
			{ trackingId: 'x3', deposits: '=1+1', month: MONTH },
			{ trackingId: 'x4', month: '2001-02' },
		])
		const res = await upload(request, csv)
		expect(res.status()).toBe(422)
		const body = await res.json()
		expect(body.message).toBe('The report has 7 bad rows; nothing was applied. Fix the file and upload it again.')
		expect(body.errors.map((e: { path: string }) => e.path)).toEqual([
			'line 3',
			'line 4',
			'line 5',
			'line 6',
			'line 7',
			'line 8',
			'line 9',
		])
		expect(body.errors[1].message).toContain('belongs to another broker')
		expect(body.errors[5].message).toContain('looks like a spreadsheet formula')
		expect(brokerRows(broker)).toEqual({ reports: [], revenue: [], uploads: 0 })
		expect(memberTotals(a.id)).toEqual({ deposit: 0, withdraw: 0 })
		const dry = await upload(request, csv, '?dryRun=1')
		expect(dry.status()).toBe(200)
		expect((await dry.json()).data.preview).toMatchObject({ errorCount: 7, badRows: 7, canApply: false })
		const header = await upload(request, 'id,amount\n1,2\n')
		expect(header.status()).toBe(422)
		expect((await header.json()).errors[0].path).toBe('file')
	} finally {
		removeE2eBroker(other)
	}
})

test('limits: over 5 MiB is a 413, not CSV is a 415, over 50,000 rows a 422', async ({ request }) => {
	const big = `${'x'.repeat(5 * 1024 * 1024)}\n`
	const tooLarge = await upload(request, big)
	expect(tooLarge.status()).toBe(413)
	expect((await tooLarge.json()).message).toContain('larger than 5 MB')
	const far = await request.post(url(), {
		headers: { ...bearer(token), 'Content-Type': 'text/csv' },
		data: 'y'.repeat(6 * 1024 * 1024),
	})
	expect(far.status()).toBe(413)
	expect((await far.json()).success).toBe(false)

	const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])
	const asPng = await request.post(url(), {
		headers: bearer(token),
		multipart: { month: MONTH, file: { name: 'logo.png', mimeType: 'image/png', buffer: png } },
	})
	expect(asPng.status()).toBe(415)
	const pdfNamedCsv = await request.post(url(), {
		headers: bearer(token),
		multipart: { month: MONTH, file: { name: 'r.csv', mimeType: 'text/csv', buffer: Buffer.from('%PDF-1.7\n') } },
	})
	expect(pdfNamedCsv.status()).toBe(415)
	const json = await request.post(url(), { headers: bearer(token), data: { month: MONTH } })
	expect(json.status()).toBe(415)

	const rows = reportCsv(
		Array.from({ length: 50_001 }, (_, i) => ({ trackingId: `t${i}`, month: MONTH })),
		'\n',
	)
	const many = await upload(request, rows, '?dryRun=1')
	expect(many.status()).toBe(422)
	expect((await many.json()).message).toContain('50,001 data rows; at most 50,000')
	expect(brokerRows(broker)).toEqual({ reports: [], revenue: [], uploads: 0 })
})

test('a raw text/csv body with ?month; no month is a 400', async ({ request, createMember }) => {
	const a = await createMember({ unlocked: true })
	const csv = reportCsv([{ trackingId: linkTrackingId(broker.id, a.id), deposits: '75', month: MONTH }])
	const headers = { ...bearer(token), 'Content-Type': 'text/csv; charset=utf-8' }
	const noMonth = await request.post(url(), { headers, data: csv })
	expect(noMonth.status()).toBe(400)
	expect((await noMonth.json()).errors).toEqual([{ path: 'month', message: 'Month is required' }])
	const res = await request.post(url(`?month=${MONTH}`), { headers, data: csv })
	expect(res.status()).toBe(201)
	expect(memberTotals(a.id)).toEqual({ deposit: 75, withdraw: 0 })
	expect((await request.post(url(`?month=${MONTH}&replace=maybe`), { headers, data: csv })).status()).toBe(400)
})

test('members whose tracking ids start with -, =, + or @ are applied, quoted or not (issue 37)', async ({
	request,
	createMember,
}) => {
	const tag = randomBytes(12).toString('base64url').replace(/^[-_]/, 'x')
	const ids = ['-', '=', '+', '@'].map((first) => `${first}${tag}`)
	const members = await Promise.all(ids.map(() => createMember({ unlocked: true })))
	ids.forEach((id, i) => linkTrackingId(broker.id, members[i]!.id, id))
	const header = 'tracking_id,deposits,withdrawals,volume,commission,month'
	// The request: a raw text/csv body, the first id bare, the others quoted.
	const csv = [header, `${ids[0]},10,0,10,1,${MONTH}`, ...ids.slice(1).map((id) => `"${id}",10,0,10,1,${MONTH}`)].join(
		'\n',
	)
	const res = await request.post(url(`?month=${MONTH}`), {
		headers: { ...bearer(token), 'Content-Type': 'text/csv' },
		data: csv,
	})
	expect(res.status()).toBe(201)
	expect((await res.json()).data.report).toMatchObject({ rowCount: 4, deposits: 40, commission: 4 })
	for (const m of members) expect(memberTotals(m.id)).toEqual({ deposit: 10, withdraw: 0 })
})

test('a retried replace is idempotent: the same file again answers 200 and changes nothing', async ({
	request,
	createMember,
}) => {
	const a = await createMember({ unlocked: true })
	const ta = linkTrackingId(broker.id, a.id)
	const v1 = reportCsv([{ trackingId: ta, deposits: '100', commission: '5', month: MONTH }])
	const v2 = reportCsv([{ trackingId: ta, deposits: '30', commission: '2', month: MONTH }])
	expect((await upload(request, v1)).status()).toBe(201)
	// Five parallel replaces by v2: one replaces v1, the four others find v2 applied.
	const answers = await Promise.all(Array.from({ length: 5 }, () => upload(request, v2, '?replace=1')))
	const statuses = answers.map((r) => r.status()).sort()
	expect(statuses).toEqual([200, 200, 200, 200, 201])
	const created = (await answers.find((r) => r.status() === 201)!.json()).data.report
	for (const r of answers.filter((r) => r.status() === 200)) {
		const body = await r.json()
		expect(body.message).toBe('This file was already applied (the report for March 2001); nothing was changed.')
		expect(body.data).toMatchObject({
			alreadyApplied: true,
			replaced: [],
			report: { id: created.id, state: 'applied' },
		})
	}
	const rows = brokerRows(broker)
	expect(rows.reports.map((r) => r.replacedById)).toEqual([created.id, null])
	expect(rows.revenue.map((r) => [r.cents, r.voidedAt !== null])).toEqual([
		[500, true],
		[200, false],
	])
	expect(memberTotals(a.id)).toEqual({ deposit: 30, withdraw: 0 })
	// One audit row per report written or reversed: apply v1, reverse v1, replace by v2.
	const actions = withE2eDatabase((db) =>
		db
			.prepare("select action from audit_log where target_type = 'broker-report' and target_id in (?, ?) order by id")
			.all(String(rows.reports[0]!.id), String(created.id))
			.map((r) => (r as { action: string }).action),
	)
	expect(actions).toEqual(['broker-report.apply', 'broker-report.reverse', 'broker-report.replace'])
})
