// Step `admin-users` (issue 4): BENCH_USERS users (100,000) written into the
// bench database, then /admin/users (admin cookie) and /api/admin/users
// (admin bearer) loaded with a search, filters, a deep page and each sort;
// p95 against its bar (< 50 ms). `--users-only` runs this step alone.
import os from 'node:os'
import { assertAnswers200 } from '../../fresh-fetch.mjs'
import { benchAdmin } from '../accounts.mjs'
import { latencyRun } from '../measure.mjs'
import { seed } from './seed.mjs'

export const P95_BAR_MS = 50

const QUERIES = [
	['newest first (default)', ''],
	['oldest first', 'sortBy=createdAt&sortOrder=asc'],
	['name A-Z', 'sortBy=name&sortOrder=asc'],
	['name Z-A', 'sortBy=name&sortOrder=desc'],
	['investment high-low', 'sortBy=totalInvested&sortOrder=desc'],
	['investment low-high', 'sortBy=totalInvested&sortOrder=asc'],
	['search "okonkwo"', 'search=okonkwo'],
	['search "okonkwo", name A-Z', 'search=okonkwo&sortBy=name&sortOrder=asc'],
	['filter status=banned', 'status=banned'],
	[
		'filters status=active, plan=gold, investment high-low',
		'status=active&plan=gold&sortBy=totalInvested&sortOrder=desc',
	],
	['search + filter: "ada", status=pending', 'search=ada&status=pending'],
	['page 5,000', 'page=5000'],
]

export async function adminUsers(ctx) {
	const { users, usersConnections: connections, usersDurationS: durationS } = ctx.options
	const load = { before: os.loadavg()[0] }
	const started = Date.now()
	seed(ctx, ['bench:seed-users', String(users)])
	const seedMs = Date.now() - started
	console.log(`seeded ${users} users in ${seedMs} ms`)

	const base = `http://127.0.0.1:${ctx.ports.app}`
	const { cookie, token } = await benchAdmin(ctx.ports.app)
	const rows = []
	for (const [label, query] of QUERIES) {
		for (const [door, headers] of [
			['/admin/users', { Cookie: cookie }],
			['/api/admin/users', { Authorization: `Bearer ${token}` }],
		]) {
			const url = `${base}${door}${query ? `?${query}` : ''}`
			await assertAnswers200(url, headers)
			const row = await latencyRun(`GET ${door} ${label}`, { url, headers, connections, durationS })
			rows.push(row)
			console.log(
				`${row.name}: ${Math.round(row.rps)} req/s, p50 ${row.p50.toFixed(1)} ms, p95 ${row.p95.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms, errors ${row.errors}`,
			)
		}
	}
	load.after = os.loadavg()[0]
	return { users, seedMs, connections, durationS, barMs: P95_BAR_MS, load: roundLoad(load), rows }
}

export const roundLoad = ({ before, after }) => ({ before: Number(before.toFixed(2)), after: Number(after.toFixed(2)) })
