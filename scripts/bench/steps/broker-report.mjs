// Step `broker-report` (issue 14): a broker and 10,000 members with tracking
// ids written into the bench database, then a generated 10,000-row report
// imported through the API (a dry run, then the apply); the apply's time
// against its bar (< 2 s). `--report-only` runs this step alone.
import fs from 'node:fs'
import path from 'node:path'
import { freshFetch } from '../../fresh-fetch.mjs'
import { benchAdmin } from '../accounts.mjs'
import { seed } from './seed.mjs'

const ROWS = 10_000
const BAR_MS = 2_000

export async function brokerReport(ctx) {
	const csvFile = path.join(ctx.root, 'bench-report.csv')
	const seeded = seed(ctx, ['bench:seed-report', String(ROWS), csvFile])
	const { slug, month } = JSON.parse(seeded.trim().split('\n').pop())
	const csv = fs.readFileSync(csvFile, 'utf8')
	const { token } = await benchAdmin(ctx.ports.app)
	const post = async (query) => {
		const started = performance.now()
		const res = await freshFetch(
			`http://127.0.0.1:${ctx.ports.app}/api/admin/brokers/${slug}/reports?month=${month}${query}`,
			{ method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/csv' }, body: csv },
		)
		const ms = performance.now() - started
		if (res.status !== (query ? 200 : 201)) throw new Error(`report import answered ${res.status}: ${await res.text()}`)
		return Math.round(ms)
	}
	const dryMs = await post('&dryRun=1')
	const applyMs = await post('')
	const kib = Number((Buffer.byteLength(csv) / 1024).toFixed(1))
	console.log(
		`broker report import, ${ROWS} rows (${kib} KiB): dry run ${dryMs} ms, apply ${applyMs} ms (bar < ${BAR_MS} ms)`,
	)
	return { rows: ROWS, kib, dryMs, applyMs, barMs: BAR_MS }
}
