// Step `paired`: the ratio bars measured again in paired rounds, each route
// right beside its baseline, the order swapped every round, so both halves
// of a ratio share the machine's state of the moment (its speed drifts by a
// third from one minute to the next). A bar reads the median of the rounds'
// ratios (bars.mjs). BENCH_PAIRED_ROUNDS rounds, 5 by default, 3 with --quick.
// Every bar's rounds run in the run's layout (pinned: the servers on the
// cores the load generator leaves them); on a machine with fewer than 3
// cores the every-core bars are measured once more in a layout of their
// own (steps/every-core.mjs), through the same rounds.
import { loadCpusFor } from '../cpus.mjs'
import { failed, measuredRun, round } from '../measure.mjs'

/**
 * Per route with a bar: its rounds ({ ratio, cost, serverCpuMs,
 * baselineCpuMs, baseCores, serverErrors, baselineTimeouts, baselineErrors,
 * serverRps, baselineRps }; CPU per request in ms). `label` prefixes the
 * console lines.
 */
export async function pairedRounds(ctx, plan, { label = 'paired round' } = {}) {
	const { connections, durationS, pairedRounds: rounds } = ctx.options
	const cpus = loadCpusFor(ctx.layout)
	const paired = {}
	for (let round_ = 0; round_ < rounds; round_++) {
		for (const item of plan.filter((p) => p.bar)) {
			const base = plan.find((p) => p.name === item.bar.baseline)
			const measured = {}
			for (const x of round_ % 2 === 0 ? [base, item] : [item, base]) {
				measured[x.name] = await measuredRun({
					url: x.url,
					headers: x.headers,
					pid: x.pid ?? ctx.app.pid,
					connections,
					duration: durationS,
					sampler: ctx.sampler,
					cpus,
				})
			}
			const s = measured[item.name]
			const b = measured[base.name]
			// A request the baseline left unanswered for the load generator's 10 s
			// (the bare server has no queue: under 50 connections it can starve a
			// few of them for the whole run while it serves the rest) is counted
			// as if answered: its req/s can only rise, the ratio only fall. Any
			// other failure of the baseline voids the round
			// (docs/decisions/030-baseline-timeouts-and-quiet-sampling.md).
			const baselineRps = b.result.requests.average + b.result.timeouts / durationS
			;(paired[item.name] ??= []).push({
				ratio: round(s.result.requests.average / baselineRps, 5),
				cost: s.cpuPerRequest && b.cpuPerRequest ? round(s.cpuPerRequest / b.cpuPerRequest, 4) : null,
				serverCpuMs: round(s.cpuPerRequest, 4),
				baselineCpuMs: round(b.cpuPerRequest, 4),
				baseCores: round(b.cores, 3),
				serverErrors: failed(s.result),
				baselineTimeouts: b.result.timeouts,
				baselineErrors: failed(b.result) - b.result.timeouts,
				serverRps: round(s.result.requests.average, 1),
				baselineRps: round(baselineRps, 1),
			})
		}
		console.log(
			`${label} ${round_ + 1} of ${rounds}: ${Object.entries(paired)
				.map(([name, list]) => {
					const p = list.at(-1)
					const errs =
						p.serverErrors + p.baselineErrors ? `, errors ${p.serverErrors} ours / ${p.baselineErrors} baseline's` : ''
					const starved = p.baselineTimeouts ? `, ${p.baselineTimeouts} baseline timeouts counted as answered` : ''
					return `${name} ${p.ratio.toFixed(2)} (${Math.round(p.serverRps)} / ${Math.round(p.baselineRps)} req/s${errs}${starved})`
				})
				.join(', ')}`,
		)
	}
	return paired
}
