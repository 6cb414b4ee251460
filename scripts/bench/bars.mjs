// The bars of issue 16 (docs/product/quality-bars.md), each against its
// measure in this run: the ratio bars (the median of the paired rounds), the
// tail bar (p99 at most 4 times p50) of every route and of the storm's pages
// at a campaign's pace, and the memory bars. Pure: the figures in, the list
// of { bar, measured, met } out (a ratio bar also names its `route` and
// `ratio`, which the history table reads).
import { ms } from './report.mjs'

/** The least p50 the tail bar divides by, in ms (docs/decisions/035-wrk-load-generator.md). */
export const TAIL_FLOOR_MS = 1

export function median(values) {
	const sorted = values.filter((v) => v !== null && v !== undefined).sort((a, b) => a - b)
	if (!sorted.length) return null
	const mid = sorted.length >> 1
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/**
 * @param {object} figures
 * @param {{ name: string, bar?: { baseline: string, min: number } }[]} figures.plan the routes with their bars
 * @param {{ name: string, p50: number, p99: number, errors: number }[]} figures.rows the routes' own runs
 * @param {Record<string, object[]>} figures.paired each bar's paired rounds
 * @param {{ name: string, p50: number, p99: number, errors: number }[]} figures.stormPaced the storm's pages at a campaign's pace
 * @param {{ pssIdleMb: number, pssPeakMb: number, rssIdleMb: number, rssPeakMb: number } | null} figures.memory
 * @param {number} figures.serverCores the cores the measured servers had
 */
export function judgeBars({ plan, rows, paired, stormPaced = [], memory, serverCores }) {
	const bars = []
	for (const item of plan.filter((p) => p.bar && paired[p.name])) {
		const rounds = paired[item.name]
		const ratio = median(rounds.map((p) => p.ratio))
		const asBar = (x) => (item.bar.min < 1 ? `${(x * 100).toFixed(1)}%` : `${x.toFixed(2)} times`)
		// What the CPU allows: the server's cost per request against the
		// baseline's, and (for "times one process") how many cores that one
		// process already kept busy, so how many times it the servers' cores
		// can hold at most.
		const cost = median(rounds.map((p) => p.cost))
		const baseCores = median(rounds.map((p) => p.baseCores))
		const ceiling = item.bar.min > 1 && baseCores ? serverCores / baseCores : null
		const why = [
			`rounds: ${rounds.map((p) => `${asBar(p.ratio)} (${Math.round(p.serverRps)} against ${Math.round(p.baselineRps)} req/s)`).join(', ')}`,
			cost ? `server CPU per request ${cost.toFixed(2)} times the baseline's` : null,
			ceiling
				? `the baseline's one process kept ${baseCores.toFixed(2)} cores busy, so ${serverCores} core${serverCores === 1 ? ' holds' : 's hold'} at most ${ceiling.toFixed(2)} times it`
				: null,
		].filter(Boolean)
		// A route that answered with errors (or anything but 2xx) was not measured.
		const own = rows.find((r) => r.name === item.name)
		const routeErrors = (own?.errors ?? 0) + rounds.reduce((sum, p) => sum + p.serverErrors, 0)
		const baselineErrors = rounds.reduce((sum, p) => sum + p.baselineErrors, 0)
		const baselineTimeouts = rounds.reduce((sum, p) => sum + p.baselineTimeouts, 0)
		const errors = routeErrors + baselineErrors
		bars.push({
			bar: `${item.name}: at least ${item.bar.min < 1 ? `${item.bar.min * 100}% of` : `${item.bar.min} times`} ${item.bar.baseline.replace('baseline: ', '')}`,
			measured: `${ratio === null ? 'not measured' : asBar(ratio)}, the median of ${rounds.length} paired rounds (${why.join('; ')})${errors ? `, ${errors} errors (${routeErrors} the route's, ${baselineErrors} the baseline's)` : ''}${baselineTimeouts ? `; the baseline left ${baselineTimeouts} requests unanswered for 10 s, counted as answered` : ''}`,
			met: ratio !== null && ratio >= item.bar.min && errors === 0,
			route: item.name,
			ratio: ratio === null ? null : Number(ratio.toFixed(5)),
		})
	}
	for (const r of [...rows.filter((row) => !row.name.startsWith('baseline:')), ...stormPaced]) {
		bars.push({
			bar: `${r.name}: p99 at most 4 times p50`,
			measured: `p50 ${ms(r.p50)} ms, p99 ${ms(r.p99)} ms (${(r.p99 / Math.max(TAIL_FLOOR_MS, r.p50)).toFixed(1)} times${r.p50 < TAIL_FLOOR_MS ? ` the ${TAIL_FLOOR_MS} ms floor; ${(r.p99 / r.p50).toFixed(1)} times p50` : ''})${r.errors ? `, ${r.errors} errors` : ''}`,
			met: r.p99 <= 4 * Math.max(TAIL_FLOOR_MS, r.p50) && !r.errors,
		})
	}
	if (memory)
		bars.push(
			{
				bar: 'Memory of all server processes together (PSS: shared pages once), idle: under 200 MB',
				measured: `${memory.pssIdleMb.toFixed(0)} MB (RSS summed per process: ${memory.rssIdleMb.toFixed(0)} MB)`,
				met: memory.pssIdleMb < 200,
			},
			{
				bar: 'Memory of all server processes together (PSS: shared pages once), peak: under 400 MB',
				measured: `${memory.pssPeakMb.toFixed(0)} MB (RSS summed per process: ${memory.rssPeakMb.toFixed(0)} MB)`,
				met: memory.pssPeakMb < 400,
			},
		)
	return bars
}
