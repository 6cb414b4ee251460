// One measured load run, as every step takes it: wrk (../wrk.mjs, one
// thread, from the load generator's core) and the CPU time the measured
// server's process tree used meanwhile.
import { treeCpuMs } from '../server-process.mjs'
import { wrk } from '../wrk.mjs'

/** Requests that failed in a wrk result: errors (a timeout counts among them) and answers of 400 or more. */
export const failed = (result) => result.errors + result.non2xx

/** A latency in ms as the console prints it: to the microsecond below 10 ms. */
export const ms = (x) => (x < 10 ? x.toFixed(3) : x.toFixed(1))

/** `x` to `digits` decimals, as the run file keeps it (null stays null). */
export const round = (x, digits) => (x === null || x === undefined ? null : Number(x.toFixed(digits)))

/**
 * One closed-loop run of `connections` for `duration` s against `url`, and
 * the CPU of the process tree of `pid` (its server) meanwhile: the cores it
 * kept busy and its CPU time per request answered. The memory sampler, when
 * given, reads PSS after the run, never during one (../server-process.mjs).
 * `cpus` (a CPU list): where wrk runs, when not on the bench's own core.
 */
export async function measuredRun({ url, headers, pid, connections, duration, sampler, cpus }) {
	const cpuBefore = treeCpuMs(pid)
	const started = performance.now()
	const result = await wrk({ url, connections, duration, headers, cpus })
	const cpu = treeCpuMs(pid) - cpuBefore
	if (sampler) await sampler.settle()
	return {
		result,
		cores: cpu / (performance.now() - started),
		cpuPerRequest: result.requests.total ? cpu / result.requests.total : null,
	}
}

/** A row of a latency table: req/s, p50, p99 (and p95 when asked), errors. */
export function latencyRow(name, result, { p95 = false } = {}) {
	return {
		name,
		rps: round(result.requests.average, 1),
		p50: round(result.latency.p50, 3),
		...(p95 ? { p95: round(result.latency.p95, 3) } : {}),
		p99: round(result.latency.p99, 3),
		errors: failed(result),
	}
}

/**
 * The seeded steps' closed loop: `connections` clients, each sending its
 * next request when the previous answer is read, for `durationS`, gzip
 * accepted as a browser would; after a one-second warm-up.
 */
export async function latencyRun(name, { url, headers, connections, durationS }) {
	const run = (duration) => wrk({ url, connections, duration, headers: { ...headers, 'Accept-Encoding': 'gzip' } })
	await run(1)
	return latencyRow(name, await run(Math.max(1, Math.round(durationS))), { p95: true })
}
