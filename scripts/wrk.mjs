// The bench's load generator: wrk (Debian's package `wrk`), one thread, a
// closed loop of N connections for D seconds. Chosen over autocannon for the
// bench (docs/decisions/035-wrk-load-generator.md): written in C, it needs
// about half the CPU per request that autocannon's Node process needs, and
// on a 2-core machine the load generator shares the cores with the server it
// measures; its latency histogram counts microseconds, where autocannon's
// counts whole milliseconds (a p50 under 1 ms read as 0).
import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/** The Lua `done` hook: wrk's summary as one JSON line on stdout (times in microseconds). */
const REPORT_LUA = `done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('\\n{"requests":%.0f,"durationUs":%.0f,"p50":%.0f,"p90":%.0f,"p95":%.0f,"p99":%.0f,"max":%.0f,"mean":%.3f,"connect":%.0f,"read":%.0f,"write":%.0f,"status":%.0f,"timeout":%.0f}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(90), latency:percentile(95), latency:percentile(99), latency.max, latency.mean,
    e.connect, e.read, e.write, e.status, e.timeout))
end
`

let scriptDir = null
const scriptFiles = new Map()
/** The Lua script: the report hook, and with `pauseMs` wrk's `delay` hook (each connection waits that long before its next request). */
function reportScript(pauseMs) {
	let file = scriptFiles.get(pauseMs)
	if (!file) {
		scriptDir ??= fs.mkdtempSync(path.join(os.tmpdir(), 'bench-wrk-'))
		file = path.join(scriptDir, `report-${pauseMs}.lua`)
		fs.writeFileSync(file, `${pauseMs ? `delay = function() return ${pauseMs} end\n` : ''}${REPORT_LUA}`)
		scriptFiles.set(pauseMs, file)
	}
	return file
}

/** Whether wrk is on PATH. */
export function hasWrk() {
	try {
		execFileSync('wrk', ['--version'], { stdio: 'ignore' })
		return true
	} catch (error) {
		// wrk --version prints its version and exits 1.
		return error.code !== 'ENOENT'
	}
}

/** Throws with the way to install wrk when it is not on PATH. */
export function requireWrk() {
	if (!hasWrk())
		throw new Error('the bench needs wrk on PATH: `apt-get install wrk` (Debian), `brew install wrk` (macOS)')
}

/**
 * One closed-loop run of wrk against `url`.
 * @param {{ url: string, connections: number, duration: number, headers?: Record<string, string>, timeout?: number, pauseMs?: number }} options
 *   duration and timeout in seconds (timeout: how long a request may stay unanswered, 10 s by default);
 *   `pauseMs` (whole milliseconds): each connection waits that long after an answer before its next
 *   request, so the load arrives at a pace (about connections / pause) instead of as fast as answered;
 *   `cpus` (a CPU list, "0,1"): wrk runs there (taskset) instead of where this process runs;
 *   `stop` (a promise): once it settles, wrk is interrupted (SIGINT) and reports the requests
 *   answered until then, the run ending before `duration`.
 * @returns {Promise<{ requests: { total: number, average: number }, latency: { p50: number, p90: number, p95: number, p99: number, max: number, mean: number }, errors: number, non2xx: number, timeouts: number }>}
 *   latencies in milliseconds (microsecond precision); `requests.average`
 *   per second over the run; `errors` counts failed sockets and timeouts,
 *   `non2xx` answers with a status of 400 or more (wrk counts a 3xx as
 *   answered: check the route first, assertAnswers200 in fresh-fetch.mjs).
 */
export function wrk({ url, connections, duration, headers = {}, timeout = 10, pauseMs = 0, cpus, stop }) {
	const args = [
		'-t1',
		`-c${connections}`,
		`-d${duration}s`,
		`--timeout`,
		`${timeout}s`,
		'-s',
		reportScript(pauseMs),
		...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
		url,
	]
	return new Promise((resolve, reject) => {
		const child = cpus
			? spawn('taskset', ['--cpu-list', cpus, 'wrk', ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
			: spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] })
		let out = ''
		let err = ''
		child.stdout.on('data', (d) => (out += d))
		child.stderr.on('data', (d) => (err += d))
		child.on('error', reject)
		// wrk ends its run on SIGINT and reports as at the end of its duration.
		const interrupt = () => child.exitCode === null && child.kill('SIGINT')
		stop?.then(interrupt, interrupt)
		child.on('close', (code) => {
			const line = out
				.split('\n')
				.reverse()
				.find((l) => l.startsWith('{'))
			if (code !== 0 || !line) return reject(new Error(`wrk ${url} exited ${code}: ${err || out}`))
			const r = JSON.parse(line)
			const ms = (us) => us / 1000
			resolve({
				requests: { total: r.requests, average: r.requests / (r.durationUs / 1e6) },
				latency: {
					p50: ms(r.p50),
					p90: ms(r.p90),
					p95: ms(r.p95),
					p99: ms(r.p99),
					max: ms(r.max),
					mean: ms(r.mean),
				},
				errors: r.connect + r.read + r.write + r.timeout,
				non2xx: r.status,
				timeouts: r.timeout,
			})
		})
	})
}
