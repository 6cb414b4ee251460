// Step `staff-tools` (issue 12): BENCH_AUDIT_ROWS audit rows (1,000,000) and
// BENCH_PLAN_CODES plan codes (100,000) in batches written into the bench
// database (the cost of that seeding is recorded), then /admin/audit (no
// filter, each filter, a date range, a deep cursor page), /api/admin/audit,
// /admin/codes and a batch page loaded; p95 < 50 ms each (a URL answering
// 404 is skipped with a note). `--staff-only` runs this step alone.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freshFetch } from '../../fresh-fetch.mjs'
import { benchAdmin } from '../accounts.mjs'
import { latencyRun } from '../measure.mjs'
import { P95_BAR_MS, roundLoad } from './admin-users.mjs'
import { seed } from './seed.mjs'

export async function staffTools(ctx) {
	const { auditRows, planCodes, usersConnections: connections, usersDurationS: durationS } = ctx.options
	const load = { before: os.loadavg()[0] }
	const dataDir = path.join(ctx.root, 'data')
	const dbBytes = () =>
		fs
			.readdirSync(dataDir)
			.filter((f) => f.endsWith('.db') || f.endsWith('.db-wal') || f.endsWith('.sqlite') || f.endsWith('-wal'))
			.reduce((sum, f) => sum + fs.statSync(path.join(dataDir, f)).size, 0)
	const sizeBefore = dbBytes()
	const started = Date.now()
	seed(ctx, ['bench:seed-staff', String(auditRows), String(planCodes)], { printOut: true })
	const seedMs = Date.now() - started
	const seedBytes = dbBytes() - sizeBefore
	console.log(
		`seeded ${auditRows} audit rows and ${planCodes} plan codes in ${seedMs} ms (${Math.round((auditRows + planCodes) / (seedMs / 1000))} rows/s; database +${(seedBytes / 2 ** 20).toFixed(0)} MiB)`,
	)

	const base = `http://127.0.0.1:${ctx.ports.app}`
	const { cookie, token } = await benchAdmin(ctx.ports.app)
	const api = async (query) => {
		const res = await freshFetch(`${base}/api/admin/audit?${query}`, { headers: { Authorization: `Bearer ${token}` } })
		if (res.status !== 200) throw new Error(`/api/admin/audit?${query}: ${res.status}`)
		return (await res.json()).data
	}
	// Real values to filter by: a staff member, a target with history, a
	// cursor half a year deep (about half the log behind it), a batch.
	const sample = (await api('action=user.update&limit=50')).entries.find((e) => e.adminId !== null)
	if (!sample) throw new Error('the audit seed wrote no staff rows')
	const day = (offset) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10)
	const deep = (await api(`to=${day(180)}&limit=1`)).nextCursor
	if (!deep) throw new Error('no deep cursor: the audit seed is too small')
	// The newest batch (the seed's), through the codes API.
	const batches = await freshFetch(`${base}/api/admin/plan-code-batches`, {
		headers: { Authorization: `Bearer ${token}` },
	})
	const batchId = batches.status === 200 ? ((await batches.json()).data.batches[0]?.id ?? 1) : 1

	const pages = [
		['no filter (newest page)', ''],
		['staff member', `adminId=${sample.adminId}`],
		['system actor', 'adminId=system'],
		['action user.update', 'action=user.update'],
		['action staff.disable', 'action=staff.disable'],
		['target type contest', 'targetType=contest'],
		['target user', `targetType=user&targetId=${sample.targetId}`],
		['date range (one month)', `from=${day(120)}&to=${day(90)}`],
		['staff member + date range', `adminId=${sample.adminId}&from=${day(120)}&to=${day(90)}`],
		['action + date range', `action=user.update&from=${day(120)}&to=${day(90)}`],
		['deep cursor (half a year back)', `cursor=${deep}`],
		['deep cursor + action', `action=user.update&cursor=${deep}`],
	]
	const targets = [
		...pages.map(([label, query]) => [
			`GET /admin/audit ${label}`,
			`/admin/audit${query ? `?${query}` : ''}`,
			'cookie',
		]),
		...[
			['no filter', 'limit=50'],
			['action user.update', 'action=user.update'],
			['target user', `targetType=user&targetId=${sample.targetId}`],
			['date range', `from=${day(120)}&to=${day(90)}`],
			['deep cursor, limit 200', `cursor=${deep}&limit=200`],
		].map(([label, query]) => [`GET /api/admin/audit ${label}`, `/api/admin/audit?${query}`, 'bearer']),
		['GET /admin/codes', '/admin/codes', 'cookie'],
		[`GET /admin/codes/batches/:id (batch ${batchId})`, `/admin/codes/batches/${batchId}`, 'cookie'],
	]
	const rows = []
	const skipped = []
	for (const [name, pathname, auth] of targets) {
		const url = `${base}${pathname}`
		const headers = auth === 'cookie' ? { Cookie: cookie } : { Authorization: `Bearer ${token}` }
		const check = await freshFetch(url, { headers, redirect: 'manual' })
		if (check.status === 404) {
			console.log(`NOTE: ${pathname} answered 404 (not built on this commit): skipped`)
			skipped.push(pathname)
			continue
		}
		if (check.status !== 200) throw new Error(`${url}: ${check.status}`)
		const row = await latencyRun(name, { url, headers, connections, durationS })
		rows.push(row)
		console.log(
			`${row.name}: ${Math.round(row.rps)} req/s, p50 ${row.p50.toFixed(1)} ms, p95 ${row.p95.toFixed(1)} ms (${row.p95 < P95_BAR_MS ? 'met' : 'NOT met'}), p99 ${row.p99.toFixed(1)} ms, errors ${row.errors}`,
		)
	}
	load.after = os.loadavg()[0]
	return {
		auditRows,
		planCodes,
		seedMs,
		seedBytes,
		connections,
		durationS,
		barMs: P95_BAR_MS,
		load: roundLoad(load),
		rows,
		skipped,
	}
}
