// The bars of issue 16 (docs/product/quality-bars.md), each against its
// measure in this run: the ratio bars (the median of the paired rounds; the
// every-core bars from the sharing layout's rounds on a machine with fewer
// than 3 cores, docs/decisions/044-bench-cpu-layout.md), the
// tail bar (p99 at most 4 times p50) of every route and of the storm's pages
// at a campaign's pace, and the memory bars. Pure: the figures in, the list
// of { bar, measured, met } out (a ratio bar also names its `route` and
// `ratio`, which the history table reads, and `layout: 'sharing'` when it
// was judged with the load generator sharing the cores). Beside them, the
// pinned layout's ratios, reported (pinnedRatios).
import { EVERY_CORE_SHARING, ms } from './report.mjs'

export { EVERY_CORE_SHARING }

/** The least p50 the tail bar divides by, in ms (docs/decisions/035-wrk-load-generator.md). */
export const TAIL_FLOOR_MS = 1

export function median(values) {
	const sorted = values.filter((v) => v !== null && v !== undefined).sort((a, b) => a - b)
	if (!sorted.length) return null
	const mid = sorted.length >> 1
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/**
 * One ratio bar's figures from its paired rounds: the median ratio, how it
 * reads (`x times` or `x%`), and why: each round, CPU per request of both
 * sides (ms, and the server's over the baseline's), and for a bar of "times
 * one process" how many times the baseline's busy cores the servers' cores
 * hold at most; the errors of either side.
 */
function ratioFigures(item, rounds, serverCores) {
	const ratio = median(rounds.map((p) => p.ratio))
	const asBar = (x) => (item.bar.min < 1 ? `${(x * 100).toFixed(1)}%` : `${x.toFixed(2)} times`)
	const cost = median(rounds.map((p) => p.cost))
	const serverCpuMs = median(rounds.map((p) => p.serverCpuMs))
	const baselineCpuMs = median(rounds.map((p) => p.baselineCpuMs))
	const baseCores = median(rounds.map((p) => p.baseCores))
	const ceiling = item.bar.min > 1 && baseCores ? serverCores / baseCores : null
	const why = [
		`rounds: ${rounds.map((p) => `${asBar(p.ratio)} (${Math.round(p.serverRps)} against ${Math.round(p.baselineRps)} req/s)`).join(', ')}`,
		serverCpuMs && baselineCpuMs
			? `server CPU per request ${serverCpuMs.toFixed(3)} ms, the baseline's ${baselineCpuMs.toFixed(3)} ms${cost ? ` (${cost.toFixed(2)} times)` : ''}`
			: cost
				? `server CPU per request ${cost.toFixed(2)} times the baseline's`
				: null,
		ceiling
			? `the baseline's one process kept ${baseCores.toFixed(2)} cores busy, so ${serverCores} core${serverCores === 1 ? ' holds' : 's hold'} at most ${ceiling.toFixed(2)} times it`
			: null,
	].filter(Boolean)
	const serverErrors = rounds.reduce((sum, p) => sum + p.serverErrors, 0)
	const baselineErrors = rounds.reduce((sum, p) => sum + p.baselineErrors, 0)
	const baselineTimeouts = rounds.reduce((sum, p) => sum + p.baselineTimeouts, 0)
	const errorsText = (routeErrors) =>
		`${routeErrors + baselineErrors ? `, ${routeErrors + baselineErrors} errors (${routeErrors} the route's, ${baselineErrors} the baseline's)` : ''}${baselineTimeouts ? `; the baseline left ${baselineTimeouts} requests unanswered for 10 s, counted as answered` : ''}`
	return {
		ratio,
		text: `${ratio === null ? 'not measured' : asBar(ratio)}, the median of ${rounds.length} paired rounds (${why.join('; ')})`,
		serverErrors,
		baselineErrors,
		errorsText,
	}
}

const barName = (item) =>
	`${item.name}: at least ${item.bar.min < 1 ? `${item.bar.min * 100}% of` : `${item.bar.min} times`} ${item.bar.baseline.replace('baseline: ', '')}`

/**
 * @param {object} figures
 * @param {{ name: string, bar?: { baseline: string, min: number, everyCore?: boolean } }[]} figures.plan the routes with their bars
 * @param {{ name: string, p50: number, p99: number, errors: number }[]} figures.rows the routes' own runs
 * @param {Record<string, object[]>} figures.paired each bar's paired rounds, in the run's layout
 * @param {{ paired: Record<string, object[]>, serverCores: number } | null} [figures.everyCore] the every-core bars'
 *   rounds in the sharing layout (a machine with fewer than 3 cores): those bars are judged from them
 * @param {{ name: string, p50: number, p99: number, errors: number }[]} figures.stormPaced the storm's pages at a campaign's pace
 * @param {{ pssIdleMb: number, pssPeakMb: number, rssIdleMb: number, rssPeakMb: number } | null} figures.memory
 * @param {number} figures.serverCores the cores the measured servers had
 */
export function judgeBars({ plan, rows, paired, everyCore = null, stormPaced = [], memory, serverCores }) {
	const bars = []
	for (const item of plan.filter((p) => p.bar)) {
		const sharing = Boolean(item.bar.everyCore && everyCore?.paired[item.name])
		const rounds = sharing ? everyCore.paired[item.name] : paired[item.name]
		if (!rounds) continue
		const f = ratioFigures(item, rounds, sharing ? everyCore.serverCores : serverCores)
		// A route that answered with errors (or anything but 2xx) was not measured.
		const own = rows.find((r) => r.name === item.name)
		const routeErrors = (own?.errors ?? 0) + f.serverErrors
		bars.push({
			bar: `${barName(item)}${sharing ? ` (${EVERY_CORE_SHARING})` : ''}`,
			measured: `${f.text}${f.errorsText(routeErrors)}`,
			met: f.ratio !== null && f.ratio >= item.bar.min && routeErrors + f.baselineErrors === 0,
			route: item.name,
			ratio: f.ratio === null ? null : Number(f.ratio.toFixed(5)),
			...(sharing ? { layout: 'sharing' } : {}),
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

/**
 * The ratio of every route with a ratio bar in the pinned layout (the
 * servers on the cores the load generator leaves, one on a 2-core machine),
 * against the same baselines on those cores: reported, not judged, so that
 * a change to the server is compared before and after in one layout.
 * `{ route, baseline, min, ratio, measured }` each.
 */
export function pinnedRatios({ plan, paired, serverCores }) {
	return plan
		.filter((p) => p.bar && paired[p.name])
		.map((item) => {
			const f = ratioFigures(item, paired[item.name], serverCores)
			return {
				route: item.name,
				baseline: item.bar.baseline,
				min: item.bar.min,
				ratio: f.ratio === null ? null : Number(f.ratio.toFixed(5)),
				measured: `${f.text}${f.errorsText(f.serverErrors)}`,
			}
		})
}

/**
 * The bars of issue 39's performance part, from the traders step
 * (steps/traders.mjs): the 5-year statement's apply (equity, then trades,
 * each recomputing the figures in its transaction: the two together), the
 * nightly recompute of every trader in the server (its time, and
 * /dashboard's p99 during it against its p99 without, no request failing),
 * and each members' list URL's p95. The same { bar, measured, met } list.
 */
export function judgeTradersBars(t, bars = { applyMs: 1_000, recomputeS: 60, tailRatio: 2, listP95Ms: 50 }) {
	const { apply, recompute, list } = t
	const { without, during } = recompute
	const ratio = during.row.p99 / without.p99
	const errors = without.errors + during.row.errors
	return [
		{
			bar: `Applying one trader's 5-year statement with its metrics: under ${bars.applyMs / 1000} s`,
			measured: `${apply.totalMs} ms: equity (${apply.equity.rows} rows) ${apply.equity.ms} ms, then trades (${apply.trades.rows} rows) ${apply.trades.ms} ms, each recomputing the figures in its transaction`,
			met: apply.totalMs < bars.applyMs,
		},
		{
			bar: `Nightly recompute of all ${t.traders} traders: under ${bars.recomputeS} s`,
			measured: `${(during.ms / 1000).toFixed(1)} s in the server's scheduler (${during.result?.recomputed ?? '?'} traders recomputed)`,
			met: during.ms < bars.recomputeS * 1000,
		},
		{
			bar: `/dashboard p99 during the nightly recompute: at most ${bars.tailRatio} times its p99 without`,
			measured: `${ms(during.row.p99)} ms during (${Math.round(during.row.rps)} req/s), ${ms(without.p99)} ms without (${Math.round(without.rps)} req/s): ${ratio.toFixed(2)} times${errors ? `; ${errors} requests failed or timed out (${during.row.errors} during)` : ''}`,
			met: ratio <= bars.tailRatio && errors === 0,
		},
		...list.rows.map((r) => ({
			bar: `${r.name} with ${t.traders} listed traders: p95 under ${bars.listP95Ms} ms`,
			measured: `p95 ${r.p95.toFixed(1)} ms (p50 ${r.p50.toFixed(1)}, p99 ${r.p99.toFixed(1)}, ${Math.round(r.rps)} req/s)${r.errors ? `, ${r.errors} errors` : ''}`,
			met: r.p95 < bars.listP95Ms && !r.errors,
		})),
	]
}

/** Issue 40's bars (steps/choose.mjs): the watch pass, the filtered list, the trader page's outcomes. */
export function judgeChooseBars(c, bars = { alertPassS: 60, listP95Ms: 50, outcomesP95Ms: 50 }) {
	return [
		{
			bar: `The watch pass over ${c.watch.rows} watch rows (${c.watch.members} members): under ${bars.alertPassS} s`,
			measured: `${(c.alertPass.ms / 1000).toFixed(1)} s in the server's scheduler (${c.alertPass.result?.traders ?? '?'} traders, ${c.alertPass.result?.notified ?? '?'} notifications)`,
			met: c.alertPass.ms < bars.alertPassS * 1000,
		},
		...c.list.rows.map((r) => ({
			bar: `${r.name} with ${c.traders} listed traders and ${c.watch.rows} watch rows: p95 under ${bars.listP95Ms} ms`,
			measured: `p95 ${r.p95.toFixed(1)} ms (p50 ${r.p50.toFixed(1)}, p99 ${r.p99.toFixed(1)}, ${Math.round(r.rps)} req/s)${r.errors ? `, ${r.errors} errors` : ''}`,
			met: r.p95 < bars.listP95Ms && !r.errors,
		})),
		// A run from before the outcomes part has none.
		...(c.outcomes?.rows ?? []).map((r) => ({
			bar: `${r.name} with outcomes from ${c.outcomes.months} months of reports (${c.outcomes.reportRows} rows, precomputed at apply): p95 under ${bars.outcomesP95Ms} ms`,
			measured: `p95 ${r.p95.toFixed(1)} ms (p50 ${r.p50.toFixed(1)}, p99 ${r.p99.toFixed(1)}, ${Math.round(r.rps)} req/s)${r.errors ? `, ${r.errors} errors` : ''}`,
			met: r.p95 < bars.outcomesP95Ms && !r.errors,
		})),
	]
}
